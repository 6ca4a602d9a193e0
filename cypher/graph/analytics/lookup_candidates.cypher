// Fuzzy candidates: entities whose name, or a name alias, contains one of $fragments
// (lower-case token prefixes). Capped by $limit; the caller scores them.
CALL () {
  UNWIND $fragments AS f
  MATCH (e:Entity) WHERE toLower(e.name) CONTAINS f
  RETURN e, e.name AS matched
  UNION
  UNWIND $fragments AS f
  MATCH (a:Alias)-[:ALIAS_OF]->(e:Entity)
  WHERE a.scheme = 'name' AND a.key CONTAINS f
  RETURN e, a.value AS matched
}
WITH e, matched
WHERE $kind IS NULL OR e.kind = $kind
RETURN e.key AS key, e.name AS name, e.lei AS lei, e.kind AS kind,
       e.valid_from AS valid_from, e.valid_to AS valid_to, matched
LIMIT $limit
