"""Sanctions, reporting exceptions, corporate actions, disclosures and the holdings book."""

from __future__ import annotations

import csv
import math
import random
from datetime import date
from typing import Any

import numpy as np

from ownergraph.worldgen import names as N
from ownergraph.worldgen.emit import REGIMES, Namer, Sink, doc_id, iso, published_stake
from ownergraph.worldgen.structs import ACTIONS, COMPANY, VOTE, Plan
from ownergraph.worldgen.text import BOILER, action_sentences, distractors, ownership_sentence


def write_sanctions(p: Plan, nm: Namer, sink: Sink) -> None:
    for k, (i, regime, vf, vt) in enumerate(p.sanctions):
        authority, programme = REGIMES[regime]
        ref, _ = nm.ref(i, 10_000_000 + k, vf)
        rec: dict[str, Any] = {"type": "sanction", "id": f"wg:sanc{k}", "entity": ref, "authority": authority,
                               "programme": programme, "valid_from": iso(vf)}
        if vt:
            rec["valid_to"] = iso(vt)
        known = min(vf + N.h(p.seed, k, 91) % 4, p.end)
        rec["known_from"] = iso(known)
        sink.rec(rec)
        sink.truth({"kind": "sanction", "id": rec["id"], "entity": f"wg:{i}", "authority": authority,
                    "programme": programme, "valid_from": iso(vf), "valid_to": iso(vt) if vt else None,
                    "known_from": iso(known)})
    for i, reason, vf in p.repex:
        lei = nm.lei(i)
        known = min(max(vf, int(p.created[i])) + N.h(p.seed, i, 92) % 200, p.end)
        rec = {"type": "reporting_exception", "id": f"wg:repex{i}", "entity": lei, "level": "ultimate",
               "reason": reason, "valid_from": iso(max(vf, int(p.created[i]))), "known_from": iso(known)}
        sink.rec(rec)
        sink.truth({"kind": "reporting_exception", "id": rec["id"], "entity": f"wg:{i}", "level": "ultimate",
                    "reason": reason, "known_from": iso(known)})


def transfer_isin(p: Plan, k: int) -> str:
    a = p.actions[k]
    return N.isin_for(p.seed, 50_000_000 + k, N.JUR_CODES[p.jur[a.subject]][:2])


def write_actions(p: Plan, nm: Namer, sink: Sink) -> None:
    for k, a in enumerate(p.actions):
        kind = ACTIONS[a.kind]
        known = min(a.day + a.lag, p.end)
        subj, _ = nm.ref(a.subject, 20_000_000 + 3 * k, a.day)
        rec: dict[str, Any] = {"type": "corporate_action", "id": f"wg:ca{k}", "action": kind, "subject": subj,
                               "effective_date": iso(a.day), "known_from": iso(known),
                               "document_id": doc_id(p, a.doc)}
        truth: dict[str, Any] = {"kind": "corporate_action", "id": rec["id"], "action": kind,
                                 "subject": f"wg:{a.subject}", "effective_date": iso(a.day),
                                 "known_from": iso(known), "document_id": rec["document_id"],
                                 "edges": [_edge_id(p, e) for e in a.edges]}
        if a.counterparty >= 0:
            rec["counterparty"], _ = nm.ref(a.counterparty, 20_000_000 + 3 * k + 1, a.day)
            truth["counterparty"] = f"wg:{a.counterparty}"
        if a.previous >= 0:
            rec["previous_controller"], _ = nm.ref(a.previous, 20_000_000 + 3 * k + 2, a.day)
            truth["previous_controller"] = f"wg:{a.previous}"
        if a.kind == 2:
            rec["stake"] = truth["stake"] = round(a.stake, 2)
        if a.kind == 3:
            v = int(a.stake)
            rec["new_name"] = truth["new_name"] = nm.name(a.subject, v)
            truth["old_name"] = nm.name(a.subject, v - 1)
        if a.kind == 1:
            rec["transfer_holdings"] = truth["transfer_holdings"] = [transfer_isin(p, k)]
        sink.rec(rec)
        sink.truth(truth)


def _edge_id(p: Plan, e: int) -> str:
    from ownergraph.worldgen.emit import PREFIX

    t = p.edges.etype[e]
    return f"wg:{PREFIX[t]}{e}" if t in PREFIX else f"edge:{e}"


