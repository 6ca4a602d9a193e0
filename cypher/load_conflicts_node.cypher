// load_conflicts for facts stored as nodes (a sanction, a reporting exception).
// slot TYPE: "Sanction" | "ReportingException"
UNWIND $rows AS row
MATCH (r:$$TYPE$$ {fact_key: row.fk}) USING INDEX SEEK r:$$TYPE$$(fact_key)
WHERE r.known_from = row.kf AND r.statement_id <> row.sid AND r.carried_from IS NULL
WITH row, r ORDER BY r.statement_id
RETURN row.sid AS sid, head(collect(properties(r))) AS stored
