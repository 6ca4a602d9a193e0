MATCH (c:CorporateAction {action: 'merger'})-[:AFFECTS {role: 'subject'}]->(e)
RETURN e.key AS k, c.document_id AS doc
