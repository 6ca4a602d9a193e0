// Facts around the session's entities that a dated what-if ("the 2024 sale did not happen")
// touches: ownership/control edges, currently known, opened or closed in that year.
UNWIND $keys AS key
MATCH (e:Entity {key: key})-[r:OWNS|CONTROLS]-()
WHERE r.known_to.year = 9999 AND (r.valid_from.year = $year OR r.valid_to.year = $year)
RETURN DISTINCT r.statement_id AS statement_id, r.valid_from.year = $year AS opened,
       r.valid_to.year = $year AS closed
