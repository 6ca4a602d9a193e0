"""Model records from values already checked column-wise, and their content hashes.

``make`` fills a model's fields without running its validators (the column checks did their
work, and a row that fails any of them is built by the row reader instead); ``entity_hash`` /
``edge_hash`` write the canonical JSON ``Dated.content_hash`` hashes (``model_dump(mode="json")``
minus provenance ``source_file``/``locator``, keys sorted, compact, ASCII) straight from the
values, and the record keeps it (``Dated.content_hash`` returns a kept hash).
tests/ingest/test_columnar.py checks every kept hash against a fresh ``content_hash``.
"""

from __future__ import annotations

import hashlib
from datetime import date, datetime
from json.encoder import encode_basestring_ascii as _str  # type: ignore[attr-defined]
from typing import Any

from pydantic import BaseModel

_set = object.__setattr__
_DEFAULTS: dict[type, dict[str, Any]] = {}


def make(cls: type[BaseModel], **values: Any) -> Any:
    """``cls`` with ``values`` (and the defaults of the fields not given), unvalidated."""
    defaults = _DEFAULTS.get(cls)
    if defaults is None:
        defaults = _DEFAULTS[cls] = {name: f.get_default(call_default_factory=True)
                                     for name, f in cls.model_fields.items()}
    obj = cls.__new__(cls)
    fields = dict(defaults)
    fields.update(values)
    _set(obj, "__dict__", fields)
    _set(obj, "__pydantic_fields_set__", set(values))
    _set(obj, "__pydantic_extra__", None)
    _set(obj, "__pydantic_private__", None)
    return obj


def keep_hash(rec: Any, canonical: str) -> Any:
    rec.__dict__["_content_hash"] = hashlib.sha256(canonical.encode()).hexdigest()[:32]
    return rec


def j(v: Any) -> str:
    """One scalar as ``json.dumps`` writes pydantic's JSON-mode value of it."""
    if v is None:
        return "null"
    if isinstance(v, str):
        return _str(v)
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, datetime):
        return '"' + v.isoformat().replace("+00:00", "Z") + '"'  # always UTC here
    if isinstance(v, date):
        return '"' + v.isoformat() + '"'
    if isinstance(v, float):
        return repr(v)
    return _str(v.value)  # an enum


def ref_json(lei: str | None, scheme: str | None = None, value: str | None = None) -> str:
    return (f'{{"jurisdiction":null,"kind":null,"lei":{j(lei)},"name":null,"scheme":{j(scheme)},'
            f'"value":{j(value)}}}')


def prov_json(record_id: str, level: str | None, document_id: str | None, system: str) -> str:
    return (f'{{"document_id":{j(document_id)},"source_record_id":{j(record_id)},'
            f'"source_system":{j(system)},"validation_level":{j(level)}}}')


def alias_json(scheme: str, value: str, kind: str) -> str:
    return f'{{"kind":{j(kind)},"scheme":{j(scheme)},"valid_from":null,"valid_to":null,"value":{j(value)}}}'


def entity_canonical(*, aliases: list[str], expiration_reason: str | None, fact_key: str,
                     jurisdiction: str | None, kind: str, known_from: datetime, name: str, prov: str,
                     ref: str, status: str | None, valid_from: date | None, valid_to: date | None) -> str:
    """An Entity without successor, birth date or nationalities (what the GLEIF fast path makes)."""
    return (f'{{"aliases":[{",".join(aliases)}],"birth_date":null,"expiration_reason":{j(expiration_reason)},'
            f'"fact_key":{j(fact_key)},"jurisdiction":{j(jurisdiction)},"kind":{j(kind)},'
            f'"known_from":{j(known_from)},"name":{j(name)},"nationalities":[],"provenance":{prov},'
            f'"record_type":"entity","ref":{ref},"status":{j(status)},"successor":null,'
            f'"valid_from":{j(valid_from)},"valid_to":{j(valid_to)}}}')


def stake_json(exact: float | None) -> str:
    if exact is None:
        return "null"
    return f'{{"exact":{j(exact)},"hi":null,"hi_inclusive":false,"lo":null,"lo_inclusive":true}}'


def edge_canonical(record_type: str, extra: dict[str, str], *, fact_key: str, known_from: datetime,
                   prov: str, source: str, target: str, valid_from: date | None,
                   valid_to: date | None) -> str:
    """An edge record; ``extra`` holds its own fields as already-encoded JSON values."""
    parts = {"fact_key": j(fact_key), "known_from": j(known_from), "provenance": prov,
             "record_type": _str(record_type), "source": source, "target": target,
             "valid_from": j(valid_from), "valid_to": j(valid_to), **extra}
    return "{" + ",".join(f'"{k}":{parts[k]}' for k in sorted(parts)) + "}"