def write_disclosures(p: Plan, nm: Namer, sink: Sink) -> None:
    E = p.edges
    rng = random.Random(p.seed + 29)
    n_comp = max(1, int(np.count_nonzero(p.kind == COMPANY)))
    comps = np.flatnonzero(p.kind == COMPANY)
    for k, d in enumerate(p.docs):
        did = doc_id(p, k)
        filer = nm.name_at(d.filer, d.filed)
        other = lambda: nm.name_at(int(comps[rng.randrange(n_comp)]), d.filed)  # noqa: E731
        facts: list[tuple[str, str, Any]] = []  # (edge id, sentence, figure)
        mentions: list[Any] = []
        if d.action >= 0:
            a = p.actions[d.action]
            subj = nm.name_at(a.subject, a.day - 1)
            cp = nm.name_at(a.counterparty, a.day) if a.counterparty >= 0 else ""
            prev = nm.name_at(a.previous, a.day) if a.previous >= 0 else ""
            new = nm.name(a.subject, int(a.stake)) if a.kind == 3 else ""
            old = nm.name(a.subject, int(a.stake) - 1) if a.kind == 3 else ""
            sents = action_sentences(a.kind, subj, cp, prev, a.stake if a.kind == 2 else None, a.day, new, old)
            facts = [(f"wg:ca{d.action}", s, a.stake if a.kind == 2 and f"{a.stake:.2f}%" in s else None)
                     for s in sents]
            mentions = [nm.ref(x, 30_000_000 + 4 * k + j, a.day)[0]
                        for j, x in enumerate((a.subject, a.counterparty, a.previous)) if x >= 0]
            title = f"{ACTIONS[a.kind].replace('_', ' ').title()}: {subj}"
        else:
            for e in d.edges:
                owner, owned = nm.name_at(E.src[e], d.filed), nm.name_at(E.dst[e], d.filed)
                pub = published_stake(E.pub[e], float(E.stake[e]))
                if e in p.corrections and d.filed >= p.known(e) + p.corrections[e][1]:
                    pub = p.corrections[e][0]
                sent = ownership_sentence(rng, owner, owned, pub, E.vf[e], E.etype[e] == VOTE)
                facts.append((f"wg:{'vote' if E.etype[e] == VOTE else 'own'}{e}", sent, pub))
                mentions.append(nm.ref(E.dst[e], 40_000_000 + e, d.filed)[0])
            title = (f"{filer} - Annual Report {d.period}, principal subsidiary undertakings" if d.period
                     else f"{d.form}: {nm.name_at(E.dst[d.edges[0]], d.filed)}")
        lines = [BOILER.get(d.form, "Regulatory filing."), title]
        body = [(s, i) for i, (_, s, _) in enumerate(facts)] + [
            (s, -1) for s in distractors(rng, rng.randint(2, 4), other, filer)]
        rng.shuffle(body)
        fact_lines: list[dict[str, Any]] = []
        for s, fi in body:
            if fi >= 0:
                fact_lines.append({"fact": facts[fi][0], "sentence": len(lines), "figure": facts[fi][2]})
            lines.append(s)
        distractor_lines = [i for i, (s, fi) in enumerate(body, start=2) if fi < 0]
        rec = {"type": "disclosure", "id": f"wg:doc{k}", "document_id": did, "filer": nm.ref(d.filer, 50_000_000 + k, d.filed)[0],
               "form_type": d.form, "filed_at": iso(d.filed), "known_from": iso(d.filed), "title": title,
               "text": "\n".join(lines), "mentions": mentions}
        if d.period:
            rec["period"] = d.period
        sink.rec(rec)
        sink.truth({"kind": "disclosure", "id": rec["id"], "document_id": did, "form_type": d.form,
                    "filer": f"wg:{d.filer}", "filed_at": iso(d.filed), "facts": fact_lines,
                    "distractor_sentences": distractor_lines})


PORTFOLIOS = {"equity": ("EQ-GLOBAL", "EQ-EUROPE"), "bond": ("CREDIT-IG", "CREDIT-HY"), "loan": ("LOANS-CORP",)}
CSV_COLUMNS = ("portfolio", "instrument", "instrument_type", "issuer_lei", "issuer_name", "issuer_jurisdiction",
               "issuer_scheme", "issuer_value", "amount", "currency", "as_of", "known_from")


