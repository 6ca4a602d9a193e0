SHOW INDEXES YIELD name
RETURN collect(name) AS names
