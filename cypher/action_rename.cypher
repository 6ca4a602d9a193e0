// Rename: the old legal name becomes a previous name up to the effective date; the new name
// is the legal name from then on.
MATCH (e:Entity {key: $key})
OPTIONAL MATCH (:Alias {key: 'name|' + toLower(e.name)})-[old:ALIAS_OF]->(e)
WHERE old.kind = 'legal' AND old.valid_to > $effective
SET old.valid_to = $effective
MERGE (prev:Alias {key: 'name|' + toLower(e.name)})
ON CREATE SET prev.scheme = 'name', prev.value = e.name
MERGE (prev)-[p:ALIAS_OF {kind: 'previous'}]->(e)
ON CREATE SET p.valid_from = date('0001-01-01'), p.valid_to = $effective, p.method = 'corporate_action',
              p.fact_key = $action_id
MERGE (new:Alias {key: 'name|' + toLower($new_name)})
ON CREATE SET new.scheme = 'name', new.value = $new_name
MERGE (new)-[n:ALIAS_OF {kind: 'legal'}]->(e)
ON CREATE SET n.valid_from = $effective, n.valid_to = date('9999-12-31'), n.method = 'corporate_action',
              n.fact_key = $action_id
SET e.name = CASE WHEN $effective <= date() THEN $new_name ELSE e.name END
