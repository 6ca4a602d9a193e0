"""Which relationship kinds a path question follows, from its words (no database)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from ownergraph.cli.analytics_cmd import path_cmd
from ownergraph.domain.vocabulary import CONTROL_PATH_KINDS, PATH_KIND_NAMES, path_edge_types
from ownergraph.retrieval.kinds.path import path_kinds
from ownergraph.retrieval.question.model import parse


@pytest.mark.parametrize("text", ["Is Fund A connected to Bank B?", "How is the fund linked to the bank?",
                                  "What is the connection between A and B?"])
def test_connection_questions_follow_every_kind(text):
    assert parse(text).pattern == "path"
    assert path_kinds(text) == PATH_KIND_NAMES


def test_control_path_and_named_channels():
    assert path_kinds("Shortest control path between A and B") == CONTROL_PATH_KINDS
    assert path_kinds("ownership chain from A to B") == CONTROL_PATH_KINDS
    assert path_kinds("Is A connected to B via guarantees?", ["guarantee"]) == ("guarantee",)


@pytest.mark.parametrize("text", ["How does Acme Invented Ltd own Bo Invented AG?",
                                  "Through which entities does Ana Invented hold or control Bo Invented AG?",
                                  "path Acme Invented Ltd -> Bo Invented AG own/ctrl 30/6/25",
                                  "SELECT path FROM ownership_control_paths WHERE from = 'A' AND to = 'B'"])
def test_a_question_whose_verb_is_owning_follows_ownership_and_control(text):
    assert path_kinds(text) == CONTROL_PATH_KINDS


def test_a_name_with_an_owning_word_asks_for_no_kind():
    text = "How is Ownership Holdings Invented Ltd connected to Bo Invented AG?"
    assert path_kinds(text, names=["Ownership Holdings Invented Ltd", "Bo Invented AG"]) == PATH_KIND_NAMES


def test_edge_types_of_kinds():
    assert path_edge_types(["fund", "consolidation"]) == ("FUND_RELATION", "CONSOLIDATED_BY")
    assert set(path_edge_types(["all"])) == {"OWNS", "CONTROLS", "CONSOLIDATED_BY", "FUND_RELATION", "BRANCH_OF",
                                             "GUARANTEES", "LENDS_TO", "ASSOCIATED_WITH"}
    with pytest.raises(ValueError, match="known: ownership"):
        path_edge_types(["ownrship"])


def test_cli_rejects_an_unknown_kind_before_connecting():
    out = CliRunner().invoke(path_cmd, ["A", "B", "--types", "ownership,fundz"])
    assert out.exit_code == 2 and "unknown path kind(s) fundz" in out.output


def test_fund_relationship_kinds_read_apart():
    from ownergraph.cli.views import relation
    assert relation({"type": "FUND_RELATION", "fund_kind": "fund_managed_by"}) == "is managed by"
    assert relation({"type": "FUND_RELATION", "fund_kind": "subfund_of"}) == "is a sub-fund of"
    assert relation({"type": "CONSOLIDATED_BY"}) == "is consolidated by"


def test_how_a_owns_b_asks_for_the_chain_along_the_edges():
    from ownergraph.retrieval.kinds.path import owning

    assert owning("Through which entities does Ana Invented hold or control Bo Invented AG?")
    assert owning("How does Acme Invented Ltd own Bo Invented AG?")
    assert not owning("How is Acme Invented Ltd connected to Bo Invented AG?")
    assert not owning("How is Ownership Invented Ltd connected to Bo Invented AG?", ["Ownership Invented Ltd"])
