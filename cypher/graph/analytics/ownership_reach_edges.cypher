// Every admitted edge at the given entities (in the direction of the arrow heads L/R), with the
// same predicate as ownership_reach / snapshot_expand. Properties come back as the values of
// $node_fields / $edge_fields in that order (the caller zips them with the names; decoding
// every property of every edge costs more than the query), or, when null, all of them
// (statement_ids left out).
// slot L: "<" | ""
// slot R: ">" | ""
UNWIND $keys AS key
MATCH (x:Entity {key: key})
OPTIONAL MATCH (x)$$L$$-[r]-$$R$$(o:Entity)
WHERE type(r) IN $types
  AND r.valid_from <= $as_of AND ($as_of < r.valid_to OR r.statement_id IN $extended)
  AND r.known_from <= $known_at AND $known_at < r.known_to
  AND NOT r.statement_id IN $suppressed
WITH x, key, r, o
RETURN key,
       CASE WHEN $node_fields IS NULL THEN x {.*, statement_ids: null} ELSE [f IN $node_fields | x[f]] END AS props,
       collect(CASE WHEN r IS NULL THEN null ELSE
         {rid: elementId(r), source: startNode(r).key, target: endNode(r).key, type: type(r),
          props: CASE WHEN $edge_fields IS NULL THEN r {.*, statement_ids: null}
                      ELSE [f IN $edge_fields | r[f]] END,
          other: o.key,
          other_props: CASE WHEN $node_fields IS NULL THEN o {.*, statement_ids: null}
                            ELSE [f IN $node_fields | o[f]] END} END) AS edges
