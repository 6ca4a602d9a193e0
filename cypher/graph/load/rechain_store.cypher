// A version's place in its fact's history (graph.history): known until row.known_to, valid
// from row.valid_from; row.stated (the source's own start) and row.basis only where the
// effective start differs from the stated one (absent fields remove the properties).
UNWIND $rows AS row
MATCH ()-[r]->() WHERE elementId(r) = row.eid
SET r.known_to = row.known_to, r.valid_from = row.valid_from,
    r.valid_from_stated = row.stated, r.valid_from_basis = row.basis
