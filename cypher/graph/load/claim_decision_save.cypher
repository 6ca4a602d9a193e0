// One review decision on a text claim (accepted | rejected): who, when, why. Decisions are
// never deleted: undoing one sets its undone_at, and the latest decision not undone counts.
CREATE (d:ClaimDecision)
SET d = $row, d.decided_at = datetime($row.decided_at)
RETURN d.decision_id AS decision_id
