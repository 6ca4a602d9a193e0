// Before a batch of bundle statements is written: which of them ($rows: fact key fk, known
// from kf, statement id sid) meet a stated version of their fact, stored as an edge of type
// $$TYPE$$, known from the same instant with other content (a conflict: graph.conflicts).
// Carried pieces and corporate-action splits share a fact key and knowledge time with the
// version they came from; they are derived, not stated, and are left out.
// slot TYPE: REL_TYPES
// replan=skip: the plan is index-anchored whatever the statistics (tests/graph/test_plans.py);
// a replan after a large load cost ~40 ms of server CPU per query text
CYPHER replan=skip
UNWIND $rows AS row
MATCH ()-[r:$$TYPE$$ {fact_key: row.fk}]->() USING INDEX SEEK r:$$TYPE$$(fact_key)
WHERE r.known_from = row.kf AND r.statement_id <> row.sid
  AND r.carried_from IS NULL AND r.closed_by_action IS NULL
WITH row, r ORDER BY r.statement_id
RETURN row.sid AS sid, head(collect(properties(r))) AS stored
