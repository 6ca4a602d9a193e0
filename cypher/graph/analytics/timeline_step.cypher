// One hop with a direction per edge type, on no clock: every stored version of the incoming
// edges of the types IN and the outgoing edges of the types OUT, with its four dates, so that a
// page can apply the two-clock gate itself (graph/analytics/timeline.py).
// slot IN: union of REL_TYPES | NO_EDGE
// slot OUT: union of REL_TYPES | NO_EDGE
// The clock values come back as ISO strings (as snapshot_step's do).
UNWIND $frontier AS key
MATCH (x:Entity {key: key})
CALL (x) {
  MATCH (x)<-[r:$$IN$$]-(:Entity) RETURN r
  UNION
  MATCH (x)-[r:$$OUT$$]->(:Entity) RETURN r
}
WITH DISTINCT r
WITH r, startNode(r) AS a, endNode(r) AS b
RETURN elementId(r) AS rid, a.key AS source, b.key AS target, type(r) AS type,
       r {.*, valid_from: toString(r.valid_from), valid_to: toString(r.valid_to),
          known_from: toString(r.known_from), known_to: toString(r.known_to)} AS props,
       a {.key, .name, .lei, .kind} AS source_props,
       b {.key, .name, .lei, .kind} AS target_props
