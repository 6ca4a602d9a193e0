// Which statements of a batch of $$TYPE$$ edges are stored already (skipped before writing):
// an edge between the same entities with the statement's id (content hash).
// slot TYPE: REL_TYPES
// replan=skip: the plan is index-anchored whatever the statistics (tests/graph/test_plans.py);
// a replan after a large load cost ~40 ms of server CPU per query text
CYPHER replan=skip
UNWIND $rows AS row
MATCH (:Entity {key: row.source})-[r:$$TYPE$$ {statement_id: row.sid}]->(:Entity {key: row.target})
RETURN row.sid AS sid
