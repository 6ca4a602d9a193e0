"""MkDocs hook: the benchmark tables, built from ``bench/results/*.json`` at build time.

A page under ``docs/benchmarks/`` says where tables go with a marker naming a glob in
``bench/results/``::

    <!-- bench-tables ingest-*.json -->

The marker becomes, for the matching files (sorted by name):

* one summary table per shape special-cased in ``SUMMARIES`` below (first loads, daily
  deltas, analytics queries, name matching, question latency, evidence compression, real
  questions), a row per file, or per query, engine, scorer or class;
* for every file, a collapsible block with all its fields: a dict of like records (``stages``,
  ``by_pattern_ms``) is one table, a list of records (``slowest``, ``per_turn``, ``questions``)
  another, everything else one flat key/value table with dotted keys.

Numbers are shown as stored (ints and floats only gain thousands separators). A results file
that no page's marker matches is a warning, so ``mkdocs build --strict`` fails until it is
shown somewhere.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable, Iterable
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

log = logging.getLogger("mkdocs.hooks.bench_tables")

MARKER = re.compile(r"<!--\s*bench-tables(?:\s+(?P<pattern>[^\s>]+))?\s*-->")
PAGES = "benchmarks/"  # markers count only on these pages (elsewhere one may be quoted as text)
Row = list[Any]


# -- cells and tables -------------------------------------------------------------------------

def cell(value: Any) -> str:
    """One value as Markdown table text."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, float)):
        return format(value, ",")
    if isinstance(value, list):
        return ", ".join(cell(v) for v in value) if value else "none"
    if isinstance(value, dict):
        return "none" if not value else ", ".join(f"{k}: {cell(v)}" for k, v in value.items())
    text = re.sub(r"([\\`*_\[\]|])", r"\\\1", str(value)).replace("<", "&lt;")
    return text.replace("\n", " ")


