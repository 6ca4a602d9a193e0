// Entities with an accounting parent, a page at a time (the answers benchmark draws its
// question anchors from pages at random offsets).
MATCH (c:Entity)-[:CONSOLIDATED_BY]->(:Entity)
WITH DISTINCT c
SKIP $skip LIMIT $limit
RETURN c.key AS key, c.name AS name
