// Every stated text claim (carried pieces left out) with its fact key and knowledge clocks.
MATCH ()-[r]->() WHERE r.source_kind = 'text_claim' AND r.carried_from IS NULL
RETURN r.fact_key AS fact_key, r.document_id AS document_id, r.known_from AS known_from, r.known_to AS known_to
ORDER BY fact_key, known_from
