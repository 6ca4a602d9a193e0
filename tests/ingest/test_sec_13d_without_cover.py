"""A Schedule 13D submission whose document has no cover page (held-out set 3, development data
since session 8: ``pysecedgarm-sc13d_sample.txt``, a pysecedgarm test sample; origin and licence in
``tests/fixtures/reader_corpus/README.md``). The header's subject company and filer load; the
document is refused naming the cover field it lacks. Session 8 ended the file with a validation
error of an issuer reference without a name (the two header entities were read, the rest lost)."""

from __future__ import annotations

from pathlib import Path

from ownergraph.domain.model import Entity, Quarantined
from ownergraph.ingest.formats import detect

FILE = (Path(__file__).resolve().parents[1] / "fixtures" / "reader_corpus" / "files" / "heldout3"
        / "sec-submission-txt" / "pysecedgarm-sc13d_sample.txt")


def test_13d_without_a_cover_page_keeps_the_header_and_names_the_missing_field() -> None:
    records = list(detect(FILE).read(FILE))
    assert {e.name for e in records if isinstance(e, Entity)} == {"ACME CORP", "ACTIVIST FUND LP"}
    (bad,) = [q for q in records if isinstance(q, Quarantined)]
    assert bad.field == "name of issuer" and not bad.not_read and "SC 13D" in bad.reason
