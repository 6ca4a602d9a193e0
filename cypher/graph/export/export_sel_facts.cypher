// The sanctions and reporting exceptions on the exported entities ($keys null: every entity),
// every stored version in force at the clock ($as_of / $known_at null: every version).
MATCH (e:Entity)-[:SUBJECT_TO|HAS_EXCEPTION]->(n)
WHERE ($keys IS NULL OR e.key IN $keys) AND (n:Sanction OR n:ReportingException)
  AND ($as_of IS NULL OR (n.valid_from <= $as_of AND $as_of < n.valid_to))
  AND ($known_at IS NULL OR (n.known_from <= $known_at AND $known_at < n.known_to))
RETURN e.key AS entity, CASE WHEN n:Sanction THEN 'Sanction' ELSE 'ReportingException' END AS label,
       properties(n) AS props
ORDER BY entity, props.statement_id
