// Every relationship with its type, properties and the identities of its two nodes (tests:
// two loads give the same graph).
MATCH (a)-[r]->(b)
RETURN type(r) AS type, labels(a) AS a_labels, coalesce(a.key, a.name, a.document_id, a.statement_id) AS a,
       labels(b) AS b_labels, coalesce(b.key, b.name, b.document_id, b.statement_id) AS b,
       properties(r) AS props
