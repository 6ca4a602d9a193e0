// Entities an exact alias points at: by alias value (any scheme) or by alias key
// ("scheme|value", names case-folded). Alias validity is returned, not filtered: a previous
// name still identifies its entity.
UNWIND $values AS v
CALL (v) {
  MATCH (a:Alias {value: v})-[r:ALIAS_OF]->(e:Entity) RETURN a, r, e
  UNION
  MATCH (a:Alias {key: v})-[r:ALIAS_OF]->(e:Entity) RETURN a, r, e
}
RETURN DISTINCT e.key AS key, e.name AS name, e.lei AS lei, e.kind AS kind, e.jurisdiction AS jurisdiction,
       e.valid_from AS valid_from, e.valid_to AS valid_to, a.value AS matched,
       a.scheme AS scheme, r.kind AS alias_kind, r.valid_from AS alias_from, r.valid_to AS alias_to
