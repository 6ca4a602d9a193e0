MATCH (x:Entity {key: $key})
MATCH p = (x)-[:OWNS|CONTROLS*0..10]->(c:Entity)
WHERE all(r IN relationships(p) WHERE r.valid_from <= $as_of AND $as_of < r.valid_to
                                  AND r.known_from <= $known_at AND $known_at < r.known_to
                                  AND (type(r) = 'CONTROLS' OR r.stake_hi > 0.5))
WITH DISTINCT c
MATCH (pf:Portfolio)-[h:HOLDS]->(c)
WHERE h.valid_from <= $as_of AND $as_of < h.valid_to
  AND h.known_from <= $known_at AND $known_at < h.known_to
RETURN pf.name AS portfolio, c.key AS issuer, h.instrument AS instrument, h.amount AS amount,
       h.currency AS currency
