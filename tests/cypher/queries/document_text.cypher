MATCH (d:Document {document_id: $id})
RETURN d.text AS t
