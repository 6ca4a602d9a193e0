// Text claims by element id (from claims_state) with both parties and the document that states
// them: what `ownergraph review list` shows. Clock values as ISO strings.
UNWIND $rids AS rid
MATCH (a:Entity)-[r]->(b:Entity)
WHERE elementId(r) = rid
OPTIONAL MATCH (doc:Document {document_id: r.document_id})
RETURN rid, type(r) AS type, a.key AS source, a.name AS source_name, b.key AS target, b.name AS target_name,
       r {.*, valid_from: toString(r.valid_from), valid_to: toString(r.valid_to),
          known_from: toString(r.known_from), known_to: toString(r.known_to)} AS props,
       doc.title AS document_title, doc.form_type AS form_type
