"""Questions in, cited answers out: ``connect()`` then ``ask()`` (see retrieval.api)."""

from retrieval.api import Answer, Ownergraph, connect
from retrieval.question import Question, parse, understand

__all__ = ["Answer", "Ownergraph", "Question", "connect", "parse", "understand"]
