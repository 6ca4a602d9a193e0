// Knowledge-time chain of each fact: a version is known until a later version (or a
// retraction) is published; the latest stays open. Versions published at the same instant
// (several interests of one BODS record) form one version and close together.
// $$MATCH$$ is a fixed pattern binding r to the versions of fact fk (an edge type or a node
// label from the closed domain set), $$HINT$$ its fact_key index (a plan made while the graph
// was nearly empty would otherwise scan every edge of the type for each key).
UNWIND $keys AS fk
MATCH $$MATCH$$ $$HINT$$
WITH fk, collect(r) AS versions
OPTIONAL MATCH (x:Retraction {fact_key: fk}) USING INDEX SEEK x:Retraction(fact_key)
WITH versions, collect(x.known_from) AS retracted
UNWIND versions AS r
WITH r, [v IN versions WHERE v.known_from > r.known_from | v.known_from]
        + [t IN retracted WHERE t > r.known_from] AS later
SET r.known_to = reduce(m = $known_max, t IN later | CASE WHEN t < m THEN t ELSE m END)
