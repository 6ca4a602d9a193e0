// All properties of edges already admitted by the time gate (by element id): the provenance
// and clocks shown as evidence for the few edges an answer cites.
UNWIND $rids AS rid
MATCH ()-[r]->()
WHERE elementId(r) = rid
RETURN rid, properties(r) AS props
