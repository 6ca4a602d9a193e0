// ownergraph schema. Applied idempotently by `ownergraph schema` and on connect.
// Entities are keyed by LEI where one exists (key = LEI), else a stable internal key.
CREATE CONSTRAINT entity_key IF NOT EXISTS FOR (e:Entity) REQUIRE e.key IS UNIQUE;
CREATE CONSTRAINT entity_lei IF NOT EXISTS FOR (e:Entity) REQUIRE e.lei IS UNIQUE;
// Alias key = scheme + "|" + value (names normalised by resolution).
CREATE CONSTRAINT alias_key IF NOT EXISTS FOR (a:Alias) REQUIRE a.key IS UNIQUE;
CREATE CONSTRAINT document_id IF NOT EXISTS FOR (d:Document) REQUIRE d.document_id IS UNIQUE;
CREATE CONSTRAINT portfolio_name IF NOT EXISTS FOR (p:Portfolio) REQUIRE p.name IS UNIQUE;
CREATE CONSTRAINT corporate_action_key IF NOT EXISTS FOR (c:CorporateAction) REQUIRE c.statement_id IS UNIQUE;
// a delta re-reads only the stored actions known from the earliest time it wrote (graph.load)
CREATE INDEX corporate_action_known IF NOT EXISTS FOR (c:CorporateAction) ON (c.known_from);
CREATE CONSTRAINT sanction_statement IF NOT EXISTS FOR (s:Sanction) REQUIRE s.statement_id IS UNIQUE;
CREATE CONSTRAINT exception_statement IF NOT EXISTS FOR (x:ReportingException) REQUIRE x.statement_id IS UNIQUE;
CREATE CONSTRAINT decision_id IF NOT EXISTS FOR (m:MatchDecision) REQUIRE m.decision_id IS UNIQUE;
CREATE CONSTRAINT claim_decision_id IF NOT EXISTS FOR (c:ClaimDecision) REQUIRE c.decision_id IS UNIQUE;
CREATE INDEX claim_decision_statement IF NOT EXISTS FOR (c:ClaimDecision) ON (c.statement_id);
CREATE INDEX entity_name IF NOT EXISTS FOR (e:Entity) ON (e.name);
CREATE INDEX alias_value IF NOT EXISTS FOR (a:Alias) ON (a.value);
// The graph's names and identifiers as words (entity names, alias values; case and accents
// folded): the names near a question's words at any size (retrieval.question.name_candidates)
// and the candidates of a fuzzy look-up (graph.analytics.lookup), best first, never a scan.
CREATE FULLTEXT INDEX entity_names IF NOT EXISTS FOR (n:Entity|Alias) ON EACH [n.name, n.value]
  OPTIONS {indexConfig: {`fulltext.analyzer`: 'standard-folding'}};
// Time and identity properties of every dated relationship type: as-of filters and
// supersession look-ups (fact_key) must not scan.
CREATE INDEX owns_time IF NOT EXISTS FOR ()-[r:OWNS]-() ON (r.valid_from, r.valid_to);
CREATE INDEX owns_known IF NOT EXISTS FOR ()-[r:OWNS]-() ON (r.known_from, r.known_to);
CREATE INDEX owns_fact IF NOT EXISTS FOR ()-[r:OWNS]-() ON (r.fact_key);
CREATE INDEX controls_time IF NOT EXISTS FOR ()-[r:CONTROLS]-() ON (r.valid_from, r.valid_to);
CREATE INDEX controls_fact IF NOT EXISTS FOR ()-[r:CONTROLS]-() ON (r.fact_key);
CREATE INDEX consolidated_time IF NOT EXISTS FOR ()-[r:CONSOLIDATED_BY]-() ON (r.valid_from, r.valid_to);
CREATE INDEX consolidated_fact IF NOT EXISTS FOR ()-[r:CONSOLIDATED_BY]-() ON (r.fact_key);
CREATE INDEX fund_fact IF NOT EXISTS FOR ()-[r:FUND_RELATION]-() ON (r.fact_key);
CREATE INDEX branch_fact IF NOT EXISTS FOR ()-[r:BRANCH_OF]-() ON (r.fact_key);
CREATE INDEX guarantees_time IF NOT EXISTS FOR ()-[r:GUARANTEES]-() ON (r.valid_from, r.valid_to);
CREATE INDEX guarantees_fact IF NOT EXISTS FOR ()-[r:GUARANTEES]-() ON (r.fact_key);
CREATE INDEX lends_time IF NOT EXISTS FOR ()-[r:LENDS_TO]-() ON (r.valid_from, r.valid_to);
CREATE INDEX lends_fact IF NOT EXISTS FOR ()-[r:LENDS_TO]-() ON (r.fact_key);
CREATE INDEX succeeded_fact IF NOT EXISTS FOR ()-[r:SUCCEEDED_BY]-() ON (r.fact_key);
CREATE INDEX associated_fact IF NOT EXISTS FOR ()-[r:ASSOCIATED_WITH]-() ON (r.fact_key);
CREATE INDEX holds_time IF NOT EXISTS FOR ()-[r:HOLDS]-() ON (r.valid_from, r.valid_to);
CREATE INDEX holds_fact IF NOT EXISTS FOR ()-[r:HOLDS]-() ON (r.fact_key);
CREATE INDEX entity_known IF NOT EXISTS FOR (e:Entity) ON (e.known_from);
CREATE INDEX sanction_fact IF NOT EXISTS FOR (s:Sanction) ON (s.fact_key);
CREATE INDEX exception_fact IF NOT EXISTS FOR (x:ReportingException) ON (x.fact_key);
CREATE INDEX document_filed IF NOT EXISTS FOR (d:Document) ON (d.filed_at);
// One node per parent and collection read in part (graph.collections).
CREATE CONSTRAINT partial_list_key IF NOT EXISTS FOR (p:PartialList) REQUIRE p.key IS UNIQUE;
CREATE CONSTRAINT retraction_statement IF NOT EXISTS FOR (x:Retraction) REQUIRE x.statement_id IS UNIQUE;
CREATE INDEX retraction_fact IF NOT EXISTS FOR (x:Retraction) ON (x.fact_key);
CREATE INDEX entity_fact IF NOT EXISTS FOR (e:Entity) ON (e.fact_key);
