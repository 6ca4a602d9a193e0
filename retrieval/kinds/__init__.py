"""One module per question kind, each a :class:`~.strategy.KindStrategy`: its keyword rule, slot
patterns, analytic, found-test, composer and no-answer text, registered here from the
vocabulary's kinds. A new kind is one row of ``domain.vocabulary.KINDS`` and one module here
named for it; a row without a module fails at import."""

from __future__ import annotations

from importlib import import_module

from ownergraph.domain.vocabulary import KINDS
from ownergraph.retrieval.kinds.strategy import KindStrategy

STRATEGIES: dict[str, KindStrategy] = {name: import_module(f"{__name__}.{name}").STRATEGY for name in KINDS}
BY_PRECEDENCE: tuple[KindStrategy, ...] = tuple(sorted(STRATEGIES.values(), key=lambda s: s.precedence))
