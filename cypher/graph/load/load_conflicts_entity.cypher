// load_conflicts for entity records: an entity node shows its latest statement; a bundle
// entity record ($rows: fk, kf, sid) conflicts with it when that statement is of the same fact,
// known from the same instant, and is not this one (nor one the node already took in).
// replan=skip: the plan is index-anchored whatever the statistics (tests/graph/test_plans.py);
// a replan after a large load cost ~40 ms of server CPU per query text
CYPHER replan=skip
UNWIND $rows AS row
MATCH (e:Entity {fact_key: row.fk}) USING INDEX e:Entity(fact_key)
WHERE e.known_from = row.kf AND e.statement_id <> row.sid
  AND NOT row.sid IN coalesce(e.statement_ids, [])
WITH row, e ORDER BY e.key
RETURN row.sid AS sid, head(collect(e {.*, statement_ids: null})) AS stored
