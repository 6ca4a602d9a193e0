MATCH (c:CorporateAction) WHERE c.record IS NOT NULL
RETURN c.record AS record ORDER BY c.effective, c.statement_id
