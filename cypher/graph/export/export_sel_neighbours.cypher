// One step of an export's group reach: the entities joined to any of $keys by an edge of the
// given types, either way, in force at the clock ($as_of / $known_at null: any version).
MATCH (a:Entity)-[r]-(b:Entity)
WHERE a.key IN $keys AND type(r) IN $types
  AND ($as_of IS NULL OR (r.valid_from <= $as_of AND $as_of < r.valid_to))
  AND ($known_at IS NULL OR (r.known_from <= $known_at AND $known_at < r.known_to))
RETURN collect(DISTINCT b.key) AS keys
