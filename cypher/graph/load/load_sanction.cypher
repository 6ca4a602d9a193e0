// A sanction is an interval on one entity, not an edge between entities.
// Returns how many were created and their fact keys (see load_edges).
// replan=skip: the plan is index-anchored whatever the statistics (tests/graph/test_plans.py);
// a replan after a large load cost ~40 ms of server CPU per query text
CYPHER replan=skip
UNWIND $rows AS row
MATCH (e:Entity {key: row.entity})
MERGE (s:Sanction {statement_id: row.statement_id})
ON CREATE SET s += row.props, s.known_to = $known_max, s.created_now = true
MERGE (e)-[:SUBJECT_TO]->(s)
WITH s, row.props.fact_key AS fk, coalesce(s.created_now, false) AS created
REMOVE s.created_now
RETURN sum(CASE WHEN created THEN 1 ELSE 0 END) AS created,
       collect(DISTINCT CASE WHEN created THEN fk END) AS created_keys
