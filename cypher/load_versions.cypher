// After a batch of versioned facts is written: which of the fact keys it created a version of
// have another version (not one of the batch's statements row.sids, joined by U+001D), or a
// retraction.
// Only those (and keys repeated within the batch) need their knowledge chain recomputed.
// $$MATCH$$ binds r to the versions of fact fk (see rechain); a read transaction of
// its own, so the look-ups never go through a big writing transaction's state.
UNWIND $rows AS row
WITH row.fk AS fk, split(row.sids, '\u001d') AS sids
WHERE EXISTS { MATCH $$MATCH$$ $$HINT$$ WHERE NOT r.statement_id IN sids }
   OR EXISTS { MATCH (x:Retraction {fact_key: fk}) USING INDEX SEEK x:Retraction(fact_key) }
RETURN collect(fk) AS keys
