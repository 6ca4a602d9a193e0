"""GLEIF records as they really come (issue 31, session 8), on real files of the reader corpus
(origins and licences in ``tests/fixtures/reader_corpus/README.md``):

- a record with one PREVIOUS_LEGAL_NAME and a completed CHANGE_LEGAL_NAME event: the previous name
  is valid until the event's effective date, as written in its own offset (morenomjc golden-copy
  intra-day JSON);
- an API record whose LEI has LEI-CDF's form but fails ISO 17442's check digits (ggravlingen/pygleif
  ``sparse_record.json``): the entity is kept under its stated id, never as an LEI key.
"""

from __future__ import annotations

from pathlib import Path

from ownergraph.domain.codes import AliasKind, AliasScheme
from ownergraph.domain.model import Entity, Quarantined
from ownergraph.ingest.formats import detect

FILES = Path(__file__).resolve().parents[1] / "fixtures" / "reader_corpus" / "files"


def read(rel: str) -> list:
    path = FILES / rel
    return list(detect(path).read(path))


def test_previous_legal_name_ends_at_the_name_change() -> None:
    records = read("heldout2/gleif-lei-json/morenomjc-20240505-0000-gleif-goldencopy-lei2-intra-day.json")
    by_lei = {e.ref.lei: e for e in records if isinstance(e, Entity)}
    for lei, old, until in (("213800E5Z6QRDSMZMK84", "GREENCARE CAPITAL LTD", "2024-04-25"),
                            ("529900NAFNABQ9V6F038", "AllianzGI-Fonds SFT Master", "2024-04-30")):
        (alias,) = [a for a in by_lei[lei].aliases if a.kind is AliasKind.PREVIOUS]
        assert alias.value == old and alias.valid_to.isoformat() == until


def test_lei_failing_its_check_digits_is_kept_as_stated() -> None:
    records = read("test/gleif-api/pygleif-sparse_record.json")
    (q,) = [r for r in records if isinstance(r, Quarantined)]
    assert q.field == "LEI" and "ISO 17442" in q.reason
    (ent,) = [r for r in records if isinstance(r, Entity)]
    assert ent.name == "Sparse Example AB" and ent.ref.lei is None
    assert ent.ref.scheme is AliasScheme.OTHER and ent.ref.value == "LEI:SPARSE00000000000001"
