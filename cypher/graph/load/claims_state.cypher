// Every relationship read from document text (source_kind "text_claim"; its fact_key starts
// "text:", so the fact_key indexes find it without scanning the graph's edges) of the types
// the extractors write, with its confidence and its review status: the latest decision that
// is not undone ("accepted" | "rejected"), or null when nobody reviewed it.
CALL () {
  MATCH ()-[r:OWNS]->() WHERE r.fact_key STARTS WITH 'text:' RETURN r
  UNION ALL
  MATCH ()-[r:CONTROLS]->() WHERE r.fact_key STARTS WITH 'text:' RETURN r
  UNION ALL
  MATCH ()-[r:GUARANTEES]->() WHERE r.fact_key STARTS WITH 'text:' RETURN r
  UNION ALL
  MATCH ()-[r:LENDS_TO]->() WHERE r.fact_key STARTS WITH 'text:' RETURN r
}
WITH r WHERE r.source_kind = 'text_claim'
OPTIONAL MATCH (d:ClaimDecision {statement_id: r.statement_id}) WHERE d.undone_at IS NULL
WITH r, d ORDER BY d.decided_at DESC
WITH r, collect(d)[0] AS d
RETURN elementId(r) AS rid, r.statement_id AS statement_id, r.claim_confidence AS confidence,
       d.status AS status, d.decision_id AS decision_id, toString(r.known_to) AS known_to
