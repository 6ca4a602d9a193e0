"""Benchmark: query-aware extractive compression of retrieved filing text.

    python -m bench.retrieval.compression [--json] [--questions N] [--seed S] [--budget low]

A deterministic labelled set: a synthetic world of companies and persons with relation facts
(ownership with %, control, guarantees and loans with amounts, mergers), written into
filing-like documents with realistic furniture — EDGAR navigation, cover pages, forward-looking
statement notices, page footers, risk factors, tables of unrelated figures, signature blocks,
sentences that name the entities without stating a relation, and facts about *other* entities.
Each question ("Who owns X?", "Which loans has X extended?") has one or two gold sentences
(the facts that answer it; two for indirect-ownership chains). Its result set is what a vector
search would return: the chunks holding the gold sentences, neighbouring chunks of the same
filing, chunks of other filings about the same entities, and unrelated chunks (10 chunks of
~200 tokens). ``entity_names`` are the names of the entities of the answering subgraph (what
the graph side hands to compression).

Measured: token reduction (tokens of the whole retrieved chunks / tokens kept), gold-sentence
recall (a gold sentence counts when kept verbatim with its offsets), and compress() latency
p50/p99 with the sentence and question embeddings cached (the steady state: disclosure
sentences are embedded once at indexing time). Targets: >= 10x fewer tokens at >= 95% recall
with the "low" budget.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from dataclasses import dataclass, field

import numpy as np

from ownergraph.retrieval.text.chunking import Chunk, chunk_text
from ownergraph.domain.sentences import Sentence
from ownergraph.retrieval.text.compression import compress

# ---------------------------------------------------------------------------------------------
# Synthetic world

_STEMS = [
    "Borealis", "Kestrel", "Vanta", "Petrov", "Aurelia", "Halden", "Marlow", "Orion", "Sable",
    "Tamsin", "Ulster", "Verity", "Wexford", "Yarrow", "Zenith", "Altmark", "Brennan", "Caldera",
    "Dunmore", "Elbrus", "Falkner", "Garrick", "Hollis", "Ivanov", "Juniper", "Karst", "Lindqvist",
    "Meridian", "Norrland", "Ostrava", "Pellworm", "Quorra", "Rainier", "Solvay", "Thalassa",
    "Umbria", "Valmont", "Westerly", "Xanthe", "Ysolde", "Zagros", "Arcadia", "Belgravia",
    "Corvina", "Delphine", "Esker", "Fjordane", "Greystone", "Harrow", "Istra",
]
_SECTORS = [
    "Shipping", "Mining", "Logistics", "Holdings", "Capital", "Energy", "Telecom", "Properties",
    "Chemicals", "Foods", "Pharma", "Steel", "Aviation", "Media", "Textiles", "Timber",
]
_FORMS = ["Ltd.", "Inc.", "S.A.", "AG", "plc", "LLC", "N.V.", "GmbH", "AS", "Corp."]
_PEOPLE = [
    "Ivan Petrov", "Elena Sokolova", "Marco Bellini", "Hannah Vogel", "Rajiv Menon", "Sofia Duarte",
    "Lars Eriksen", "Amara Okafor", "Tomas Novak", "Yuki Tanaka", "Omar Haddad", "Clara Lindgren",
]
_CITIES = ["Oslo", "Geneva", "Limassol", "Rotterdam", "Dublin", "Luxembourg", "Singapore",
           "Houston", "Hamburg", "Milan", "Tallinn", "Vienna"]
_JURIS = ["Cyprus", "Delaware", "the Netherlands", "Luxembourg", "Ireland", "the Cayman Islands",
          "Jersey", "Switzerland", "Norway", "Singapore"]
_CUR = ["USD", "EUR", "GBP", "CHF"]
_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December"]

_FACT_TEMPLATES = {
    "ownership": [
        "{a} owns {p}% of the outstanding shares of {b}.",
        "As of {date}, {a} held {p}% of the issued share capital of {b}.",
        "{b} is a subsidiary of {a}, which holds {p}% of its ordinary shares.",
        "{a} acquired a {p}% stake in {b} on {date}.",
    ],
    "control": [
        "{a} controls {b} through its right to appoint a majority of the board of directors.",
        "{a} holds {p}% of the voting rights in {b} under a shareholders' agreement dated {date}.",
    ],
    "guarantee": [
        "{a} has guaranteed the obligations of {b} under a {cur} {amt} million revolving credit facility.",
        "On {date}, {a} provided a parent guarantee of {cur} {amt} million for the senior notes issued by {b}.",
    ],
    "lending": [
        "{a} extended a term loan of {cur} {amt} million to {b}, maturing in {year}.",
        "{b} borrowed {cur} {amt} million from {a} under an intercompany loan agreement dated {date}.",
    ],
    "merger": [
        "On {date}, {b} merged into {a}, with {a} as the surviving entity.",
        "{a} completed its acquisition of {b} by way of merger on {date}.",
    ],
}
_QUESTION_TEMPLATES = {
    "ownership": ["Who owns {b}?", "What stake does {a} hold in {b}?", "Who are the shareholders of {b}?"],
    "control": ["Who controls {b}?", "Does {a} control {b}?"],
    "guarantee": ["Which guarantees has {a} given for {b}?", "Who guarantees the debt of {b}?"],
    "lending": ["What loans has {a} made to {b}?", "Who lent money to {b}?"],
    "merger": ["What happened to {b} in its merger with {a}?", "Which company absorbed {b}?"],
    "chain": ["Who ultimately owns {c}?", "Who is the ultimate beneficial owner of {c}?"],
}

_NAV = [
    "Home | Search Filings | Company Search | About EDGAR | Contact",
    "EDGAR Full Text Search | Latest Filings | Mutual Funds | Variable Insurance Products | Help",
]
_COVER = [
    "UNITED STATES",
    "SECURITIES AND EXCHANGE COMMISSION",
    "Washington, D.C. 20549",
    "ANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934",
    "Indicate by check mark whether the registrant is a well-known seasoned issuer, as defined in Rule 405 of the Securities Act.",
    "Indicate by check mark whether the registrant has submitted electronically every Interactive Data File required to be submitted pursuant to Rule 405 of Regulation S-T during the preceding 12 months.",
    "Check the appropriate box to designate the rule pursuant to which this Schedule is filed:",
    "SEC USE ONLY",
]
_FLS = [
    "This report contains forward-looking statements within the meaning of the Private Securities Litigation Reform Act of 1995.",
    "Words such as \"anticipate\", \"believe\", \"estimate\", \"expect\" and \"intend\" identify forward-looking statements, which are subject to risks and uncertainties.",
    "Actual results may differ materially from those expressed or implied, and the Company undertakes no obligation to update any forward-looking statement.",
    "The information in this section shall not be deemed to be \"filed\" for the purposes of Section 18 of the Exchange Act.",
    "Copies of these documents are available free of charge on our website and are incorporated herein by reference.",
]
_RISKS = [
    "Our business is subject to risks related to fluctuations in interest rates and foreign currency exchange rates.",
    "Changes in tax laws or their interpretation could adversely affect our financial results.",
    "We depend on a limited number of suppliers for certain raw materials.",
    "Cybersecurity incidents could disrupt our operations and harm our reputation.",
    "Climate-related regulation may increase our operating costs.",
    "The loss of key personnel could adversely affect our ability to execute our strategy.",
    "Our results of operations are subject to seasonal variations in demand.",
    "Litigation and regulatory proceedings could result in significant costs.",
]
_MDNA = [
    "Revenue increased {x}% to ${y} million in fiscal {yr}, driven by higher volumes and pricing.",
    "Operating margin was {x}% compared with {z}% in the prior year.",
    "Capital expenditures totalled ${y} million, primarily for capacity expansion.",
    "Net cash provided by operating activities was ${y} million in {yr}.",
    "Selling, general and administrative expenses rose {x}% to ${y} million.",
    "The effective tax rate was {x}% for the year ended December 31, {yr}.",
    "Headcount increased by {k} employees to {n},{m}00 at year end.",
]
_TABLE = [
    "Net sales | {y}.{m} | {z}.{k} | {x}%",
    "Cost of sales | {y}.{k} | {z}.{m} | {x}%",
    "Gross profit | {z}.{m} | {y}.{k} | {x}%",
]
_SIGN = [
    "Pursuant to the requirements of the Securities Exchange Act of 1934, the registrant has duly caused this report to be signed on its behalf by the undersigned, thereunto duly authorized.",
    "By: /s/ {person}",
    "Title: Chief Financial Officer",
    "Dated: {date}",
]


@dataclass
class Fact:
    kind: str
    a: str
    b: str
    sentence: str


@dataclass
class Case:
    """One labelled question: its result set (chunks) and the gold sentences in it."""

    question: str
    entity_names: list[str]
    chunks: list[Chunk]
    gold: list[tuple[str, int, int]]  # (doc_id, start, end)
    kind: str

    def sentences(self) -> list[Sentence]:
        return [s for ch in self.chunks for s in ch.sentences]


@dataclass
class Corpus:
    texts: dict[str, str] = field(default_factory=dict)
    chunks: dict[str, list[Chunk]] = field(default_factory=dict)
    entity_docs: dict[str, set[str]] = field(default_factory=dict)


def _date(rng: random.Random) -> str:
    return f"{rng.choice(_MONTHS)} {rng.randint(1, 28)}, {rng.randint(2015, 2024)}"


def _fill(t: str, rng: random.Random, **kw: str) -> str:
    vals = dict(
        x=f"{rng.randint(1, 40)}.{rng.randint(0, 9)}", z=f"{rng.randint(1, 40)}.{rng.randint(0, 9)}",
        y=f"{rng.randint(10, 990)}", yr=str(rng.randint(2018, 2024)), k=str(rng.randint(10, 99)),
        n=str(rng.randint(1, 40)), m=str(rng.randint(1, 9)), date=_date(rng),
        person=rng.choice(_PEOPLE), p=rng.choice(["5.1", "10", "12.5", "25", "30", "33.3", "40",
                                                   "50.1", "51", "62.5", "75", "80", "100"]),
        cur=rng.choice(_CUR), amt=str(rng.choice([25, 40, 75, 120, 250, 400, 650])),
        year=str(rng.randint(2025, 2034)),
    )
    vals.update(kw)
    return re.sub(r"\.\.(?=[\s,;]|$)", ".", t.format(**vals))  # "N.V.." -> "N.V."


def _entities(rng: random.Random, n: int) -> list[str]:
    names: set[str] = set()
    while len(names) < n:
        names.add(f"{rng.choice(_STEMS)} {rng.choice(_SECTORS)} {rng.choice(_FORMS)}")
    out = sorted(names)
    rng.shuffle(out)
    return out


def generate(n_questions: int = 240, *, seed: int = 7, chunk_tokens: int = 200,
             result_chunks: int = 10) -> list[Case]:
    """The labelled set (deterministic for a seed): filings with planted facts, then a question per
    fact (and per two-step chain) with the chunks a retriever would return for it."""
    rng = random.Random(seed)
    n_docs = max(8, n_questions // 3 + 4)
    ents = _entities(rng, max(30, n_docs + 20))
    corpus = Corpus()
    facts_by_doc: dict[str, list[Fact]] = {}
    for d in range(n_docs):
        doc_id = f"filing-{d:04d}"
        text, facts_by_doc[doc_id] = _filing(rng, ents[d % len(ents)], ents)
        corpus.texts[doc_id] = text
        corpus.chunks[doc_id] = chunk_text(text, doc_id, max_tokens=chunk_tokens)
        for f in facts_by_doc[doc_id]:
            for e in (f.a, f.b):
                corpus.entity_docs.setdefault(e, set()).add(doc_id)

    cases: list[Case] = []
    doc_ids = sorted(corpus.texts)
    for doc_id in doc_ids:
        facts = facts_by_doc[doc_id]
        groups: list[tuple[str, list[Fact]]] = [(f.kind, [f]) for f in facts[:-2]] + [("chain", facts[-2:])]
        for kind, gold_facts in groups:
            if len(cases) >= n_questions:
                break
            cases.append(_case(rng, corpus, doc_id, doc_ids, kind, gold_facts, result_chunks))
        if len(cases) >= n_questions:
            break
    return cases


def _filing(rng: random.Random, subject: str, ents: list[str]) -> tuple[str, list[Fact]]:
    """One filing's text about ``subject`` and the facts planted in it (the last two: a chain)."""
    lines: list[str] = [rng.choice(_NAV), ""]
    lines += rng.sample(_COVER, 4) + [f"{subject} (Exact name of registrant as specified in its charter)", ""]
    lines += [" ".join(rng.sample(_FLS, 3)), ""]
    lines += ["Item 1. Business", ""]
    lines += [f"{subject} was incorporated in {rng.choice(_JURIS)} in {rng.randint(1950, 2015)} "
              f"and is headquartered in {rng.choice(_CITIES)}. "
              + _fill("{s} operates {n} facilities across {m} countries and employs approximately {k}00 people.",
                      rng, s=subject), ""]
    facts: list[Fact] = []
    for _ in range(3):
        kind = rng.choice(list(_FACT_TEMPLATES))
        other = rng.choice([e for e in ents if e != subject])
        a, b = (subject, other) if rng.random() < 0.5 else (other, subject)
        if kind == "merger":
            a, b = subject, other
        facts.append(Fact(kind, a, b, _fill(rng.choice(_FACT_TEMPLATES[kind]), rng, a=a, b=b)))
    # a chain: subject -> x -> y (two gold sentences for "who ultimately owns y")
    x, y = rng.sample([e for e in ents if e != subject], 2)
    chain = [Fact("ownership", subject, x, _fill(_FACT_TEMPLATES["ownership"][0], rng, a=subject, b=x)),
             Fact("ownership", x, y, _fill(_FACT_TEMPLATES["ownership"][1], rng, a=x, b=y))]
    body = _body(rng, subject, ents, [[f.sentence] for f in facts] + [[c.sentence for c in chain]])
    lines += [b for blk in body for b in (blk, "")]
    return "\n".join(lines), facts + chain


