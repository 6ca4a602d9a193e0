// A piece of an earlier version still true in valid time after it was superseded (a change,
// not a correction): a copy of version row.eid between the same entities, valid until
// row.valid_to, known from row.known_from to row.known_to, keyed by row.sid (re-planning
// updates it in place).
// slot TYPE: REL_TYPES
UNWIND $rows AS row
MATCH ()-[o]->() WHERE elementId(o) = row.eid
WITH o, row, startNode(o) AS a, endNode(o) AS b
MERGE (a)-[c:$$TYPE$$ {statement_id: row.sid}]->(b)
SET c = o {.*, statement_id: row.sid, valid_to: row.valid_to, known_from: row.known_from,
             known_to: row.known_to, carried_from: o.statement_id}
