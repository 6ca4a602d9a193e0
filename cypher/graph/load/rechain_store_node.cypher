// rechain_store for facts stored as nodes.
UNWIND $rows AS row
MATCH (r) WHERE elementId(r) = row.eid
SET r.known_to = row.known_to, r.valid_from = row.valid_from,
    r.valid_from_stated = row.stated, r.valid_from_basis = row.basis
