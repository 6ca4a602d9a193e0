"""Edit distance for typos: a symmetric-delete key (a word and its one-deletion spellings, so
that near words meet in a dictionary without comparing every pair) and the optimal-string-alignment
distance (a swap of neighbours is one edit: "ledners" is one edit from "lenders")."""

from __future__ import annotations

__all__ = ["deletes", "edit_distance"]


def deletes(word: str) -> set[str]:
    """The word and every spelling with one character left out."""
    return {word} | {word[:i] + word[i + 1:] for i in range(len(word))}


def edit_distance(a: str, b: str) -> int:
    """Insertions, deletions, substitutions and swaps of neighbours needed to turn a into b."""
    d = [[i + j if i * j == 0 else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[len(a)][len(b)]
