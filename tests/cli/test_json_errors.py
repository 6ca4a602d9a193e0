"""Every command keeps ``--json`` output JSON on errors, and no error reaches the user as a
traceback (no server needed: these inputs fail before any connection, or use ``--dry-run``)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest

from ownergraph.cli import cli, main

REAL = Path(__file__).resolve().parents[1] / "fixtures" / "real"


def _command_paths(group: click.Group, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for name, cmd in group.commands.items():
        if isinstance(cmd, click.Group):
            out += _command_paths(cmd, prefix + (name,))
        else:
            out.append(prefix + (name,))
    return out


COMMANDS = _command_paths(cli)


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_command_tree_is_all_there() -> None:
    names = {" ".join(p) for p in COMMANDS}
    assert {"owners", "parents", "contagion", "ingest", "ask", "stats", "neo4j status", "resolve merge"} <= names


@pytest.mark.parametrize("path", COMMANDS, ids=[" ".join(p) for p in COMMANDS])
def test_a_bad_option_is_a_json_error_for_every_command(path: tuple[str, ...],
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, *path, "--json", "--no-such-option")
    assert code == 2
    error = json.loads(out)["error"]
    assert error["type"] == "NoSuchOption" and "--no-such-option" in error["message"]
    assert "Traceback" not in out + err


@pytest.mark.parametrize("argv, kind, words", [
    (["owners", "X", "--as-of", "30/06/2024"], "BadParameter", "--as-of"),
    (["parents", "X", "--known-at", "yesterday"], "BadParameter", "--known-at"),
    (["contagion", "X", "--max-hops", "many"], "BadParameter", "--max-hops"),
    (["ask", "Who owns X?", "--budget", "lots"], "BadParameter", "--budget"),
    (["ingest", "/no/such/folder"], "BadParameter", "/no/such/folder"),
    (["backtest", "stake", "A", "B"], "UsageError", "--start"),
    (["owners"], "MissingParameter", "TARGET"),
])
def test_bad_input_is_a_json_error_object(argv: list[str], kind: str, words: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, *argv, "--json")
    assert code == 2, out + err
    error = json.loads(out)["error"]
    assert error["type"] == kind and words in error["message"]
    code, out, err = _run(capsys, *argv)  # the same without --json: one line on stderr, no JSON
    assert code == 2 and out == "" and words in err and "Traceback" not in err


def test_an_unexpected_error_is_one_line_not_a_traceback(monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    def broken(*_: object, **__: object) -> None:
        raise ValueError("something inside broke")

    monkeypatch.setattr(cli.commands["stats"], "callback", broken)
    monkeypatch.delenv("OWNERGRAPH_DEBUG", raising=False)
    code, out, err = _run(capsys, "stats", "--json")
    assert code == 1
    assert json.loads(out)["error"] == {"type": "ValueError", "message": "something inside broke",
                                        "exit_code": 1, "unexpected": True}
    code, out, err = _run(capsys, "stats")
    assert code == 1 and out == "" and "Traceback" not in err
    assert err.startswith("ownergraph: unexpected error (ValueError): something inside broke")


def _mixed_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "drop"
    folder.mkdir()
    # GLEIF RR-CDF excerpt: 10 <rr:RelationshipRecord> elements (header RecordCount is the full file's)
    shutil.copy(REAL / "gleif" / "golden-copy" / "rr-data.xml", folder / "rr-data.xml")
    (folder / "empty.json").write_bytes(b"")
    (folder / "notes.csv").write_text("just,some\nwords,here\n")
    return folder


def test_a_folder_loads_file_by_file(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    folder = _mixed_folder(tmp_path)
    code, out, err = _run(capsys, "ingest", str(folder), "--dry-run", "--quarantine", str(tmp_path / "q.jsonl"))
    assert code == 0, err
    lines = out.splitlines()
    assert any(line.split()[:3] == ["rr-data.xml", "gleif-rr", "10"] for line in lines)
    text = "".join(out.split())  # the notes are folded to the terminal width, inside a long path too
    assert f"notrecognised:{folder / 'empty.json'}(emptyfile)" in text
    assert f"notrecognised:{folder / 'notes.csv'}(noknownformat" in text
    assert all(len(line) <= 80 for line in lines), out

    code, out, err = _run(capsys, "ingest", str(folder), "--dry-run", "--strict")
    assert code == 2 and "2 files not recognised" in err and "Traceback" not in err

    code, out, _ = _run(capsys, "ingest", str(folder), "--dry-run", "--strict", "--json")
    summary = json.loads(out)  # one JSON document: the summary, carrying the error
    assert code == 2 and summary["error"]["type"] == "InputFormatError"
    problems = {Path(f["path"]).name: f["problem"] for f in summary["files"] if f["problem"]}
    assert problems["empty.json"] == "not recognised: empty file"
    assert problems["notes.csv"].startswith("not recognised: no known format")
    assert summary["totals"]["read"] == 10 and summary["not_recognised"] == 2


def test_nothing_readable_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty.json"
    empty.write_bytes(b"  \n")
    code, out, _ = _run(capsys, "ingest", str(empty), "--dry-run", "--json")
    summary = json.loads(out)
    assert code == 2 and summary["error"]["message"].startswith("no file could be read")


def test_help_starts_without_the_driver_pandas_or_rich() -> None:
    probe = ("import sys; from ownergraph.cli import main; main(['--help']); "
             "print(sorted(m for m in ('neo4j', 'pandas', 'rich', 'matplotlib', 'numpy') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert "Usage: ownergraph" in done.stdout
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_strict_fails_on_a_file_not_read_to_its_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The real BODS 0.4 package cut in the middle of its second statement: one JSON document,
    # so nothing after the cut can be read.
    real = Path(__file__).resolve().parents[1] / "fixtures" / "real" / "bods" / "0.4" / "bods-package.json"
    text = real.read_text()
    cut = tmp_path / "bods-cut.json"
    cut.write_text(text[: text.index('"statementId"', text.index('"statementId"') + 1) + 20])
    code, out, _ = _run(capsys, "ingest", str(cut), "--dry-run", "--json")
    assert code == 0 and json.loads(out)["totals"]["not_read"] == 1
    code, out, err = _run(capsys, "ingest", str(cut), "--dry-run", "--strict")
    assert code == 2 and "not read to the end" in err and "Traceback" not in err
