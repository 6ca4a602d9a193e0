"""Every answer reads as text for people (issue 30, item 7): every kind's composer through
``ask`` and every analytics command's text view, run on the example bundle, print no Python
tuple, no ``None`` or ``nan``, no raw key (``og:…``, ``wg:…``, a stored edge type) and no
entity id where the entity has a name (an id beside its name is fine: "Name (LEI)").

examples/bundle: the Harbourline group (Holdings, Shipping, Ferries, Marine Operations),
Valtora Investments Ltd and Ivan Petrov above it (sanctioned by OFSI from 2022-03-15),
Granite Bank AG's loan, Meridian Baltic Logistics GmbH sold to Nordkap Capital AG on
2023-09-30 (own-shipping-meridian closes, the RNS opens Nordkap's 60%)."""

from __future__ import annotations

import json
import re

import pytest

from ownergraph.domain.vocabulary import EDGES, KINDS
from tests.example_bundle import AS_OF, BUNDLE, bundle_graph, cli_run  # noqa: F401 (fixtures)

# one question per kind (each module's composer); a new kind without one fails below
QUESTIONS = {
    "owners": "Who owns Harbourline Shipping Limited?",
    "stake": "What is Ivan Petrov's effective stake in Harbourline Shipping Limited?",
    "exposure": "What is our exposure to Valtora Investments Ltd?",
    "contagion": "Who is hit if Harbourline Shipping Limited defaults?",
    "path": "How is Valtora Investments Ltd connected to Granite Bank AG?",
    "sanctions_near": "Which sanctioned entities are within 3 hops of Harbourline Shipping Limited?",
    "cycles": "Are there cross-holdings around Harbourline Holdings PLC?",
    "parents": "Who is the accounting parent of Harbourline Shipping Limited?",
    "diff": "What changed in the ownership of Meridian Baltic Logistics GmbH between 2023-01-01 and 2024-01-01?",
    "quality": "Are there data quality issues for Harbourline Holdings PLC?",
}
QUESTIONS |= {
    "counterparties": "Who lends to and guarantees Harbourline Shipping Limited?",
    "holdings": "What does Valtora Investments Ltd own?",
    "group": "Show me Valtora Investments Ltd and everything it controls.",
}
D0, D1 = "2023-01-01", "2024-01-01"
COMMANDS = [
    ("owners", "Harbourline Shipping Limited"), ("owners", "Harbourline Shipping Limited", "--rule", "majority"),
    ("stake", "Ivan Petrov", "Harbourline Shipping Limited"), ("exposure", "Valtora Investments Ltd"),
    ("contagion", "Harbourline Shipping Limited"), ("path", "Valtora Investments Ltd", "Granite Bank AG"),
    ("path", "Valtora Investments Ltd", "Granite Bank AG", "--types", "all"),
    ("path", "Nordkap Capital AG", "Granite Bank AG", "--types", "guarantee,lending"),  # no such path
    ("sanctions-near", "--hops", "3"), ("sanctions-near", "Harbourline Shipping Limited", "--hops", "3"),
    ("cycles", "Harbourline Holdings PLC"), ("parents", "Harbourline Shipping Limited"),
    ("parents", "Harbourline Holdings PLC", "--children"), ("quality",),
    ("diff", "Meridian Baltic Logistics GmbH", D0, D1), ("diff", "Harbourline Holdings PLC", "2017-01-01", D1),
]
# issue 30, item 3 (kinds-b)
QUESTIONS |= {
    "neighbourhood": "What is within two hops of Harbourline Shipping Limited?",
    "names": "What was Harbourline Holdings PLC called before?",
    "screening": "Are any of our positions owned or controlled by sanctioned parties?",
    "branches": "What is Granite Bank AG, London Branch part of?",
    "events": "When did Harbourline Holdings PLC buy its stake in Harbourline Shipping Limited?",
}
COMMANDS += [
    ("neighbourhood", "Harbourline Shipping Limited", "--hops", "2"), ("names", "Harbourline Holdings PLC"),
    ("names", "Kestrel Energy S.p.A."), ("screening",), ("screening", "--hops", "3"),
    ("branches", "Granite Bank AG"), ("events", "Harbourline Holdings PLC"),
    ("events", "Harbourline Holdings PLC", "Harbourline Shipping Limited"),
]
COMMANDS += [("counterparties", "Harbourline Shipping Limited"), ("holdings", "Valtora Investments Ltd"),
             ("group", "Valtora Investments Ltd")]
