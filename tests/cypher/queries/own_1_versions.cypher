MATCH ()-[r:OWNS {fact_key: 'test:own-1'}]->()
RETURN r.stake_lo AS s, r.known_from AS kf, r.known_to AS kt, toString(r.valid_from) AS vf, toString(r.valid_to) AS vt, r.valid_from_basis AS basis, r.carried_from IS NOT NULL AS carried
