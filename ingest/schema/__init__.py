"""The JSON Schema of every record type, exported from ``ingest.model``.

Regenerate with ``python -m ownergraph.ingest.schema``; a test fails when the file is stale.
"""

from __future__ import annotations

import json
from pathlib import Path

SCHEMA_FILE = Path(__file__).with_name("records.schema.json")


def render() -> str:
    from ownergraph.domain.model import record_json_schema

    schema = record_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "ownergraph record"
    return json.dumps(schema, indent=2, sort_keys=True) + "\n"


def write() -> Path:
    SCHEMA_FILE.write_text(render())
    return SCHEMA_FILE
