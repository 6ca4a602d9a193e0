// GLEIF reporting exceptions of one entity valid at $as_of and known at $known_at:
// "a parent exists but is not public", distinct from "no parent reported".
MATCH (e:Entity {key: $key})-[:HAS_EXCEPTION]->(x:ReportingException)
WHERE x.valid_from <= $as_of AND $as_of < x.valid_to
  AND x.known_from <= $known_at AND $known_at < x.known_to
RETURN x.level AS level, x.reason AS reason, coalesce(x.other_reasons, []) AS other_reasons,
       x.reference AS reference,
       x.valid_from AS valid_from, x.valid_to AS valid_to, x.known_from AS known_from,
       x.source_system AS source_system, x.source_record_id AS source_record_id
ORDER BY level, reason
