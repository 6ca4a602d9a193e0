// A bare entity (the key constraint, read-only transactions).
CREATE (:Entity {key: $key})
