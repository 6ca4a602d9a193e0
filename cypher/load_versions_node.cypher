// load_versions for facts stored as nodes (a sanction, a reporting exception).
// slot TYPE: "Sanction" | "ReportingException"
UNWIND $rows AS row
WITH row.fk AS fk, split(row.sids, '\u001d') AS sids
WHERE EXISTS { MATCH (r:$$TYPE$$ {fact_key: fk}) USING INDEX SEEK r:$$TYPE$$(fact_key)
               WHERE NOT r.statement_id IN sids }
   OR EXISTS { MATCH (x:Retraction {fact_key: fk}) USING INDEX SEEK x:Retraction(fact_key) }
RETURN collect(fk) AS keys
