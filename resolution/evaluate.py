"""Precision and recall of ``Resolver.resolve`` on name-only mentions, on the real samples.

The index is built from the real samples (GLEIF golden copy XML and API LEI records, the
OpenSanctions FtM export, BODS 0.2/0.4 examples) plus two synthetic homonym entities
modelled on DOMAIN.md §2 (MONEYTECH LIMITED, previous name of one LEI, vs its parent
MONEYTECH GROUP LIMITED). Names are parsed here directly (lxml / json), not through the
ingest readers, so the evaluation does not depend on them.

Labelled mentions (name + sometimes jurisdiction, never an identifier):
- ``alias``: every registered name, previous name and trading name -> its entity;
- ``heldout``: FtM names not registered (other transliterations, languages) -> the entity;
- ``variant:*``: generated from registered names with a fixed seed: case, punctuation,
  legal-form spelling (Ltd/Limited ...), missing legal form, one typo, token order
  (persons), Cyrillic spelling (persons) -> the entity;
- ``trap:*``: must NOT resolve to a registered entity: an extra distinguishing word
  ("X Group"), another jurisdiction, another number, another person with the same surname,
  and names shared by two or more registered entities ("Company A").
A mention counts as resolved when its method is not ``new``. Precision = correct resolved /
resolved; recall = correct resolved / mentions that have a correct entity.

Run: ``python -m resolution.evaluate [real_data_dir]``.
"""

from __future__ import annotations

import json
import os
import random
import re
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from lxml import etree

from ownergraph.domain.model import Alias, Entity, EntityRef, Provenance
from ownergraph.domain.codes import AliasKind, AliasScheme, EntityKind

from ownergraph.resolution.normalise import normalise_name
from ownergraph.resolution.resolver import Resolver

_T0 = datetime(2024, 1, 1, tzinfo=timezone.utc)
_GLEIF_NS = "{http://www.gleif.org/data/schema/leidata/2016}"
_OTHER_KIND = {"PREVIOUS_LEGAL_NAME": AliasKind.PREVIOUS,
               "TRADING_OR_OPERATING_NAME": AliasKind.TRADING}
_CATEGORY_KIND = {"FUND": EntityKind.FUND, "BRANCH": EntityKind.BRANCH,
                  "SOLE_PROPRIETOR": EntityKind.PERSON}


HARD = {"heldout", "variant:typo", "variant:reorder", "variant:cyrillic"}


@dataclass(frozen=True)
class Labelled:
    ref: EntityRef
    expected: str | None  # the right key, or None: must not resolve to a registered entity
    category: str


@dataclass
class Report:
    precision: float
    recall: float
    mentions: int
    resolved: int
    correct: int
    positives: int
    by_category: dict[str, dict[str, int]] = field(default_factory=dict)
    errors: list[dict[str, Any]] = field(default_factory=list)

    def subset(self, categories: set[str]) -> tuple[float, float]:
        """(precision, recall) over the given categories only."""
        cs = [c for k, c in self.by_category.items() if k in categories]
        correct = sum(c.get("correct", 0) for c in cs)
        resolved = correct + sum(c.get("wrong", 0) for c in cs)
        positives = sum(c.get("positive", 0) for c in cs)
        return (correct / resolved if resolved else 1.0, correct / positives if positives else 1.0)

    @property
    def hard(self) -> tuple[float, float]:
        """Precision and recall on what normalisation alone cannot settle: typos, token
        order, Cyrillic, held-out names, and every trap."""
        return self.subset({k for k in self.by_category if k in HARD or k.startswith("trap:")})

    def summary(self) -> str:
        hp, hr = self.hard
        lines = [f"mentions={self.mentions} positives={self.positives} resolved={self.resolved} "
                 f"correct={self.correct} precision={self.precision:.4f} recall={self.recall:.4f} "
                 f"hard_precision={hp:.4f} hard_recall={hr:.4f}"]
        for cat, c in sorted(self.by_category.items()):
            lines.append(f"  {cat:22s} " + " ".join(f"{k}={v}" for k, v in sorted(c.items())))
        return "\n".join(lines)