_EDGE_TYPES = "|".join(sorted({e.type.value for e in EDGES}, key=len, reverse=True))
BAD = {
    "a Python tuple": re.compile(r"\((?:-?\d+(?:\.\d+)?|None|'[^']*'),\s?(?:-?\d+(?:\.\d+)?|None|'[^']*')\)"),
    "None": re.compile(r"\bNone\b"),
    "nan": re.compile(r"\b(?:nan|NaN)\b"),
    "a raw key": re.compile(r"\b(?:og|wg):[\w:.-]+"),
    "a stored edge type": re.compile(rf"\b(?:{_EDGE_TYPES})\b"),
}


def _named_ids() -> dict[str, str]:
    """LEI -> name of every bundle entity that has both."""
    out = {}
    for line in (BUNDLE / "example.bundle.jsonl").read_text().splitlines():
        rec = json.loads(line)
        if rec.get("type") == "entity" and rec.get("lei") and rec.get("name"):
            out[rec["lei"]] = rec["name"]
    return out


def problems(text: str) -> list[str]:
    found = [f"{what}: {m.group(0)!r}" for what, rx in BAD.items() for m in rx.finditer(text)]
    for lei, name in _named_ids().items():
        # an id beside its name ("Name (LEI)", "LEI …") is a reference; alone it hides the name
        rest = text.replace(f"{name} ({lei})", "").replace(f"LEI {lei}", "").replace(f"({lei})", "")
        if lei in rest:
            found.append(f"the id {lei} where the name {name!r} exists")
    return found


def test_every_kind_has_a_question() -> None:
    assert set(QUESTIONS) >= set(KINDS), f"no question renders {sorted(set(KINDS) - set(QUESTIONS))}"


@pytest.mark.parametrize("kind", sorted(QUESTIONS))
def test_every_composer_reads_as_text(cli_run, kind: str) -> None:
    out = cli_run("ask", QUESTIONS[kind], "--as-of", AS_OF)
    assert f"pattern {kind}" in out, out  # the question reached the kind's composer
    assert not problems(out), "\n".join(problems(out)) + "\n\n" + out


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_every_command_view_reads_as_text(cli_run, args: tuple[str, ...]) -> None:
    out = cli_run(*args, *(() if args[0] == "diff" else ("--as-of", AS_OF)))
    assert not problems(out), "\n".join(problems(out)) + "\n\n" + out


def test_diff_states_stakes_as_percentages_and_words(cli_run) -> None:
    """The sale of Meridian Baltic Logistics GmbH: Shipping's 60% closes, Nordkap's opens."""
    said = " ".join(cli_run("ask", QUESTIONS["diff"], "--as-of", AS_OF).split())  # unwrapped
    assert "Harbourline Shipping Limited owns Meridian Baltic Logistics GmbH (60% → none;" in said, said
    assert "Nordkap Capital AG owns Meridian Baltic Logistics GmbH (none → 60%;" in said, said
    assert "change of control effective 2023-09-30" in said, said
    shown = cli_run("diff", "Meridian Baltic Logistics GmbH", D0, D1)
    assert "60% → none" in shown and "none → 60%" in shown, shown


def test_contagion_puts_the_shares_at_risk_not_the_votes(cli_run) -> None:
    """Valtora holds 25-50% of Holdings' shares and 52% of its votes: its equity at risk when
    Holdings defaults is the shares."""
    out = cli_run("contagion", "Harbourline Holdings PLC", "--as-of", AS_OF)
    valtora = next(line for line in out.splitlines() if line.strip().startswith("Valtora Investments Ltd"))
    assert "25–50%" in valtora and "52%" not in valtora, out
