// The currently known OWNS edges into entity $owned: owner, valid period, the action that moved it.
MATCH (a:Entity)-[r:OWNS]->(:Entity {key: $owned})
WHERE r.known_to.year = 9999
RETURN a.key AS owner, toString(r.valid_from) AS vf, toString(r.valid_to) AS vt, r.via_action AS via
ORDER BY owner, vf
