// Undo a merge: the edges the decision moved go back to the absorbed entity, unchanged.
MATCH (x:Entity {key: $absorbed}), (s:Entity {key: $survivor})
CALL (x, s) {
  MATCH (s)-[r {moved_by: $decision_id, moved_side: 'source'}]->(o)
  CREATE (x)-[n:$(type(r))]->(o)
  SET n = properties(r)
  REMOVE n.moved_by, n.moved_side
  DELETE r
  RETURN count(*) AS back_out
}
CALL (x, s) {
  MATCH (s)<-[r {moved_by: $decision_id, moved_side: 'target'}]-(o)
  CREATE (o)-[n:$(type(r))]->(x)
  SET n = properties(r)
  REMOVE n.moved_by, n.moved_side
  DELETE r
  RETURN count(*) AS back_in
}
REMOVE x.merged_into, x.merge_decision
RETURN back_out + back_in AS restored
