// Every name a question may use for an entity (issue 30): its name, its LEI and its aliases of
// any scheme (previous and other names, company numbers, CIKs, ...). Capped by $limit; the
// question parser looks these up in the question's text, which is never written into Cypher.
MATCH (e:Entity)
WITH e LIMIT $limit
RETURN e.key AS key, e.name AS name, e.lei AS lei,
       [(a:Alias)-[:ALIAS_OF]->(e) | a.value] AS aliases