def _entity(name: str, ref: EntityRef, *, kind: EntityKind = EntityKind.COMPANY,
            jurisdiction: str | None = None, others: list[tuple[str, AliasKind]] = (),
            idents: list[tuple[AliasScheme, str]] = (), source: str = "eval") -> Entity:
    aliases = [Alias(scheme=AliasScheme.NAME, value=n, kind=k) for n, k in others if n.strip()]
    aliases += [Alias(scheme=s, value=v, kind=AliasKind.IDENTIFIER) for s, v in idents]
    return Entity(ref=ref, name=name, kind=kind, jurisdiction=jurisdiction,
                  aliases=tuple(aliases), known_from=_T0,
                  provenance=Provenance(source_system=source, source_record_id=name))


# -- real samples --------------------------------------------------------------------------
def gleif_xml(path: Path) -> Iterator[Entity]:
    for _, el in etree.iterparse(str(path), tag=f"{_GLEIF_NS}LEIRecord"):
        lei = el.findtext(f"{_GLEIF_NS}LEI")
        ent = el.find(f"{_GLEIF_NS}Entity")
        name = ent.findtext(f"{_GLEIF_NS}LegalName")
        others = [(o.text or "", _OTHER_KIND.get(o.get("type", ""), AliasKind.TRADING))
                  for o in ent.iter(f"{_GLEIF_NS}OtherEntityName")]
        others += [(o.text or "", AliasKind.TRANSLITERATED)
                   for o in ent.iter(f"{_GLEIF_NS}TransliteratedOtherEntityName")]
        cat = ent.findtext(f"{_GLEIF_NS}EntityCategory") or ""
        yield _entity(name, EntityRef(lei=lei), kind=_CATEGORY_KIND.get(cat, EntityKind.COMPANY),
                      jurisdiction=ent.findtext(f"{_GLEIF_NS}LegalJurisdiction"), others=others,
                      source="gleif")
        el.clear()


def gleif_api(folder: Path) -> Iterator[Entity]:
    seen: set[str] = set()
    for f in sorted(folder.glob("*.json")):
        data = json.loads(f.read_text())["data"]
        for rec in data if isinstance(data, list) else [data]:
            a = rec.get("attributes", {})
            e = a.get("entity")
            if not e or a["lei"] in seen:
                continue
            seen.add(a["lei"])
            others = [(o["name"], _OTHER_KIND.get(o.get("type", ""), AliasKind.TRADING))
                      for o in e.get("otherNames", [])]
            others += [(o["name"], AliasKind.TRANSLITERATED)
                       for o in e.get("transliteratedOtherNames", [])]
            jur = e.get("jurisdiction")
            idents = ([(AliasScheme.COMPANY_NUMBER, f"{jur.split('-')[0]}:{e['registeredAs']}")]
                      if e.get("registeredAs") and jur else [])
            yield _entity(e["legalName"]["name"], EntityRef(lei=a["lei"]),
                          kind=_CATEGORY_KIND.get(e.get("category") or "", EntityKind.COMPANY),
                          jurisdiction=jur, others=others, idents=idents, source="gleif-api")


def ftm(path: Path) -> Iterator[tuple[Entity, list[str]]]:
    """FtM entities with every other name registered; the rest returned as held out."""
    for line in path.read_text(encoding="utf-8").splitlines():
        d = json.loads(line)
        if d["schema"] not in ("Person", "Organization", "Company", "LegalEntity"):
            continue
        p = d["properties"]
        caption = d.get("caption") or p["name"][0]
        names = sorted(set(p.get("name", []) + p.get("alias", []) + p.get("previousName", []))
                       - {caption})
        kept, held = names[0::2], names[1::2]
        country = (p.get("country") or [None])[0]
        jur = country.upper() if country else None
        idents = [(AliasScheme.COMPANY_NUMBER, f"{jur}:{n}") for n in p.get("registrationNumber", [])
                  if jur]
        kind = EntityKind.PERSON if d["schema"] == "Person" else EntityKind.COMPANY
        yield _entity(caption, EntityRef(scheme=AliasScheme.FTM_ID, value=d["id"], name=caption),
                      kind=kind, jurisdiction=jur, idents=idents, source="ftm",
                      others=[(n, AliasKind.TRANSLITERATED) for n in kept]), held


