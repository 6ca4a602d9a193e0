// Dated, typed edges. $$TYPE$$ is replaced from the closed set of edge types (never user text).
// Merged on statement_id: the same statement loaded twice creates one edge.
UNWIND $rows AS row
MATCH (a:Entity {key: row.source})
MATCH (b:Entity {key: row.target})
MERGE (a)-[r:$$TYPE$$ {statement_id: row.statement_id}]->(b)
ON CREATE SET r += row.props, r.known_to = $known_max, r.created_now = true
WITH r, coalesce(r.created_now, false) AS created
REMOVE r.created_now
RETURN sum(CASE WHEN created THEN 1 ELSE 0 END) AS created
