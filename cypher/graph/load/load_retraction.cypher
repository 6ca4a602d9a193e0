// A source withdrew a fact: recorded, then the fact's knowledge chain is closed at this time.
// replan=skip: the plan is index-anchored whatever the statistics (tests/graph/test_plans.py);
// a replan after a large load cost ~40 ms of server CPU per query text
CYPHER replan=skip
UNWIND $rows AS row
MERGE (x:Retraction {statement_id: row.statement_id})
ON CREATE SET x += row.props, x.created_now = true
WITH x, coalesce(x.created_now, false) AS created
REMOVE x.created_now
RETURN sum(CASE WHEN created THEN 1 ELSE 0 END) AS created