def bods(folder: Path) -> Iterator[Entity]:
    for f in sorted(folder.rglob("*.json")):
        if "schema" in f.parts:
            continue
        try:
            doc = json.loads(f.read_text(encoding="utf-8"))
        except ValueError:
            continue
        for s in doc if isinstance(doc, list) else [doc]:
            if not isinstance(s, dict):
                continue
            d = s.get("recordDetails") or s
            rid = s.get("recordId") or s.get("statementID") or s.get("statementId")
            stype = s.get("recordType") or s.get("statementType") or ""
            if not rid or not any(t in stype for t in ("entity", "person")):
                continue
            person = "person" in stype
            names = [n.get("fullName", "") for n in d.get("names", []) if n.get("fullName")]
            if isinstance(d.get("name"), str):
                names.insert(0, d["name"])
            if not names:
                continue
            jur = (d.get("jurisdiction") or d.get("incorporatedInJurisdiction") or {}).get("code")
            idents = [(AliasScheme.COMPANY_NUMBER, f"GB:{i['id']}") for i in d.get("identifiers", [])
                      if i.get("scheme") == "GB-COH" and i.get("id")]
            scheme = AliasScheme.BODS_RECORD if "recordId" in s else AliasScheme.BODS_STATEMENT
            yield _entity(names[0], EntityRef(scheme=scheme, value=f"{f.name}#{rid}", name=names[0]),
                          kind=EntityKind.PERSON if person else EntityKind.COMPANY,
                          jurisdiction=jur, idents=idents, source="bods",
                          others=[(n, AliasKind.TRADING) for n in names[1:]])


def synthetic() -> list[Entity]:
    """Homonym pair from DOMAIN.md §2 (the names are real GLEIF facts; the current legal
    name of the first entity is a placeholder, it is not in our samples)."""
    return [
        _entity("MONEYTECH GROUP LIMITED", EntityRef(lei="984500501A1B1045PB30"), jurisdiction="GB"),
        _entity("MT RENAMED CO LIMITED", EntityRef(lei="2138002YAB7Z9KO21397"), jurisdiction="GB",
                others=[("MONEYTECH LIMITED", AliasKind.PREVIOUS)]),
    ]


# -- generated variants --------------------------------------------------------------------
_SWAPS = [(r"\blimited$", "Ltd"), (r"\bltd\.?$", "Limited"), (r"\bincorporated$", "Inc."),
          (r"\binc\.?$", "Incorporated"), (r"\bcorporation$", "Corp."), (r"\bcorp\.?$", "Corporation"),
          (r"\bplc$", "Public Limited Company"), (r"\bgmbh$", "Gesellschaft mit beschränkter Haftung"),
          (r"\baktiengesellschaft$", "AG"), (r"\bag$", "Aktiengesellschaft"), (r"\bs\.a\.$", "SA"),
          (r"\bb\.v\.$", "BV"), (r"\bl\.l\.c\.$", "LLC"), (r"\bllc$", "L.L.C."), (r"\blp$", "L.P."),
          (r"\bpte\.? ltd\.?$", "Private Limited"), (r"\bspółka akcyjna$", "S.A.")]
_LAT2CYR = [("shch", "щ"), ("zh", "ж"), ("kh", "х"), ("ts", "ц"), ("ch", "ч"), ("sh", "ш"),
            ("yu", "ю"), ("ya", "я"), ("a", "а"), ("b", "б"), ("v", "в"), ("g", "г"), ("d", "д"),
            ("e", "е"), ("z", "з"), ("i", "и"), ("y", "ы"), ("k", "к"), ("l", "л"), ("m", "м"),
            ("n", "н"), ("o", "о"), ("p", "п"), ("r", "р"), ("s", "с"), ("t", "т"), ("u", "у"),
            ("f", "ф"), ("c", "к"), ("h", "х"), ("j", "й"), ("w", "в"), ("x", "кс"), ("q", "к")]
