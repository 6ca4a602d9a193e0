// One node per legal entity; it shows the latest known statement about the entity.
// A statement already applied (same statement_id) changes nothing.
// replan=skip: the plan is index-anchored whatever the statistics (tests/graph/test_plans.py);
// a replan after a large load cost ~40 ms of server CPU per query text
CYPHER replan=skip
UNWIND $rows AS row
MERGE (e:Entity {key: row.key})
WITH e, row, coalesce(e.statement_id = row.statement_id
                      OR row.statement_id IN coalesce(e.statement_ids, []), false) AS seen
CALL (e, row, seen) {
  WITH e, row, seen WHERE NOT seen
    AND (e.stub OR e.known_from IS NULL OR e.known_from <= row.props.known_from)
  SET e += row.props, e.stub = false
}
CALL (e, row, seen) {
  WITH e, row, seen WHERE NOT seen
  SET e.statement_ids = coalesce(e.statement_ids, []) + row.statement_id,
      e.first_known_from = CASE WHEN e.first_known_from IS NULL
                                  OR row.props.known_from < e.first_known_from
                                THEN row.props.known_from ELSE e.first_known_from END
}
RETURN sum(CASE WHEN seen THEN 0 ELSE 1 END) AS created
