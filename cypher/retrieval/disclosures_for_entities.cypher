// Documents with text that file or mention any of $keys, with every entity they file or mention
// (resolved keys): the candidates of the lexical text search (retrieval/text/lexical.py). As in the
// vector index (disclosures_to_index), an undated document is visible from its known_from.
MATCH (e:Entity) WHERE e.key IN $keys
MATCH (d:Document)-[:MENTIONS|FILED_BY]->(e)
WHERE d.text IS NOT NULL
WITH DISTINCT d
OPTIONAL MATCH (d)-[:MENTIONS|FILED_BY]->(x:Entity)
WITH d, collect(DISTINCT x.key) AS keys
RETURN d.document_id AS document_id, d.text AS text, d.form_type AS form_type,
       toString(coalesce(d.filed_at, date(d.known_from))) AS filed_at, d.period AS period, keys AS entity_keys
ORDER BY document_id
