// Holdings valid at $as_of and known at $known_at that carry no stake at all: ownership edges
// without either end of the interval, and interests of unknown kind and size (a register's
// "interest unknown", read as CONTROLS with a control_kind in $unknown_kinds). The holder is
// known, how much it holds is not.
MATCH (o:Entity)-[r:OWNS|CONTROLS]->(e:Entity)
WHERE r.valid_from <= $as_of AND $as_of < r.valid_to
  AND r.known_from <= $known_at AND $known_at < r.known_to
  AND r.stake_lo IS NULL AND r.stake_hi IS NULL
  AND (type(r) = 'OWNS' OR r.control_kind IN $unknown_kinds)
WITH e, count(r) AS edges, collect(DISTINCT coalesce(o.name, o.key))[..10] AS others
RETURN e.key AS key, e.name AS name, e.lei AS lei, edges, others
ORDER BY key
LIMIT $limit
