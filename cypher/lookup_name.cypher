// Exact name, then case-insensitive name (the second is a label scan: used only when the
// exact look-ups found nothing).
MATCH (e:Entity) WHERE e.name = $name
RETURN e.key AS key, e.name AS name, e.lei AS lei, e.kind AS kind,
       e.valid_from AS valid_from, e.valid_to AS valid_to, e.name AS matched
UNION
MATCH (e:Entity) WHERE toLower(e.name) = $lower
RETURN e.key AS key, e.name AS name, e.lei AS lei, e.kind AS kind,
       e.valid_from AS valid_from, e.valid_to AS valid_to, e.name AS matched
