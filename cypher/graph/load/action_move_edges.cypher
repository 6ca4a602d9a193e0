// Version split for a corporate action effective on $effective, published at $known_from:
// each currently known edge of $from_key (outgoing when $outgoing, else incoming) whose type is
// in $types, optionally only towards $peer_key or only positions in $instrument, and valid across the effective date, is
// (1) closed in knowledge time, (2) re-stated with valid_to = $effective, and (3) when
// $to_key is given, re-created on $to_key from $effective with lineage to the action.
MATCH (x:Entity {key: $from_key})
CALL (x) {
  MATCH (x)-[r]->(o) WHERE $outgoing RETURN r, o
  UNION
  MATCH (x)<-[r]-(o) WHERE NOT $outgoing RETURN r, o
}
WITH x, r, o
WHERE type(r) IN $types AND r.known_to = $known_max AND r.known_from <= $known_from
  AND r.valid_from < $effective AND $effective < r.valid_to
  AND ($peer_key IS NULL OR o.key = $peer_key)
  AND ($instrument IS NULL OR r.instrument = $instrument)
WITH x, r, o, startNode(r) AS a, endNode(r) AS b, properties(r) AS p, type(r) AS t
SET r.known_to = $known_from
CREATE (a)-[closed:$(t)]->(b)
SET closed = p, closed.valid_to = $effective, closed.known_from = $known_from,
    closed.known_to = $known_max, closed.statement_id = p.statement_id + '|' + $statement_id,
    closed.closed_by_action = $action_id
WITH x, o, p, t
OPTIONAL MATCH (n:Entity {key: $to_key})
CALL (n, o, p, t) {
  WITH n, o, p, t WHERE n IS NOT NULL AND $outgoing
  CREATE (n)-[moved:$(t)]->(o)
  SET moved = p, moved.valid_from = $effective, moved.known_from = $known_from,
      moved.known_to = $known_max, moved.fact_key = p.fact_key + '@' + $action_id,
      moved.statement_id = p.statement_id + '@' + $statement_id, moved.via_action = $action_id,
      moved.document_id = coalesce($document_id, p.document_id)
}
CALL (n, o, p, t) {
  WITH n, o, p, t WHERE n IS NOT NULL AND NOT $outgoing
  CREATE (o)-[moved:$(t)]->(n)
  SET moved = p, moved.valid_from = $effective, moved.known_from = $known_from,
      moved.known_to = $known_max, moved.fact_key = p.fact_key + '@' + $action_id,
      moved.statement_id = p.statement_id + '@' + $statement_id, moved.via_action = $action_id,
      moved.document_id = coalesce($document_id, p.document_id)
}
RETURN count(*) AS moved
