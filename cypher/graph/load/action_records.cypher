// The records (CorporateAction JSON) of the stored actions $sids (graph._load_actions: an
// action read without its record that reaches the run).
UNWIND $sids AS sid
MATCH (c:CorporateAction {statement_id: sid})
RETURN c.statement_id AS statement_id, c.record AS record
