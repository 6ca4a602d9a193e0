"""Sentences of a plain-text filing wrapped at a fixed width (domain.sentences).

sec/s3/0000899681-95-000096.txt (Page America Group S-3/A) is wrapped at about 64 columns with
lines that end on a capitalised word ("... general partners of BHI" / "Associates VI, L.P., ..."),
on an abbreviation ("Messrs." / "Barry and Kadis ...") or before a defined term ('L.P.' /
'("TE"), ...'): each sentence below is one sentence, as a person reads it off the file."""

from __future__ import annotations

from pathlib import Path

from ownergraph.evaluation.relations import document_text
from ownergraph.domain.sentences import split_sentences

REAL = Path(__file__).parents[1] / "fixtures" / "real"


def test_wrapped_lines_join_and_abbreviations_do_not_end_sentences() -> None:
    text = document_text(REAL, "sec/s3/0000899681-95-000096.txt#1")
    flat = {" ".join(s.text.split()) for s in split_sentences(text)}
    for want in (
        'Mr. Barry and Jack Kadis are the general partners of BHI Associates VI, L.P., which is the sole general '
        'partner of Bariston Paging Partners, L.P. ("Bariston Paging").',
        'Messrs. Barry and Kadis are the controlling shareholders of Bariston Holdings, Inc., which is the sole '
        'shareholder of Bariston Associates, Inc. ("Bariston").',
        'Sandler Mezzanine General Partnership is the investment General Partner of each of Sandler Mezzanine T-E '
        'Partners, L.P. ("TE"), Sandler Mezzanine Partners, L.P. ("SM") and Sandler Mezzanine Foreign Partners, '
        'L.P. ("FP").',
        "LEGAL OPINION",  # a short heading stays apart from the paragraph after it
    ):
        assert want in flat


def test_offsets_stay_exact() -> None:
    text = document_text(REAL, "sec/s3/0000899681-95-000096.txt#1")
    assert all(text[s.start:s.end] == s.text for s in split_sentences(text))
