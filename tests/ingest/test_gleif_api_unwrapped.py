"""GLEIF API resources saved without the JSON:API envelope (issue 31, session 10): a client that
keeps ``response["data"]`` writes one resource object, or an array of them; one that keeps the
call writes ``{"url", "status", "body": <document>}``. Each is read as the document would be. The
resource is the real ``lei-records`` record of tests/fixtures/real/gleif/api (see SOURCES.md there).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ownergraph.domain.errors import InputFormatError
from ownergraph.domain.model import Entity, Quarantined
from ownergraph.ingest.formats import detect

REAL = Path(__file__).parents[1] / "fixtures" / "real" / "gleif" / "api" / "lei_records"
DOC = json.loads((REAL / "direct-parent_549300O897ZC5H7CY412.json").read_text(encoding="utf-8"))


def read(tmp_path: Path, obj: object) -> list:
    path = tmp_path / "gleif.json"
    path.write_text(json.dumps(obj))
    assert detect(path).name == "gleif-api"
    return list(detect(path).read(path))


def names(records: list) -> set[str]:
    return {r.name for r in records if isinstance(r, Entity)}


@pytest.mark.parametrize("shape", ["envelope", "resource", "array", "wrapped"])
def test_each_saved_shape_reads_like_the_document(tmp_path: Path, shape: str) -> None:
    obj = {"envelope": DOC, "resource": DOC["data"], "array": [DOC["data"]],
           "wrapped": {"url": "https://api.gleif.org/api/v1/lei-records/549300O897ZC5H7CY412/direct-parent",
                       "status": 200, "body": DOC}}[shape]
    records = read(tmp_path, obj)
    assert not [r for r in records if isinstance(r, Quarantined)]
    assert "La Gare Holding AB" in names(records)


def test_an_error_document_still_says_so(tmp_path: Path) -> None:
    records = read(tmp_path, {"errors": [{"status": "404", "title": "Not Found"}], "meta": {"goldenCopy": {
        "publishDate": "2025-05-15T00:00:00Z"}}, "type": "lei-records"})
    (q,) = records
    assert isinstance(q, Quarantined) and q.field == "data"


def test_an_array_of_other_objects_is_not_taken(tmp_path: Path) -> None:
    path = tmp_path / "other.json"
    path.write_text(json.dumps([{"type": "lei-records", "name": "no attributes here"}]))
    with pytest.raises(InputFormatError):
        assert detect(path).name != "gleif-api"