def table(header: list[str], rows: Iterable[Row]) -> str:
    lines = ["| " + " | ".join(cell(h) for h in header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(cell(v) for v in row) + " |" for row in rows]
    return "\n".join(lines)


def flat(record: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """A record's leaves under dotted keys (lists stay values)."""
    out: dict[str, Any] = {}
    for key, value in record.items():
        if isinstance(value, dict) and value:
            out |= flat(value, f"{prefix}{key}.")
        else:
            out[f"{prefix}{key}"] = value
    return out


def is_scalar(value: Any) -> bool:
    """A value that fits one cell: not a container, or a list of non-containers."""
    return not isinstance(value, (dict, list)) or (isinstance(value, list) and not any(
        isinstance(v, (dict, list)) for v in value))


def records(value: Any) -> list[tuple[str, dict[str, Any]]] | None:
    """``value`` as named records for one table, else None: a list of dicts (one row each, nested
    values written out in their cell), or a dict of at least two dicts whose leaves are all
    scalars (one row per key, a column per dotted leaf)."""
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        return [(str(i + 1), v) for i, v in enumerate(value)]
    if isinstance(value, dict) and len(value) >= 2 and all(isinstance(v, dict) and v for v in value.values()):
        items = [(str(k), flat(v)) for k, v in value.items()]
        if all(is_scalar(v) for _, rec in items for v in rec.values()):
            return items
    return None


def field_tables(data: dict[str, Any]) -> list[str]:
    """Every field of one results file: record tables, then the rest as key/value rows."""
    rows: list[Row] = []
    tables: list[str] = []

    def walk(value: Any, key: str) -> None:
        if (named := records(value)) is not None:
            columns = list(dict.fromkeys(c for _, rec in named for c in rec))
            body = [[name, *(rec.get(c) for c in columns)] for name, rec in named]
            tables.append(f"`{key}`\n\n" + table(["", *columns], body))
        elif isinstance(value, dict) and value:
            for k, v in value.items():
                walk(v, f"{key}.{k}" if key else str(k))
        else:
            rows.append([key, value])

    walk(data, "")
    return ([table(["field", "value"], rows)] if rows else []) + tables


# -- summaries: the shapes shown side by side ---------------------------------------------------

def _load(d: dict[str, Any]) -> list[Row]:
    run = d.get("ownergraph") or d.get("bulk")
    if not run:
        return []
    base = d.get("baseline_unwind_create", {})
    base = {} if base.get("skipped") else base  # a run without its baseline has 0.0 there
    return [["bulk" if "bulk" in d else "online", d.get("entities"), run["records"]["read"],
             run.get("relationships"), run["seconds"], run.get("relationships_per_s"),
             run.get("python_cpu_seconds"), run.get("peak_python_rss_mb"), base.get("relationships_per_s"),
             d.get("ratio_ours_to_baseline", d.get("ratio_bulk_to_baseline"))]]


def _delta(d: dict[str, Any]) -> list[Row]:
    delta = d.get("ownergraph", {}).get("delta")
    if not delta:
        return []
    total = delta["stages"]["total"]
    return [[d.get("entities"), delta["records"]["read"], delta.get("relationships"), delta["seconds"],
             total.get("python_cpu_seconds"), total.get("server_cpu_seconds"), delta.get("relationships_per_s"),
             delta.get("baseline_unwind_merge", {}).get("relationships_per_s"), delta.get("ratio_ours_to_baseline"),
             bool(delta.get("fresh_process"))]]


def _queries(d: dict[str, Any]) -> list[Row]:
    return [[name, q["ours_ms"]["p50"], q["ours_ms"]["p99"], q.get("naive_ms", {}).get("p50"),
             q.get("naive_ms", {}).get("p99"), q["result_size"]["median"], q["result_size"]["max"]]
            for name, q in d.get("queries", {}).items()]


def _engines(d: dict[str, Any]) -> list[Row]:
    if "mentions" not in d:
        return []
    return [[d["mentions"], d["entities"], engine, r["batch_size"], r["wall_s"], r["cpu_s_python"],
             r["cpu_s_children"], r["mentions_per_s"],
             *(r["methods"].get(m) for m in ("exact_name", "probabilistic", "new")), d["load_average_at_start"][0]]
            for engine in ("duckdb", "spark") if (r := d.get(engine))]


def _ask(d: dict[str, Any]) -> list[Row]:
    if "ask_ms" not in d or "disclosures" not in d:  # bench.retrieval.ask's (bench.ingest.answers has its own fields)
        return []
    return [[d["graph"]["entities"], d["disclosures"]["chunks"], d["ask_ms"]["n"], d["ask_ms"]["p50"],
             d["ask_ms"]["p99"], d["targets"]["p50_ms"], d["targets"]["p99_ms"]]]


def _compression(d: dict[str, Any]) -> list[Row]:
    return [[case, scorer, r["questions"], r["token_reduction"], r["gold_recall"], r["cpu_ms_p99"]]
            for case in ("real_heldout", "synthetic") for scorer, r in d.get(case, {}).items()]


def _real(d: dict[str, Any]) -> list[Row]:
    if "overall" not in d:
        return []
    rows = {**d.get("table", {}), "all": d["overall"]}
    return [[name, r["structured"]["n"], f"{r['structured']['correct']} ({r['structured']['accuracy']})",
             f"{r['ask']['correct']} ({r['ask']['accuracy']})"] for name, r in rows.items()]


Summary = tuple[str, list[str], Callable[[dict[str, Any]], list[Row]]]
SUMMARIES: list[Summary] = [
    ("First loads", ["path", "entities", "records read", "relationships", "wall s", "rel/s", "Python CPU s",
                     "peak Python RSS MB", "baseline rel/s", "ratio to baseline"], _load),
    ("Daily deltas", ["entities", "records", "relationships", "wall s", "Python CPU s", "server CPU s",
                      "rel/s", "baseline MERGE rel/s", "ratio", "fresh process"], _delta),
    ("Analytics queries", ["query", "ours p50 ms", "ours p99 ms", "naive p50 ms", "naive p99 ms",
                           "result median", "result max"], _queries),
    ("Name matching", ["mentions", "entities", "engine", "batch", "wall s", "Python CPU s", "JVM / child CPU s",
                       "mentions/s", "exact", "probabilistic", "new", "load at start"], _engines),
    ("Question answering", ["entities", "chunks", "questions", "p50 ms", "p99 ms", "target p50", "target p99"], _ask),
    ("Evidence compression", ["questions from", "scorer", "questions", "× fewer tokens", "gold recall",
                              "CPU p99 ms"], _compression),
    ("Real questions", ["class", "n", "structured right", "ask right"], _real),
]


# -- the marker -------------------------------------------------------------------------------

def render(paths: list[Path]) -> str:
    loaded = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in paths}
    parts: list[str] = []
    for title, header, rows_of in SUMMARIES:
        body = [[name, *row] for name, data in loaded.items() for row in rows_of(data)]
        if body:
            parts.append(f"**{title}**\n\n" + table(["file", *header], body))
    for name, data in loaded.items():
        fields = "\n\n".join(field_tables(data) if isinstance(data, dict) else [table(["value"], [[data]])])
        parts.append(f'??? note "All fields of `bench/results/{name}`"\n\n'
                     + "\n".join(f"    {line}" if line else "" for line in fields.splitlines()))
    return "\n\n".join(parts)


def _results(config: MkDocsConfig) -> Path:
    return Path(config.config_file_path).parent / "bench" / "results"


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Warn about results files that no page shows."""
    patterns = [m["pattern"] or "*.json" for f in files.documentation_pages()
                if f.src_uri.startswith(PAGES) for m in MARKER.finditer(f.content_string)]
    shown = {p.name for p in _results(config).glob("*.json") if any(fnmatch(p.name, pat) for pat in patterns)}
    for missing in sorted({p.name for p in _results(config).glob("*.json")} - shown):
        log.warning("bench/results/%s is shown on no page: add it to a <!-- bench-tables --> marker", missing)
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    if not page.file.src_uri.startswith(PAGES):
        return markdown

    def replace(match: re.Match[str]) -> str:
        paths = sorted(p for p in _results(config).glob(match["pattern"] or "*.json") if p.suffix == ".json")
        if not paths:
            log.warning("%s: no bench/results file matches %s", page.file.src_uri, match["pattern"])
        return render(paths)

    return MARKER.sub(replace, markdown)
