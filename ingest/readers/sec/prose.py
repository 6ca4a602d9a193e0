"""What a Schedule 13D/13G's prose says beside its cover pages (``ingest.readers.sec.forms``).

The cover pages give each reporting person's block; Items 2 and 4 say how the persons hold it:
who is whose general partner or managing member ("ARCH Venture Partners XII, L.P. (\u201cAVP XII
LP\u201d) which is the sole general partner of AVF XII"; "Millennium Group Management LLC (the
managing member of Millennium Management LLC)"), who is a sole shareholder, and which person is
the record owner ("AVF XII is the record owner of 6,294,951 shares"). The relationships become
Control / Ownership records cited to their sentence (offsets in the filing's Disclosure text), on
the reporting persons' own entities where the sentence names one (defined terms resolved); the
record owners' cover-page edges are the direct holding, the others' stay declared (deemed)
interests. Holdings of the issuer itself are the cover pages' figures and are not re-read here.

Forms 3/4/5 state the same chains in their footnotes ("Lei Wu is the sole member and sole manager
of a limited liability company, Shan Lao Hu Tong LLC, that is the sole shareholder of Ji Xiang Hu
Tong Holdings Limited"): read the same way, from the footnotes and remarks only (``since``). A
name in the prose is the reporting person's when it is the same name up to word order (EDGAR
writes a person "Last First": "Wu Lei") and a written-out legal form ("Limited" for "LTD"), and
no other reporting person's name is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import date
from pathlib import Path

from ownergraph.ingest.extract import MIN_CONFIDENCE, Found, extract, partners
from ownergraph.ingest.extract.patterns import CONTROLLING, OWNS, SUBSIDIARY
from ownergraph.ingest.extract.values import Context, party
from ownergraph.domain.model import Claim, Control, EntityRef, Ownership, Record, Stake
from ownergraph.domain.codes import EntityKind
from ownergraph.ingest.readers.sec.values import Doc, normalise, prose_key
from ownergraph.ingest.readers.base import build
from ownergraph.domain.sentences import split_sentences

_RECORD_OWNER = [re.compile(rx) for rx in (
    rf"(?<![\w.-]){party('a')}(?:\s\([^)]{{1,120}}\))?,?\s(?:is|was)\sthe\s(?:record|direct)\s(?:owner|holder)\sof",
    rf"\b(?:held|owned)\s(?:directly|of\srecord)\sby\s{party('a')}",
)]


def record_owners(text: str, ctx: Context) -> set[str]:
    """Keys of the parties the prose names as the record (direct) owners of the shares."""
    flat = " ".join(text.split())
    return {prose_key(ctx.name(m["a"])) for rx in _RECORD_OWNER for m in rx.finditer(flat) if ctx.name(m["a"])}


def prose(path: Path, doc: Doc, text: str, issuer: EntityRef, persons: Sequence[EntityRef],
          valid_from: date | None, since: int = 0) -> tuple[list[Record], set[str]]:
    """The relationships the filing's prose (``text`` from offset ``since``) states among its
    parties (see the module notes), and the keys (:func:`prose_key`) of the record owners."""
    ctx = Context.of(text, None)
    known = {prose_key(p.name): p for p in persons if p.name}
    known |= _loose_keys(known)
    issuer_key = prose_key(issuer.name)
    out: list[Record] = []
    seen: set[tuple[str, str, str]] = set()
    # split from ``since`` on: a table row without a full stop before it must not join the first sentence
    sentences = [replace(s, start=s.start + since, end=s.end + since) for s in split_sentences(text[since:], doc.doc_id)]
    for f in extract(text, sentences, None):
        kind = f.relation if f.relation in (CONTROLLING, OWNS, SUBSIDIARY) else None
        pair = (f.relation, prose_key(f.a), prose_key(f.b))
        if kind is None or f.confidence < MIN_CONFIDENCE or issuer_key in pair[1:] or pair in seen:
            continue
        seen.add(pair)
        out.append(build(path, f"chars {f.start}-{f.end}", lambda f=f: _record(f, doc, known, valid_from), f.quote))
    return out, record_owners(text, ctx) & set(known)


# written-out legal forms and the abbreviations EDGAR's conformed names use (longest first)
_FORM_WORDS = (("limited liability company", "llc"), ("limited partnership", "lp"), ("limited", "ltd"),
               ("corporation", "corp"), ("incorporated", "inc"), ("company", "co"))


def loose_key(name: str | None) -> str:
    """A name's words in any order, legal forms abbreviated, dots and commas dropped: "Lei Wu" and
    "WU LEI", "Ji Xiang Hu Tong Holdings Limited" and "JI XIANG HU TONG HOLDINGS LTD" agree."""
    flat = " " + " ".join(re.sub(r"[.,]", "", normalise(name or "")).split()) + " "
    for full, short in _FORM_WORDS:
        flat = flat.replace(f" {full} ", f" {short} ")
    return "~" + " ".join(sorted(flat.split()))


def _loose_keys(exact: dict[str, EntityRef]) -> dict[str, EntityRef]:
    """Each reporting person under its :func:`loose_key`, where no other person shares it."""
    by_key: dict[str, list[EntityRef]] = {}
    for p in exact.values():
        by_key.setdefault(loose_key(p.name), []).append(p)
    return {k: ps[0] for k, ps in by_key.items() if len(ps) == 1}


def _ref(name: str, known: dict[str, EntityRef]) -> EntityRef:
    return known.get(prose_key(name)) or known.get(loose_key(name)) or EntityRef(name=name, kind=EntityKind.COMPANY)


def _record(f: Found, doc: Doc, known: dict[str, EntityRef], valid_from: date | None) -> Record:
    claim = Claim(method=f"{f.method}:{f.rule}", confidence=f.confidence, start=f.start, end=f.end, quote=f.quote)
    prov = doc.prov(f"{doc.doc_id}@{f.start}-{f.end}", f"chars {f.start}-{f.end}").model_copy(update={"claim": claim})
    a, b = _ref(f.a, known), _ref(f.b, known)
    common = dict(valid_from=f.when or valid_from, known_from=doc.known_from, provenance=prov,
                  fact_key=f"sec:{doc.doc_id}:text:{f.relation}:{prose_key(f.a)}:{prose_key(f.b)}")
    if f.relation == CONTROLLING:
        return Control(source=a, target=b, control_kind=partners.control_kind(f.rule), **common)
    return Ownership(source=a, target=b, stake=Stake(exact=f.stake) if f.stake is not None else None,
                     direct=f.direct, **common)


__all__ = ["prose", "prose_key", "record_owners"]
