// One entity's names and identifiers: its stored name and LEI, every alias (previous, trading,
// transliterated names, registry identifiers) with its validity, and the successions out of and
// into it known at $known_at (what became of it, what it came from).
MATCH (e:Entity {key: $key})
OPTIONAL MATCH (a:Alias)-[r:ALIAS_OF]->(e)
WITH e, collect(CASE WHEN a IS NULL THEN NULL ELSE
  {scheme: a.scheme, value: a.value, kind: r.kind, valid_from: r.valid_from, valid_to: r.valid_to} END) AS aliases
OPTIONAL MATCH (e)-[s:SUCCEEDED_BY]->(n:Entity)
WHERE s.known_from <= $known_at AND $known_at < s.known_to
WITH e, aliases, collect(CASE WHEN n IS NULL THEN NULL ELSE
  {key: n.key, name: n.name, lei: n.lei, props: properties(s)} END) AS successors
OPTIONAL MATCH (p:Entity)-[s:SUCCEEDED_BY]->(e)
WHERE s.known_from <= $known_at AND $known_at < s.known_to
RETURN e {.key, .name, .lei, .kind, .jurisdiction, .status, .valid_from, .valid_to} AS entity, aliases, successors,
       collect(CASE WHEN p IS NULL THEN NULL ELSE {key: p.key, name: p.name, lei: p.lei, props: properties(s)} END)
       AS predecessors
