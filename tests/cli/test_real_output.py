"""What a person reads from ``owners``, ``parents`` and ``ingest`` on real samples, at 80 columns.

Expected values are read off the files: GLEIF golden-copy excerpts (content date 2023-06-05) in
tests/fixtures/real/gleif/golden-copy/ and UK Companies House PSC records in
tests/fixtures/real/uk-psc/psc-data-8.json.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ownergraph.cli import main

REAL = Path(__file__).resolve().parents[1] / "fixtures" / "real"
GOLDEN = REAL / "gleif" / "golden-copy"
FILES = [GOLDEN / "lei-data.xml", GOLDEN / "rr-data.xml", GOLDEN / "repex-data.xml", REAL / "uk-psc" / "psc-data-8.json"]


@pytest.fixture()
def say(cli_on_test_graph, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path):
    """``say(*argv)`` -> (exit code, stdout, stderr) of the real CLI on the test server, 80 columns."""

    def run(*argv: str) -> tuple[int, str, str]:
        code = main(list(argv))
        out = capsys.readouterr()
        return code, out.out, out.err

    code, out, err = run("ingest", *map(str, FILES), "--quarantine", str(tmp_path / "q.jsonl"))
    assert code == 0, err
    return run


def _fits(out: str) -> list[str]:
    lines = out.splitlines()
    assert lines and all(len(line) <= 80 for line in lines), out
    for raw in ("True", "False", "nan", "None", "stat…", "stak…", "┃"):
        assert raw not in out, (raw, out)
    return lines


def _row(lines: list[str], first: str) -> list[str]:
    return next(line for line in lines if line.strip().startswith(first)).split("  ")


def test_parents_say_who_and_since_when(say) -> None:
    # rr-data.xml: 010CMKZ3VON21WF2ZD45 IS_DIRECTLY_CONSOLIDATED_BY ZZG38T0MDR3QY1ETUA76 and
    # IS_ULTIMATELY_CONSOLIDATED_BY 3C7474T6CDKPR9K6YT90, both RELATIONSHIP_PERIOD from 2018-02-06
    code, out, _ = say("parents", "010CMKZ3VON21WF2ZD45", "--as-of", "2019-06-30")
    lines = _fits(out)
    assert code == 0
    assert "  direct parent: ZZG38T0MDR3QY1ETUA76 (ZZG38T0MDR3QY1ETUA76), since 2018-02-06" in lines
    assert "  ultimate parent: 3C7474T6CDKPR9K6YT90 (3C7474T6CDKPR9K6YT90), since 2018-02-06" in lines
    # lei-data.xml: 001GPB6A9XPE8XJICC14 is "Fidelity Advisor Leveraged Company Stock Fund";
    # repex-data.xml: its DIRECT_ACCOUNTING_CONSOLIDATION_PARENT exception, reason NO_KNOWN_PERSON
    code, out, _ = say("parents", "001GPB6A9XPE8XJICC14", "--as-of", "2023-06-05")
    text = " ".join(_fits(out)[0:2])
    assert code == 0 and "Fidelity Advisor Leveraged Company Stock Fund (001GPB6A9XPE8XJICC14)" in " ".join(text.split())
    said = " ".join(out.split())
    assert "direct parent: not reported (NO_KNOWN_PERSON: there is no known person controlling it)" in said
    assert "ultimate parent: none reported" in said


def test_owners_one_line_per_party(say) -> None:
    # psc-data-8.json: company 03136191, "Mr. Michael Stanley Bunyan", individual PSC,
    # ownership-of-shares-25-to-50-percent, notified_on 2016-11-01
    code, out, _ = say("owners", "GB:03136191", "--as-of", "2023-06-05")
    lines = _fits(out)
    assert code == 0 and lines[0].startswith("Owners of GB:03136191")
    assert lines[2].split() == ["owner", "stake", "owner?", "via", "since"]
    assert [c.strip() for c in _row(lines, "Michael Stanley Bunyan") if c.strip()] == [
        "Michael Stanley Bunyan (UBO)", "25–50%", "yes", "direct", "2016-11-01"]
    # company 07880581, "Mr Derek Salter", ownership-of-shares-75-to-100-percent, notified_on 2016-04-06
    code, out, _ = say("owners", "GB:07880581", "--as-of", "2023-06-05")
    cells = [c.strip() for c in _row(_fits(out), "Derek Salter") if c.strip()]
    assert code == 0 and cells == ["Derek Salter (UBO)", "75–100%", "yes", "direct", "2016-04-06"]
    # before the notification the register showed no one (as of 2016-01-01)
    code, out, _ = say("owners", "GB:07880581", "--as-of", "2016-01-01")
    assert code == 0 and "No owner or controller meets the rule." in out


def test_json_mode_errors_stay_json(say) -> None:
    code, out, err = say("owners", "Nobody Whatsoever Corp", "--json")
    assert code == 2 and json.loads(out)["error"] == {
        "type": "EntityNotFound", "message": "could not find 'Nobody Whatsoever Corp'", "exit_code": 2}
    for argv in (["parents", "Nobody Whatsoever Corp"], ["contagion", "001GPB6A9XPE8XJICC14", "--types", "fx"],
                 ["resolve", "merge", "og:nothing", "og:nothing-either"], ["stake", "GB:03136191", "Nobody X"]):
        code, out, err = say(*argv, "--json")
        assert code in (1, 2) and set(json.loads(out)) == {"error"}, (argv, out, err)
        assert "Traceback" not in out + err
