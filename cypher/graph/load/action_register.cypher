// A corporate action, once: its node is the guard that makes re-applying it a no-op.
MERGE (c:CorporateAction {statement_id: $statement_id})
ON CREATE SET c += $props, c.created_now = true
WITH c, coalesce(c.created_now, false) AS created
REMOVE c.created_now
WITH c, created
UNWIND $parties AS party
MATCH (e:Entity {key: party.key})
MERGE (c)-[:AFFECTS {role: party.role}]->(e)
RETURN DISTINCT created