def quarter_ends(start: int, end: int) -> list[int]:
    out, y0, y1 = [], date.fromordinal(start).year, date.fromordinal(end).year
    for y in range(y0, y1 + 1):
        for m, dd in ((3, 31), (6, 30), (9, 30), (12, 31)):
            o = date(y, m, dd).toordinal()
            if start <= o <= end - 10:
                out.append(o)
    return out


def write_holdings(p: Plan, nm: Namer, sink: Sink) -> None:
    rng = random.Random(p.seed + 31)
    qe = quarter_ends(p.start, p.end)
    comps = np.flatnonzero(p.kind == COMPANY)
    with open(sink.paths["holdings"], "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(CSV_COLUMNS)

        def row(pf: str, inst: str, itype: str, issuer: int, amount: float, cur: str, as_of: int, salt: int) -> None:
            x = N.h(p.seed, salt, 95) % 100
            lei = nm.lei(issuer)
            cells = dict.fromkeys(CSV_COLUMNS, "")
            by_name = False
            if lei and x < 90:
                cells["issuer_lei"] = lei
            elif not lei and x < 80:
                cells.update(issuer_scheme="company_number", issuer_value=nm.company_number(issuer),
                             issuer_name=nm.name_at(issuer, as_of))
            else:
                vs = nm.variants(issuer, as_of)
                cells.update(issuer_name=vs[x % len(vs)][0] if vs else nm.name_at(issuer, as_of),
                             issuer_jurisdiction=nm.code(issuer))
                by_name = True
            known = min(as_of + 1 + x % 7, p.end)
            cells.update(portfolio=pf, instrument=inst, instrument_type=itype, amount=f"{amount:.2f}",
                         currency=cur, as_of=iso(as_of), known_from=iso(known) if x % 5 else "")
            w.writerow([cells[c] for c in CSV_COLUMNS])
            sink.counts["holdings.rows"] += 1
            sink.truth({"kind": "holding", "portfolio": pf, "instrument": inst, "instrument_type": itype,
                        "issuer": f"wg:{issuer}", "amount": round(amount, 2), "currency": cur, "as_of": iso(as_of),
                        "known_from": iso(known) if x % 5 else iso(as_of), "issuer_by_name": by_name})

        n_pos = max(20, p.n // 25)
        for k in range(n_pos):
            issuer = int(comps[N.h(p.seed, k, 500) % len(comps)])
            itype = ("equity", "bond", "bond", "loan")[k % 4]
            pf = PORTFOLIOS[itype][N.h(p.seed, k, 501) % len(PORTFOLIOS[itype])]
            cc = N.JUR_CODES[p.jur[issuer]][:2]
            inst = f"LN-{k:08d}" if itype == "loan" else N.isin_for(p.seed, k, cc)
            cur = N.JURISDICTIONS[p.jur[issuer]][3]
            amount = round(math.exp(rng.uniform(math.log(1e5), math.log(5e7))), 2)
            snaps = [q for q in qe[-rng.randint(1, 4):]
                     if (not p.merged_on[issuer] or q < p.merged_on[issuer]) and q >= p.created[issuer]]
            for q in snaps:
                row(pf, inst, itype, issuer, amount, cur, q, k * 8 + len(snaps))
                amount = round(amount * rng.uniform(0.8, 1.25), 2)
        for k, a in enumerate(p.actions):  # bonds moving with a spin-off: issuer changes at the date
            if a.kind != 1:
                continue
            inst = transfer_isin(p, k)
            cur = N.JURISDICTIONS[p.jur[a.subject]][3]
            before = [q for q in qe if q < a.day][-1:]
            after = [q for q in qe if q >= a.day][:1]
            amount = round(math.exp(rng.uniform(math.log(1e6), math.log(3e7))), 2)
            for q in before:
                row("CREDIT-IG", inst, "bond", a.subject, amount, cur, q, 7_000_000 + k)
            for q in after:
                row("CREDIT-IG", inst, "bond", a.counterparty, amount, cur, q, 8_000_000 + k)
