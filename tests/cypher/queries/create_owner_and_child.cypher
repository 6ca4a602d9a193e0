// One owner with a dated OWNS edge to a child (connection round trip).
CREATE (:Entity {key: $lei, lei: $lei, name: $name})-[:OWNS {stake_lo: $s, stake_hi: $s,
        valid_from: date($vf)}]->(:Entity {key: 'og:child', name: 'Child'})
