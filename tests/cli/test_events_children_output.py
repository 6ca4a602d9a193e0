"""``diff`` lists GLEIF legal-entity events and ``parents --children`` says a children list was
read in part, at 80 columns and in JSON. Real GLEIF API samples; values read off the files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ownergraph.cli import main

LEI = Path(__file__).resolve().parents[1] / "fixtures" / "real" / "gleif" / "api" / "lei_records"
# direct-children_21380068P1DRHMJ8KU70.json: page 1 of 8 (total 106); ultimate-children_...: data[14]
# 549300U8Y52MRCVNHF78 CHANGE_LEGAL_NAME effective 2024-05-17, recorded 2024-07-11T08:30:31Z, was BG 456 LIMITED
FILES = [LEI / "direct-children_21380068P1DRHMJ8KU70.json", LEI / "ultimate-children_21380068P1DRHMJ8KU70.json"]


@pytest.fixture()
def say(cli_on_test_graph, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path):

    def run(*argv: str) -> tuple[int, str]:
        code = main(list(argv))
        return code, capsys.readouterr().out

    code, _ = run("ingest", *map(str, FILES), "--quarantine", str(tmp_path / "q.jsonl"))
    assert code == 0
    return run


def test_diff_lists_the_name_change_event(say) -> None:
    code, out = say("diff", "549300U8Y52MRCVNHF78", "2024-01-01", "2024-12-31")
    said = " ".join(out.split())
    assert code == 0 and all(len(line) <= 80 for line in out.splitlines())
    assert ("change legal name (completed), effective 2024-05-17, recorded 2024-07-11 08:30 UTC, group "
            "standalone: legal name BG 456 LIMITED → SHELL QGC HOLDINGS LIMITED") in said
    code, out = say("diff", "549300U8Y52MRCVNHF78", "2024-01-01", "2024-12-31", "--json")
    (ev,) = json.loads(out)["events"]
    assert ev["effective"] == "2024-05-17" and ev["recorded"].startswith("2024-07-11T08:30:31")


def test_parents_children_says_the_list_is_partial(say) -> None:
    code, out = say("parents", "21380068P1DRHMJ8KU70", "--children", "--as-of", "2025-05-15")
    said = " ".join(out.split())
    assert code == 0 and "at least 15 direct children; page 1 of 8 read (106 stated by the source)" in said
    assert "BRAZIL SHIPPING I LIMITED (2138004VFYZFYLELHT92)" in out
    code, out = say("parents", "21380068P1DRHMJ8KU70", "--children", "--as-of", "2025-05-15", "--json")
    d = json.loads(out)
    assert d["partial"] is True and d["direct"]["stated_total"] == 106 and d["direct"]["count"] == 15
