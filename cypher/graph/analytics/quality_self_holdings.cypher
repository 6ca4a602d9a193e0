// Entities that hold themselves: a directed ownership cycle of at most $max_depth edges, every
// edge valid at $as_of and known at $known_at (a direct self-edge is a cycle of one).
MATCH p = (e:Entity)-[:OWNS*1..6]->(e)
WHERE length(p) <= $max_depth
  AND all(r IN relationships(p) WHERE r.valid_from <= $as_of AND $as_of < r.valid_to
          AND r.known_from <= $known_at AND $known_at < r.known_to)
WITH e, min(length(p)) AS hops, collect(DISTINCT [n IN nodes(p) | coalesce(n.name, n.key)])[0] AS cycle
RETURN e.key AS key, e.name AS name, e.lei AS lei, hops, cycle
ORDER BY key
LIMIT $limit
