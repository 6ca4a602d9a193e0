// Carried pieces of OWNS edges (a superseded stake still true until the change) known from $k on.
MATCH ()-[r:OWNS]->() WHERE r.carried_from IS NOT NULL AND r.known_from >= datetime($k)
RETURN count(r) AS n
