// All properties of edges already admitted by the time gate (by element id): the provenance
// and clocks shown as evidence for the few edges an answer cites. The four clock values come
// back as ISO strings (the driver's pure-Python temporal hydration cost more than the query).
UNWIND $rids AS rid
MATCH ()-[r]->()
WHERE elementId(r) = rid
RETURN rid, r {.*, valid_from: toString(r.valid_from), valid_to: toString(r.valid_to),
               known_from: toString(r.known_from), known_to: toString(r.known_to)} AS props
