// The name aliases of one entity (by LEI) with their kind and valid time, and its name now.
MATCH (a:Alias {scheme: 'name'})-[r:ALIAS_OF]->(e:Entity {lei: $lei})
RETURN e.name AS entity_name, a.value AS name, r.kind AS kind, toString(r.valid_from) AS valid_from,
       toString(r.valid_to) AS valid_to
ORDER BY kind, name
