MERGE (m:BenchMarker) SET m.fingerprint = $f
