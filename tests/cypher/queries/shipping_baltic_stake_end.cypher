MATCH (:Entity {key: '213800HBLSH1PP1NG027'})-[r:OWNS]->(:Entity {key: '5493004MRDNBALT1C015'})
WHERE r.known_to.year = 9999
RETURN toString(r.valid_to) AS vt
