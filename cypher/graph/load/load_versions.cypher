// After a batch of versioned facts is written: which of the fact keys it created a version of
// have another version (not one of the batch's statements row.sids, joined by U+001D), or a
// retraction. Only those (and keys repeated within the batch) need their history re-planned.
// Facts stored as edges of type $$TYPE$$ (its fact_key index hinted); a read transaction of
// its own, so the look-ups never go through a big writing transaction's state.
// slot TYPE: REL_TYPES
// replan=skip: the plan is index-anchored whatever the statistics (tests/graph/test_plans.py);
// a replan after a large load cost ~40 ms of server CPU per query text
CYPHER replan=skip
UNWIND $rows AS row
WITH row.fk AS fk, split(row.sids, '\u001d') AS sids
WHERE EXISTS { MATCH ()-[r:$$TYPE$$ {fact_key: fk}]->() USING INDEX SEEK r:$$TYPE$$(fact_key)
               WHERE NOT r.statement_id IN sids }
   OR EXISTS { MATCH (x:Retraction {fact_key: fk}) USING INDEX SEEK x:Retraction(fact_key) }
RETURN collect(fk) AS keys
