// The sanctions on one entity published by $known_at, whatever their validity: when each began
// and (if it did) ended.
MATCH (e:Entity {key: $key})-[:SUBJECT_TO]->(s:Sanction)
WHERE s.known_from <= $known_at AND $known_at < s.known_to
RETURN s.authority AS authority, s.programme AS programme, s.valid_from AS valid_from, s.valid_to AS valid_to,
       s.known_from AS known_from, s.document_id AS document_id, s.statement_id AS statement_id
ORDER BY valid_from
