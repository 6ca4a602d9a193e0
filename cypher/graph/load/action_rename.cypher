// Rename: the old legal name becomes a previous name up to the effective date; the new name
// is the legal name from then on. The old name is $old_name where the source states it, else
// the entity's name when that is not already the new one (a registry record loaded after the
// rename carries the new name: then its legal alias starts at the effective date, and an
// undated previous name the record lists ends there).
MATCH (e:Entity {key: $key})
WITH e, coalesce($old_name, CASE WHEN toLower(e.name) <> toLower($new_name) THEN e.name END) AS old_name
CALL (e, old_name) {
  WITH e, old_name WHERE old_name IS NOT NULL
  OPTIONAL MATCH (:Alias {key: 'name|' + toLower(old_name)})-[old:ALIAS_OF]->(e)
  WHERE old.kind = 'legal' AND old.valid_to > $effective
  SET old.valid_to = $effective
  MERGE (prev:Alias {key: 'name|' + toLower(old_name)})
  ON CREATE SET prev.scheme = 'name', prev.value = old_name
  MERGE (prev)-[p:ALIAS_OF {kind: 'previous'}]->(e)
  ON CREATE SET p.valid_from = date('0001-01-01'), p.valid_to = $effective, p.method = 'corporate_action',
                p.fact_key = $action_id
  ON MATCH SET p.valid_to = CASE WHEN p.valid_to > $effective THEN $effective ELSE p.valid_to END
}
MERGE (new:Alias {key: 'name|' + toLower($new_name)})
ON CREATE SET new.scheme = 'name', new.value = $new_name
MERGE (new)-[n:ALIAS_OF {kind: 'legal'}]->(e)
ON CREATE SET n.valid_from = $effective, n.valid_to = date('9999-12-31'), n.method = 'corporate_action',
              n.fact_key = $action_id
ON MATCH SET n.valid_from = CASE WHEN n.valid_from < $effective THEN $effective ELSE n.valid_from END
SET e.name = CASE WHEN $effective <= date() THEN $new_name ELSE e.name END
