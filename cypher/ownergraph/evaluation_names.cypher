// Evaluation: every named entity with its name aliases (the vector baseline's entity names).
MATCH (e:Entity) WHERE e.name IS NOT NULL
OPTIONAL MATCH (a:Alias {scheme: 'name'})-[:ALIAS_OF]->(e)
RETURN e.key AS key, e.name AS name, collect(DISTINCT a.value) AS aliases
