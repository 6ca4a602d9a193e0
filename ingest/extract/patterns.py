"""The sentence patterns of :mod:`ingest.extract.rules`, one per way filings state a relationship.

Groups: ``a`` is the owner / acquirer / parent / guarantor / lender / survivor / spinning
parent, ``b`` the owned / acquired / subsidiary / guaranteed / borrower / absorbed / spun-off /
renamed party; ``a2`` / ``b2`` a second party joined by "and" ("AGO Holding N.V. and Ennia N.V.
merged into AEGON N.V."); ``pct`` / ``how`` / ``kind`` the stake; ``old`` / ``new`` a rename.
A rule whose name is in :data:`FILER_IS_B` / :data:`FILER_IS_A` has no group for that party:
the document's filer is meant ("Borrowings under the Term Loan Agreement are guaranteed by X").
"""

from __future__ import annotations

import re

from ownergraph.ingest.extract.values import SELF, party

OWNS, SUBSIDIARY, ACQUIRED, SOLD, MERGED, SPUN_OFF, RENAMED, GUARANTEE, LOAN, CONTROLLING = (
    "owns", "subsidiary", "acquired", "sold", "merged", "spun_off", "renamed", "guarantee", "loan",
    "controlling")
HOLDING = "holding"  # a position of ours, stated in a conversation (never read from a filing)
RELATIONS = (OWNS, SUBSIDIARY, ACQUIRED, SOLD, MERGED, SPUN_OFF, RENAMED, GUARANTEE, LOAN, CONTROLLING)
# a party's standing (hedged only by its own words: "will become a subsidiary"), not an event
STATUS = frozenset({OWNS, SUBSIDIARY, CONTROLLING})

A, B, A2, B2, B3 = party("a"), party("b"), party("a2"), party("b2"), party("b3")
_POSS = r"(?:’s|'s|’|')"
_PAREN = r"(?:\s\([^)]{1,160}\))?"  # a defined term or a description after a name
_PCT = r"\d{1,3}(?:\.\d+)?\s?%"
# "a limited liability company, X": the party's kind written before its name (an apposition)
_KIND_THEN_NAME = (r"(?:an?\s(?:[A-Z][a-z]+\s)?(?:limited\sliability\scompany|limited\spartnership|corporation|company|"
                   r"partnership|trust|entity),\s)?")
_SECURITIES = (r"(?i:capital\sstock|common\sstock|stock|shares|common\sshares|ordinary\sshares|equity\sinterests?|"
               r"membership\sinterests?|partnership\sinterests?|voting\s(?:stock|securities)|common\sunits|units)")
_OF_STOCK = (rf"(?:(?:the\s)?(?:issued\sand\s)?(?:outstanding\s)?(?:shares\s(?:of\s)?)?{_SECURITIES}\s(?:of|in)\s|"
             r"the\s(?:assets|business)\sof\s)?")
_STAKE = rf"(?P<how>all|all\sof|substantially\sall\sof|(?:approximately\s|about\s)?{_PCT}(?:\sof)?)"
_WHOLLY = (rf"(?P<kind>(?:direct|indirect|direct\sor\sindirect)?,?\s?(?:wholly[\s-]owned|majority[\s-]owned|{_PCT}[\s-]owned)?"
           r"(?:(?<=owned)\s(?:direct|indirect))?)")  # "a wholly owned direct subsidiary of American Express"
# where an acquired party's name ends: punctuation, a preposition or clause word, a possessive
_END_B = (r"(?=[,.;:(]|’s|'s|\s(?:for|from|in|on|and|with|through|pursuant|by|at|to|which|that|effective|during|"
          r"\()\b|\s*$)")
_LENDERISH = re.compile(r"\b(?:Bank|Banc|Bancorp|Capital|Credit|Lending|Finance|Funding|Lenders?|N\.A)\b")
_SOLD = re.compile(r"\b(?:sold|sale|sell|selling|dispos\w+|divest\w*|exchang\w+|transferr?\w*|contribut\w+)\b", re.I)
_ORG = re.compile(r"\b(?:Inc|Corp|Corporation|Company|Ltd|Limited|LLC|L\.P|LP|plc|N\.V|S\.A|AG|SE|Bank|Group|"
                  r"Holdings?|Partners|Trust|Fund|Insurance|Supply|Industries|Enterprises|Technologies|Capital)\b",
                  re.I)

