// Whether an entity with this key is stored (merge / undo name both sides before acting).
MATCH (e:Entity {key: $key})
RETURN e.key AS k