def _body(rng: random.Random, subject: str, ents: list[str], paras: list[list[str]]) -> list[str]:
    """The filing's body: the fact paragraphs mixed with MD&A figures, risk factors, page
    furniture and mentions of other entities."""
    body: list[str] = []
    for para in paras:
        filler = [_fill(t, rng) for t in rng.sample(_MDNA, 2)]
        other_mention = rng.choice(ents)
        filler.append(f"{other_mention} reported stable results in {rng.choice(_CITIES)}.")
        body.append(" ".join(filler[:1] + para + filler[1:]))
        body.append(f"Page {rng.randint(2, 90)} of {rng.randint(91, 140)}")
        body.append("Table of Contents")
    body.append("Item 1A. Risk Factors")
    body.append(" ".join(rng.sample(_RISKS, 4)))
    body.append(f"{subject} has offices in {rng.choice(_CITIES)} and {rng.choice(_CITIES)}.")
    body.append("Item 7. Management's Discussion and Analysis of Financial Condition and Results of Operations")
    body.append("The following table sets forth selected financial data for the periods indicated.")
    body += [_fill(t, rng) for t in _TABLE]
    body.append(" ".join(_fill(t, rng) for t in rng.sample(_MDNA, 3)))
    body += [_fill(t, rng) for t in _SIGN]
    return body


