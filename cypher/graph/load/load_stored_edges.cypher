// Which statements of a batch of $$TYPE$$ edges are stored already (skipped before writing):
// an edge with the statement's id (content hash), found through its fact key (indexed).
// Not by endpoints: a mention that resolved to a stub on an earlier run resolves to the entity
// the stub was merged into now, and the statement is the same one.
// slot TYPE: REL_TYPES
// replan=skip: the plan is index-anchored whatever the statistics (tests/graph/test_plans.py);
// a replan after a large load cost ~40 ms of server CPU per query text
CYPHER replan=skip
UNWIND $rows AS row
MATCH ()-[r:$$TYPE$$ {fact_key: row.fk}]->()
WHERE r.statement_id = row.sid
RETURN DISTINCT row.sid AS sid
