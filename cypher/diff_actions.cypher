// Corporate actions that affect one entity, effective in ($date_from, $date_to] and known at
// $known_at: the documents behind structural changes between two dates.
MATCH (c:CorporateAction)-[a:AFFECTS]->(e:Entity {key: $key})
WHERE c.effective > $date_from AND c.effective <= $date_to AND c.known_from <= $known_at
WITH c, collect(a.role) AS roles
OPTIONAL MATCH (c)-[p:AFFECTS]->(party:Entity)
WITH c, roles, collect({role: p.role, key: party.key, name: party.name}) AS parties
RETURN c.action_id AS action_id, c.action AS action, c.effective AS effective, c.known_from AS known_from,
       c.document_id AS document_id, c.source_system AS source_system,
       c.source_record_id AS source_record_id, roles, parties
ORDER BY effective, action_id
