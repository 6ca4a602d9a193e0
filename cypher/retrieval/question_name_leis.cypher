// The entities of the LEIs a question writes (found by the question parser's pattern; a
// parameter, never Cypher), with every name the parser looks up (as question_names.cypher).
MATCH (e:Entity) WHERE e.lei IN $leis
RETURN e.key AS key, e.name AS name, e.lei AS lei, [(a:Alias)-[:ALIAS_OF]->(e) | a.value] AS aliases
