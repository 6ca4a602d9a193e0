MATCH (a:Entity {lei: $lei})-[r:OWNS]->(b)
RETURN a.name AS owner, b.key AS owned, r.stake_lo AS stake, r.valid_from AS valid_from
