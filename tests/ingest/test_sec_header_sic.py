"""EDGAR header SIC codes (issue 31 item 3, session 7): STANDARD INDUSTRIAL CLASSIFICATION is stored
as the entity's industry code ``SIC:nnnn``, an attribute: never an alias (so never in name matching:
an earlier round stored SIC as aliases and companies sharing a code looked alike), and an entity
without a code hashes exactly as before the field existed.

Real headers: the reader corpus's dev EDGAR submissions (deanshelton913/sec-edgar-parser, origin in
``tests/fixtures/reader_corpus/README.md``) write "DESCRIPTION [2833]"; the 1994 and 2000 8-Ks of
``tests/fixtures/real/filings/8-K`` (origin in ``tests/fixtures/real/SOURCES.md``) a bare "4833" and
an unclosed " [6211".
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from ownergraph.domain.codes import AliasKind, AliasScheme
from ownergraph.domain.model import Alias, Entity, EntityRef, Provenance
from ownergraph.ingest.formats import detect
from ownergraph.ingest.readers.documents.edgar import parse_header

FIX = Path(__file__).resolve().parents[1] / "fixtures"
CORPUS = FIX / "reader_corpus" / "files" / "dev" / "sec-submission-txt"


def entities(path: Path) -> dict[str, Entity]:
    """The header's entities by CIK (the form's own entities are other facts)."""
    return {r.ref.value: r for r in detect(path).read(path)
            if isinstance(r, Entity) and str(r.fact_key).startswith("sec:header:")}


def test_sic_is_an_industry_code_not_an_alias() -> None:
    ents = entities(CORPUS / "dsep-schedule13g.txt")
    subject, filer = ents["0001374328"], ents["0001815572"]
    assert subject.industry_codes == ("SIC:2833",)
    assert filer.industry_codes == ()  # the FILED BY block states no SIC
    assert not any("2833" in a.value for a in subject.aliases)
    assert entities(CORPUS / "dsep-form4.txt")["0000842517"].industry_codes == ("SIC:6022",)


def test_sic_as_old_headers_write_it() -> None:
    for name, code in (("100240_8K_1994_0000950144-94-000103.txt", "4833"),
                       ("1001136_8K_2000_0000950124-00-005735.txt", "6211")):
        text = (FIX / "real" / "filings" / "8-K" / name).read_text(encoding="latin-1")[:20_000]
        (party, *_) = parse_header(text).parties
        assert party.sic == code, name


def test_unassigned_or_empty_sic_is_none() -> None:
    for line in ("STANDARD INDUSTRIAL CLASSIFICATION:\tUNKNOWN SIC - 0000 [0000]",
                 "STANDARD INDUSTRIAL CLASSIFICATION:\t[]"):
        head = f"<SEC-HEADER>\nFILER:\n\tCOMPANY DATA:\n\t\tCOMPANY CONFORMED NAME:\tX INC\n\t\t" \
               f"CENTRAL INDEX KEY:\t0000000001\n\t\t{line}\n</SEC-HEADER>"
        assert parse_header(head).parties[0].sic is None, line


def test_entities_without_codes_hash_as_before() -> None:
    """The hash pinned here was computed before ``industry_codes`` existed (commit 811c2c6): a stored
    graph sees no entity change when it is reloaded."""
    e = Entity(ref=EntityRef(scheme=AliasScheme.CIK, value="0000320193", name="APPLE INC"), name="APPLE INC",
               jurisdiction="US-CA", known_from=datetime(2024, 1, 2, tzinfo=timezone.utc),
               provenance=Provenance(source_system="sec", source_record_id="x:0000320193"),
               aliases=(Alias(scheme=AliasScheme.CIK, value="0000320193", kind=AliasKind.IDENTIFIER),),
               fact_key="sec:header:0000320193:x")
    assert e.content_hash() == "1d361e729edfc11188f361e8105c7f5d"
    coded = e.model_copy(update={"industry_codes": ("SIC:3571",)})
    assert coded.content_hash() != e.content_hash()  # a stated code is content
