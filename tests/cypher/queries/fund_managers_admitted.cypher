MATCH (:Entity {key: '001GPB6A9XPE8XJICC14'})-[r:FUND_RELATION {fund_kind: $kind}]->(m:Entity)
WHERE r.valid_from <= date($as_of) < r.valid_to AND r.known_from <= datetime($known_at) < r.known_to
RETURN m.key AS k
