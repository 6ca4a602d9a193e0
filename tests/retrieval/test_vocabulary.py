"""The question vocabulary is one table (``graph.vocabulary``): adding a kind of question is one
row there, and these tests then name every place that still needs an entry; no other module
spells a kind, rule or channel name itself."""

from __future__ import annotations

import ast
import io
import tokenize
from pathlib import Path

import pytest

from ownergraph.domain import vocabulary as V
from ownergraph.graph.analytics.backtest import KINDS as BACKTEST_WORDS
from ownergraph.graph.analytics.backtest import QuerySpec
from ownergraph.retrieval import llm
from ownergraph.retrieval import kinds as K
from ownergraph.retrieval.question import params as _parse_params
from ownergraph.retrieval.question.model import PATTERNS, RULES, Question, parse

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("ingest", "resolution", "graph", "retrieval", "ownergraph")
VOCABULARY = ROOT / "ownergraph" / "domain" / "vocabulary.py"


def _sources() -> list[Path]:
    return sorted(p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py") if p != VOCABULARY)


# -- every kind, rule and channel has its entries --------------------------------------------------


@pytest.mark.parametrize("kind", list(V.KINDS.values()), ids=list(V.KINDS))
def test_every_kind_is_parsed_answered_and_on_the_command_line(kind: V.QuestionKind) -> None:
    from ownergraph.cli import cli

    # structural: the kind's module holds one KindStrategy with every part (the dataclass has no
    # defaults, so a part left out fails at import); here, that the parts are real
    strategy = K.STRATEGIES[kind.name]
    assert strategy.kind is kind and strategy.rule.pattern and strategy.slots, "no keyword rule or slot patterns"
    assert all(callable(f) for f in (strategy.run, strategy.found, strategy.compose)) and strategy.nothing
    assert f"\n- {kind.name}: {kind.summary}" in llm.SYSTEM_PROMPT, "not offered to the LLM parser"
    assert kind.command in cli.commands, "no command-line command"
    assert Question(text="?", pattern=kind.name).pattern == kind.name
    if kind.backtest:
        spec = QuerySpec.parse([kind.command, "A", "B"])
        assert spec.kind == kind.command


def test_the_registries_hold_nothing_but_the_kinds() -> None:
    names = set(V.KIND_NAMES)
    modules = {p.stem for p in (ROOT / "retrieval" / "kinds").glob("*.py")} - {"__init__", "strategy"}
    assert modules == names  # one module per kind, no other
    assert len({s.precedence for s in K.STRATEGIES.values()}) == len(names)  # the rule order is total
    assert PATTERNS == (*V.KIND_NAMES, V.UNKNOWN)
    assert set(BACKTEST_WORDS) == {k.command for k in V.KINDS.values() if k.backtest}
    assert len({k.command for k in V.KINDS.values()}) == len(V.KINDS)  # one word per kind


def test_every_rule_is_read_by_the_parser_and_offered_on_the_command_line() -> None:
    from ownergraph.cli import cli

    assert RULES == V.RULE_NAMES
    assert [name for name, _ in _parse_params._RULE_WORDS] and \
        {name for name, _ in _parse_params._RULE_WORDS} == set(V.RULE_NAMES)
    rule_option = next(p for p in cli.commands[V.OWNERS.command].params if p.name == "rule")
    assert list(rule_option.type.choices) == list(V.RULE_NAMES)
    assert rule_option.default == V.DEFAULT_RULE
    # DOMAIN §6: EU AMLR is "25% or more", the older AMLD wording "more than 25%"
    assert (V.RULES["eu_amlr_25"].threshold, V.RULES["eu_amlr_25"].strict) == (0.25, False)
    assert (V.RULES["amld_gt25"].threshold, V.RULES["amld_gt25"].strict) == (0.25, True)
    assert parse("Who holds more than 25% of Acme Ltd?").rule == V.AMLD_GT25.name
    assert parse("Who holds 25% or more of Acme Ltd?").rule == V.EU_AMLR_25.name


def test_every_channel_is_read_by_the_parser_in_its_direction_of_risk() -> None:
    from ownergraph.cli import cli

    assert list(_parse_params._EDGE_WORDS) == list(V.CHANNEL_NAMES)
    types_option = next(p for p in cli.commands[V.CONTAGION.command].params if p.name == "types")
    assert types_option.default.split(",") == list(V.CHANNEL_NAMES)
    # a guaranteed party's default hits its guarantor, a borrower's its lender, an owned
    # entity's its owners and a consolidated child's its accounting parent (DOMAIN, contagion)
    assert V.HIT_END == {"GUARANTEES": "source", "LENDS_TO": "source", "OWNS": "source",
                         "CONSOLIDATED_BY": "target"}
    assert parse("Who is hit via guarantees if Acme Ltd defaults?").edge_types == [V.GUARANTEE.name]
    # the parties asked about name the channel; a channel said outright wins
    assert parse("Which lenders are hit if Acme Ltd defaults?").edge_types == [V.LENDING.name]
    assert parse("Which guarantors would be hit if Acme Ltd defaults?").edge_types == [V.GUARANTEE.name]
    assert parse("Which lenders are hit via guarantees if Acme Ltd defaults?").edge_types == [V.GUARANTEE.name]
    assert parse("Who is hit if Acme Ltd defaults?").edge_types is None


def test_sanctions_near_has_one_spelling_per_use() -> None:
    q = parse("Is Globex Corp within 2 hops of a sanctioned entity?")
    assert q.pattern == V.SANCTIONS_NEAR.name == "sanctions_near"
    assert V.SANCTIONS_NEAR.command == "sanctions-near"  # the command line's and backtests' word
    assert QuerySpec.parse("sanctions-near Globex").kind == V.SANCTIONS_NEAR.command


# -- nobody else spells them ------------------------------------------------------------------------


def _spelled(source: str, words: set[str]) -> list[tuple[int, str]]:
    """String literals in ``source`` that are exactly one of ``words`` (docstrings and longer
    strings that merely mention a word are fine)."""
    out = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.STRING:
            try:
                value = ast.literal_eval(tok.string)
            except (ValueError, SyntaxError):  # an f-string
                continue
            if isinstance(value, str) and value in words:
                out.append((tok.start[0], value))
    return out


def _is_pattern(node: ast.AST) -> bool:
    return (isinstance(node, ast.Name) and node.id == "pattern") or \
        (isinstance(node, ast.Attribute) and node.attr == "pattern")


def _strings(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [s for e in node.elts for s in _strings(e)]
    return []


def _kind_uses(source: str, kinds: set[str]) -> list[tuple[int, str]]:
    """Question kinds written as literals where a ``pattern`` is compared, matched, passed or
    set: ``pattern == "owners"``, ``case "owners"`` on a pattern, ``pattern="owners"``,
    ``{"pattern": "owners"}``."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare) and any(_is_pattern(x) for x in [node.left, *node.comparators]):
            out += [(node.lineno, s) for x in [node.left, *node.comparators] for s in _strings(x) if s in kinds]
        elif isinstance(node, ast.Match) and _is_pattern(node.subject):
            for case in node.cases:
                for sub in ast.walk(case.pattern):
                    if isinstance(sub, ast.MatchValue):
                        out += [(case.pattern.lineno, s) for s in _strings(sub.value) if s in kinds]
        elif isinstance(node, ast.keyword) and node.arg == "pattern":
            out += [(node.value.lineno, s) for s in _strings(node.value) if s in kinds]
        elif isinstance(node, ast.Dict):
            for k, v in zip(node.keys, node.values):
                if k is not None and _strings(k) == ["pattern"]:
                    out += [(v.lineno, s) for s in _strings(v) if s in kinds]
    return out


def test_the_scanners_find_what_they_look_for() -> None:
    bad = ('def f(q, pattern):\n    if q.pattern == "owners" or pattern in ("stake", "x"):\n        pass\n'
           '    match pattern:\n        case "cycles":\n            pass\n'
           '    g(pattern="diff", extra={"pattern": "path"})\n    rule = "ofac_50"\n')
    assert sorted(_kind_uses(bad, set(V.KIND_NAMES))) == [(2, "owners"), (2, "stake"), (5, "cycles"), (7, "diff"),
                                                          (7, "path")]
    assert _spelled(bad, set(V.RULE_NAMES)) == [(8, "ofac_50")]
    assert _spelled('"""sanctions_near is a kind."""\nx = "ofac_50 rule"\n', {"sanctions_near", "ofac_50"}) == []


def test_no_other_module_spells_a_rule_or_the_sanctions_kind() -> None:
    words = set(V.RULE_NAMES) | {V.SANCTIONS_NEAR.name, V.SANCTIONS_NEAR.command}
    found = [f"{p.relative_to(ROOT)}:{line}: {word!r}" for p in _sources()
             for line, word in _spelled(p.read_text(encoding="utf-8"), words)]
    assert found == [], "spell these through ownergraph.domain.vocabulary:\n" + "\n".join(found)


def test_no_other_module_compares_a_pattern_with_a_spelled_kind() -> None:
    kinds = set(V.PATTERN_NAMES)
    found = [f"{p.relative_to(ROOT)}:{line}: {word!r}" for p in _sources()
             for line, word in _kind_uses(p.read_text(encoding="utf-8"), kinds)]
    assert found == [], "use the kinds of ownergraph.domain.vocabulary:\n" + "\n".join(found)


def test_the_channel_readers_do_not_spell_a_channel() -> None:
    # the world generator, the readers and the truth model name their own edge types with the
    # same words; the modules that read contagion channels take them from the vocabulary
    readers = [p for p in _sources() if p.is_relative_to(ROOT / "retrieval") or p.is_relative_to(ROOT / "graph")
               or p.is_relative_to(ROOT / "ownergraph" / "cli")]
    found = [f"{p.relative_to(ROOT)}:{line}: {word!r}" for p in readers
             for line, word in _spelled(p.read_text(encoding="utf-8"), set(V.CHANNEL_NAMES))]
    assert found == [], "use the channels of ownergraph.domain.vocabulary:\n" + "\n".join(found)
