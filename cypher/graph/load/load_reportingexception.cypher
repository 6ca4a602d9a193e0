// "A parent exists but is not disclosed", kept distinct from "no parent".
// Returns how many were created and their fact keys (see load_edges).
// replan=skip: the plan is index-anchored whatever the statistics (tests/graph/test_plans.py);
// a replan after a large load cost ~40 ms of server CPU per query text
CYPHER replan=skip
UNWIND $rows AS row
MATCH (e:Entity {key: row.entity})
MERGE (x:ReportingException {statement_id: row.statement_id})
ON CREATE SET x += row.props, x.known_to = $known_max, x.created_now = true
MERGE (e)-[:HAS_EXCEPTION]->(x)
WITH x, row.props.fact_key AS fk, coalesce(x.created_now, false) AS created
REMOVE x.created_now
RETURN sum(CASE WHEN created THEN 1 ELSE 0 END) AS created,
       collect(DISTINCT CASE WHEN created THEN fk END) AS created_keys
