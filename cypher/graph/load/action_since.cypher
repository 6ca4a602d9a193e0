// The stored corporate actions known from $since on, with what orders them (effective day,
// statement id): an action known before everything a run wrote cannot reach any of it
// (graph._load_actions, lean mode). A daily delta known after every action reads none.
// An action whose parties are all named by LEI comes with them (party_leis) and without its
// record: graph._load_actions reads the record only if the action reaches the run.
// Clocks as ISO text (decoding driver temporals costs more than the rest of a row).
// replan=skip: the plan is index-anchored whatever the statistics (tests/graph/test_plans.py)
CYPHER replan=skip
MATCH (c:CorporateAction) USING INDEX c:CorporateAction(known_from)
WHERE c.known_from >= $since AND c.record IS NOT NULL
RETURN c.statement_id AS statement_id, toString(c.effective) AS effective,
       toString(c.known_from) AS known_from, c.party_leis AS party_leis,
       CASE WHEN c.party_leis IS NULL THEN c.record END AS record
ORDER BY c.effective, c.statement_id
