// Sanctions and reporting exceptions of the given entities, admitted by both clocks with the
// predicate of snapshot_expand: valid_from <= as_of < valid_to AND known_from <= known_at < known_to.
UNWIND $keys AS key
MATCH (e:Entity {key: key})
OPTIONAL MATCH (e)-[:SUBJECT_TO]->(s:Sanction)
  WHERE s.valid_from <= $as_of AND $as_of < s.valid_to
    AND s.known_from <= $known_at AND $known_at < s.known_to
WITH e, key, collect(properties(s)) AS sanctions
OPTIONAL MATCH (e)-[:HAS_EXCEPTION]->(x:ReportingException)
  WHERE x.valid_from <= $as_of AND $as_of < x.valid_to
    AND x.known_from <= $known_at AND $known_at < x.known_to
WITH key, sanctions, collect(properties(x)) AS exceptions
WHERE size(sanctions) > 0 OR size(exceptions) > 0
RETURN key, sanctions, exceptions
