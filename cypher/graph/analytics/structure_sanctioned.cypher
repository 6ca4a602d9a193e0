// Entities under a sanction valid at $as_of and known at $known_at (all of them, or only
// those in $keys). A sanction is a node with its own clocks, so the gate applies to it.
MATCH (e:Entity)-[:SUBJECT_TO]->(s:Sanction)
WHERE ($keys IS NULL OR e.key IN $keys)
  AND s.valid_from <= $as_of AND $as_of < s.valid_to
  AND s.known_from <= $known_at AND $known_at < s.known_to
RETURN e.key AS key, e.name AS name, s.authority AS authority, s.programme AS programme,
       s.valid_from AS valid_from, s.valid_to AS valid_to, s.known_from AS known_from,
       s.source_system AS source_system, s.source_record_id AS source_record_id,
       s.document_id AS document_id
ORDER BY key, authority, programme
