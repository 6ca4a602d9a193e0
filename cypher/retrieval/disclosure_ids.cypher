// The documents with text, by id: what the vector index must hold. retrieval/text/disclosures.py
// compares their statement ids with its manifest before reading any text.
MATCH (d:Document) WHERE d.text IS NOT NULL
RETURN d.document_id AS document_id, d.statement_id AS statement_id
ORDER BY document_id
