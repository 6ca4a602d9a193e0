MATCH (e:Entity {fact_key: $fk})
RETURN e.known_to AS known_to
