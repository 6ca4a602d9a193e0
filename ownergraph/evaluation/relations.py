"""Precision and recall of relationship extraction on hand-labelled sentences of real filings.

Each label row names a document (a path under a root folder, ``#N`` for the N-th
``<DOCUMENT>`` of an EDGAR full submission), the character span of one sentence in that
document's text (the text the document reader gives, which claim offsets refer to), the
company "the Company" / "we" means there, and the relationships a person read in the sentence
(relation, parties ``a`` / ``b`` with other names the document gives them, stake, date); an
empty list for a sentence that states none as a fact (negated, hedged, future, or about assets
rather than parties).

The extractor runs on each labelled sentence with the whole document as context (its defined
terms); a finding at or above the claim threshold counts as right when a labelled
relationship of the same type has the same parties. Every finding must quote a span of the
document verbatim; one that does not is counted in ``unsupported``.

    python -m ownergraph.evaluation.relations LABELS.jsonl ROOT
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from ownergraph.domain.errors import OwnergraphError
from ownergraph.ingest.extract import MIN_CONFIDENCE, Found, extract
from ownergraph.ingest.extract.patterns import RELATIONS
from ownergraph.ingest.readers.documents import edgar
from ownergraph.ingest.readers.documents.text import decode, html_text, paged_plain_text, pdf_text
from ownergraph.domain.sentences import Sentence

Finder = Callable[[str, Sequence[Sentence], str | None], list[Found]]


@dataclass
class TypeScore:
    """Counts for one relation type (or all of them)."""

    relation: str
    tp: int = 0
    fp: int = 0
    fn: int = 0
    stake_right: int = 0  # among true positives whose label gives a stake
    stake_labelled: int = 0
    date_right: int = 0  # among true positives whose label gives a date
    date_labelled: int = 0

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0


@dataclass
class Report:
    sentences: int = 0
    stating: int = 0  # sentences with at least one labelled relationship
    by_type: dict[str, TypeScore] = field(default_factory=lambda: {r: TypeScore(r) for r in RELATIONS})
    unsupported: int = 0  # findings whose quote is not the document's text at their offsets
    errors: list[str] = field(default_factory=list)  # "fp|fn <relation> <a> -> <b>: <sentence>"

    @property
    def overall(self) -> TypeScore:
        total = TypeScore("all")
        for s in self.by_type.values():
            for k in ("tp", "fp", "fn", "stake_right", "stake_labelled", "date_right", "date_labelled"):
                setattr(total, k, getattr(total, k) + getattr(s, k))
        return total


def document_text(root: Path, doc: str) -> str:
    """The text of ``doc`` ("filings/8-K/x.txt#2") as the document reader gives it."""
    return _text(str(root), doc)


@lru_cache(maxsize=64)
def _text(root: str, doc: str) -> str:
    name, _, part = doc.partition("#")
    path = Path(root) / name
    data = path.read_bytes()
    if data.startswith(b"%PDF"):
        return pdf_text(data)[0]
    text = decode(data)
    if edgar.is_submission(text):
        for i, p in enumerate(edgar.parts(text), 1):
            if str(p.sequence or i) == part:
                return html_text(p.body) if p.is_html else paged_plain_text(p.body)[0]
        raise OwnergraphError(f"{path}: no <DOCUMENT> numbered {part!r}")
    if path.suffix.lower() in {".htm", ".html", ".xhtml"} or re.search(r"<html|<body", text[:4096], re.I):
        return html_text(text)
    return paged_plain_text(text)[0]


def load(labels: Path) -> list[dict[str, Any]]:
    rows = []
    for n, line in enumerate(labels.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as err:
                raise OwnergraphError(f"{labels}: line {n}: not JSON ({err})") from err
    return rows


def score(labels: Path, root: Path, finder: Finder = extract, min_confidence: float = MIN_CONFIDENCE) -> Report:
    """Score ``finder`` on every labelled sentence (see the module notes)."""
    report = Report()
    for n, row in enumerate(load(labels), 1):
        text = document_text(root, row["doc"])
        start, end = row["start"], row["end"]
        if text[start:end] != row["sentence"]:
            raise OwnergraphError(f"{labels}: line {n}: field 'sentence' is not the text of {row['doc']} "
                                  f"at {start}-{end}")
        report.sentences += 1
        gold = list(row["relations"])
        report.stating += bool(gold)
        sentence = Sentence(row["doc"], 0, start, end, row["sentence"])
        for f in finder(text, [sentence], row.get("company")):
            if text[f.start:f.end] != f.quote:
                report.unsupported += 1
            if f.confidence < min_confidence:
                continue
            counts = report.by_type[f.relation]
            hit = next((g for g in gold if g["relation"] == f.relation and _matches(g, f)), None)
            if hit is None:
                counts.fp += 1
                report.errors.append(f"fp {f.relation} {f.a} -> {f.b}: {_flat(row['sentence'])}")
                continue
            gold.remove(hit)
            counts.tp += 1
            if hit.get("stake") is not None:
                counts.stake_labelled += 1
                counts.stake_right += f.stake is not None and abs(f.stake - hit["stake"]) < 0.01
            if hit.get("date"):
                counts.date_labelled += 1
                counts.date_right += f.when is not None and f.when.isoformat().startswith(hit["date"])
        for g in gold:
            report.by_type[g["relation"]].fn += 1
            report.errors.append(f"fn {g['relation']} {g['a']} -> {g['b']}: {_flat(row['sentence'])}")
    return report


def _matches(gold: dict[str, Any], f: Found) -> bool:
    return (any(_same(n, f.a) for n in [gold["a"], *gold.get("a_also", [])])
            and any(_same(n, f.b) for n in [gold["b"], *gold.get("b_also", [])]))


_FORMS = re.compile(r"\b(?:the|inc|incorporated|corp|corporation|ltd|limited|llc|l l c|lp|l p|n a|na|co|company|n v|nv|"
                    r"s a|sa|plc)\b")


def norm(name: str) -> str:
    n = re.sub(r"[^\w& ]", " ", name.casefold().replace("’", "'").replace("'s", ""))
    return " ".join(_FORMS.sub(" ", n).split())


def _same(x: str, y: str) -> bool:
    """The same party: equal once legal forms and punctuation are dropped, or one the other
    with a legal form or place added ("Nuance" / "Nuance Communications")."""
    a, b = norm(x), norm(y)
    return bool(a and b) and (a == b or a.startswith(b + " ") or b.startswith(a + " "))


def _flat(text: str) -> str:
    return " ".join(text.split())


def table(report: Report) -> str:
    """The per-type table (Markdown)."""
    lines = ["| relation | labelled | found | right | precision | recall | stake right | date right |",
             "|---|---|---|---|---|---|---|---|"]
    for s in [*report.by_type.values(), report.overall]:
        if s.tp + s.fp + s.fn == 0:
            continue
        lines.append(f"| {s.relation} | {s.tp + s.fn} | {s.tp + s.fp} | {s.tp} | {s.precision:.3f} | "
                     f"{s.recall:.3f} | {s.stake_right}/{s.stake_labelled} | {s.date_right}/{s.date_labelled} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print("usage: python -m ownergraph.evaluation.relations LABELS.jsonl ROOT", file=sys.stderr)
        return 2
    report = score(Path(args[0]), Path(args[1]))
    print(f"{report.sentences} sentences, {report.stating} stating a relationship; "
          f"{report.unsupported} findings without a verbatim sentence")
    print(table(report))
    for e in report.errors:
        print(e)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
