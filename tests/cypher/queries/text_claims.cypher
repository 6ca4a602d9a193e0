// Facts read from document text (source_kind "text_claim") and the documents they cite.
MATCH (a:Entity)-[r]->(b:Entity) WHERE r.source_kind = 'text_claim'
RETURN type(r) AS type, a.name AS source, b.name AS target, r.document_id AS document_id,
       r.claim_quote AS quote, r.claim_start AS start, r.claim_end AS end, r.claim_confidence AS confidence
ORDER BY type, source, target
