"""The domain floor: the words every layer shares, imported by all and importing none of them.

- ``model``: the record model (entities, edges, holdings, actions, quarantine) and its JSON schema
- ``codes``: the code lists (entity kinds, alias schemes, edge types, exception reasons)
- ``vocabulary``: the edge table, question kinds, ownership rules, contagion channels, path kinds
- ``errors``: the one exception hierarchy (``OwnergraphError`` and its kinds)
- ``lei``: the LEI check (ISO 17442)
- ``clock``: the two clocks of every question (``as_of``, ``known_at``)
- ``settings``: settings from the environment, a config file and the embedded defaults
"""
