UNWIND $rows AS row
CREATE (n:EncProbe {key: row.key, via: $via})
SET n += row.props
