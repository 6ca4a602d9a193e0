MATCH (e:Entity {key: '549300KESTRELENERG84'})
RETURN toString(e.valid_to) AS vt, e.status AS s