FILER_IS_B = frozenset({"borrowings_guaranteed_by", "owns_pct_of_filer", "funded_by_loans_from"})
FILER_IS_A = frozenset({"filer_subsidiary_x"})  # rules whose guarantor / owner / parent is the filer
# the rule's own check on its parties (a lender that is a bank; a rename between organisations)
_AGENT_ONLY = re.compile(r",?\sas\s(?:the\s)?(?:administrative|collateral|syndication|documentation)?\s?agents?\b"
                         r"(?![^.;()]{0,80}\b(?<!each\s)(?<!the\s)(?<!other\s)(?:lender|l/c\sissuer|letter\sof\scredit\sissuer|issuing\sbank)\b)", re.I)
_IN_RELATIVE = re.compile(r",\s(?:which|who)\s[^,;]*$")  # an open relative clause (", which is listed on the ")
CHECKS = {
    # an agent only is no lender (issue 32: "JPMorgan Chase Bank, N.A., as administrative agent")
    "agreement_among_lender": lambda a, b, m: bool(_LENDERISH.search(a) or re.match(
        r",?\sas\s(?:the\s)?(?:lender|administrative\sagent|agent)\b", m.string[m.end("a"):], re.I)) and not _AGENT_ONLY.match(
        m.string[m.end("a"):]),
    "formerly_known_as": lambda a, b, m: bool(_ORG.search(a) or _ORG.search(b)),
    # "sold to Coca-Cola Enterprises ...; its 48% interest in Coca-Cola Beverages Ltd.": a stake sold is no holding
    "its_pct_interest_in": lambda a, b, m: not _SOLD.search(m.string[:m.start()]),
    # the renamed party is the sentence's subject, not an object ("... voting majority in X and changed its name")
    # "SoftBank Group Corp., which is ... listed on the Tokyo Stock Exchange, is the sole shareholder of X": the owner
    # is the clause's subject, not the party that ends the relative clause before the verb
    "sole_shareholder_of": lambda a, b, m: not (_IN_RELATIVE.search(m.string[:m.start("a")])
                                                and re.match(r"(?:\s\([^)]*\))?,\s(?:is|was)\s", m.string[m.end("a"):])),
    "changed_name": lambda a, b, m: not re.search(r"\b(?:in|of|with|to|from|by|for|at|and)\s$", m.string[:m.start("a")]),
}

