"""Sentence splitting and chunking: offsets are exact on real filings."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ownergraph.retrieval.text.chunking import (
    approx_tokens,
    boilerplate_score,
    chunk_sentences,
    chunk_text,
    count_tokens,
)
from ownergraph.ingest.readers.documents.text import html_text
from ownergraph.domain.sentences import split_sentences


def _texts(text: str) -> list[str]:
    return [s.text for s in split_sentences(text, "d")]


def _check_offsets(text: str, sentences) -> None:  # noqa: ANN001
    prev_end = 0
    for i, s in enumerate(sentences):
        assert s.index == i
        assert text[s.start:s.end] == s.text
        assert s.start >= prev_end and s.end > s.start
        assert s.text == s.text.strip()
        prev_end = s.end


@pytest.fixture(scope="module")
def sc13g(real_data: Path) -> str:
    return html_text((real_data / "sec" / "SC-13G-DOCUMENT.html").read_bytes())


def test_abbreviations_and_decimals() -> None:
    assert _texts("ICS Opportunities, Ltd. holds 12.5% of the shares. The rest is held by Apple Inc. and others.") == [
        "ICS Opportunities, Ltd. holds 12.5% of the shares.",
        "The rest is held by Apple Inc. and others.",
    ]
    assert _texts("Petrov Holdings S.A. owns 60% of Borealis AS. See No. 5 of the U.S. filing, e.g. Item 4. "
                  "Mr. Englander is the trustee.") == [
        "Petrov Holdings S.A. owns 60% of Borealis AS.",
        "See No. 5 of the U.S. filing, e.g. Item 4. Mr. Englander is the trustee.",
    ]
    assert _texts("It is incorporated in the U.S. The parent is Acme Corp. Revenue was $4.2 billion.") == [
        "It is incorporated in the U.S.", "The parent is Acme Corp.", "Revenue was $4.2 billion.",
    ]
    assert _texts("Apple South Asia Pte. Ltd. is in Singapore. Filed with the U.S. Securities and Exchange "
                  "Commission, Washington, D.C. 20549.") == [
        "Apple South Asia Pte. Ltd. is in Singapore.",
        "Filed with the U.S. Securities and Exchange Commission, Washington, D.C. 20549.",
    ]


def test_bullets_lines_and_wrapped_prose() -> None:
    text = ("Ownership is as follows:\n• Alpha Ltd. holds 40%\n• Beta AG holds 60%\n(a) first item\n1. second item\n\n"
            "This wrapped sentence continues on\nthe next line and ends here. Next one!")
    assert _texts(text) == [
        "Ownership is as follows:", "• Alpha Ltd. holds 40%", "• Beta AG holds 60%", "(a) first item",
        "1. second item", "This wrapped sentence continues on\nthe next line and ends here.", "Next one!",
    ]
    _check_offsets(text, split_sentences(text, "d"))


def test_real_sc13g_offsets_and_key_sentences(sc13g: str) -> None:
    sentences = split_sentences(sc13g, "sc13g")
    _check_offsets(sc13g, sentences)
    texts = [s.text for s in sentences]
    assert ("Exhibit I:  Joint Filing Agreement, dated as of January 5, 2024, by and among ICS Opportunities, "
            "Ltd., Millennium Management LLC, Millennium Group Management LLC and Israel A. Englander.") in texts
    voting = [t for t in texts if t.startswith("The securities disclosed herein as potentially beneficially owned")]
    assert len(voting) == 1 and voting[0].endswith(
        "(the sole voting trustee of the managing member of Millennium Group Management LLC).")
    assert "Item 4. Ownership" in texts


@pytest.mark.parametrize("name", ["ex21_aapl.html", "ex21_jpm.html"])
def test_real_exhibit21_rows_are_sentences(real_data: Path, name: str) -> None:
    text = html_text((real_data / "sec" / name).read_bytes())
    sentences = split_sentences(text, name)
    _check_offsets(text, sentences)
    texts = [s.text for s in sentences]
    if name == "ex21_aapl.html":
        assert "Apple Operations Mexico, S.A. de C.V. | Mexico" in texts
        assert "Apple Computer Trading (Shanghai) Co., Ltd. | China" in texts
    else:
        assert "JPMorgan Securities Japan Co., Ltd. | Japan" in texts
        assert "J.P. Morgan Securities LLC | United States" in texts


def test_chunks_keep_sentence_offsets(sc13g: str) -> None:
    chunks = chunk_text(sc13g, "sc13g", max_tokens=120)
    assert len(chunks) > 5
    all_sentences = split_sentences(sc13g, "sc13g")
    assert [s for c in chunks for s in c.sentences] == all_sentences  # no overlap, nothing lost
    for i, c in enumerate(chunks):
        assert c.index == i and c.chunk_id == f"sc13g#c{i}"
        assert sc13g[c.start:c.end] == c.text
        assert c.start == c.sentences[0].start and c.end == c.sentences[-1].end
        assert c.tokens == sum(count_tokens([s.text for s in c.sentences]))
        assert c.tokens <= 120 or len(c.sentences) == 1
        for s in c.relative_sentences():
            assert c.text[s.start:s.end] == s.text


def test_chunk_overlap() -> None:
    text = " ".join(f"Sentence number {i} is about Alpha Holdings Ltd. and its {i}% stake." for i in range(30))
    sentences = split_sentences(text, "d")
    assert len(sentences) == 30
    chunks = chunk_sentences(text, sentences, max_tokens=60, overlap=1)
    for a, b in zip(chunks, chunks[1:]):
        assert a.sentences[-1] == b.sentences[0]
    assert chunks[-1].sentences[-1] == sentences[-1]


def test_boilerplate_score() -> None:
    assert boilerplate_score("SEC USE ONLY") >= 0.5
    assert boilerplate_score("Page 7 of 11") >= 0.5
    assert boilerplate_score("Home | Search Filings | Company Search | About EDGAR | Contact") >= 0.5
    assert boilerplate_score("This report contains forward-looking statements within the meaning of the Act.") >= 0.5
    assert boilerplate_score("Petrov Holdings Ltd. owns 62.5% of the outstanding shares of Borealis Shipping AS.") == 0


def test_token_counts() -> None:
    texts = ["Petrov Holdings Ltd. owns 62.5% of the outstanding shares of Borealis Shipping AS.", "Loan."]
    real = count_tokens(texts)
    assert real[1] == 2  # "loan", "."
    for t, n in zip(texts, real):
        assert abs(approx_tokens(t) - n) <= max(3, 0.35 * n)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(list("ab AB.!?\n\t,;:%1(•-)|") + ["Ltd.", "Inc.", "U.S.", " No. ", "12.5", "\n\n"]),
                max_size=200).map("".join))
def test_offsets_exact_on_arbitrary_text(text: str) -> None:
    _check_offsets(text, split_sentences(text, "x", max_chars=50))
