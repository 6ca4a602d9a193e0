MATCH (a:Alias)-[r:ALIAS_OF]->(:Entity {key: '213800HBLHOLD1NGS054'})
RETURN a.value AS name, r.kind AS kind, toString(r.valid_to) AS vt
