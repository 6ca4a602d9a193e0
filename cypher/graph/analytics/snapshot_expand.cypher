// One breadth-first step over typed edges admitted by both clocks:
// valid_from <= as_of < valid_to AND known_from <= known_at < known_to.
UNWIND $frontier AS key
MATCH (x:Entity {key: key})
CALL (x) {
  MATCH (x)-[r]->(o:Entity) WHERE $outgoing RETURN r, o
  UNION
  MATCH (x)<-[r]-(o:Entity) WHERE $incoming RETURN r, o
}
WITH r, o
WHERE type(r) IN $types
  AND r.valid_from <= $as_of AND $as_of < r.valid_to
  AND r.known_from <= $known_at AND $known_at < r.known_to
WITH r, startNode(r) AS a, endNode(r) AS b
RETURN elementId(r) AS rid, a.key AS source, b.key AS target, type(r) AS type,
       properties(r) AS props,
       a {.key, .name, .lei, .kind, .jurisdiction, .status, .valid_from, .valid_to, .stub} AS source_props,
       b {.key, .name, .lei, .kind, .jurisdiction, .status, .valid_from, .valid_to, .stub} AS target_props
