// Case-insensitive name: a label scan, so used only when the exact and alias look-ups
// found nothing (names are also stored as case-folded aliases, which are indexed).
MATCH (e:Entity) WHERE toLower(e.name) = $lower
RETURN e.key AS key, e.name AS name, e.lei AS lei, e.kind AS kind, e.jurisdiction AS jurisdiction,
       e.valid_from AS valid_from, e.valid_to AS valid_to, e.name AS matched
