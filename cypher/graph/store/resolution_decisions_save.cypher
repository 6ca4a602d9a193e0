// Every match decision, reversible: method, score, time, who decided, and its status.
UNWIND $rows AS row
MERGE (m:MatchDecision {decision_id: row.decision_id})
SET m += row
