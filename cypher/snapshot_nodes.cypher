UNWIND $keys AS key
MATCH (e:Entity {key: key})
RETURN e.key AS key, properties(e) {.*, statement_ids: null} AS props