_OTHER_FIRST = ["Gregor", "Ludmila", "Bartholomew", "Ingrid", "Oswaldo", "Zbigniew"]
_HONORIFIC = {"mr", "mrs", "ms", "dr"}
_EXTRA_WORD = ["Group", "Holdings", "International", "Services", "Capital", "Europe"]


def _typo(name: str, rng: random.Random) -> str | None:
    spans = [m.span() for m in re.finditer(r"[^\W\d_]{6,}", name)]
    if not spans:
        return None
    a, b = rng.choice(spans)
    i = rng.randrange(a + 1, b - 1)
    op = rng.choice(["delete", "swap", "replace", "double"])
    if op == "delete":
        return name[:i] + name[i + 1:]
    if op == "swap":
        return name[:i] + name[i + 1] + name[i] + name[i + 2:]
    if op == "double":
        return name[:i] + name[i] + name[i:]
    letters = "aeioustrnl".replace(name[i].lower(), "")
    return name[:i] + rng.choice(letters) + name[i + 1:]


def _cyrillic(name: str) -> str:
    out = name.lower()
    for lat, cyr in _LAT2CYR:
        out = out.replace(lat, cyr)
    return out


def variants(e: Entity, key: str, rng: random.Random) -> list[Labelled]:
    name, person = e.name, e.kind is EntityKind.PERSON
    out: list[tuple[str, str]] = [
        ("variant:case", rng.choice([name.upper(), name.lower(), name.title()])),
        ("variant:punct", re.sub(r"[.,]", "", name) if re.search(r"[.,]", name)
         else re.sub(r" (\S+)$", r", \1", name)),
    ]
    for pattern, repl in _SWAPS:
        if re.search(pattern, name, re.I):
            out.append(("variant:suffix", re.sub(pattern, repl, name, flags=re.I)))
            break
    toks = name.split()
    if normalise_name(name).suffix and len(toks) > 1:
        bare = " ".join(toks[:-1])
        if normalise_name(bare).key == normalise_name(name).key:
            out.append(("variant:no_suffix", bare))
    typo = _typo(name, rng)
    if typo:
        out.append(("variant:typo", typo))
    if person and len(toks) >= 2 and name.isascii() and toks[0].lower() not in _HONORIFIC:
        out.append(("variant:reorder", " ".join([toks[-1].upper()] + toks[:-1])))
        out.append(("variant:cyrillic", _cyrillic(name)))
    return [Labelled(EntityRef(name=n, kind=e.kind if rng.random() < 0.5 else None), key, c)
            for c, n in out if n and normalise_name(n).key]


def traps(e: Entity, rng: random.Random) -> list[Labelled]:
    name, toks = e.name, e.name.split()
    out: list[tuple[str, str, str | None]] = []
    norm = normalise_name(name)
    if e.kind is EntityKind.PERSON:
        if len(toks) >= 2 and name.isascii():
            out.append(("trap:other_person", " ".join([rng.choice(_OTHER_FIRST)] + toks[1:]), None))
    elif norm.key:
        word = rng.choice([w for w in _EXTRA_WORD if w.lower() not in name.lower()])
        base = " ".join(toks[:-1]) if norm.suffix and len(toks) > 1 else name
        tail = toks[-1] if norm.suffix and len(toks) > 1 else ""
        out.append(("trap:extra_word", f"{base} {word} {tail}".strip(), None))
        if e.jurisdiction:
            other = "US" if not e.jurisdiction.upper().startswith("US") else "GB"
            out.append(("trap:jurisdiction", name, other))
        if re.search(r"\d", name):
            out.append(("trap:number", re.sub(r"\d", lambda m: str((int(m.group()) + 3) % 10),
                                              name, count=1), None))
    return [Labelled(EntityRef(name=n, jurisdiction=j), None, c) for c, n, j in out]


