"""Words of questions and of generic company names (folded, as ``name_text`` folds them).
A name's span made only of these is not a mention unless written as a name, a name's leading
word is never one of them, and they are never corrected as typos of a name's word."""

from __future__ import annotations

__all__ = ["COMMON", "QUESTION_WORDS"]

_FUNCTION = """a an the of in on at by for to from with within into onto over under above below between and or
not no nor but if then than as is are was were be been being do does did done has have had having it its
this that these those there their they them he she his her him we our us you your i me my who whom whose
which what when where why how all any each every some such same other another more most much many few
one two three four five six seven eight nine ten first second last next previous prior before after since
until up down out about around through via per can could would should will shall may might must please
show tell give list find identify set state report determine describe provide get let me s"""

_QUESTION = """owner owners own owns owned owning ownership shareholder shareholders shareholding shareholdings
share shares stake stakes interest interests holding holdings hold holds held holder control controls
controlled controlling controller controllers beneficial ultimate direct directly indirect indirectly
effective percentage percent parent parents child children subsidiary subsidiaries consolidate consolidates
consolidation accounting exposure exposures exposed position positions book portfolio portfolios
lender lenders lends lending loan loans borrower borrowers guarantor guarantors guarantee guarantees
guaranteed default defaults contagion hit losses path paths chain connection connected link linked links
relationship relationships route hop hops sanction sanctions sanctioned designated blocked near close
cycle cycles circular reciprocal cross data quality issue issues problem problems change changes changed
diff today now currently end mid year quarter month half date dated known knew as of time who's whats
name names called previous former alias aliases identifier identifiers lei branch branches office head
group entity entities company companies person persons party parties fund funds firm issuer counterparty
everything anything nothing somebody anyone someone people natural ubo psc kyc amount amounts rule
total whole entire dataset database universe hey okay ok so"""

_GENERIC = """holdings holding group capital bank banking investments investment partners partner trust
international global services service management finance financial energy shipping systems solutions
limited company corporation incorporated national general industries trading resources properties
realty real estate securities insurance fund funds asset assets ventures technology technologies
logistics media health healthcare pharma metals steel motors retail foods agri construction consulting
telecom renewables infrastructure leasing packaging electronics biotech special situations opportunities
credit equity north south east west europe european america american asia uk us new"""

COMMON: frozenset[str] = frozenset((_FUNCTION + " " + _QUESTION + " " + _GENERIC).split())
# the words of a question, not of a name (a company's generic words left out)
QUESTION_WORDS: frozenset[str] = frozenset((_FUNCTION + " " + _QUESTION).split())
