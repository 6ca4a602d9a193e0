MATCH ()-[r:OWNS {fact_key: 'test:own-2'}]->()
RETURN r.known_to AS kt
