MATCH (:Portfolio {name: 'CREDIT-IG'})-[h:HOLDS {instrument: 'XS2765432104'}]->(e)
WHERE h.known_to.year = 9999
RETURN e.key AS issuer, toString(h.valid_from) AS vf, toString(h.valid_to) AS vt, h.via_action AS via
ORDER BY vf
