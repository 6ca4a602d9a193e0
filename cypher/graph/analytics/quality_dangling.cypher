// Dangling references: relationships valid at $as_of and known at $known_at whose other end is
// a stub (a record names a party whose own record is not in the graph), per stub.
MATCH (s:Entity)-[r]-(o:Entity)
WHERE s.stub = true
  AND r.valid_from <= $as_of AND $as_of < r.valid_to
  AND r.known_from <= $known_at AND $known_at < r.known_to
WITH s, count(r) AS refs, collect(DISTINCT type(r)) AS types, collect(DISTINCT coalesce(o.name, o.key))[..10] AS others
RETURN s.key AS key, s.name AS name, s.lei AS lei, refs, types, others
ORDER BY key
LIMIT $limit
