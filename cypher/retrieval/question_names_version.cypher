// How many entities and aliases the graph holds, and its lowest and highest entity keys: the
// question parser's name index is rebuilt when this changes (a load added or removed names, or
// the graph was emptied and another set of files loaded — the same counts, other entities).
// The keys come from the key index in order (one index seek each, not a scan).
CALL () { MATCH (e:Entity) RETURN count(e) AS entities }
CALL () { MATCH (a:Alias) RETURN count(a) AS aliases }
CALL () { OPTIONAL MATCH (e:Entity) WHERE e.key IS NOT NULL RETURN e.key AS low ORDER BY e.key ASC LIMIT 1 }
CALL () { OPTIONAL MATCH (e:Entity) WHERE e.key IS NOT NULL RETURN e.key AS high ORDER BY e.key DESC LIMIT 1 }
RETURN entities, aliases, low, high
