// Text claims admitted by the readers' predicate at both clocks: as of $as_of, known at $known_at.
MATCH (a:Entity)-[r]->(b:Entity)
WHERE r.source_kind = 'text_claim' AND r.valid_from <= date($as_of) < r.valid_to
  AND r.known_from <= datetime($known_at) < r.known_to
RETURN type(r) AS type, a.name AS source, b.name AS target, r.stake_lo AS stake, r.document_id AS document_id
ORDER BY type, source, target, document_id
