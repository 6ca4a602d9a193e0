// Every stored corporate action, with what orders them (effective day, statement id).
MATCH (c:CorporateAction) WHERE c.record IS NOT NULL
RETURN c.statement_id AS statement_id, toString(c.effective) AS effective, c.record AS record
ORDER BY c.effective, c.statement_id
