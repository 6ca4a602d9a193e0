// Knowledge-time chain of each fact: a version is known until the next version (or a
// retraction) is published; the latest stays open. $$MATCH$$ is a fixed pattern binding r
// to the versions of fact fk (an edge type or a node label from the closed domain set).
UNWIND $keys AS fk
MATCH $$MATCH$$
WITH fk, r ORDER BY r.known_from, r.statement_id
WITH fk, collect(r) AS versions
OPTIONAL MATCH (x:Retraction {fact_key: fk})
WITH versions, collect(x.known_from) AS retracted
UNWIND range(0, size(versions) - 1) AS i
WITH versions[i] AS r,
     CASE WHEN i + 1 < size(versions) THEN versions[i + 1].known_from ELSE $known_max END AS next,
     retracted
WITH r, reduce(m = next, t IN retracted |
       CASE WHEN t > r.known_from AND t < m THEN t ELSE m END) AS known_to
SET r.known_to = known_to