_RAW: list[tuple[str, str, str]] = [
    (SUBSIDIARY, "x_subsidiary_of_y",
     # "..., a private limited liability company incorporated under the laws of England and Wales with registered
     # number 12907596, being a wholly owned subsidiary of TopCo"; an agreement capitalises its defined "Subsidiary"
     rf"{B}(?:\s\([^)]{{1,60}}\))?(?:,\san?\s[A-Z][a-z]+\scorporation|,\san?\s[a-z][^,();“”\"]{{3,160}}?(?=,\sbeing\s))?,?\s"
     rf"(?:(?:which|that)\s)?(?:(?:is|was|became|will\sbecome|has\sbecome|being)\s)?"
     rf"(?:in\sturn\s)?(?:an?|the|another)\s(?:[A-Z][a-z]+\s(?:corporation|limited\sliability\scompany|company)\sand\s(?:a\s)?)?"
     rf"{_WHOLLY}\s?[Ss]ubsidiary(?:\sundertaking)?\sof\s{A}"),
    (SUBSIDIARY, "x_and_its_subsidiary",
     rf"{A}{_PAREN}\sand\s(?:of\s)?its\s{_WHOLLY}\s?subsidiar(?:y|(?<=wholly[\s-]owned\ssubsidiar)ies){_PAREN},?\s{B}"
     rf"(?:,\s(?!and\b){B2})?(?:,?\sand\s{B3})?"),
    (SUBSIDIARY, "y_subsidiary_x",
     rf"{A}{_POSS}?\s(?:its\s)?{_WHOLLY}\s?subsidiar(?:y|(?<=wholly[\s-]owned\ssubsidiar)ies),?\s(?!(?:we|our|it|its)\b){B}(?:,?\s(?:and\s)?{B2}(?=[,.;]|\s(?:which|that)\b))?"),
    # the filer's, unnamed ("Another subsidiary, X, provides services to Y" names no parent: an owned one only):
    # "Through a wholly owned subsidiary, General Electric Capital Services, Inc., (GECS) ...",
    # "Another wholly owned subsidiary, National Broadcasting Company, Inc. ("NBC"), is engaged ..."
    (SUBSIDIARY, "filer_subsidiary_x",
     rf"(?:^|(?<=[.;]\s))(?:[Tt]hrough\s(?:a|an|its|our|one)|(?:[Aa]nother|[Oo]ur)(?=\s(?:(?:direct|indirect)\s)?(?:wholly|majority|\d)))\s{_WHOLLY}\s?subsidiary,\s{B}(?=\s?[,(])"),
    # "At December 31, 2008, Wells Fargo Bank, N.A. was the Company's principal subsidiary"
    (SUBSIDIARY, "x_is_principal_subsidiary_of",
     rf"{B}\s(?:is|was|remains|remained)\s{A}{_POSS}\s(?:principal|main|largest|primary|sole|only)\s(?:operating\s|banking\s)?"
     rf"subsidiary\b"),
    (SUBSIDIARY, "x_has_subsidiary",
     rf"{A}\s(?:has|had)\s(?:one|a|an|two|three|four)\s{_WHOLLY}\s?subsidiar(?:y|ies),?\s{B}"),
    (SUBSIDIARY, "x_owned_by_y",
     rf"{B},?\s(?:which|that)\s(?:is|was)\s(?:directly\s|indirectly\s)?(?P<kind>wholly[\s-]owned|majority[\s-]owned)"
     rf"\sby\s{A}"),
    (SUBSIDIARY, "parent_of",
     rf"{A}{_PAREN},?\s(?:(?:which\s)?(?:is|was)\s)?the\s(?:ultimate\s)?parent(?:\scompany|\scorporation)?\sof\s{B}"),
    (ACQUIRED, "acquired_stake_of",
     rf"{A}(?:,\san?\s[^;]{{0,200}}?,)?\s(?:\w+\s)?(?:completed\sthe\sacquisition\sof|acquired|purchased|acquires|"
     rf"completed\sits\s(?:business\s)?acquisition\sof)(?:\sfrom\s[^;%]{{1,80}}?(?=\s\d{{1,3}}(?:\.\d+)?\s?%))?"
     rf"\s{_STAKE}?\s?{_OF_STOCK}{B}{_END_B}"),
    (ACQUIRED, "acquisition_by", rf"(?<![Pp]roposed\s)acquisition\sby\s{A}\sof\s{_OF_STOCK}{B}{_END_B}"),
    (ACQUIRED, "x_acquisition_of", rf"{A}{_POSS}?\sacquisition\sof\s{_STAKE}?\s?{_OF_STOCK}{B}{_END_B}"),
    (ACQUIRED, "acquired_by",
     rf"{B},?\s(?:[^,;]{{0,80}},\s)?(?:which|that)\s(?:was|were|had\sbeen)\s(?:originally\s|subsequently\s)?"
     rf"acquired\sby\s{A}"),
    (ACQUIRED, "sold_to", rf"{B},?\s(?:[^,;]{{0,80}},\s)?(?:was|were)\s(?:\w+\s)?sold\sto\s{A}"),
    (SOLD, "sold_interest",
     rf"{A}\s(?:\w+\s)?(?:sold|disposed\sof|divested|transferred)\s(?:all\sof\s)?(?:its|their|our)\s(?:entire\s)?"
     rf"(?:{_PCT}\s)?(?:ownership\s)?(?:interest|stake|shares|equity\sinterest|holding)s?\s(?:in|of)\s{B}"),
    (OWNS, "holds_pct_of",
     rf"{A}\s(?:\w+\s)?(?:owns|own|holds|held|owned|beneficially\sowns?|has\sa)\s(?:approximately\s|about\s|an?\s)?"
     rf"(?P<pct>{_PCT})\s(?:interest\s|stake\s|equity\sinterest\s)?(?:of|in)\s{_OF_STOCK}{B}"
     rf"(?:{_POSS}\s(?:outstanding\s|issued\sand\soutstanding\s)?{_SECURITIES})?"),
    (OWNS, "owns_pct_of_filer",
     rf"{A}\s(?:\w+\s)?(?:owns|holds|held|owned|beneficially\sown(?:s|ed)?)\s(?:approximately\s|about\s)?(?P<pct>{_PCT})"
     rf"\sof\s(?:the\s|our\s)?(?:outstanding\s|issued\sand\soutstanding\s)(?:shares\sof\s)?(?:our\s)?"
     rf"(?:[Cc]ommon|[Cc]apital|[Oo]rdinary|[Vv]oting)\s(?:[Ss]tock|[Ss]hares)(?!\sof\s)"),
    (OWNS, "owns_pct_listed",  # "..., Robert W. Stallings owned approximately 23% and James R. Reis ..."
     rf"(?:(?<=,\s)|(?<=\sand\s)){A}\s(?:owned|owns|held|holds)\s(?:approximately\s|about\s)?(?P<pct>{_PCT})(?=\s*(?:[,;.]|\sand\b|$))"),
    (OWNS, "its_pct_interest_in",
     rf"{A}\s(?P<pct>{_PCT})\s(?:ownership\s|equity\s)?interest\sin\s{B}"),
    # "Lei Wu ("Mr. Wu") is the sole member and sole manager of a limited liability company, Shan Lao Hu Tong
    # LLC, that is the sole shareholder of ...": a defined term, a second role, the owned party's kind before it
    (OWNS, "sole_shareholder_of",
     rf"{A}{_PAREN}(?:,?\sand\s{A2})?,?\s(?:(?:which|who|that)\s)?(?:(?:is|was|are|were)\s)?the\ssole\s(?P<how>shareholder|"
     rf"stockholder|owner|member)s?(?:\sand\s(?:the\s)?sole\s(?:manager|managing\smember|director|general\spartner))?"
     rf"\sof\s{_KIND_THEN_NAME}{B}"),
    # the same said of the party the sentence named last ("..., Shan Lao Hu Tong LLC, that is the sole shareholder
    # of Ji Xiang Hu Tong Holdings Limited"): a rule of its own, as the match above ends on that party
    (OWNS, "named_then_sole_shareholder_of",
     rf"{A},\s(?:which|who|that)\s(?:is|was)\sthe\ssole\s(?P<how>shareholder|stockholder|owner|member)\sof\s{B}"),
    (OWNS, "all_shares_owned_by",
     rf"(?P<how>[Aa]ll)\sof\sthe\s(?:issued\sand\s)?(?:outstanding\s)?(?:shares\s(?:of\s)?)?(?:the\s)?{_SECURITIES}\sof\s{B}"
     rf"\s(?:are|is|were|was)\s(?:beneficially\s)?(?:owned|held)\sby\s{A}"),
    # an agreement's recital or representation: "Pride Diagnostics LLC is the record and beneficial owner of all
    # of the issued and outstanding shares of all capital stock of the Company"; co-owners hold all between them
    (OWNS, "owns_all_of",
     rf"{A},?\s(?:(?:directly|indirectly|directly\sor\sindirectly),?\s)?(?:owns|holds|(?:is|was)\sthe\s(?:sole\s)?"
     rf"(?:(?:record|legal)\sand\sbeneficial\s|beneficial\sand\s(?:record|legal)\s|beneficial\s|record\s)?owner\sof)\s"
     rf"(?P<how>all)\s(?:of\s)?the\s(?:issued\sand\s)?(?:outstanding\s)?(?:shares\s(?:of\s)?(?:all\s)?)?{_SECURITIES}\s(?:of|in)\s{B}"),
    (OWNS, "jointly_own_all_of",
     rf"{A}\sand\s{A2},?\s(?:collectively|together|jointly)\s(?:own|hold|are\sthe\s(?:record\sand\s)?(?:beneficial\s)?"
     rf"owners\sof)\sall\s(?:of\s)?the\s(?:issued\sand\s)?(?:outstanding\s)?(?:shares\s(?:of\s)?(?:all\s)?)?{_SECURITIES}"
     rf"\s(?:of|in)\s{B}"),
    (OWNS, "stock_of_owned_by", rf"(?:[Ss]tock|[Ss]hares)\sof\s(?:(?:[Cc]ommon|[Cc]apital)\s[Ss]tock\sof\s)?{B}\s(?:owned|held)\sby\s{A}"),
    (MERGED, "merged_into",
     rf"(?<!of\s)(?<!of\sThe\s){B}(?:\sand\s{B2})?\s(?:was\s|were\s|has\s|had\s)?(?:merged|merges|will\smerge|"
     rf"is\smerging)\s(?:with\sand\s)?into\s(?:{SELF}{_POSS}\s(?:direct\s|indirect\s)?(?:wholly[\s-]owned\s)?"
     rf"subsidiary,?\s)?{A}"),
    (MERGED, "merged_x_into_y", rf"\bmerged\s{B}\sinto\s{A}"),
    (MERGED, "amalgamated_with", rf"{A}\s(?:\w+\s)?amalgamated\swith\s{B}"),
    (MERGED, "amalgamated_x_with_y", rf"\bamalgamated\s{A}\swith\s{B}"),
    (SPUN_OFF, "spin_off_of",
     rf"{A}{_PAREN}\s(?:\w+\s)?completed\s(?:the|its)\s(?:previously\sannounced\s)?(?:complete\slegal\sand\sstructural\s)?"
     rf"(?:spin-?off|separation(?:\sand\sdistribution)?)\s(?:to\sits\s(?:stockholders|shareholders)\s)?of\s"
     rf"(?:all\sof\sthe\soutstanding\sshares\sof\s)?{B}"),
    (SPUN_OFF, "completion_of_spin_off",
     rf"{A}\s(?:[\w,]+\s){{0,6}}?(?:completion|consummation)\sof\s(?:the|its)\s(?:previously\sannounced\s)?"
     rf"[Ss]pin-?[Oo]ff\sof\s{B}"),
    (SPUN_OFF, "separation_of_from",
     rf"(?:[Ss]eparation|[Ss]pin-?[Oo]ff)(?:\s\([^)]{{1,60}}\))?\sof\s{B}{_PAREN}(?:,\s[^,;]{{1,120}},)?\sfrom\s{A}"),
    (SPUN_OFF, "distribution_of_shares",
     rf"{A}{_POSS}\s(?:pro\srata\s)?distribution\s(?:to\sits\s(?:stockholders|shareholders)\s)?of\s{_STAKE}\s?"
     rf"(?:the\s)?outstanding\s(?:common\s)?(?:shares|stock)\s(?:of\s)?{B}"),
    (SPUN_OFF, "spun_off_from", rf"{B}\s(?:was|were|has\sbeen)\sspun\soff\sfrom\s{A}"),
    (RENAMED, "changed_name",
     rf"{A},?\s(?:[^.]{{0,80}}?)changed\s(?:its|their)\s(?:corporate\s|legal\s)?name\s(?:from\s(?P<old>[^,;]{{2,80}}?)\s)?to\s"
     rf"(?P<new>[A-Z][^,;()]{{1,80}}?)(?=[,;(]|\.?\s(?:and|on|in|effective|with)\b|\.?$)"),
    (RENAMED, "changed_x_name",
     rf"changed\s{A}{_POSS}\s(?:corporate\s|legal\s)?name\sfrom\s(?P<old>[^,;]{{2,80}}?)\sto\s"
     rf"(?P<new>[A-Z][^,;()]{{1,80}}?)(?=[,;(]|\.?\s(?:and|on|in|effective|with)\b|\.?$)"),
    (RENAMED, "formerly_known_as",
     rf"{A}(?:,\s|\s\()(?:formerly|previously)\s(?:known\sas\s|named\s|called\s)?(?P<old>(?:[Tt]he\s)?[A-Z][^,;()]{{1,80}}?)"
     rf"(?=[,;)]|\.?$)"),
    (GUARANTEE, "guaranteed_obligations_of",
     rf"{A}\s(?:\w+\s)?(?:guaranteed|guarantees|guarantee|provided\sa\sguaranty[^.]{{0,60}}?for)\s(?:the\s)?"
     rf"(?:payment\s)?obligations\sof\s{B}"),
    (GUARANTEE, "obligations_guaranteed_by",
     rf"{B}{_POSS}\s(?:payment\s)?obligations\s(?:under\s[^.]{{0,80}}?)?(?:are|were|will\sbe|is)\s(?:fully\s|"
     rf"unconditionally\s|jointly\sand\sseverally\s)*guaranteed\s(?:[\w-]+\s){{0,6}}?by\s{A}(?:,?\sand\s{A2})?"),
    (GUARANTEE, "borrowings_guaranteed_by",
     rf"(?:Borrowings|Obligations|Indebtedness)\sunder\sthe\s(?:[A-Z][\w-]*\s){{1,5}}?(?:Agreement|Facility|Facilities)"
     rf"\s(?:are|were|is|will\sbe)\s(?:[\w,]+\s){{0,4}}?guaranteed\s(?:[\w-]+\s){{0,6}}?by\s{A}(?:,?\sand\s{A2})?"),
    # "The company has guaranteed repayment of principal and interest on bonds issued by the Puerto Rico ... Authority"
    (GUARANTEE, "guaranteed_debt_issued_by",
     rf"{A}\s(?:has\s|have\s|had\s)?(?:fully\s|unconditionally\s|irrevocably\s)*guaranteed\s(?:the\s)?(?:re)?payment\sof\s"
     rf"[^.;]{{0,80}}?\s(?:issued|incurred|borrowed|owed)\sby\s{B}"),
    # "We have previously issued credit guarantees to creditors of the Sea Launch venture"
    (GUARANTEE, "guarantees_to_creditors_of",
     rf"{A}\s(?:has\s|have\s|had\s)?(?:previously\s|also\s)?(?:issued|provided|given|extended)\s(?:credit\s|financial\s)?"
     rf"guarantees\s(?:to\s(?:the\s)?creditors\sof|(?:of|for)\s(?:the\s)?(?:debt|obligations|indebtedness|borrowings)\sof)\s{B}"),
    (GUARANTEE, "guarantee_by_of", rf"guarantee\sby\s{A}\sof\s{B}{_POSS}\s(?:payment\s)?obligations"),
    (LOAN, "loan_with_lender",
     rf"{B}(?:\s\([^)]*\))?,?.{{0,120}}?entered\sinto\s(?:an?\s)?.{{0,60}}?(?:Loan\sAgreement|Credit\sAgreement|"
     rf"[Ff]inancing\s[Aa]greement|credit\sfacility|term\sloan|loan)[^.]{{0,80}}?\swith\s"
     rf"(?:the\slenders\s(?:from\stime\sto\stime\s)?party\sthereto\sand\s)?{A}"),
    (LOAN, "agreement_among_lender",
     rf"(?:[Ll]oan|[Cc]redit)\s[Aa]greement,?(?:\s\([^)]{{1,60}}\))?\s(?:dated\s(?:as\sof\s)?[A-Z][a-z]+\s\d{{1,2}},\s\d{{4}},?\s)?"
     rf"(?:as\s(?:further\s)?amended,\s)?(?:by\sand\s)?(?:among|between)\s{B}(?:\sand\sits\ssubsidiaries)?,\s"
     rf"(?:[^;]{{0,200}}?(?:,\s|\s(?=and\s)))?(?:and\s)?{A}(?=,?\sas\s(?:the\s)?(?:lender|administrative\sagent|agent)\b|[,;.]|\s*$)"),
    (LOAN, "loans_with",  # "our previous real estate loan and equipment loans with the Bank of Blue Valley",
     # "the Company's prior Credit Agreement, dated May 15, 2023, with White Oak ABL, LLC and White Oak ..."
     rf"{B}{_POSS}?\s(?:[\w-]+\s){{0,6}}?(?:loans?|credit\sfacilit(?:y|ies)|line\sof\scredit|[Cc]redit\s[Aa]greement|"
     rf"[Ll]oan\s[Aa]greement)(?:\sagreements?)?(?:,\sdated\s(?:as\sof\s)?[A-Z][a-z]+\s\d{{1,2}},\s\d{{4}},)?\swith\s{A}"
     rf"(?:\sand\s{A2})?"),
    # "funded its operations ... through loans from its President, Richard Francella"
    (LOAN, "loan_from", rf"{B}\s[^.]{{0,120}}?(?:loan|credit\sfacility|advance)s?\sfrom\s(?:(?:its|our|the\sCompany{_POSS})\s"
                        rf"(?:President|Chief\sExecutive\sOfficer|CEO|Chairman|director|principal\sshareholder|"
                        rf"majority\sshareholder|founder|officer),?\s)?{A}"),
    (LOAN, "funded_by_loans_from",  # "the Company has funded its operations ... through loans from its President, X"
     rf"(?:funded|financed)\s(?:its|our)\s(?:operations|business|activities)\s[^.]{{0,80}}?(?:loans?|advances)\sfrom\s"
     rf"(?:its|our)\s(?:President|Chief\sExecutive\sOfficer|CEO|Chairman|director|principal\sshareholder|"
     rf"majority\sshareholder|founder|officer),?\s{A}"),
    (LOAN, "loaned_to", rf"{A}\s(?:had\s|has\s)?(?:previously\s)?(?:loaned|lent|advanced)\s(?:[^,;]{{0,40}}?\s)?to\s{B}"),
    (LOAN, "loans_by_to", rf"loans?\s(?:made\s)?by\s{A}\sto\s{B}"),
    (CONTROLLING, "controlling_shareholder_of",
     rf"{A}(?:\sand\s{A2})?,?\s(?:is|was|are|were|became|as)\s(?:the\s)?controlling\s(?:shareholder|stockholder)s?\sof\s{B}"),
    (CONTROLLING, "x_controlling_shareholder", rf"{B}{_POSS}\scontrolling\s(?:shareholder|stockholder),?\s{A}"),
]
RULES: list[tuple[str, str, re.Pattern[str]]] = [(rel, name, re.compile(rx)) for rel, name, rx in _RAW]

