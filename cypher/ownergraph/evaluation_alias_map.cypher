// Evaluation: the entity each alias value names (the vector baseline's answers mapped to keys).
UNWIND $values AS v
MATCH (a:Alias {value: v})-[:ALIAS_OF]->(e:Entity)
RETURN v AS value, e.key AS key
