// rechain_carry for facts stored as nodes (a sanction, a reporting exception): a copy of node
// row.eid attached to the same entity by the same link.
// slot TYPE: "Sanction" | "ReportingException"
// slot LINK: "SUBJECT_TO" | "HAS_EXCEPTION"
UNWIND $rows AS row
MATCH (o) WHERE elementId(o) = row.eid
MATCH (e:Entity)-[:$$LINK$$]->(o)
MERGE (c:$$TYPE$$ {statement_id: row.sid})
SET c = o {.*, statement_id: row.sid, valid_to: row.valid_to, known_from: row.known_from,
             known_to: row.known_to, carried_from: o.statement_id}
MERGE (e)-[:$$LINK$$]->(c)