# the words right before a loan rule's match that make it the loan paid off, not a loan made:
# "This loan is a refinancing of [our previous real estate loan and equipment loans with the Bank
# of Blue Valley]", "the proceeds were used to repay [its term loan from X]". The old lender must
# be the object: "terminated" (subcontracts, stock awards) or a refinancing that names no lender
# ends nothing.
REFINANCED = re.compile(r"\b(?:refinanc(?:e|es|ed|ing)|repa(?:y|ys|id|ying|yment)|pa(?:y|id)\soff|payoff)"
                        r"\s(?:in\sfull\s)?(?:of\s)?(?:all\s(?:of\s)?)?$", re.I)

# What a user says of our own book in a conversation ("we also hold EUR 5m of X's 2027 notes"):
# read only from conversation turns (values.Context.conversation), where "we" is our book; a
# filer's "we hold $5m of X's notes" is the filer's position, not ours.
_WE = r"(?P<a>[Ww]e)"
_AMOUNT = r"(?P<money>(?:US\$|\$|€|£|¥|USD|EUR|GBP|JPY|CHF|CAD)\s?\d[\d,]*(?:\.\d+)?\s?(?:billion|million|thousand|bn|mm|m)?)"
_INSTRUMENT = (r"(?P<instrument>(?:[\w.%/-]+\s){0,4}?(?:notes?|bonds?|debentures?|loans?|paper|debt|shares|stock|"
               r"securities|term\sloan|facility))\b")
_HOLD = r"(?:\w+\s)?(?:hold|own|have|bought|purchased|acquired)"
CONVERSATION_RULES: list[tuple[str, str, re.Pattern[str]]] = [(rel, name, re.compile(rx)) for rel, name, rx in [
    (HOLDING, "we_hold_amount_of_xs", rf"{_WE}\s{_HOLD}\s{_AMOUNT}\s(?:of|in)\s{B}{_POSS}?\s{_INSTRUMENT}"),
    (HOLDING, "we_hold_amount_of_notes_of",
     rf"{_WE}\s{_HOLD}\s{_AMOUNT}\s(?:of|in)\s(?:the\s|its\s)?{_INSTRUMENT}\s(?:of|issued\sby)\s{B}"),
]]
