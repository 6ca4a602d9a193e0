// Bulk writer of the analytics benchmark's generated entities.
UNWIND $rows AS row
CREATE (e:Entity) SET e = row, e.statement_ids = [row.statement_id]
