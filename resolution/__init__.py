"""Entity resolution: raw mentions (EntityRef) -> canonical, LEI-keyed entity keys.

Public API::

    from ownergraph.resolution import Resolver, normalise_name

    r = Resolver()
    for entity in records:            # ingest.model.Entity
        r.register(entity)
    res = r.resolve(EntityRef(name="Acme Ltd", jurisdiction="GB"))
    res.key, res.method, res.score, res.candidates, res.ambiguous
    d = r.merge(stub_key, lei_key, "same company, see filing X")
    r.undo(d.decision_id, block=True)  # restores both, and never merges them again
    state = r.state()                  # plain lists/dicts for the graph layer to persist
    r2 = Resolver.from_state(state)

Keys: the LEI where known, else ``og:`` + 16 hex of sha256 of the most authoritative
identifier or of (normalised name, jurisdiction, kind); see ``resolution.keys``.
Data flow is one way: this package imports ``ingest`` only.
"""

from ownergraph.resolution.decisions import Decision, Judgement, MergeRefused, ResolutionError, Status
from ownergraph.resolution.rows import AliasRow, EntityInfo
from ownergraph.resolution.keys import SCHEME_AUTHORITY, identifier_key, name_key, normalise_identifier
from ownergraph.resolution.normalise import NormalisedName, normalise_name, person_name_variants, transliterate
from ownergraph.resolution.resolve import Candidate, Method, Resolution
from ownergraph.resolution.resolver import Resolver
from ownergraph.resolution.spark import spark_session
from ownergraph.resolution.splink import MatchSettings
from ownergraph.resolution.state import ResolutionState, ResolutionStore, StateRecord, StreamingResolutionStore

__all__ = [
    "AliasRow",
    "Candidate",
    "Decision",
    "EntityInfo",
    "Judgement",
    "MatchSettings",
    "MergeRefused",
    "Method",
    "NormalisedName",
    "Resolution",
    "ResolutionError",
    "ResolutionState",
    "ResolutionStore",
    "StateRecord",
    "StreamingResolutionStore",
    "Resolver",
    "SCHEME_AUTHORITY",
    "Status",
    "identifier_key",
    "name_key",
    "normalise_identifier",
    "normalise_name",
    "person_name_variants",
    "spark_session",
    "transliterate",
]
