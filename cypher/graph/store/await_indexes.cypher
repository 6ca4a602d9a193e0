// Wait until every index is online (after the schema is applied), at most $seconds.
CALL db.awaitIndexes($seconds)
