// Documents $document_ids with their text and the entities they file or mention (resolved keys):
// one batch of the vector index's work (retrieval/text/disclosures.py). An undated document (no
// filing date) is visible from its known_from, the date it was first known.
MATCH (d:Document) WHERE d.document_id IN $document_ids AND d.text IS NOT NULL
OPTIONAL MATCH (d)-[:MENTIONS|FILED_BY]->(e:Entity)
WITH d, collect(DISTINCT e.key) AS keys
RETURN d.document_id AS document_id, d.statement_id AS statement_id, d.text AS text,
       d.form_type AS form_type, toString(coalesce(d.filed_at, date(d.known_from))) AS filed_at, d.period AS period, keys AS entity_keys
ORDER BY document_id
