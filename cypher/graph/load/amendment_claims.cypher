// The text claims read from the documents whose claim fact keys start with $prefixes
// ("text:<document id>:"), stored as edges of type $$TYPE$$: each stated version's fact key
// and knowledge start (carried pieces are derived, not stated). The fact_key index is hinted.
// slot TYPE: REL_TYPES
UNWIND $prefixes AS prefix
MATCH ()-[r:$$TYPE$$]->() USING INDEX r:$$TYPE$$(fact_key)
WHERE r.fact_key STARTS WITH prefix AND r.carried_from IS NULL
RETURN prefix, r.fact_key AS fact_key, r.known_from AS known_from
