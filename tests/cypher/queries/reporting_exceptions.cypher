MATCH (e:Entity)-[:HAS_EXCEPTION]->(x:ReportingException)
RETURN e.key AS lei, x.level AS level, x.reason AS reason
