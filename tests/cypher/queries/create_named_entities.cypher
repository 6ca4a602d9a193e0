UNWIND $entities AS e
CREATE (:Entity {key: e.key, name: e.name})
