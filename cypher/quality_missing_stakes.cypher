// Ownership edges valid at $as_of and known at $known_at that carry no stake at all (neither
// end of the interval): the holder is known, how much it holds is not.
MATCH (o:Entity)-[r:OWNS]->(e:Entity)
WHERE r.valid_from <= $as_of AND $as_of < r.valid_to
  AND r.known_from <= $known_at AND $known_at < r.known_to
  AND r.stake_lo IS NULL AND r.stake_hi IS NULL
WITH e, count(r) AS edges, collect(DISTINCT coalesce(o.name, o.key))[..10] AS others
RETURN e.key AS key, e.name AS name, e.lei AS lei, edges, others
ORDER BY key
LIMIT $limit
