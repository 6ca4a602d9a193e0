// Dated, typed edges of type $$TYPE$$ (from the closed set of edge types, never user text).
// slot TYPE: REL_TYPES
// Merged on statement_id: the same statement loaded twice creates one edge.
// Returns how many were created and their fact keys (graph.load decides which to rechain;
// an index look-up per row here, inside the writing transaction, was quadratic in batch size).
// replan=skip: the plan is index-anchored whatever the statistics (tests/graph/test_plans.py);
// a replan after a large load cost ~40 ms of server CPU per query text
CYPHER replan=skip
UNWIND $rows AS row
MATCH (a:Entity {key: row.source})
MATCH (b:Entity {key: row.target})
MERGE (a)-[r:$$TYPE$$ {statement_id: row.statement_id}]->(b)
ON CREATE SET r += row.props, r.known_to = $known_max, r.created_now = true
WITH r, row.props.fact_key AS fk, coalesce(r.created_now, false) AS created
REMOVE r.created_now
RETURN sum(CASE WHEN created THEN 1 ELSE 0 END) AS created,
       collect(DISTINCT CASE WHEN created THEN fk END) AS created_keys
