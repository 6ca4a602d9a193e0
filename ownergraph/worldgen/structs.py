"""Constants and containers of a planned world (no logic beyond the knowledge-lag draws)."""

from __future__ import annotations

import math
import random
from array import array
from dataclasses import dataclass, field

import numpy as np

PERSON, COMPANY, FUND, BRANCH = 0, 1, 2, 3
KIND_NAMES = ("person", "company", "fund", "branch")
# edge types
OWN, VOTE, CTRL, GUAR, LEND, ASSOC, SUCC, BRANCHREL, FUNDMGR, CONS_D, CONS_U = range(11)
ETYPE_NAMES = ("ownership", "ownership", "control", "guarantee", "lending", "association",
               "succession", "branch_of", "fund_relation", "consolidation", "consolidation")
IN_GLEIF = {BRANCHREL, FUNDMGR, CONS_D, CONS_U}
# how a stake is published
EXACT, BAND, MISSING = 0, 1, 2
# edge flags
F_DIAMOND, F_CYCLE, F_TREASURY, F_OVER100, F_CORRECTED, F_RETRACTED, F_ACTION, F_TREE = (
    1, 2, 4, 8, 16, 32, 64, 128)
FLAG_NAMES = ((F_DIAMOND, "diamond"), (F_CYCLE, "cycle"), (F_TREASURY, "treasury"),
              (F_OVER100, "over_100"), (F_CORRECTED, "corrected"), (F_RETRACTED, "retracted"),
              (F_ACTION, "corporate_action"), (F_TREE, "group_tree"))
CONTROL_KINDS = ("board_appointment", "significant_influence", "nominee", "trust")
RELATIONSHIPS = ("spouse", "child", "sibling", "associate")
ACTIONS = ("merger", "spin_off", "change_of_control", "rename")
STANDARDS = ("IFRS", "US_GAAP", "")
MAX_DEPTH = 12


class Edges:
    """Column store of edges: type, endpoints, true stake %, clocks (date ordinals), flags."""

    def __init__(self) -> None:
        self.etype, self.src, self.dst = array("b"), array("i"), array("i")
        self.stake, self.pub, self.sub = array("f"), array("b"), array("b")
        self.vf, self.vt, self.lag = array("i"), array("i"), array("i")
        self.flags, self.amount, self.doc = array("H"), array("d"), array("i")

    def __len__(self) -> int:
        return len(self.etype)

    def add(self, etype: int, src: int, dst: int, vf: int, lag: int, *, stake: float = math.nan,
            pub: int = EXACT, sub: int = 0, flags: int = 0, amount: float = math.nan, vt: int = 0) -> int:
        self.etype.append(etype); self.src.append(src); self.dst.append(dst)
        self.stake.append(stake); self.pub.append(pub); self.sub.append(sub)
        self.vf.append(vf); self.vt.append(vt); self.lag.append(lag)
        self.flags.append(flags); self.amount.append(amount); self.doc.append(-1)
        return len(self.etype) - 1


@dataclass
class Action:
    kind: int  # index into ACTIONS
    subject: int
    counterparty: int  # -1 for a rename
    previous: int  # previous controller (change of control) or -1
    stake: float
    day: int  # effective date ordinal
    lag: int
    doc: int = -1
    edges: list[int] = field(default_factory=list)  # edges it opened or closed


@dataclass
class Doc:
    form: str
    filer: int
    filed: int  # ordinal
    edges: list[int]
    action: int = -1  # index into Plan.actions
    period: str = ""


@dataclass
class Plan:
    seed: int
    n: int
    start: int
    end: int
    kind: np.ndarray
    jur: np.ndarray
    has_lei: np.ndarray
    created: np.ndarray
    bank: np.ndarray
    manager: np.ndarray
    family: np.ndarray
    group: np.ndarray
    depth: np.ndarray
    renames: np.ndarray  # number of renames
    merged_into: np.ndarray
    merged_on: np.ndarray
    head: np.ndarray  # manager of a fund, head office of a branch
    edges: Edges = field(default_factory=Edges)
    rename_days: dict[int, list[tuple[int, int]]] = field(default_factory=dict)  # (day, lag)
    families: list[tuple[str, str, list[int]]] = field(default_factory=list)  # surname, culture, members
    cycles: list[list[int]] = field(default_factory=list)
    diamonds: list[tuple[int, list[int]]] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    docs: list[Doc] = field(default_factory=list)
    sanctions: list[tuple[int, int, int, int]] = field(default_factory=list)  # entity, regime, vf, vt
    repex: list[tuple[int, str, int]] = field(default_factory=list)  # entity, reason, vf
    corrections: dict[int, tuple[float, int]] = field(default_factory=dict)  # edge -> stake, days
    retractions: dict[int, int] = field(default_factory=dict)  # edge -> days after its known_from
    person_culture: dict[int, tuple[str, int, int, bool]] = field(default_factory=dict)

    def known(self, e: int) -> int:
        return min(self.edges.vf[e] + self.edges.lag[e], self.end)


def draw_lag(rng: random.Random) -> int:
    """Days between an event and its publication: mostly weeks, sometimes years."""
    r = rng.random()
    if r < 0.70:
        return rng.randint(0, 60)
    if r < 0.95:
        return rng.randint(61, 180)
    return rng.randint(365, 1100)


def draw_stake(rng: random.Random) -> float:
    r = rng.random()
    if r < 0.30:
        return 100.0
    if r < 0.65:
        return round(rng.uniform(50.01, 99.9), 2)
    if r < 0.85:
        return round(rng.uniform(25.01, 50.0), 2)
    return round(rng.uniform(5.0, 25.0), 2)


def draw_published(rng: random.Random, stake: float) -> int:
    r = rng.random()
    if r < 0.08:
        return MISSING
    if stake > 25 and stake != 100.0 and r < 0.30:
        return BAND
    return EXACT


def draw_amount(rng: random.Random) -> float:
    return round(math.exp(rng.uniform(math.log(1e6), math.log(5e8))), -5)


def draw_day(rng: random.Random, lo: int, hi: int) -> int:
    return rng.randint(lo, hi) if hi > lo else lo
