// Names of the first entities by key: the reliability benchmark's questions ask about them.
MATCH (e:Entity)
WHERE e.name IS NOT NULL
RETURN e.name AS name
ORDER BY e.key
LIMIT $n
