MATCH (x:Entity {key: $key})
MATCH p = (x) ((a)-[r:OWNS|GUARANTEES|LENDS_TO|CONSOLIDATED_BY]-(b)
               WHERE r.valid_from <= $as_of AND $as_of < r.valid_to
                 AND r.known_from <= $known_at AND $known_at < r.known_to
                 AND ((type(r) = 'CONSOLIDATED_BY' AND startNode(r) = a)
                      OR (type(r) <> 'CONSOLIDATED_BY' AND endNode(r) = a))){1,10} (v:Entity)
WHERE v <> x
RETURN v.key AS key, min(length(p)) AS hops
