// A reversible merge in the graph: every edge of the absorbed entity moves to the survivor,
// marked with the decision that moved it, so undo can move it back exactly.
MATCH (x:Entity {key: $absorbed}), (s:Entity {key: $survivor})
CALL (x, s) {
  MATCH (x)-[r]->(o) WHERE o <> x
  CREATE (s)-[n:$(type(r))]->(o)
  SET n = properties(r), n.moved_by = $decision_id, n.moved_side = 'source'
  DELETE r
  RETURN count(*) AS moved_out
}
CALL (x, s) {
  MATCH (x)<-[r]-(o) WHERE o <> x
  CREATE (o)-[n:$(type(r))]->(s)
  SET n = properties(r), n.moved_by = $decision_id, n.moved_side = 'target'
  DELETE r
  RETURN count(*) AS moved_in
}
SET x.merged_into = $survivor, x.merge_decision = $decision_id
RETURN moved_out + moved_in AS moved