def _case(rng: random.Random, corpus: Corpus, doc_id: str, doc_ids: list[str], kind: str,
          gold_facts: list[Fact], result_chunks: int) -> Case:
    """A question about ``gold_facts``, its gold spans, and the chunks returned for it: the gold
    chunks, neighbours in the same filing, filings about the same entities, then anything."""
    first, last = gold_facts[0], gold_facts[-1]
    q = rng.choice(_QUESTION_TEMPLATES[kind]).format(a=first.a, b=first.b, c=last.b)
    names = sorted({n for f in gold_facts for n in (f.a, f.b)})
    text = corpus.texts[doc_id]
    gold = []
    for f in gold_facts:
        pos = text.index(f.sentence)
        gold.append((doc_id, pos, pos + len(f.sentence)))
    chunks = corpus.chunks[doc_id]
    chosen = [c for c in chunks if any(c.start <= g[1] < c.end for g in gold)]
    rest = [c for c in chunks if c not in chosen]
    chosen += rng.sample(rest, min(3, len(rest)))
    related = sorted({d for n in names for d in corpus.entity_docs.get(n, ()) if d != doc_id})
    pool = [c for d in related for c in corpus.chunks[d]]
    rng.shuffle(pool)
    chosen += pool[: max(0, result_chunks - len(chosen) - 3)]
    others = [c for d in rng.sample(doc_ids, min(6, len(doc_ids))) if d != doc_id for c in corpus.chunks[d]]
    rng.shuffle(others)
    for c in others:
        if len(chosen) >= result_chunks:
            break
        if c not in chosen:
            chosen.append(c)
    rng.shuffle(chosen)  # retrieval order is not document order
    return Case(q, names, chosen, gold, kind)


