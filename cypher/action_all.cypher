// The stored corporate actions known from $since on (null: every one), with what orders them
// (effective day, statement id) and when each was known: an action known before everything a
// run wrote cannot reach any of it.
MATCH (c:CorporateAction) WHERE c.record IS NOT NULL AND ($since IS NULL OR c.known_from >= $since)
RETURN c.statement_id AS statement_id, c.effective AS effective, c.known_from AS known_from,
       c.record AS record
ORDER BY c.effective, c.statement_id
