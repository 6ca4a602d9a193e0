// Corporate actions that affect one entity, effective in ($date_from, $date_to] and known at
// $known_at: the documents behind structural changes between two dates, and the registry's
// statement of each event (type, status, group, recorded date, changed fields as JSON).
MATCH (c:CorporateAction)-[a:AFFECTS]->(e:Entity {key: $key})
WHERE c.effective > $date_from AND c.effective <= $date_to AND c.known_from <= $known_at
WITH c, collect(a.role) AS roles
OPTIONAL MATCH (c)-[p:AFFECTS]->(party:Entity)
WITH c, roles, collect({role: p.role, key: party.key, name: party.name}) AS parties
RETURN c.action_id AS action_id, c.action AS action, c.effective AS effective, c.known_from AS known_from,
       c.document_id AS document_id, c.source_system AS source_system,
       c.source_record_id AS source_record_id, roles, parties, c.new_name AS new_name,
       c.event_type AS event_type, c.event_status AS event_status, c.event_group_type AS event_group_type,
       c.event_group_id AS event_group_id, c.event_recorded AS event_recorded,
       c.event_documents AS event_documents, c.event_changes AS event_changes
ORDER BY effective, action_id
