MATCH (x:Retraction)
RETURN x.fact_key AS fk, x.known_from AS t
