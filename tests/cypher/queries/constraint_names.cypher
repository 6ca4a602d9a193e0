SHOW CONSTRAINTS YIELD name
RETURN collect(name) AS names
