MATCH (n:Entity)-[r:OWNS]->(:Entity {key: '5493004MRDNBALT1C015'})
WHERE r.valid_from = date('2023-09-30') AND r.known_to.year = 9999
RETURN n.key AS k, r.stake_lo AS s, toString(r.valid_from) AS vf
