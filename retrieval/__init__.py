"""Questions in, cited answers out: ``connect()`` then ``ask()`` (see retrieval.api)."""

from ownergraph.retrieval.api import Answer, Ownergraph, connect
from ownergraph.retrieval.question.model import Question, parse, understand

__all__ = ["Answer", "Ownergraph", "Question", "connect", "parse", "understand"]
