// Every admitted edge at the given entities (in the direction of $$L$$/$$R$$), with the same
// predicate as ownership_reach / snapshot_expand; $$NODE$$ and $$EDGE$$ are fixed map
// projections of the properties the caller needs (identifiers only, checked in Python).
UNWIND $keys AS key
MATCH (x:Entity {key: key})
OPTIONAL MATCH (x)$$L$$-[r]-$$R$$(o:Entity)
WHERE type(r) IN $types
  AND r.valid_from <= $as_of AND ($as_of < r.valid_to OR r.statement_id IN $extended)
  AND r.known_from <= $known_at AND $known_at < r.known_to
  AND NOT r.statement_id IN $suppressed
WITH x, key, r, o
RETURN key, x $$NODE$$ AS props,
       collect(CASE WHEN r IS NULL THEN null ELSE
         {rid: elementId(r), source: startNode(r).key, target: endNode(r).key, type: type(r),
          props: r $$EDGE$$, other: o.key, other_props: o $$NODE$$} END) AS edges
