"""The evaluation set: relationship questions with known answers.

Expected answers are computed here from the world generator's ground truth
(``ground_truth.jsonl``) with a small independent reimplementation of the arithmetic of
DOMAIN §6 (simple-path chain rule over published stakes, bands as intervals, valid time and
knowledge time as in DOMAIN §4). Nothing here calls the system under test. A handful of
hand-checked questions read off the real GLEIF sample (``data/real``) are added by
:func:`real_questions`.

Every question carries its text (phrased for :func:`retrieval.question.model.parse`), its clocks,
its family, the entities and edges an answer must rest on (``expected_entities`` as world keys
``wg:N`` or LEIs; ``expected_edges`` as truth edge ids, whose endpoints are also kept in
``expected_pairs``), the expected structured answer and the figures a text answer must state.

Structured answer kinds (``expected["kind"]``):

- ``owners``: ``certain`` / ``possible`` owner keys under the EU AMLR 25% rule ("25% or
  more"); ``borderline`` keys (an interval end within a hair of 25%) are not scored;
- ``stake``: ``lo`` / ``hi`` in percent (simple paths); ``none`` when there is no chain;
- ``set``: a set of ``keys`` (contagion: parties hit; sanctions: sanctioned entities near;
  cycles: the members of the cross-holding);
- ``parents``: ``direct`` / ``ultimate`` parent keys and reporting ``exceptions``
  (``level:REASON``);
- ``no_path``: no relationship between the two entities at all.

Modules: ``_model`` (the record, constants, phrasing), ``truth`` (the ground-truth model and
its arithmetic), ``_build_ownership`` and ``_build_structure`` (the builders per family);
this one runs the builders and adds the hand-checked real questions.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ownergraph.evaluation.build_structure import Builder
from ownergraph.evaluation.model import AS_OF, FAMILIES, EvalQuestion
from ownergraph.evaluation.truth import Truth
from ownergraph.domain.vocabulary import PARENTS

DEFAULT_COUNTS = {"multi_hop": 24, "banded": 16, "as_of": 20, "backtest": 14, "alias": 16,
                  "corporate_action": 16, "cycles": 10, "reporting_exception": 12, "sanctions": 14,
                  "contagion": 16, "no_relationship": 14}


def world_questions(world_dir: Path, *, seed: int = 7, counts: dict[str, int] | None = None) -> list[EvalQuestion]:
    """Questions with answers computed from ``world_dir/ground_truth.jsonl``."""
    c = {**DEFAULT_COUNTS, **(counts or {})}
    b = Builder(Truth(world_dir), seed)
    b.multi_hop(c["multi_hop"])
    b.banded(c["banded"])
    b.as_of(c["as_of"])
    b.backtest(c["backtest"])
    b.alias(c["alias"])
    b.corporate_actions(c["corporate_action"])
    b.cycles(c["cycles"])
    b.reporting_exceptions(c["reporting_exception"])
    b.sanctions(c["sanctions"])
    b.contagion(c["contagion"])
    b.no_relationship(c["no_relationship"])
    return b.out


# -- hand-checked questions on the real GLEIF sample -----------------------------------------------

# Read off data/real/gleif (rr golden copy and reporting exceptions); see SOURCES.md there.
REAL: list[dict[str, Any]] = [
    {"lei": "010CMKZ3VON21WF2ZD45", "direct": ["ZZG38T0MDR3QY1ETUA76"], "ultimate": ["3C7474T6CDKPR9K6YT90"],
     "exceptions": [], "note": "rr-data.xml: IS_DIRECTLY / IS_ULTIMATELY_CONSOLIDATED_BY since 2018-02-06"},
] + [
    {"lei": lei, "direct": [], "ultimate": [], "exceptions": [f"direct:{reason}"],
     "note": "repex-data.xml: DIRECT_ACCOUNTING_CONSOLIDATION_PARENT exception"}
    for lei, reason in (
        ("001GPB6A9XPE8XJICC14", "NO_KNOWN_PERSON"),  # fund-managed / sub-fund only: not a parent
        ("004L5FPTUREIWK9T2N63", "NON_CONSOLIDATING"),
        ("00EHHQ2ZHDCFXJCPCL46", "NON_CONSOLIDATING"),
        ("00GBW0Z2GYIER7DHDS71", "NON_CONSOLIDATING"),
        ("00KLB2PFTM3060S2N216", "NO_KNOWN_PERSON"),
        ("00QDBXDXLLF3W3JJJO36", "NO_KNOWN_PERSON"),
        ("00TV1D5YIV5IDUGWBW29", "NON_CONSOLIDATING"),
        ("00X8DSV26QKJPKUT5B34", "NON_CONSOLIDATING"),
        ("010G7UHBHEI87EKP0Q97", "NON_CONSOLIDATING"),
        ("01370W6ZIY66KQ4J3570", "NON_PUBLIC"),
    )
]


def real_questions(real_dir: Path | None = None, *, table: list[dict[str, Any]] | None = None) -> list[EvalQuestion]:
    """Hand-checked parent / reporting-exception questions on the real GLEIF sample."""
    out = []
    for i, r in enumerate(table if table is not None else REAL, 1):
        lei = r["lei"]
        out.append(EvalQuestion(
            qid=f"real-{i:03d}", family="reporting_exception", text=f"Who is the parent of {lei}?", as_of=None,
            known_at=None, expected_entities=sorted({lei, *r["direct"], *r["ultimate"]}), expected_edges=[],
            expected={"kind": "parents", "direct": r["direct"], "ultimate": r["ultimate"],
                      "exceptions": r["exceptions"]},
            figures=[*r["direct"], *r["ultimate"], *[x.split(":")[1] for x in r["exceptions"]]],
            pattern=PARENTS.name, anchors=[lei], source="real", note=r.get("note", "hand-checked GLEIF sample")))
    return out


def build_questions(world_dir: Path, *, seed: int = 7, real: bool = True,
                    counts: dict[str, int] | None = None) -> list[EvalQuestion]:
    qs = world_questions(world_dir, seed=seed, counts=counts)
    if real:
        qs += real_questions()
    return qs


def write_questions(questions: list[EvalQuestion], path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        for x in questions:
            f.write(json.dumps(x.as_dict(), ensure_ascii=False, default=str) + "\n")
    return path


__all__ = ["AS_OF", "EvalQuestion", "FAMILIES", "Truth", "build_questions", "real_questions",
           "world_questions", "write_questions"]
