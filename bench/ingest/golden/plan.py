"""What a golden copy at scale F holds, decided before any record is written.

Counts (1.0 = 3.1M LEI records, 0.6M relationship records, 5.5M reporting exceptions, the sizes
issue 33 gives for today's golden copy), LEI codes as a function of the record's index (valid
ISO 17442 check digits, a managing LOU's prefix), and the umbrella groups: runs of indices whose
records share one ``RegistrationAuthorityEntityID``, like sub-funds filed under their umbrella's
register number. Sizes of the groups: ``umbrella_size`` for every group (the extreme case, e.g.
2,400), else drawn from a discrete Pareto between 2 and 300 (median about 4, a few hundreds):
an assumption, since the fixtures hold no umbrella group to measure.
"""

from __future__ import annotations

import bisect
import random
from array import array
from dataclasses import dataclass, field


FULL = {"lei": 3_100_000, "rr": 600_000, "repex": 5_500_000}
ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SPACE = 36 ** 12
STEP = 1_000_000_007 * 5  # coprime with 36 ** 12 (= 2**24 * 3**24): index -> code is one-to-one


def scaled(scale: float) -> dict[str, int]:
    return {k: max(1, round(v * scale)) for k, v in FULL.items()}


TRIPLES = [a + b + c for a in ALPHABET for b in ALPHABET for c in ALPHABET]  # 36**3 strings
NUMERIC = str.maketrans({ch: str(k) for k, ch in enumerate(ALPHABET)})  # ISO 7064: A=10 .. Z=35


def base36(n: int, width: int = 12) -> str:
    """``n`` in ``width`` base-36 digits (a multiple of 3), by table: millions of codes per run."""
    out = []
    for _ in range(width // 3):
        n, r = divmod(n, 46656)
        out.append(TRIPLES[r])
    return "".join(reversed(out))


def check_digits(base18: str) -> str:
    """ISO 17442 (MOD 97-10) check digits; the tests check the codes with the project's validator."""
    return f"{98 - int((base18 + '00').translate(NUMERIC)) % 97:02d}"


@dataclass
class Plan:
    seed: int
    counts: dict[str, int]
    lou_prefixes: list[str]
    umbrella_share: float = 0.05
    umbrella_size: int | None = None
    starts: array = field(default_factory=lambda: array("q"))
    sizes: array = field(default_factory=lambda: array("q"))

    def __post_init__(self) -> None:
        self.offset = random.Random(self.seed).randrange(SPACE)
        self._place_umbrellas()

    # ------------------------------------------------------------------ LEI codes
    def lei(self, i: int) -> str:
        """The LEI of record ``i`` (also past the copy's end: the delta's new LEIs)."""
        prefix = self.lou_prefixes[(i * 2654435761) % len(self.lou_prefixes)]
        base = prefix + "00" + base36((self.offset + i * STEP) % SPACE, 12)
        return base + check_digits(base)

    def lou(self, i: int) -> int:
        return (i * 2654435761) % len(self.lou_prefixes)

    # ------------------------------------------------------------------ umbrellas
    def _size(self, rng: random.Random) -> int:
        if self.umbrella_size:
            return self.umbrella_size
        return min(300, int(2 / (1 - rng.random()) ** (1 / 1.2)))  # Pareto, alpha 1.2, from 2

    def _place_umbrellas(self) -> None:
        n = self.counts["lei"]
        want = int(n * self.umbrella_share)
        rng = random.Random(self.seed * 7 + 1)
        sizes: list[int] = []
        while sum(sizes) < want:
            sizes.append(self._size(rng))
        if sizes and sum(sizes) > want:
            sizes[-1] -= sum(sizes) - want
            if sizes[-1] < 2:
                sizes.pop()
        gap = (n - sum(sizes)) // (len(sizes) + 1) if sizes else 0
        at = gap
        for s in sizes:  # spread over the file: groups among ordinary records
            self.starts.append(at)
            self.sizes.append(s)
            at += s + gap

    def umbrella(self, i: int) -> tuple[int, int] | None:
        """(group number, position in it) when record ``i`` belongs to an umbrella group."""
        g = bisect.bisect_right(self.starts, i) - 1
        if g >= 0 and i < self.starts[g] + self.sizes[g]:
            return g, i - self.starts[g]
        return None

    @property
    def umbrella_records(self) -> int:
        return sum(self.sizes)
