// load_conflicts for facts stored as nodes (a sanction, a reporting exception).
// slot TYPE: "Sanction" | "ReportingException"
// replan=skip: the plan is index-anchored whatever the statistics (tests/graph/test_plans.py);
// a replan after a large load cost ~40 ms of server CPU per query text
CYPHER replan=skip
UNWIND $rows AS row
MATCH (r:$$TYPE$$ {fact_key: row.fk}) USING INDEX SEEK r:$$TYPE$$(fact_key)
WHERE r.known_from = row.kf AND r.statement_id <> row.sid AND r.carried_from IS NULL
WITH row, r ORDER BY r.statement_id
RETURN row.sid AS sid, head(collect(properties(r))) AS stored
