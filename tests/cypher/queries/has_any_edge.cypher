MATCH (:Entity {key: $k})--()
RETURN 1
