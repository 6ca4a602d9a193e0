// Which of the corporate actions $sids (statement ids) are stored already.
UNWIND $sids AS sid
MATCH (c:CorporateAction {statement_id: sid})
RETURN sid