# ---------------------------------------------------------------------------------------------


def run(cases: list[Case], *, budget: str | int = "low", embedder=None,  # noqa: ANN001
        repeats: int = 3) -> dict:
    """Compress every case; return the figures (see the module notes)."""
    from ownergraph.retrieval.text.embedding import default_embedder

    embedder = embedder or default_embedder()
    t0 = time.perf_counter()
    all_texts = list(dict.fromkeys([s.text for c in cases for s in c.sentences()] + [c.question for c in cases]))
    embedder.embed(all_texts)  # warm the cache: the indexing-time cost, reported separately
    embed_s = time.perf_counter() - t0

    tokens_in = tokens_out = 0
    gold_total = gold_kept = 0
    per_ratio: list[float] = []
    latencies: list[float] = []
    by_kind: dict[str, list[int]] = {}
    misses: list[dict] = []
    for case in cases:
        sents = case.sentences()
        result = None
        for _ in range(repeats):
            t = time.perf_counter()
            result = compress(case.question, sents, entity_names=case.entity_names, budget=budget,
                              embedder=embedder)
            latencies.append((time.perf_counter() - t) * 1000)
        assert result is not None
        kept = {(s.doc_id, s.start, s.end) for s in result.kept}
        hit = sum(1 for g in case.gold if g in kept)
        gold_total += len(case.gold)
        gold_kept += hit
        k = by_kind.setdefault(case.kind, [0, 0])
        k[0] += hit
        k[1] += len(case.gold)
        if hit < len(case.gold) and len(misses) < 5:
            misses.append({"question": case.question, "kept": [s.text for s in result.kept][:6]})
        tokens_in += result.tokens_in
        tokens_out += result.tokens_out
        per_ratio.append(result.tokens_in / max(1, result.tokens_out))
        assert result.tokens_out <= result.budget
        for s in result.kept:  # verbatim, offsets exact
            ch = next(c for c in case.chunks if c.doc_id == s.doc_id and c.start <= s.start and s.end <= c.end)
            assert ch.text[s.start - ch.start:s.end - ch.start] == s.text
    lat = np.asarray(latencies)
    return {
        "questions": len(cases),
        "budget": budget,
        "sentences_per_question": round(float(np.mean([len(c.sentences()) for c in cases])), 1),
        "tokens_in": tokens_in,
        "tokens_out": tokens_out,
        "token_reduction": round(tokens_in / max(1, tokens_out), 2),
        "token_reduction_median": round(float(np.median(per_ratio)), 2),
        "tokens_in_per_question": round(tokens_in / len(cases), 1),
        "tokens_out_per_question": round(tokens_out / len(cases), 1),
        "gold_sentences": gold_total,
        "gold_recall": round(gold_kept / max(1, gold_total), 4),
        "gold_recall_by_kind": {k: round(v[0] / v[1], 4) for k, v in sorted(by_kind.items())},
        "latency_ms_p50": round(float(np.percentile(lat, 50)), 3),
        "latency_ms_p99": round(float(np.percentile(lat, 99)), 3),
        "embedding_warmup_s": round(embed_s, 2),
        "unique_texts_embedded": len(all_texts),
        "embedding_backend": getattr(embedder, "backend", type(embedder).__name__),
        "examples_missed": misses,
        "targets": {"token_reduction": ">= 10", "gold_recall": ">= 0.95"},
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.retrieval.compression", description=__doc__.split("\n")[0])
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--questions", type=int, default=240)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--budget", default="low")
    args = ap.parse_args(argv)
    budget: str | int = int(args.budget) if args.budget.isdigit() else args.budget
    cases = generate(args.questions, seed=args.seed)
    res = run(cases, budget=budget)
    ok = res["token_reduction"] >= 10 and res["gold_recall"] >= 0.95
    res["meets_targets"] = ok
    if args.json:
        print(json.dumps(res, indent=2))
    else:
        print(f"questions {res['questions']}  budget {res['budget']}  "
              f"sentences/question {res['sentences_per_question']}")
        print(f"tokens in {res['tokens_in']}  out {res['tokens_out']}  "
              f"reduction {res['token_reduction']}x (median {res['token_reduction_median']}x)")
        print(f"gold recall {res['gold_recall']:.2%}  by kind {res['gold_recall_by_kind']}")
        print(f"compress latency p50 {res['latency_ms_p50']} ms  p99 {res['latency_ms_p99']} ms "
              f"(embeddings cached; warm-up {res['embedding_warmup_s']} s for "
              f"{res['unique_texts_embedded']} texts, {res['embedding_backend']})")
        print("targets met" if ok else "targets NOT met")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
