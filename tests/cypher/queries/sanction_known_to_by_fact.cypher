MATCH (s:Sanction {fact_key: $fk})
RETURN s.known_to AS known_to
