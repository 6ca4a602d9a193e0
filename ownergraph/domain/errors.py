"""The one exception hierarchy of ownergraph."""

from __future__ import annotations


class OwnergraphError(Exception):
    """Base of every error ownergraph raises on purpose."""


class ConfigError(OwnergraphError):
    """Settings are missing or contradict each other."""


class Neo4jUnavailable(OwnergraphError):
    """No Neo4j could be reached or started; the message names the alternatives."""


class Neo4jAuthError(OwnergraphError):
    """Neo4j refused the credentials."""


class Neo4jVersionError(OwnergraphError):
    """The server's version is not one ownergraph supports."""


class InputFormatError(OwnergraphError):
    """A file is not in the format given or detected."""


class QuarantineError(OwnergraphError):
    """``--strict``: at least one input record was quarantined."""


class EntityNotFound(OwnergraphError):
    """A name, alias or LEI matched no entity; ``candidates`` holds near matches."""

    def __init__(self, mention: str, candidates: list[str] | None = None, *, ambiguous: bool = False,
                 compared: int = 0) -> None:
        self.mention = mention
        self.candidates = candidates or []
        self.ambiguous = ambiguous
        self.compared = compared  # a search's limit reached: the best this many names compared, of more
        hint = f"; did you mean {', '.join(self.candidates)}?" if self.candidates else ""
        what = f"{mention!r} names more than one entity" if ambiguous else f"could not find {mention!r}"
        limit = (f" (the {compared} names nearest its words were compared; the graph holds more that share"
                 " them: a longer or more exact name narrows it)") if compared else ""
        super().__init__(f"{what}{limit}{hint}")


class SameEntity(OwnergraphError, ValueError):
    """Two names of a question or call that must be different entities name one (a stake of X in X)."""


class LLMError(OwnergraphError, RuntimeError):
    """The LLM call failed (transport, HTTP status, timeout, empty or refused reply)."""


class EmbeddingUnavailable(OwnergraphError, RuntimeError):
    """The bundled model (or a backend) cannot be loaded; the message names the fix."""


class CypherError(OwnergraphError, ValueError):
    """A query name that is not a file of ``cypher/``, or a templated query's slot left
    unfilled or given a value outside its declared set."""


class ReviewError(OwnergraphError, ValueError):
    """A review of text claims cannot be done: no claim (or several) with that id, no such
    decision, or a decision already undone."""


class VectorIndexBusy(OwnergraphError, RuntimeError):
    """The on-disk vector index is open in another process (an ingest or ``ownergraph index``
    embedding documents, or a client that holds it): only one process may write it at a time."""


class QueryTimeout(OwnergraphError):
    """A read ran past its transaction timeout (``query_timeout_s`` / ``OWNERGRAPH_QUERY_TIMEOUT``)."""
