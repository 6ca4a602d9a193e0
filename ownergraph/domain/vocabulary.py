"""The vocabulary, once, as data: edge kinds, question kinds, ownership rules, contagion channels.

Everything that names a kind of question, a rule or a channel reads it from here: the
analytics (``graph.analytics``: rule thresholds, channel directions, default depths), the
backtest question words, the question model and parser (``retrieval.question.model``,
``retrieval.question.parser``), the graph retriever and the answer composers, the command line and
the evaluation harness. Adding a kind of question is one :class:`QuestionKind` row in
:data:`KINDS`; ``tests/retrieval/test_vocabulary.py`` then fails until the parser, the
retriever and the composers have an entry for it, and fails if another module spells a
kind, rule or channel name itself.

The edge table :data:`EDGES` states each relationship type once (the FollowTheMoney way: an
edge kind is one row): the record that states it, what its ends are, how it reads, the
contagion channel it carries and which end that channel hits, the path kind that follows it,
and whether control and sanctions questions read it. Channels, path kinds, verbs and the edge
sets of the structural questions are derived from it.

It sits on the domain floor and imports only the code lists, so the command line reads it
without start-up cost.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Literal

from ownergraph.domain.codes import EdgeType

__all__ = [
    "EdgeKind", "EDGES", "EDGE_OF", "EDGE_VERBS", "FUND_VERBS", "edge_verb",
    "Basis", "Rule", "RULES", "RULE_NAMES", "CHAIN_RULE_NAMES", "DEFAULT_RULE", "CONTROL_RULE", "BLOCKED_RULE",
    "EU_AMLR_25", "AMLD_GT25", "ROLLING_25", "MAJORITY", "OFAC_50",
    "Channel", "CHANNELS", "CHANNEL_NAMES", "CHANNEL_OF", "HIT_END", "GUARANTEE", "LENDING", "OWNERSHIP",
    "CONTROL_EDGE_TYPES", "SANCTIONS_EDGE_TYPES", "PATH_KINDS", "PATH_KIND_NAMES", "CONTROL_PATH_KINDS",
    "path_edge_types", "VIEW_DEPTH",
    "QuestionKind", "KINDS", "KIND_NAMES", "UNKNOWN", "PATTERN_NAMES", "BACKTEST_KINDS", "kind_of_command",
    "OWNERS", "STAKE", "EXPOSURE", "CONTAGION", "PATH", "SANCTIONS_NEAR", "CYCLES", "PARENTS", "DIFF", "QUALITY",
]
__all__ += ["COUNTERPARTIES", "HOLDINGS", "GROUP"]

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

# -- edge kinds: one row per stored relationship type --------------------------------------

Party = Literal["source", "target"]


@dataclass(frozen=True)
class EdgeKind:
    """One relationship type: its stored name, the record that states it, its ends, its verb,
    and how the questions read it."""

    type: EdgeType  # the stored relationship type ("OWNS")
    record: str  # the record_type of the record that states it (domain.model)
    source: str  # what the start node is
    target: str  # what the end node is
    verb: str  # how an edge reads in English: "<source> owns <target>"
    channel: str | None = None  # the contagion channel it carries
    hit: Party | None = None  # the end that channel hits when the other end defaults
    path_kind: str | None = None  # the reachability kind that follows it, in its stored direction
    control: bool = False  # read by control questions (cycles, control paths)
    sanctions: bool = False  # read, undirected, by sanctions reach


E = EdgeType
EDGES: tuple[EdgeKind, ...] = (
    EdgeKind(E.OWNERSHIP, "ownership", "owner", "owned", "owns", "ownership", "source", "ownership",
             control=True, sanctions=True),
    EdgeKind(E.CONTROL, "control", "controller", "controlled (votes, board, trust, GP)", "controls",
             path_kind="control", control=True, sanctions=True),
    # owners lose equity when the owned defaults; the accounting parent is hit too
    EdgeKind(E.CONSOLIDATION, "consolidation", "child", "accounting parent (GLEIF; not ownership)",
             "is consolidated by", "ownership", "target", "consolidation"),
    EdgeKind(E.FUND_RELATION, "fund_relation", "fund / sub-fund / feeder", "manager / umbrella / master",
             "is a fund of", path_kind="fund"),
    EdgeKind(E.BRANCH_OF, "branch_of", "branch", "head office (the same legal entity)", "is a branch of",
             path_kind="branch"),
    EdgeKind(E.GUARANTEE, "guarantee", "guarantor", "guaranteed party", "guarantees", "guarantee", "source",
             "guarantee", sanctions=True),
    EdgeKind(E.LENDING, "lending", "lender", "borrower", "lends to", "lending", "source", "lending",
             sanctions=True),
    EdgeKind(E.SUCCESSION, "succession", "predecessor", "successor (merger, rename, spin-off)",
             "was succeeded by"),
    # family and associates: a neighbourhood "by any relationship" and a sanctions nexus reach them
    EdgeKind(E.ASSOCIATION, "association", "person", "person (family, associate; read both ways)",
             "is associated with", path_kind="association", sanctions=True),
    EdgeKind(E.HOLDING, "holding", "portfolio of our book", "issuer", "holds"),
)
del E
EDGE_OF: dict[str, EdgeKind] = {e.type.value: e for e in EDGES}

# -- contagion channels ---------------------------------------------------------------------


@dataclass(frozen=True)
class Channel:
    """A contagion channel: its edge types, each with the endpoint that is hit when the
    other endpoint defaults (the direction of risk; never the reverse)."""

    name: str
    party: str  # who is hit, as a reader calls them
    exposure: str  # what they hold against the defaulted party ("a loan of USD 80,000,000")

    @property
    def edges(self) -> tuple[tuple[str, Party], ...]:
        return tuple((e.type.value, e.hit) for e in EDGES if e.channel == self.name and e.hit)


GUARANTEE = Channel("guarantee", "guarantor", "guarantee")
LENDING = Channel("lending", "lender", "loan")
OWNERSHIP = Channel("ownership", "owner", "ownership")

CHANNELS: dict[str, Channel] = {c.name: c for c in (GUARANTEE, LENDING, OWNERSHIP)}
CHANNEL_NAMES: tuple[str, ...] = tuple(CHANNELS)  # also the default: every channel
CHANNEL_OF: dict[str, str] = {t: c.name for c in CHANNELS.values() for t, _ in c.edges}
HIT_END: dict[str, str] = {t: end for c in CHANNELS.values() for t, end in c.edges}

# edge types read by the structural questions
CONTROL_EDGE_TYPES: tuple[str, ...] = tuple(e.type.value for e in EDGES if e.control)  # cycles, control paths
SANCTIONS_EDGE_TYPES: tuple[str, ...] = tuple(e.type.value for e in EDGES if e.sanctions)  # read undirected

# -- path kinds: the relationship kinds a reachability question may follow ------------------
# Each kind is followed in the stored direction of its edge type (the edge table's ends).
PATH_KINDS: dict[str, tuple[str, ...]] = {
    e.path_kind: tuple(x.type.value for x in EDGES if x.path_kind == e.path_kind) for e in EDGES if e.path_kind
}
PATH_KIND_NAMES: tuple[str, ...] = tuple(PATH_KINDS)
VIEW_DEPTH = 12  # hops the chain view (ownergraph view) reads upward and downward: a chain, not a registry  # "connected to" questions: every kind
CONTROL_PATH_KINDS: tuple[str, ...] = tuple(k for k, types in PATH_KINDS.items()
                                            if all(EDGE_OF[t].control for t in types))


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
# bound is the reach query's (cypher/graph/analytics/ownership_reach.cypher, slot DEPTH: 1..100)
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
CYCLES = QuestionKind("cycles", "cycles", 0, 6, "cross-holdings, circular ownership, related parties around X, "
                      "or every one in the graph")
PARENTS = QuestionKind("parents", "parents", 1, None, "(direct / ultimate) parent, consolidation, GLEIF reporting "
                       "exceptions of X")
DIFF = QuestionKind("diff", "diff", 1, None, "what changed in the ownership / control of X between two dates "
                    "or since a date")

QUALITY = QuestionKind("quality", "quality", 0, None, "data-quality issues of the graph (shareholder totals over "
                       "100%, missing stakes, self-holdings, stubs, dangling references), of all or about X")

NEIGHBOURHOOD = QuestionKind("neighbourhood", "neighbourhood", 1, 1, "everything within N hops of X over chosen "
                             "kinds of relationship (ownership, control, lending, guarantee, branch, fund, consolidation)")
NAMES = QuestionKind("names", "names", 1, None, "names, previous names, aliases and identifiers (LEI, company "
                     "number) of X; who is <identifier>; what X was called at a date; what became of X")
SCREENING = QuestionKind("screening", "screening", 0, None, "book screening: which of our positions are owned or "
                         "controlled by, or within N hops of, a sanctioned party (positions and amounts)")
BRANCHES = QuestionKind("branches", "branches", 1, None, "branches of X; the head office (legal entity) a branch "
                        "X is part of")
EVENTS = QuestionKind("events", "events", 1, None, "when did X buy / sell its stake in Y, lend to, merge, change "
                      "its name, get sanctioned: dated edges, corrections and corporate actions of X (and Y)")
COUNTERPARTIES = QuestionKind("counterparties", "counterparties", 1, None, "lenders, guarantors or borrowers of X "
                              "(who lends to / guarantees X; whom X lends to / guarantees), with amounts and dates",
                              channels=True)
HOLDINGS = QuestionKind("holdings", "holdings", 1, FULL_DEPTH, "what X owns or controls, directly and through "
                        "chains, with effective stakes (X's shareholdings, subsidiaries)")
GROUP = QuestionKind("group", "group", 1, FULL_DEPTH, "X and everything it controls (X's group, its controlled "
                     "undertakings); of a person, family or several persons together")
# every question kind, in the order the parser, the CLI and the docs list them
KINDS: dict[str, QuestionKind] = {k.name: k for k in (
    OWNERS, STAKE, EXPOSURE, CONTAGION, PATH, SANCTIONS_NEAR, CYCLES, PARENTS, DIFF, QUALITY,
    NEIGHBOURHOOD, NAMES, SCREENING, BRANCHES, EVENTS, COUNTERPARTIES, HOLDINGS, GROUP)}
KIND_NAMES: tuple[str, ...] = tuple(KINDS)
UNKNOWN = "unknown"  # outside every kind: never answered by a guessed query
PATTERN_NAMES: tuple[str, ...] = (*KIND_NAMES, UNKNOWN)
BACKTEST_KINDS: tuple[QuestionKind, ...] = tuple(k for k in KINDS.values() if k.backtest)


# How each stored relationship type reads in English (sources, answers and the CLI).
EDGE_VERBS: dict[str, str] = {e.type.value: e.verb for e in EDGES}
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
