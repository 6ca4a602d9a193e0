MATCH ()-[r:OWNS {fact_key: 'test:own-1'}]->()
RETURN r
