// The fingerprint of the generated world the database holds (bench/analytics reuses it).
MATCH (m:BenchMarker)
RETURN m.fingerprint AS f
