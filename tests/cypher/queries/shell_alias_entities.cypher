MATCH (:Alias {key: 'name|royal dutch shell plc'})-[:ALIAS_OF]->(e)
RETURN e.name AS name
