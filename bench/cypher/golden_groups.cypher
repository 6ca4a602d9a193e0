// The parents with the most accounting children (GLEIF relationship records, child -> parent),
// for the answers benchmark's large-group anchors: each parent's key, name and child count.
MATCH (c:Entity)-[:CONSOLIDATED_BY]->(p:Entity)
WITH p, count(DISTINCT c) AS children
ORDER BY children DESC, p.key
LIMIT $limit
RETURN p.key AS key, p.name AS name, children
