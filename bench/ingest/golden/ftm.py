"""An OpenSanctions-size FollowTheMoney export (``entities.ftm.json``, JSON lines), generated.

Scale 1.0 = 4,000,000 entities (OpenSanctions' default collection is about that size, issue 33).
The fixture (``tests/fixtures/real/ftm/opensanctions``) has six entities, too few to measure a
mix from, so the schema shares below are an assumption written as data; the names and their
many-script aliases are built from the words of the fixture's own names. Relationship entities
(Ownership, Directorship, Family, Associate, Sanction) point at entities written before them,
so every reference resolves. Each entity is drawn from its own seed: the same seed gives the
same bytes, written one line at a time.
"""

from __future__ import annotations

import bisect
import json
import random
import re
from itertools import accumulate
from pathlib import Path
from typing import Any

FULL = 4_000_000
FIXTURE = Path(__file__).resolve().parents[3] / "tests" / "fixtures" / "real" / "ftm" / "opensanctions"
SCHEMAS = {"Person": 36, "Company": 16, "Organization": 8, "LegalEntity": 5, "Sanction": 13, "Address": 6,
           "Ownership": 7, "Directorship": 5, "Family": 2, "Associate": 2}
THINGS = ("Person", "Company", "Organization", "LegalEntity")
ENDS = {"Ownership": (("owner", THINGS), ("asset", ("Company", "Organization", "LegalEntity"))),
        "Directorship": (("director", ("Person",)), ("organization", ("Company", "Organization"))),
        "Family": (("person", ("Person",)), ("relative", ("Person",))),
        "Associate": (("person", ("Person",)), ("associate", ("Person",))),
        "Sanction": (("entity", THINGS),)}
COUNTRIES = ("ru", "by", "ir", "ua", "kp", "sy", "cn", "ae", "tr", "gb", "us", "cy", "ke", "ve", "de")


def fixture_words(folder: Path = FIXTURE) -> list[str]:
    words: set[str] = set()
    for path in sorted(folder.rglob("*.json")):
        for line in path.read_text().splitlines():
            try:
                ent = json.loads(line)
            except json.JSONDecodeError:
                continue
            ent = ent.get("entity", ent) if isinstance(ent, dict) else {}
            for name in (ent.get("properties") or {}).get("name", []):
                words.update(w for w in re.findall(r"[^\W\d_]{3,}", name))
    return sorted(words)


class FtmWorld:
    def __init__(self, scale: float, seed: int = 11) -> None:
        self.n, self.seed = max(1, round(FULL * scale)), seed
        self.words = fixture_words()
        self.names, self.cum = list(SCHEMAS), list(accumulate(SCHEMAS.values()))

    def schema(self, i: int) -> str:
        r = random.Random(self.seed * 2_000_003 + i).random()
        return self.names[bisect.bisect_right(self.cum, r * self.cum[-1])]

    def eid(self, i: int) -> str:
        return f"gen-{(i * 2654435761 + self.seed) & 0xFFFFFFFFFF:010x}-{i}"

    def earlier(self, rng: random.Random, i: int, kinds: tuple[str, ...]) -> str | None:
        for _ in range(40):
            j = int(i * rng.random())
            if j < i and self.schema(j) in kinds:
                return self.eid(j)
        return None

    def entity(self, i: int) -> dict[str, Any] | None:
        schema = self.schema(i)
        rng = random.Random(self.seed * 3_000_017 + i)
        props: dict[str, list[str]] = {}
        if schema in THINGS:
            base = " ".join(rng.choice(self.words) for _ in range(rng.randint(2, 4)))
            props["name"] = [base] + [" ".join(reversed(base.split())) for _ in range(rng.randint(0, 1))] + [
                base.upper() for _ in range(rng.randint(0, 2))]
            props["country"] = [rng.choice(COUNTRIES)]
            props["topics"] = [rng.choice(("sanction", "sanction", "role.pep", "crime", "poi"))]
            if schema == "Person":
                props["birthDate"] = [f"{rng.randint(1940, 2000)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"]
            else:
                props["registrationNumber"] = [str(rng.randint(10 ** 8, 10 ** 12))]
        elif schema == "Address":
            props = {"full": [f"{rng.randint(1, 300)} {rng.choice(self.words)}, {rng.choice(self.words)}"],
                     "country": [rng.choice(COUNTRIES)]}
        else:
            for prop, kinds in ENDS[schema]:
                ref = self.earlier(rng, i, kinds)
                if ref is None:
                    return None
                props[prop] = [ref]
            if schema == "Ownership":
                props["percentage"] = [str(rng.choice((100, 51, 50, 25, 10, round(rng.uniform(1, 99), 2))))]
            if schema == "Sanction":
                props["authority"] = [rng.choice(("EU", "OFAC", "UK HMT", "UN SC"))]
            props["startDate"] = [f"{rng.randint(2000, 2024)}-{rng.randint(1, 12):02d}-01"]
        return {"id": self.eid(i), "caption": (props.get("name") or props.get("full") or [schema])[0], "schema": schema,
                "properties": props, "datasets": ["generated"], "first_seen": "2024-06-01T00:00:00",
                "last_seen": "2024-06-01T00:00:00", "target": schema in THINGS and rng.random() < 0.4}

    def write(self, path: Path) -> dict[str, int]:
        path.parent.mkdir(parents=True, exist_ok=True)
        counts: dict[str, int] = {}
        buffer: list[str] = []
        with open(path, "w", encoding="utf-8") as fh:
            for i in range(self.n):
                ent = self.entity(i)
                if ent is None:  # a link with no earlier end of its kind (only at the very start)
                    continue
                counts[ent["schema"]] = counts.get(ent["schema"], 0) + 1
                buffer.append(json.dumps(ent, ensure_ascii=False, separators=(",", ":")))
                if len(buffer) >= 5000:
                    fh.write("\n".join(buffer) + "\n")
                    buffer = []
            if buffer:
                fh.write("\n".join(buffer) + "\n")
        return counts
