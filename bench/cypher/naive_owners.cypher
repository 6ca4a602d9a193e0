MATCH (t:Entity {key: $key})
MATCH p = (o:Entity)-[:OWNS*1..10]->(t)
WHERE all(r IN relationships(p) WHERE r.valid_from <= $as_of AND $as_of < r.valid_to
                                  AND r.known_from <= $known_at AND $known_at < r.known_to)
WITH o, reduce(lo = 1.0, r IN relationships(p) | lo * coalesce(r.stake_lo, 0.0)) AS lo,
        reduce(hi = 1.0, r IN relationships(p) | hi * coalesce(r.stake_hi, 1.0)) AS hi
WITH o, sum(lo) AS lo, sum(hi) AS hi
RETURN o.key AS owner, o.name AS name, lo, hi,
       CASE WHEN lo >= 0.25 THEN 'certainly' WHEN hi >= 0.25 THEN 'possibly' ELSE 'not' END AS status
