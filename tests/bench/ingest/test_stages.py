"""The per-stage harness's arithmetic and its docs table (the load itself needs a server of its
own and minutes: it is run by hand, `python -m bench.ingest --gleif-scale F --measure`)."""

from __future__ import annotations

import json
from pathlib import Path

from bench.ingest.golden.__main__ import main as generate_main
from bench.ingest.stages import BEGIN, END, stage_table, update_doc

MARKS = {"parts_started": {"seconds": 80.0, "tree_cpu_seconds": 16.0},
         "import_started": {"seconds": 100.0, "tree_cpu_seconds": 20.0},
         "import_ended": {"seconds": 130.0, "tree_cpu_seconds": 36.0},
         "exited": {"seconds": 190.0, "tree_cpu_seconds": 38.0}}
ALONE = {"parse": {"seconds": 9.0, "cpu_seconds": 2.0, "records": 90},
         "read_validate": {"seconds": 18.0, "cpu_seconds": 5.0, "records": 100}}


def test_stages_are_the_spans_between_what_is_seen_and_the_first_is_split_by_the_readers_alone() -> None:
    s = stage_table({"marks": MARKS, "cpu_seconds": 38.5}, ALONE)
    assert s["read_validate_resolve_stage"] == {"seconds": 80.0, "cpu_seconds": 16.0}
    assert s["write_parts"] == {"seconds": 20.0, "cpu_seconds": 4.0}
    assert s["import"] == {"seconds": 30.0, "cpu_seconds": 16.0}
    assert s["restart_schema_state"] == {"seconds": 60.0, "cpu_seconds": 2.0}
    # the exact CPU (wait4), not the sampled; the sampled tree's too (forkserver workers are not the CLI's children)
    assert s["total"] == {"seconds": 190.0, "cpu_seconds": 38.5, "tree_cpu_seconds": 38.0}
    assert s["of_which"]["resolve_stage_chains_actions"]["seconds"] == 62.0
    assert s["of_which"]["resolve_stage_chains_actions"]["cpu_seconds"] == 11.0


def test_a_stage_not_seen_is_none_not_zero() -> None:
    marks = {k: v for k, v in MARKS.items() if not k.startswith("import")}
    s = stage_table({"marks": marks, "cpu_seconds": 1.0}, ALONE)
    assert s["import"] is None and s["write_parts"] is None and s["restart_schema_state"] is None


def test_the_docs_table_has_a_row_per_results_file_between_the_markers(tmp_path: Path) -> None:
    results = tmp_path / "results"
    results.mkdir()
    for scale in ("0.01", "0.1"):
        (results / f"gleif-ingest-{scale}.json").write_text(json.dumps({
            "records": {"read": 1000}, "stages": stage_table({"marks": MARKS, "cpu_seconds": 38.5}, ALONE),
            "peak_rss_mb": {"process_tree": 1460.7, "python": 557.0}, "importer_alone": {"seconds": 25.6, "cpu_seconds": 30.0},
            "conditions": {"load_average_mean_during_load": 13.5}}))
    doc = tmp_path / "ingest.md"
    doc.write_text(f"before\n{BEGIN}\nold table\n{END}\nafter\n")
    update_doc(results, doc)
    text = doc.read_text()
    assert text.startswith("before\n") and text.endswith("after\n") and "old table" not in text
    rows = [line for line in text.splitlines() if line.startswith("| gleif-ingest-")]
    assert [r.split(" | ")[0] for r in rows] == ["| gleif-ingest-0.01", "| gleif-ingest-0.1"]
    assert "190.0 (38.5)" in rows[0] and "62.0 (11.0)" in rows[0] and "1,460.7 | 557.0" in rows[0]


def test_the_generator_command_writes_the_copy_and_its_manifest(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert generate_main(["--gleif-scale", "0.0002", "--out", str(tmp_path), "--formats", "xml",
                          "--ftm-scale", "0.0001"]) == 0
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert manifest == json.loads(capsys.readouterr().out)
    assert manifest["gleif"]["counts"] == {"lei": 620, "rr": 120, "repex": 1100}
    assert manifest["peak_rss_mb"] > 0 and manifest["ftm"]["entities"] >= 390
    assert len(list(tmp_path.glob("*.xml.zip"))) == 3 and len(list((tmp_path / "delta").glob("*.zip"))) == 3
    assert (tmp_path / "ftm" / "entities.ftm.json").stat().st_size > 0
