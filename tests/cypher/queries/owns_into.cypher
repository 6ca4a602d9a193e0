// Every stated (not carried) OWNS version into entity $owned, with its fact key and clocks.
MATCH (a:Entity)-[r:OWNS]->(:Entity {key: $owned})
WHERE r.carried_from IS NULL
RETURN a.key AS owner, r.fact_key AS fk, r.stake_lo AS stake, r.known_from AS kf, r.known_to AS kt
ORDER BY fk, kf, stake