# -- the labelled set and the measurement --------------------------------------------------
def build(real_data: Path, seed: int = 17) -> tuple[Resolver, list[Labelled]]:
    """A Resolver loaded with the samples, and the labelled mentions."""
    r = Resolver()
    registered: list[tuple[Entity, str]] = []
    held: list[tuple[str, str, EntityKind]] = []
    gl = real_data / "gleif"
    for e in [*gleif_xml(gl / "golden-copy" / "lei-data.xml"), *gleif_api(gl / "api" / "lei_records"),
              *bods(real_data / "bods"), *synthetic()]:
        registered.append((e, r.register(e)))
    for e, names in ftm(real_data / "ftm" / "opensanctions" / "dataset" / "t1" / "entities.ftm.json"):
        key = r.register(e)
        registered.append((e, key))
        held += [(n, key, e.kind) for n in names]
    owners: dict[str, set[str]] = {}
    for e, key in registered:
        for n in [e.name, *(a.value for a in e.aliases if a.scheme is AliasScheme.NAME)]:
            owners.setdefault(normalise_name(n).key, set()).add(r.canonical(key))
    known = set(owners)

    def label(n: str, key: str) -> str | None:
        keys = owners.get(normalise_name(n).key)
        return None if keys is not None and len(keys) > 1 else key

    rng = random.Random(seed)
    mentions: list[Labelled] = []
    seen: set[tuple[str, str | None]] = set()
    for e, key in registered:
        names = [e.name, *(a.value for a in e.aliases if a.scheme is AliasScheme.NAME)]
        for n in names:
            exp = label(n, key)
            mentions.append(Labelled(EntityRef(name=n), exp, "alias" if exp else "trap:shared_name"))
        shared = len(owners[normalise_name(e.name).key]) > 1
        for m in variants(e, key, rng):
            if shared:  # "Company A", "Person 1": no single right answer, must stay unresolved
                mentions.append(Labelled(m.ref, None, "trap:shared_variant"))
            else:
                mentions.append(Labelled(m.ref, label(m.ref.name or "", key), m.category))
        for t in traps(e, rng):
            if normalise_name(t.ref.name or "").key not in known or t.ref.jurisdiction:
                mentions.append(t)
    for n, key, kind in held:
        mentions.append(Labelled(EntityRef(name=n, kind=kind), label(n, key), "heldout"))
    unique = []
    for m in mentions:  # one mention per (name, jurisdiction)
        k = (m.ref.name or "", m.ref.jurisdiction)
        if k not in seen:
            seen.add(k)
            unique.append(m)
    return r, unique


def evaluate(real_data: Path, seed: int = 17) -> Report:
    resolver, mentions = build(real_data, seed)
    results = resolver.resolve_many([m.ref for m in mentions], record=False)
    cats: dict[str, Counter[str]] = {}
    errors = []
    resolved = correct = positives = 0
    for m, res in zip(mentions, results):
        c = cats.setdefault(m.category, Counter())
        c["n"] += 1
        if m.expected is not None:
            positives += 1
            c["positive"] += 1
        if res.method == "new":
            c["unresolved"] += 1
            if m.expected is not None:
                errors.append({"kind": "missed", "mention": m.ref.name, "category": m.category,
                               "expected": m.expected, "candidates": [x.key for x in res.candidates]})
            continue
        resolved += 1
        ok = res.key == resolver.canonical(m.expected) if m.expected else False
        correct += ok
        c["correct" if ok else "wrong"] += 1
        if not ok:
            errors.append({"kind": "wrong", "mention": m.ref.name, "category": m.category,
                           "expected": m.expected, "got": res.key, "method": res.method,
                           "score": res.score})
    return Report(precision=correct / resolved if resolved else 1.0,
                  recall=correct / positives if positives else 1.0, mentions=len(mentions),
                  resolved=resolved, correct=correct, positives=positives,
                  by_category={k: dict(v) for k, v in cats.items()}, errors=errors)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    # The real samples are test fixtures of a source checkout; an installed copy names a folder.
    default = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "real"
    root = Path(argv[0]) if argv else Path(os.environ.get("OWNERGRAPH_REAL_DATA", default))
    if not root.is_dir():
        print(f"real samples not found at {root}: pass their folder", file=sys.stderr)
        return 2
    report = evaluate(root)
    print(report.summary())
    for err in report.errors:
        print(" ", err)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
