MATCH (:Entity {key: '213800HBLSH1PP1NG027'})-[r:SUCCEEDED_BY {action: 'spin_off'}]->(n)
RETURN n.key AS k
