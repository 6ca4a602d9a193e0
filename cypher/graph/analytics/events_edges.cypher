// Every stated version of the edges of one entity ($key), or only those between it and
// $other: each with both clocks, published by $known_at. Versions are not gated on known_to:
// a superseded version is what a correction replaced. Valid time is not gated either: an
// event question asks when an edge began or ended.
MATCH (x:Entity {key: $key})-[r]-(o:Entity)
WHERE ($other IS NULL OR o.key = $other) AND r.known_from <= $known_at AND type(r) IN $types
WITH r, startNode(r) AS a, endNode(r) AS b
RETURN elementId(r) AS rid, a.key AS source, a.name AS source_name, b.key AS target, b.name AS target_name,
       type(r) AS type, properties(r) AS props
ORDER BY r.valid_from, r.known_from
