// Every node with its labels and properties (comparing two loads of the same files).
MATCH (n) RETURN labels(n) AS labels, properties(n) AS props
