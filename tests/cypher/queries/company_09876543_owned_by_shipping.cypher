MATCH (:Alias {key: 'company_number|GB:09876543'})-[:ALIAS_OF]->(e)
OPTIONAL MATCH (:Entity {key: '213800HBLSH1PP1NG027'})-[r:OWNS]->(e)
RETURN e.name AS name, count(r) AS owned_by_shipping
