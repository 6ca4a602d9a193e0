"""A question written as code (issue 30): a TODO or FIXME comment around a call, as a developer
leaves it in a test or a notebook ("# TODO(mk): holdings_of(X) @ 20240630 -> [(company, pct)]").
Read as the words it stands for: the comment's marker and tag go, an identifier's underscores
are spaces (``holdings_of`` "holdings of", ``as_of`` "as of", ``max_hops`` "max hops"), a call's
parenthesis opens its arguments ("stake(A -> B)" "stake of A -> B"), "@ D" is "as of D", "A -> B"
is "A to B", and a result placeholder ("= ???", "-> [(company, pct)]") is dropped."""

from __future__ import annotations

import re

from ownergraph.domain.legal_forms import trailing_form
from ownergraph.retrieval.question.work_text import quoted

__all__ = ["code_question"]

_MARKER = re.compile(r"^\s*(?:#+|//+|/\*+|--|;+)\s*(?:(?:TODO|FIXME|XXX|NOTE|HACK|BUG)\b\s*(?:\([^)]{0,20}\))?\s*:?\s*)?", re.I)
_NOT_PLURAL = r"(?!(?:s|es|ies)\))"  # "guarantor(s)" is a word, not a call
_CODE_HINT = re.compile(r"^\s*(?:#|//|/\*|--\s)|\b[a-z]+(?:_[a-z]+)+\b|\b[a-z]+\(" + _NOT_PLURAL + r"[^)]+\)", re.I)
_PLACEHOLDER = re.compile(r"\s*(?:=\s*\?+|->\s*\[[^\]]*\]|->\s*\?+)\s*")
_SNAKE = re.compile(r"\b([a-z]+(?:_[a-z]+)+)\b")
_CALL = re.compile(r"\b([a-z][a-z_]{2,})\(" + _NOT_PLURAL + r"(?=\s*[^\s)])")
_AT_DATE = re.compile(r"@\s*(?=\d|last\b|end\b|today\b)", re.I)
_ARROW = re.compile(r"\s*(?:->|=>|\u2192)\s*")


def _between(args: str, comma: re.Match[str]) -> str:
    """A comma between a call's arguments is "and"; one before a legal form ("Co., Ltd.") stays."""
    after = re.match(r"\S+", args[comma.end():])
    if after and trailing_form(f"{args[:comma.start()]}, {after[0]}") is not None:
        return comma[0]
    return " and "


def _calls(text: str) -> str:
    """Each call "f(a, b)" as "f of a and b": its parentheses go (a name's own, inside, stay)."""
    while m := _CALL.search(text):
        depth, end = 0, None
        for i in range(m.end() - 1, len(text)):
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            if depth == 0:
                end = i
                break
        args = text[m.end():end] if end is not None else text[m.end():]
        args = re.sub(r",\s*(?=[A-Za-z\u0400-\u04ff\"'])", lambda c: _between(args, c), args)
        word = m[1] if re.search(r"(?:^|_)(?:of|by)$", m[1]) else f"{m[1]} of"
        text = f"{text[:m.start()]}{word} {args}{text[end + 1:] if end is not None else ''}"
    return text


def code_question(text: str) -> tuple[str, list[str]]:
    """The text of a question written as code, as words; other text unchanged."""
    if not _CODE_HINT.search(text):
        return text, []
    out = _MARKER.sub("", text, count=1)
    out = _PLACEHOLDER.sub(" ", out)
    out = _calls(out)
    out = _SNAKE.sub(lambda m: m[1].replace("_", " "), out)
    out = re.sub(r"\b([a-z]+)=(?=\S)", r"\1 ", out)  # "hops=1": "hops 1"
    out = _AT_DATE.sub("as of ", out)
    out = _ARROW.sub(" to ", out)
    out = re.sub(r"\s+", " ", out).strip()
    return (out, [f"read as code: {quoted(out)}"]) if out != text.strip() else (text, [])
