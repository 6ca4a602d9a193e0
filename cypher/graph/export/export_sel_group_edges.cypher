// The edges of the given types with at least one end in the group $keys, each once, every
// stored version in force at the clock ($as_of / $known_at null: every version, as stored).
MATCH (a:Entity)-[r]-(b:Entity)
WHERE a.key IN $keys AND type(r) IN $types AND (startNode(r) = a OR NOT b.key IN $keys)
  AND ($as_of IS NULL OR (r.valid_from <= $as_of AND $as_of < r.valid_to))
  AND ($known_at IS NULL OR (r.known_from <= $known_at AND $known_at < r.known_to))
RETURN type(r) AS type, startNode(r).key AS source, endNode(r).key AS target, properties(r) AS props
