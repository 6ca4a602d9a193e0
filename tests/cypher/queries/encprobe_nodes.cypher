MATCH (n:EncProbe)
RETURN n.via AS via, n.key AS key, properties(n) AS p
