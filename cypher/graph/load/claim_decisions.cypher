// Every review decision on text claims, oldest first (undone ones included, marked).
MATCH (d:ClaimDecision)
RETURN d {.*, decided_at: toString(d.decided_at), undone_at: toString(d.undone_at)} AS decision
ORDER BY d.decided_at, d.decision_id
