// The stored corporate actions known from $since on, with what orders them (effective day,
// statement id): an action known before everything a run wrote cannot reach any of it
// (graph.load, lean mode). A daily delta known after every action reads none.
// replan=skip: the plan is index-anchored whatever the statistics (tests/graph/test_plans.py)
CYPHER replan=skip
MATCH (c:CorporateAction) USING INDEX c:CorporateAction(known_from)
WHERE c.known_from >= $since AND c.record IS NOT NULL
RETURN c.statement_id AS statement_id, c.effective AS effective, c.record AS record
ORDER BY c.effective, c.statement_id
