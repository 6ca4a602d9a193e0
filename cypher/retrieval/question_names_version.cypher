// How many entities and aliases the graph holds: the question parser's name index is rebuilt
// when this changes (a load added or removed names).
CALL () { MATCH (e:Entity) RETURN count(e) AS entities }
CALL () { MATCH (a:Alias) RETURN count(a) AS aliases }
RETURN entities, aliases
