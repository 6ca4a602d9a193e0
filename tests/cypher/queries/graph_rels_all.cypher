// Every relationship with its type, properties and the identity of both ends.
MATCH (a)-[r]->(b)
RETURN type(r) AS type, properties(r) AS props,
       coalesce(a.key, a.name, a.document_id, a.statement_id) AS a,
       coalesce(b.key, b.name, b.document_id, b.statement_id) AS b
