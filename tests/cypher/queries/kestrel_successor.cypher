MATCH (:Entity {key: '549300KESTRELENERG84'})-[r:SUCCEEDED_BY]->(s)
RETURN s.key AS survivor, toString(r.valid_from) AS vf, r.action AS action
