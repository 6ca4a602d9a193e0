MATCH (p:Entity)-[r]->(:Entity {key: $child})
WHERE r.valid_from <= date($as_of) < r.valid_to AND r.known_from <= datetime($known_at) < r.known_to
RETURN p.key AS k
