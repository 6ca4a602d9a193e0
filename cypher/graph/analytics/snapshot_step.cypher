// One hop with a direction per edge type: incoming edges of the types IN and outgoing
// edges of the types OUT (relationship-type unions from the closed domain set, so
// a hub's edges of other types are never expanded; NO_EDGE, a type never stored, stands for
// "none"), admitted by both clocks:
// slot IN: union of REL_TYPES | NO_EDGE
// slot OUT: union of REL_TYPES | NO_EDGE
// valid_from <= as_of < valid_to AND known_from <= known_at < known_to.
// The four clock values come back as ISO strings: the driver's pure-Python temporal
// hydration cost more than the query on a cascade's few hundred edges.
UNWIND $frontier AS key
MATCH (x:Entity {key: key})
CALL (x) {
  MATCH (x)<-[r:$$IN$$]-(:Entity) RETURN r
  UNION
  MATCH (x)-[r:$$OUT$$]->(:Entity) RETURN r
}
WITH r
WHERE r.valid_from <= $as_of AND $as_of < r.valid_to
  AND r.known_from <= $known_at AND $known_at < r.known_to
WITH r, startNode(r) AS a, endNode(r) AS b
RETURN elementId(r) AS rid, a.key AS source, b.key AS target, type(r) AS type,
       r {.*, valid_from: toString(r.valid_from), valid_to: toString(r.valid_to),
          known_from: toString(r.known_from), known_to: toString(r.known_to)} AS props,
       a {.key, .name, .lei, .kind} AS source_props,
       b {.key, .name, .lei, .kind} AS target_props
