// A merged entity ceases at the effective date (valid time); its node is kept for history.
MATCH (e:Entity {key: $key})
SET e.valid_to = CASE WHEN e.valid_to IS NULL OR e.valid_to > $effective THEN $effective ELSE e.valid_to END,
    e.status = coalesce($status, e.status)
