// Nodes plus relationships: how far a load has come (the reliability benchmark kills it at points).
MATCH (n)
WITH count(n) AS nodes
OPTIONAL MATCH ()-[r]->()
WITH nodes, count(r) AS relationships
RETURN nodes + relationships AS n
