// Entities within DEPTH hops of the seeds by a shortest admitted path (ANY SHORTEST over a
// quantified path pattern, so the gate's predicate holds on every relationship of the path):
// the predicate of snapshot_expand (+ snapshot_expand_extended, minus suppressed statements):
// valid_from <= as_of < valid_to (or past valid_to for a what-if `extended` statement)
// AND known_from <= known_at < known_to AND NOT a what-if `suppressed` statement.
// L/R are the arrow heads of the direction ("<"/"" in, ""/">" out, ""/"" both); DEPTH the
// bound of the quantifier (Cypher takes no parameter there).
// slot L: "<" | ""
// slot R: ">" | ""
// slot DEPTH: 1..100
UNWIND $seeds AS key
MATCH (s:Entity {key: key})
MATCH p = ANY SHORTEST (s)((:Entity)$$L$$-[r WHERE type(r) IN $types
    AND r.valid_from <= $as_of AND ($as_of < r.valid_to OR r.statement_id IN $extended)
    AND r.known_from <= $known_at AND $known_at < r.known_to
    AND NOT r.statement_id IN $suppressed]-$$R$$(:Entity)){1,$$DEPTH$$}(x:Entity)
RETURN x.key AS key, min(length(p)) AS depth
