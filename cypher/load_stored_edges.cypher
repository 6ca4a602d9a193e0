// Which statements of a batch of $$TYPE$$ edges are stored already (skipped before writing):
// an edge between the same entities with the statement's id (content hash).
// slot TYPE: REL_TYPES
UNWIND $rows AS row
MATCH (:Entity {key: row.source})-[r:$$TYPE$$ {statement_id: row.sid}]->(:Entity {key: row.target})
RETURN row.sid AS sid
