"""Umbrella funds for the bulk benchmark: GLEIF LEI records rewritten so that groups of sub-funds
share one register number (``RegistrationAuthorityEntityID``) and alike names.

    python -m bench.ingest.umbrella IN.xml OUT.xml --group 2400 --share 0.5

Every LEI stays its own entity (two LEIs are never one): the groups exercise the resolver's
shared-identifier handling, which was quadratic in a group's size before issue 33. ``--share``:
the fraction of records put in groups (the first ones in the file, in groups of ``--group``).
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

_RECORD = re.compile(r"(<lei:LEIRecord\b.*?</lei:LEIRecord>)", re.S)
_RA_ID = re.compile(r"<lei:(RegistrationAuthorityEntityID|ValidationAuthorityEntityID)>[^<]*</lei:\1>")
_RA = re.compile(r"<lei:(RegistrationAuthorityID|ValidationAuthorityID)>[^<]*</lei:\1>")
AUTHORITY = "RA000432"  # Luxembourg's register: one authority for every group
_JURISDICTION = re.compile(r"<lei:LegalJurisdiction>[^<]*</lei:LegalJurisdiction>")
_NAME = re.compile(r"(<lei:LegalName[^>]*>)[^<]*(</lei:LegalName>)")


def umbrella(text: str, group: int, share: float) -> tuple[str, int]:
    """``text`` with the first ``share`` of its records in umbrella groups; (text, grouped)."""
    records = _RECORD.findall(text)
    grouped = int(len(records) * share) // group * group
    n = 0

    def one(m: re.Match[str]) -> str:
        nonlocal n
        i, rec = n, m.group(1)
        n += 1
        if i >= grouped:
            return rec
        number = f"B{900000 + i // group}"
        rec = _RA_ID.sub(lambda r: f"<lei:{r.group(1)}>{number}</lei:{r.group(1)}>", rec)
        rec = _RA.sub(lambda r: f"<lei:{r.group(1)}>{AUTHORITY}</lei:{r.group(1)}>", rec)
        # the identifier is "<jurisdiction>:<register number>": one jurisdiction for the group
        rec = _JURISDICTION.sub("<lei:LegalJurisdiction>LU</lei:LegalJurisdiction>", rec)
        return _NAME.sub(lambda r: f"{r.group(1)}Atlas Umbrella Investment Fund SICAV - Sub-Fund {i % group:04d}"
                                   f"{r.group(2)}", rec, count=1)

    return _RECORD.sub(one, text), grouped


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.ingest.umbrella")
    ap.add_argument("source", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--group", type=int, default=2400)
    ap.add_argument("--share", type=float, default=0.5)
    args = ap.parse_args(argv)
    text, grouped = umbrella(args.source.read_text(encoding="utf-8"), args.group, args.share)
    args.out.write_text(text, encoding="utf-8")
    print(f"{grouped} records in groups of {args.group}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
