MATCH (p:Entity)-[r:OWNS]->(:Entity {name: $company})
WHERE r.valid_from <= date($as_of) < r.valid_to
  AND r.known_from <= datetime($known_at) < r.known_to
RETURN r.interest AS i, r.stake_lo AS lo, r.stake_hi AS hi
