"""A new version of a filing supersedes the facts read from the earlier one, in knowledge time.

Versions of one filing are
- the documents one filer filed for one period of report as a form and as its amendment
  (``10-K`` and ``10-K/A``, ``8-K`` and ``8-K/A``: EDGAR's ``CONFORMED PERIOD OF REPORT`` and
  the filer's CIK), each submission (accession) one version, known from its acceptance time;
- a document ingested again under its own id (the same accession re-filed, the same file
  edited) whose text claims are known from a later time than the stored ones.

The text claims of each version are closed at the knowledge start of the next later version:
a :class:`~ingest.model.Retraction` of each claim's fact at that time, which the loader's
rechain turns into ``known_to`` (nothing is deleted: asked at an earlier knowledge time the
earlier version still answers). What the new version states opens from its own knowledge
start, so a claim it repeats is answered by the new version and one it drops is no longer
answered. An amendment replaces the whole filing as its text was read: the claims of every
document of the earlier submission are closed, also those of exhibits the amendment does not
repeat, and the edges a corporate action read from it wrote (its succession, the edges it
moved: their fact keys begin with the claim's); the action itself stays registered. Registry facts and
Exhibit 21 lists (their own fact keys, versioned by the filer's next list) are not touched.

Duplicates are idempotent: a retraction is merged on ``fact_key@time``.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime
from typing import Any

from ownergraph import cypher
from ownergraph.graph.load.rechain import native

AMENDMENT_SUFFIX = "/A"  # EDGAR form types of amendments: "10-K/A", "8-K/A", "SC TO-T/A"
REASON = "superseded by a later version of the filing"
# every edge type: a claim is stored as an edge (ownership, control, guarantee, lending) and a
# corporate action read from the filing adds its own (a succession, the edges it moves)
CLAIM_TYPES = tuple(sorted(cypher.REL_TYPES))


def claim_prefix(document_id: str) -> str:
    """How the fact keys of the claims read from one document begin: ingest.extract keys a
    claim ``text:<document id>:<relation>:<party>:<party>`` (the tests read real filings
    through the reader, so a change there fails them)."""
    return f"text:{document_id}:"


def accession(document_id: str) -> str:
    """The submission a document belongs to: ``<accession>:<sequence>`` -> accession; a
    document that is not part of a submission is its own."""
    return document_id.split(":", 1)[0]


def base_form(form: str) -> str:
    return form.removesuffix(AMENDMENT_SUFFIX).strip()


def superseded(graph: Any, documents: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Retraction rows (``load_retraction``) closing the text claims of every earlier version
    of the filings of ``documents`` (Document rows of a batch just written), at the knowledge
    start of the next later version."""
    own: dict[str, set[datetime]] = defaultdict(set)  # document id -> knowledge starts of its versions
    groups: set[tuple[str, str, str]] = set()
    for row in documents:
        p = row["props"]
        own[row["document_id"]].add(native(p["known_from"]))
        if row.get("filer") and p.get("period") and p.get("form_type"):
            groups.add((row["filer"], base_form(p["form_type"]), p["period"]))
    # accession -> knowledge starts of the amendments of the same filing filed by the same filer
    amended_at: dict[str, set[datetime]] = defaultdict(set)
    cause: dict[datetime, str] = {}  # knowledge start -> the document that superseded
    if groups:
        rows = graph.read("amendment_versions", groups=[
            {"filer": f, "form": form, "period": period} for f, form, period in sorted(groups)])
        for row in rows:
            submissions: dict[str, tuple[datetime, bool, str]] = {}
            for d in row["docs"]:
                t, doc_id = native(d["known_from"]), d["document_id"]
                own[doc_id].add(t)
                acc = accession(doc_id)
                amendment = (d["form"] or "").endswith(AMENDMENT_SUFFIX)
                if acc not in submissions or t < submissions[acc][0]:
                    submissions[acc] = (t, amendment, doc_id)
            for acc in submissions:
                for other, (t, amendment, doc_id) in submissions.items():
                    if other != acc and amendment:
                        amended_at[acc].add(t)
                        cause.setdefault(t, accession(doc_id))
    prefixes = sorted(claim_prefix(d) for d in own)
    out: dict[str, dict[str, Any]] = {}
    for rtype in CLAIM_TYPES:
        query = cypher.render("amendment_claims", TYPE=rtype)
        for row in graph.read(query, prefixes=prefixes):
            doc_id = row["prefix"][len("text:"):-1]
            t = native(row["known_from"])
            later = [x for x in own[doc_id] | amended_at[accession(doc_id)] if x > t]
            if not later:
                continue
            at = min(later)
            sid = f"{row['fact_key']}@{at.isoformat()}"  # as graph.load_rows keys a Retraction
            out[sid] = {"statement_id": sid, "props": {
                "fact_key": row["fact_key"], "known_from": at, "source_system": "document",
                "source_record_id": cause.get(at, doc_id), "validation_level": REASON}}
    return [out[k] for k in sorted(out)]


__all__ = ["AMENDMENT_SUFFIX", "CLAIM_TYPES", "accession", "base_form", "claim_prefix", "superseded"]
