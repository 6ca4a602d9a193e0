// Evaluation: every stored document's text, the corpus of the vector baseline.
MATCH (d:Document) WHERE d.text IS NOT NULL
RETURN d.document_id AS document_id, d.text AS text, toString(d.filed_at) AS filed_at
ORDER BY document_id
