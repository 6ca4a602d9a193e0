// load_versions for facts stored as nodes (a sanction, a reporting exception).
// slot TYPE: "Sanction" | "ReportingException"
// replan=skip: the plan is index-anchored whatever the statistics (tests/graph/test_plans.py);
// a replan after a large load cost ~40 ms of server CPU per query text
CYPHER replan=skip
UNWIND $rows AS row
WITH row.fk AS fk, split(row.sids, '\u001d') AS sids
WHERE EXISTS { MATCH (r:$$TYPE$$ {fact_key: fk}) USING INDEX SEEK r:$$TYPE$$(fact_key)
               WHERE NOT r.statement_id IN sids }
   OR EXISTS { MATCH (x:Retraction {fact_key: fk}) USING INDEX SEEK x:Retraction(fact_key) }
RETURN collect(fk) AS keys
