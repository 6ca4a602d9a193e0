// Entities keyed by an LEI, a page at a time (the answers benchmark's anchors).
MATCH (e:Entity)
WHERE e.lei IS NOT NULL AND e.name IS NOT NULL
WITH e SKIP $skip LIMIT $limit
RETURN e.key AS key, e.name AS name
