// The entity $key's relationships to other entities known at $known_at: how many are valid at
// $as_of, and the first day after $as_of from which one is valid (a register filed after the
// date asked). ALIAS_OF and HOLDS are names and book positions, not relationships.
MATCH (e:Entity {key: $key})-[r]-(:Entity)
WHERE NOT type(r) IN ['ALIAS_OF', 'HOLDS']
  AND r.known_from <= $known_at AND $known_at < r.known_to
RETURN count(CASE WHEN r.valid_from <= $as_of AND $as_of < r.valid_to THEN 1 END) AS valid_then,
       min(CASE WHEN r.valid_from > $as_of THEN r.valid_from END) AS first_after
