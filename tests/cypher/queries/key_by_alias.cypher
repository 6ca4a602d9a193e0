MATCH (:Alias {value: $value})-[:ALIAS_OF]->(e:Entity)
RETURN DISTINCT e.key AS k
