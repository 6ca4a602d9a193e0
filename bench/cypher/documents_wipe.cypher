MATCH (d:Document) WHERE d.document_id STARTS WITH 'bench-doc-'
DETACH DELETE d
