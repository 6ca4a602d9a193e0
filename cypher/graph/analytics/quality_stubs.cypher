// Stubs: entities known only from other records' mentions (no record of their own was read).
MATCH (e:Entity) WHERE e.stub = true
OPTIONAL MATCH (e)-[r]-(:Entity)
RETURN e.key AS key, e.name AS name, e.lei AS lei, count(r) AS edges
ORDER BY key
LIMIT $limit
