// Positions of our book: (:Portfolio)-[:HOLDS {instrument, amount, currency, clocks}]->(issuer).
// Returns how many were created and their fact keys (see load_edges).
// replan=skip: the plan is index-anchored whatever the statistics (tests/graph/test_plans.py);
// a replan after a large load cost ~40 ms of server CPU per query text
CYPHER replan=skip
UNWIND $rows AS row
MERGE (p:Portfolio {name: row.portfolio})
WITH p, row
MATCH (e:Entity {key: row.entity})
MERGE (p)-[h:HOLDS {statement_id: row.statement_id}]->(e)
ON CREATE SET h += row.props, h.known_to = $known_max, h.created_now = true
WITH h, row.props.fact_key AS fk, coalesce(h.created_now, false) AS created
REMOVE h.created_now
RETURN sum(CASE WHEN created THEN 1 ELSE 0 END) AS created,
       collect(DISTINCT CASE WHEN created THEN fk END) AS created_keys
