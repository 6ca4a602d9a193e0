// One document's stored text and form.
MATCH (d:Document {document_id: $document_id})
RETURN d.text AS text, d.form_type AS form_type, toString(d.filed_at) AS filed_at, d.statement_id AS statement_id
