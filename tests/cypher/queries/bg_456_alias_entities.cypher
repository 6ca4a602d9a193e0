MATCH (:Alias {key: 'name|bg 456 limited'})-[r:ALIAS_OF]->(e)
RETURN e.name AS name, r.kind AS kind
