"""The question vocabulary, once, as data: question kinds, ownership rules, contagion channels.

Everything that names a kind of question, a rule or a channel reads it from here: the
analytics (``graph.analytics``: rule thresholds, channel directions, default depths), the
backtest question words, the question model and parser (``retrieval.question``,
``retrieval._parser``), the graph retriever and the answer composers, the command line and
the evaluation harness. Adding a kind of question is one :class:`QuestionKind` row in
:data:`KINDS`; ``tests/retrieval/test_vocabulary.py`` then fails until the parser, the
retriever and the composers have an entry for it, and fails if another module spells a
kind, rule or channel name itself.

This module sits in ``graph`` because the analytics (the lowest layer that needs it) read it;
it imports nothing of ownergraph, so the command line can read it without start-up cost.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Literal

__all__ = [
    "Basis", "Rule", "RULES", "RULE_NAMES", "CHAIN_RULE_NAMES", "DEFAULT_RULE", "CONTROL_RULE", "BLOCKED_RULE",
    "EU_AMLR_25", "AMLD_GT25", "ROLLING_25", "MAJORITY", "OFAC_50",
    "Channel", "CHANNELS", "CHANNEL_NAMES", "CHANNEL_OF", "HIT_END", "GUARANTEE", "LENDING", "OWNERSHIP",
    "CONTROL_EDGE_TYPES", "SANCTIONS_EDGE_TYPES", "PATH_KINDS", "PATH_KIND_NAMES", "CONTROL_PATH_KINDS",
    "path_edge_types",
    "QuestionKind", "KINDS", "KIND_NAMES", "UNKNOWN", "PATTERN_NAMES", "BACKTEST_KINDS", "kind_of_command",
    "OWNERS", "STAKE", "EXPOSURE", "CONTAGION", "PATH", "SANCTIONS_NEAR", "CYCLES", "PARENTS", "DIFF", "QUALITY",
]

# -- ownership rules (DOMAIN §6) ------------------------------------------------------------

Basis = Literal["chain_rule", "per_hop", "majority_fixpoint", "blocked_aggregate"]


@dataclass(frozen=True)
class Rule:
    """An ownership / control test: pass when the measure is ``> threshold`` (``strict``) or
    ``>= threshold``, measured on ``basis``."""

    name: str
    threshold: float  # a fraction: 0.25 = 25%
    strict: bool  # ">" rather than ">="
    basis: Basis
    from_threshold: bool  # a bare stated threshold with this strictness names this rule
    summary: str  # what a reader calls it (LLM prompt, help)


EU_AMLR_25 = Rule("eu_amlr_25", 0.25, False, "chain_rule", True, "25% or more, EU AMLR")
AMLD_GT25 = Rule("amld_gt25", 0.25, True, "chain_rule", True, "more than 25%, AMLD")
ROLLING_25 = Rule("rolling_25", 0.25, True, "per_hop", False, "every link above 25%")
MAJORITY = Rule("majority", 0.5, True, "majority_fixpoint", True, "majority control")
OFAC_50 = Rule("ofac_50", 0.5, False, "blocked_aggregate", False, "OFAC 50% rule, blocked")

RULES: dict[str, Rule] = {r.name: r for r in (EU_AMLR_25, AMLD_GT25, ROLLING_25, MAJORITY, OFAC_50)}
RULE_NAMES: tuple[str, ...] = tuple(RULES)
CHAIN_RULE_NAMES: tuple[str, ...] = tuple(n for n, r in RULES.items() if r.basis == "chain_rule")
DEFAULT_RULE = EU_AMLR_25.name  # owners, diffs of owners
CONTROL_RULE = MAJORITY.name  # what a person or group controls (exposure)
BLOCKED_RULE = OFAC_50.name  # "is X blocked"

# -- contagion channels ---------------------------------------------------------------------


@dataclass(frozen=True)
class Channel:
    """A contagion channel: its edge types, each with the endpoint that is hit when the
    other endpoint defaults (the direction of risk; never the reverse)."""

    name: str
    edges: tuple[tuple[str, Literal["source", "target"]], ...]
    party: str  # who is hit, as a reader calls them
    exposure: str  # what they hold against the defaulted party ("a loan of USD 80,000,000")


GUARANTEE = Channel("guarantee", (("GUARANTEES", "source"),), "guarantor", "guarantee")
LENDING = Channel("lending", (("LENDS_TO", "source"),), "lender", "loan")
OWNERSHIP = Channel("ownership", (("OWNS", "source"), ("CONSOLIDATED_BY", "target")),
                    "owner", "ownership")  # owners lose equity; the accounting parent is hit too

CHANNELS: dict[str, Channel] = {c.name: c for c in (GUARANTEE, LENDING, OWNERSHIP)}
CHANNEL_NAMES: tuple[str, ...] = tuple(CHANNELS)  # also the default: every channel
CHANNEL_OF: dict[str, str] = {t: c.name for c in CHANNELS.values() for t, _ in c.edges}
HIT_END: dict[str, str] = {t: end for c in CHANNELS.values() for t, end in c.edges}

# edge types read by the structural questions
CONTROL_EDGE_TYPES: tuple[str, ...] = ("OWNS", "CONTROLS")  # cycles, control paths
SANCTIONS_EDGE_TYPES: tuple[str, ...] = ("OWNS", "CONTROLS", "GUARANTEES", "LENDS_TO")  # read undirected

# -- path kinds: the relationship kinds a reachability question may follow ------------------
# Each kind is followed in the stored direction of its edge type: owner -> owned, controller ->
# controlled, child -> accounting parent (GLEIF IS_DIRECTLY/ULTIMATELY_CONSOLIDATED_BY), fund ->
# manager / sub-fund -> umbrella / feeder -> master (IS_FUND-MANAGED_BY, IS_SUBFUND_OF,
# IS_FEEDER_TO), branch -> head office (IS_INTERNATIONAL_BRANCH_OF), guarantor -> guaranteed,
# lender -> borrower.
PATH_KINDS: dict[str, tuple[str, ...]] = {
    "ownership": ("OWNS",), "control": ("CONTROLS",), "consolidation": ("CONSOLIDATED_BY",),
    "fund": ("FUND_RELATION",), "branch": ("BRANCH_OF",), "guarantee": ("GUARANTEES",), "lending": ("LENDS_TO",),
}
PATH_KIND_NAMES: tuple[str, ...] = tuple(PATH_KINDS)  # "connected to" questions: every kind
CONTROL_PATH_KINDS: tuple[str, ...] = ("ownership", "control")  # a "control path": CONTROL_EDGE_TYPES


def path_edge_types(kinds: Iterable[str]) -> tuple[str, ...]:
    """The edge types of the named path kinds (``"all"`` names every kind); an unknown name
    is a ValueError listing the known ones."""
    chosen = [k.strip().lower() for k in kinds if k.strip()]
    if "all" in chosen:
        chosen = list(PATH_KIND_NAMES)
    bad = [k for k in chosen if k not in PATH_KINDS]
    if bad or not chosen:
        raise ValueError(f"unknown path kind(s) {', '.join(bad) or '(none given)'}; "
                         f"known: {', '.join(PATH_KIND_NAMES)}, all")
    return tuple(dict.fromkeys(t for k in chosen for t in PATH_KINDS[k]))

# -- question kinds -------------------------------------------------------------------------


@dataclass(frozen=True)
class QuestionKind:
    """One family of graph question (``Question.pattern``)."""

    name: str  # Question.pattern
    command: str  # the command-line and backtest word
    entities: int  # entity mentions the analytic needs (0: optional)
    depth: int | None  # hops read when the question states none (None: not a depth question)
    summary: str  # one line for the LLM prompt
    channels: bool = False  # the parser reads contagion channels ("via guarantees") for it
    backtest: bool = False  # askable in a backtest ("owners X", "sanctions-near X")

    @property
    def hops(self) -> int:
        """The default depth, for a kind that has one."""
        if self.depth is None:
            raise ValueError(f"{self.name} questions have no depth")
        return self.depth


# ownership questions read the whole chain by default (real chains run past 12 hops); the
# bound is the reach query's (cypher/ownership_reach.cypher, slot DEPTH: 1..100)
FULL_DEPTH = 100

OWNERS = QuestionKind("owners", "owners", 1, FULL_DEPTH, "who owns / controls / is the (ultimate) beneficial owner of X; "
                      "is X blocked (OFAC)", backtest=True)
STAKE = QuestionKind("stake", "stake", 2, FULL_DEPTH, "A's (effective / indirect) stake in B; how much of B does A own",
                     backtest=True)
EXPOSURE = QuestionKind("exposure", "exposure", 1, 12, "our exposure / holdings / loans to X or to anything a "
                        "person, family or group controls", channels=True, backtest=True)
CONTAGION = QuestionKind("contagion", "contagion", 1, 6, "who is hit / affected if X defaults or fails",
                         channels=True, backtest=True)
PATH = QuestionKind("path", "path", 2, 12, "shortest (control) path / connection between A and B",
                    channels=True, backtest=True)
SANCTIONS_NEAR = QuestionKind("sanctions_near", "sanctions-near", 0, 2, "entities within N hops of a sanctioned "
                              "entity; is X near a sanctioned entity", backtest=True)
CYCLES = QuestionKind("cycles", "cycles", 1, 6, "cross-holdings, circular ownership, related parties around X")
PARENTS = QuestionKind("parents", "parents", 1, None, "(direct / ultimate) parent, consolidation, GLEIF reporting "
                       "exceptions of X")
DIFF = QuestionKind("diff", "diff", 1, None, "what changed in the ownership / control of X between two dates "
                    "or since a date")

QUALITY = QuestionKind("quality", "quality", 0, None, "data-quality issues of the graph (shareholder totals over "
                       "100%, missing stakes, self-holdings, stubs, dangling references), of all or about X")

KINDS: dict[str, QuestionKind] = {k.name: k for k in (OWNERS, STAKE, EXPOSURE, CONTAGION, PATH, SANCTIONS_NEAR,
                                                       CYCLES, PARENTS, DIFF, QUALITY)}
KIND_NAMES: tuple[str, ...] = tuple(KINDS)
UNKNOWN = "unknown"  # outside every kind: never answered by a guessed query
PATTERN_NAMES: tuple[str, ...] = (*KIND_NAMES, UNKNOWN)
BACKTEST_KINDS: tuple[QuestionKind, ...] = tuple(k for k in KINDS.values() if k.backtest)


# How each stored relationship type reads in English (sources, answers and the CLI).
EDGE_VERBS: dict[str, str] = {
    "OWNS": "owns", "CONTROLS": "controls", "CONSOLIDATED_BY": "is consolidated by",
    "FUND_RELATION": "is a fund of", "BRANCH_OF": "is a branch of", "GUARANTEES": "guarantees",
    "LENDS_TO": "lends to", "SUCCEEDED_BY": "was succeeded by", "ASSOCIATED_WITH": "is associated with",
    "HOLDS": "holds",
}
# GLEIF's fund relationship kinds, where a FUND_RELATION edge says which one it is.
FUND_VERBS: dict[str, str] = {"fund_managed_by": "is managed by", "subfund_of": "is a sub-fund of",
                              "feeder_to": "is a feeder to"}


def edge_verb(rel_type: str, fund_kind: str | None = None) -> str:
    """How an edge of ``rel_type`` reads ("owns", "is managed by"); unknown types lower-cased."""
    if rel_type == "FUND_RELATION" and fund_kind in FUND_VERBS:
        return FUND_VERBS[fund_kind]
    return EDGE_VERBS.get(rel_type, rel_type.lower())


def kind_of_command(word: str) -> QuestionKind | None:
    """The kind a command-line / backtest word names (``"sanctions-near"``), or None."""
    return next((k for k in KINDS.values() if k.command == word), None)
