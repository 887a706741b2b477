"""Probe: agreement of the answer-fact matcher with a careful human judge on REALISTIC RAG
answers (multi-sentence, markdown, citation markers, fronted phrases, appositives, pronouns,
passives, other number formats, loose summaries), English and Chinese.

Format as tests/adversarial/probe_facts.py:
    {"family", "lang", "fact": {"text", "aliases"?, "value"?, "polarity"?}, "answer", "expect", "note"}
expect: "found" (a careful human says the answer states the fact fully and correctly) |
"not_found" (it does not). "(weak)" in a note: a reasonable reader could go either way.

Texts built from public data sets: RAGChecker (`response` used as is, facts from `gt_answer`),
MuSiQue paragraphs (en), DuReader answers (zh).
"""

from __future__ import annotations

CASES: list[dict] = []


def F(family, lang, fact, answer, expect, note, **kw):
    f = {"text": fact}
    for k in ("aliases", "value", "polarity"):
        if k in kw:
            f[k] = kw[k]
    CASES.append(
        {"family": family, "lang": lang, "fact": f, "answer": answer, "expect": expect, "note": note}
    )


N, Y = "not_found", "found"

# =====================================================================================
# ENGLISH
# =====================================================================================

# ---- RAGChecker real responses (unchanged), facts written from gt_answer -------------
NILE = (
    "The longest river in the world is the Nile, stretching approximately 6,650 kilometers (4,130 miles) "
    "through northeastern Africa, flowing through countries such as Uganda, Sudan, and Egypt before emptying "
    "into the Mediterranean Sea. There is some debate about this title, as recent studies suggest the Amazon "
    "River could be longer if its longest tributaries are included, potentially extending its length to about "
    "7,000 kilometers (4,350 miles)."
)
DRC = (
    "The flag of the Democratic Republic of the Congo (DRC) features a sky blue field with a red diagonal stripe "
    "bordered by narrow yellow edges, and a yellow five-pointed star in the upper left corner. Each element on "
    "the flag carries specific symbolism: the blue represents peace, the red symbolizes the blood of the "
    "country's martyrs, the yellow denotes the nation's wealth, and the star stands for hope for a better future."
)
F(
    "real_response",
    "en",
    "The Nile flows into the Mediterranean Sea.",
    NILE,
    Y,
    "real response: 'emptying into the Mediterranean Sea' (participle)",
)
F(
    "real_response",
    "en",
    "The Nile is about 6,650 km long.",
    NILE,
    Y,
    "real response: 'stretching approximately 6,650 kilometers'",
)
F(
    "real_response",
    "en",
    "The Nile is the longest river in the world.",
    NILE,
    Y,
    "real response: inverted copula 'The longest river in the world is the Nile'",
)
F(
    "real_response",
    "en",
    "The Nile flows through Uganda, Sudan and Egypt.",
    NILE,
    Y,
    "real response: 'flowing through countries such as Uganda, Sudan, and Egypt'",
)
F(
    "real_response",
    "en",
    "The Nile is about 4,130 miles long.",
    NILE,
    Y,
    "real response: miles in parentheses",
)
F(
    "real_response",
    "en",
    "The Nile's drainage basin covers eleven countries.",
    NILE,
    N,
    "real response: not stated at all",
)
F(
    "real_response",
    "en",
    "The Nile is one of the smallest major rivers by annual flow.",
    NILE,
    N,
    "real response: not stated",
)
F(
    "real_response",
    "en",
    "The Amazon River is about 7,000 km long.",
    NILE,
    N,
    "real response: only 'could be longer ... potentially extending its length to about 7,000 km'",
)
F(
    "real_response",
    "en",
    "The Nile flows into the Red Sea.",
    NILE,
    N,
    "real response: Mediterranean, not Red Sea",
)
F(
    "real_response",
    "en",
    "The Nile is about 6,560 km long.",
    NILE,
    N,
    "real response: digits transposed in the fact",
)
F(
    "real_response",
    "en",
    "Blue represents peace.",
    DRC,
    Y,
    "real response: 'the blue represents peace' in a colon list",
)
F(
    "real_response",
    "en",
    "Red represents the blood of the country's martyrs.",
    DRC,
    Y,
    "real response: 'the red symbolizes the blood of the country's martyrs' (symbolizes/represents)",
)
F(
    "real_response",
    "en",
    "The red symbolizes the blood of the country's martyrs.",
    DRC,
    Y,
    "real response: verbatim clause",
)
F(
    "real_response",
    "en",
    "Yellow represents the country's wealth.",
    DRC,
    Y,
    "real response: 'the yellow denotes the nation's wealth'",
)
F(
    "real_response",
    "en",
    "The star represents a radiant future for the country.",
    DRC,
    Y,
    "real response: 'the star stands for hope for a better future' (weak)",
)
F(
    "real_response",
    "en",
    "The flag has a red diagonal stripe.",
    DRC,
    Y,
    "real response: 'features a sky blue field with a red diagonal stripe'",
)
F(
    "real_response",
    "en",
    "The flag's star is in the upper left corner.",
    DRC,
    Y,
    "real response: 'a yellow five-pointed star in the upper left corner'",
)
F(
    "real_response",
    "en",
    "Red represents the country's wealth.",
    DRC,
    N,
    "real response: red/yellow meanings swapped in the fact",
)
F(
    "real_response",
    "en",
    "The star is in the upper right corner of the flag.",
    DRC,
    N,
    "real response: left, not right",
)
F(
    "real_response",
    "en",
    "Blue represents peace.",
    DRC.replace("the blue represents peace", "the blue represents unity"),
    N,
    "controlled change: peace -> unity",
)

# ---- fronted phrases / appositives ---------------------------------------------------
PUBLIX = (
    "Publix Super Markets, Inc., commonly known as **Publix**, is an employee-owned American supermarket chain "
    "headquartered in Lakeland, Florida [1]. Founded in 1930 by George W. Jenkins, Publix is a private "
    "corporation that is wholly owned by present and past employees [1]. In North Carolina, Publix currently "
    "operates 35 stores [2]."
)
F(
    "fronted",
    "en",
    "Publix was founded in 1930.",
    PUBLIX,
    Y,
    "fronted participle 'Founded in 1930 by X, Publix is ...'",
)
F("fronted", "en", "Publix was founded by George W. Jenkins.", PUBLIX, Y, "fronted participle, agent")
F(
    "fronted",
    "en",
    "Publix has 35 stores in North Carolina.",
    PUBLIX,
    Y,
    "fronted PP 'In North Carolina, Publix currently operates 35 stores'",
)
F(
    "appositive",
    "en",
    "Publix is headquartered in Lakeland, Florida.",
    PUBLIX,
    Y,
    "long appositive between subject and predicate",
)
F(
    "appositive",
    "en",
    "Publix is owned by its employees.",
    PUBLIX,
    Y,
    "'wholly owned by present and past employees' (weak)",
)
F(
    "fronted",
    "en",
    "Publix was founded in 1930.",
    PUBLIX.replace("Founded in 1930", "Founded in 1933"),
    N,
    "fronted participle with another year",
)
F(
    "fronted",
    "en",
    "Publix has 35 stores in North Carolina.",
    PUBLIX.replace(
        "In North Carolina, Publix currently operates 35 stores",
        "In South Carolina, Publix currently operates 35 stores, and it has no stores in North Carolina yet",
    ),
    N,
    "fronted PP names another state; NC explicitly has none",
)
F(
    "fronted",
    "en",
    "Publix was founded by George W. Jenkins.",
    "Publix was founded in 1930 [1]. Led by George W. Jenkins' nephew Howard Jenkins in the 1990s, the chain expanded into Georgia and Alabama [2].",
    N,
    "the name appears only as a modifier of another person",
)

SNOW = (
    '**"Hello Love"** is a 1974 single by Hank Snow [1]. It was Snow\'s seventh and final number one on the '
    "U.S. country singles chart, and it stayed at number one for a single week. Snow moved to Nashville, "
    "Tennessee, in 1949 [2]."
)
F(
    "pronoun",
    "en",
    "Hello Love was Hank Snow's final number one on the U.S. country singles chart.",
    SNOW,
    Y,
    "subject is 'It' (previous sentence names the song)",
)
F(
    "pronoun",
    "en",
    "Hello Love stayed at number one for one week.",
    SNOW,
    Y,
    "pronoun subject + 'a single week'",
)
F("pronoun", "en", "Hello Love was released in 1974.", SNOW, Y, "'is a 1974 single' (weak: paraphrase)")
F(
    "fronted",
    "en",
    "Hank Snow moved to Nashville in 1949.",
    SNOW,
    Y,
    "'Snow moved to Nashville, Tennessee, in 1949' (surname only, apposed state)",
)
F(
    "pronoun",
    "en",
    "Hello Love stayed at number one for two weeks.",
    SNOW,
    N,
    "pronoun clause, other duration",
)
F(
    "pronoun",
    "en",
    "Hello Love stayed at number one for one week.",
    '"Hello Love" is a 1974 single by Hank Snow [1]. His earlier hit "I\'m Movin\' On" was a much bigger success: it stayed at number one for 21 weeks.',
    N,
    "pronoun refers to another song, other value",
)

IBSEN = (
    "*Brand* is a play by the Norwegian playwright Henrik Ibsen [1]. Written in 1865, it was first performed "
    "in Stockholm, Sweden on 24 March 1867. Ibsen was therefore a citizen of Norway."
)
F("passive", "en", "Brand was written by Henrik Ibsen.", IBSEN, Y, "'a play by X' for 'written by X' (weak)")
F(
    "fronted",
    "en",
    "Brand was written in 1865.",
    IBSEN,
    Y,
    "fronted participle + pronoun subject 'Written in 1865, it was ...'",
)
F(
    "pronoun",
    "en",
    "Brand was first performed in Stockholm in 1867.",
    IBSEN,
    Y,
    "pronoun subject, date with day",
)
F(
    "number_format",
    "en",
    "Brand was first performed on March 24, 1867.",
    IBSEN,
    Y,
    "date '24 March 1867' vs 'March 24, 1867', pronoun subject",
)
F("pronoun", "en", "Brand was first performed in Oslo.", IBSEN, N, "other city")
F("number_format", "en", "Brand was first performed on 24 March 1876.", IBSEN, N, "year digits swapped")
F(
    "appositive",
    "en",
    "Henrik Ibsen was a Norwegian playwright.",
    IBSEN,
    Y,
    "'the Norwegian playwright Henrik Ibsen' (pre-nominal appositive)",
)

ENOLA = (
    "The bomb was dropped by the **Enola Gay**, a Boeing B-29 Superfortress bomber named after Enola Gay "
    "Tibbets, the mother of its pilot, Colonel Paul Tibbets [2]. On 6 August 1945, it became the first "
    "aircraft to drop an atomic bomb, which was targeted at Hiroshima, Japan."
)
F(
    "appositive",
    "en",
    "The Enola Gay was a Boeing B-29 Superfortress bomber.",
    ENOLA,
    Y,
    "appositive NP after the name",
)
F(
    "appositive",
    "en",
    "The Enola Gay was named after the mother of its pilot.",
    ENOLA,
    Y,
    "appositive inside appositive",
)
F(
    "appositive",
    "en",
    "Colonel Paul Tibbets was the pilot of the Enola Gay.",
    ENOLA,
    Y,
    "'the mother of its pilot, Colonel Paul Tibbets' (weak)",
)
F(
    "passive",
    "en",
    "The atomic bomb dropped by the Enola Gay was targeted at Hiroshima.",
    ENOLA,
    Y,
    "relative clause 'which was targeted at Hiroshima'",
)
F(
    "fronted",
    "en",
    "The Enola Gay dropped an atomic bomb on 6 August 1945.",
    ENOLA,
    Y,
    "fronted date + pronoun 'it became the first aircraft to drop'",
)
F(
    "appositive",
    "en",
    "The Enola Gay was a Boeing B-52 Stratofortress bomber.",
    ENOLA,
    N,
    "other aircraft model",
)
F("appositive", "en", "The Enola Gay was piloted by Enola Gay Tibbets.", ENOLA, N, "mother, not pilot")
F(
    "passive",
    "en",
    "The atomic bomb dropped by the Enola Gay was targeted at Nagasaki.",
    ENOLA,
    N,
    "other city",
)

VIORST = (
    "Judith Viorst, the author of *Alexander and the Terrible, Horrible, No Good, Very Bad Day* (1972), is a "
    "1952 graduate of the Newark College of Arts and Sciences at Rutgers University [1][2]. Rutgers serves as "
    "New Jersey's sole land-grant university [3]."
)
F(
    "appositive",
    "en",
    "Judith Viorst graduated from Rutgers University in 1952.",
    VIORST,
    Y,
    "'is a 1952 graduate of ... at Rutgers University' (weak: nominalised)",
)
F(
    "citation",
    "en",
    "Rutgers is New Jersey's sole land-grant university.",
    VIORST,
    Y,
    "'serves as', citation after",
)
F(
    "appositive",
    "en",
    "Judith Viorst wrote Alexander and the Terrible, Horrible, No Good, Very Bad Day.",
    VIORST,
    Y,
    "'Judith Viorst, the author of *Title*'",
)
F("appositive", "en", "Judith Viorst graduated from Rutgers University in 1962.", VIORST, N, "other year")
F(
    "appositive",
    "en",
    "Rutgers is one of three land-grant universities in New Jersey.",
    VIORST,
    N,
    "'sole' vs 'one of three'",
)

ETUC = (
    "The European Trade Union Confederation (ETUC) was set up in 1973 to promote the interests of working "
    "people at the European level [1]. It is recognized by the European Union, the Council of Europe and the "
    "European Free Trade Association as the only representative cross-sectoral trade union organization at "
    "European level [1]."
)
F(
    "passive",
    "en",
    "The European Union recognizes the ETUC.",
    ETUC,
    Y,
    "passive with pronoun subject; ETUC abbreviation defined earlier",
)
F(
    "citation",
    "en",
    "The European Trade Union Confederation was set up in 1973.",
    ETUC,
    Y,
    "abbreviation in parentheses inside the match",
)
F("synonym", "en", "The ETUC was founded in 1973.", ETUC, Y, "abbreviation + founded/set up (weak: synonym)")
F(
    "passive",
    "en",
    "The Council of Europe recognizes the ETUC.",
    ETUC.replace(
        "It is recognized by the European Union, the Council of Europe and",
        "It is recognized by the European Union and",
    ),
    N,
    "Council of Europe removed from the list",
)
F(
    "passive",
    "en",
    "The Council of Europe recognizes the ETUC.",
    "The European Trade Union Confederation (ETUC) was set up in 1973 [1]. It is recognized by the European Union, but not by the Council of Europe.",
    N,
    "'but not by' in the coordinated list",
)
F("citation", "en", "The European Trade Union Confederation was set up in 1957.", ETUC, N, "other year")

TREATY = (
    "Two core treaties lay out how the EU operates [2]: the Treaty on European Union (originally signed in "
    "Maastricht in 1992) and the Treaty on the Functioning of the European Union (originally signed in Rome in "
    "1957 as the Treaty establishing the European Economic Community)."
)
F(
    "parentheses",
    "en",
    "The Treaty on the Functioning of the European Union was originally signed in Rome in 1957.",
    TREATY,
    Y,
    "statement inside parentheses after the name",
)
F(
    "parentheses",
    "en",
    "The Treaty on European Union was signed in Maastricht in 1992.",
    TREATY,
    Y,
    "statement inside parentheses",
)
F(
    "parentheses",
    "en",
    "The Treaty on the Functioning of the European Union was originally signed in Maastricht.",
    TREATY,
    N,
    "the other treaty's city",
)
F(
    "parentheses",
    "en",
    "The Treaty on European Union was originally signed in Rome in 1957.",
    TREATY,
    N,
    "the other treaty's city and year",
)

ATBARAH = (
    "The Atbarah River in northeast Africa rises in northwest Ethiopia, approximately 50 km north of Lake Tana "
    "and 30 km west of Gondar [1]. It flows about 805 km (500 mi) to the Nile in north-central Sudan."
)
F(
    "number_format",
    "en",
    "The Atbarah River rises about 50 km north of Lake Tana.",
    ATBARAH,
    Y,
    "approximately/about",
)
F(
    "number_format",
    "en",
    "The Atbarah River rises about 30 km north of Lake Tana.",
    ATBARAH,
    N,
    "30 km is west of Gondar",
)
F("pronoun", "en", "The Atbarah River flows about 805 km to the Nile.", ATBARAH, Y, "pronoun subject")
F(
    "pronoun",
    "en",
    "The Atbarah River flows about 500 miles to the Nile.",
    ATBARAH,
    Y,
    "pronoun subject + miles in parentheses",
)
F("pronoun", "en", "The Atbarah River flows about 850 km to the Nile.", ATBARAH, N, "other distance")

TENN = (
    "Tennessee is bordered by Kentucky and Virginia to the north, North Carolina to the east, Georgia, Alabama, "
    "and Mississippi to the south, and Arkansas and Missouri to the west [3]."
)
F(
    "coordination",
    "en",
    "Tennessee is bordered by North Carolina to the east.",
    TENN,
    Y,
    "gapped coordination",
)
F("coordination", "en", "North Carolina borders Tennessee to the east.", TENN, Y, "active for passive (weak)")
F(
    "coordination",
    "en",
    "Tennessee is bordered by Virginia to the east.",
    TENN,
    N,
    "Virginia is north; 'to the east' belongs to NC",
)
F("coordination", "en", "Tennessee is bordered by Georgia to the west.", TENN, N, "Georgia is south")
F("coordination", "en", "Tennessee is bordered by Missouri to the west.", TENN, Y, "last conjunct")

# ---- policy-style answers --------------------------------------------------------------
CLAIM = (
    "According to the policy [1], you must file a claim within **30 days** of the loss. Claims can be "
    "submitted online or by mail. It must include the original receipt and a photo of the damaged item [2].\n\n"
    "In summary, act quickly: the insurer needs your claim within a month."
)
F(
    "pronoun",
    "en",
    "Claims must be filed within 30 days of the loss.",
    CLAIM,
    Y,
    "'you must file a claim within **30 days** of the loss' (active, 2nd person, bold)",
)
F(
    "pronoun",
    "en",
    "A claim must include the original receipt.",
    CLAIM,
    Y,
    "pronoun subject 'It must include'",
)
F(
    "list_or",
    "en",
    "Claims can be submitted online or by mail.",
    CLAIM,
    Y,
    "verbatim sentence in a multi-paragraph answer",
)
F(
    "summary",
    "en",
    "Claims must be filed within 30 days of the loss.",
    CLAIM.replace("within **30 days** of the loss", "within **60 days** of the loss"),
    N,
    "other deadline; summary 'a month' is loose",
)
F(
    "modal",
    "en",
    "Claims must be filed within 30 days of the loss.",
    CLAIM.replace("you must file a claim", "you may file a claim"),
    N,
    "must -> may",
)
F(
    "number_format",
    "en",
    "Claims must be filed within 30 days of the loss.",
    "Per the policy wording, claims must be filed within thirty (30) days of the loss [1].",
    Y,
    "'thirty (30) days'",
)
F(
    "passive",
    "en",
    "Claims must be filed within 30 days of the loss.",
    "Per the policy wording [1], the insurer must be notified within 30 days of the loss; the formal claim itself can follow later.",
    N,
    "notification deadline, not the claim deadline",
)

REFUND = (
    "Refunds are processed within 14 days of receiving the returned item [1]. Store credit is issued "
    "immediately.\n\n**Summary:** expect your money back in roughly two weeks."
)
F(
    "summary",
    "en",
    "Refunds are processed within 14 days of receiving the returned item.",
    REFUND,
    Y,
    "loose summary 'roughly two weeks' restates it consistently",
)
F(
    "summary",
    "en",
    "Refunds are processed within 14 days of receiving the returned item.",
    REFUND.replace("roughly two weeks", "up to 30 days"),
    N,
    "(weak) summary contradicts the earlier 14 days",
)
F("summary", "en", "Store credit is issued immediately.", REFUND, Y, "short verbatim sentence")

ELIG = (
    "**Eligibility requirements** [2]:\n"
    "- **Age:** applicants must be at least 18 years old\n"
    "- **Residency:** applicants must have lived in the state for at least 2 years\n"
    "- **Income:** household income of no more than $45,000 per year\n"
)
F("list_md", "en", "Applicants must be at least 18 years old.", ELIG, Y, "markdown list item with bold label")
F(
    "list_md",
    "en",
    "Applicants must have lived in the state for at least two years.",
    ELIG,
    Y,
    "list item, 2 vs two",
)
F(
    "list_md",
    "en",
    "Household income must not exceed $45,000 per year.",
    ELIG,
    Y,
    "'no more than' = 'must not exceed' (weak: modal implied by the list heading)",
)
F("list_md", "en", "Applicants must be at least 21 years old.", ELIG, N, "other age")
F("list_md", "en", "Household income must be at least $45,000 per year.", ELIG, N, "bound reversed")
F(
    "list_md",
    "en",
    "Applicants must have lived in the state for at least 18 years.",
    ELIG,
    N,
    "18 comes from the age item",
)

PLANS = (
    "| Plan | Monthly price | Storage |\n|---|---|---|\n| Basic | $5 | 50 GB |\n| Pro | $12 | 1 TB |\n\n"
    "Both plans can be cancelled at any time [1]."
)
F("table_md", "en", "The Pro plan costs $12 per month.", PLANS, Y, "markdown table row")
F("table_md", "en", "The Basic plan includes 50 GB of storage.", PLANS, Y, "markdown table row")
F("table_md", "en", "The Basic plan costs $12 per month.", PLANS, N, "price of the other row")
F("table_md", "en", "The Pro plan includes 50 GB of storage.", PLANS, N, "storage of the other row")
F("table_md", "en", "Both plans can be cancelled at any time.", PLANS, Y, "sentence after a table")

RESP = "The Basic and Pro plans cost $5 and $12 per month, respectively [1]."
F(
    "respectively",
    "en",
    "The Pro plan costs $12 per month.",
    RESP,
    Y,
    "'respectively' construction (weak: needs pairing)",
)
F("respectively", "en", "The Pro plan costs $5 per month.", RESP, N, "'respectively' pairs Pro with $12")
F("respectively", "en", "The Basic plan costs $12 per month.", RESP, N, "'respectively' pairs Basic with $5")

F(
    "citation",
    "en",
    "The filing fee is $25.",
    "The filing fee is $25[1], payable by card or check.",
    Y,
    "citation glued to the number",
)
F(
    "citation",
    "en",
    "The filing fee is $251.",
    "The filing fee is $25[1], payable by card or check.",
    N,
    "citation digit must not join the number",
)
F(
    "citation",
    "en",
    "Refunds are issued within 5 business days.",
    "Refunds are issued within 5 business days.[3][4]",
    Y,
    "citations after the period",
)
F(
    "citation",
    "en",
    "The museum opens at 9 a.m.",
    "The museum opens at 9 a.m. [1] and closes at 5 p.m. [2]",
    Y,
    "citation between coordinated clauses",
)
F(
    "citation",
    "en",
    "The museum closes at 9 a.m.",
    "The museum opens at 9 a.m. [1] and closes at 5 p.m. [2]",
    N,
    "opening time for the closing time",
)

LIB = "The library opens at 9 a.m. and closes at 6 p.m. on weekdays, but it is closed on Sundays [1]."
F(
    "coordination",
    "en",
    "The library closes at 6 p.m. on weekdays.",
    LIB,
    Y,
    "second conjunct, shared subject",
)
F("coordination", "en", "The library is closed on Sundays.", LIB, Y, "pronoun after 'but'")
F("coordination", "en", "The library is open on Sundays.", LIB, N, "closed on Sundays")
F("coordination", "en", "The library opens at 6 p.m. on weekdays.", LIB, N, "closing time as opening time")

F(
    "number_format",
    "en",
    "The warranty lasts 24 months.",
    "The manufacturer's warranty lasts two years from the date of purchase [1].",
    Y,
    "two years = 24 months",
)
F(
    "number_format",
    "en",
    "The stadium holds 1.5 million visitors a year.",
    "About 1,500,000 visitors pass through the stadium each year [2].",
    N,
    "(weak) 'about' + visitors-pass-through paraphrase; 'holds' differs",
)
F(
    "number_format",
    "en",
    "The box contains 12 eggs.",
    "Each box contains a dozen eggs [1].",
    Y,
    "a dozen = 12",
)
F(
    "number_format",
    "en",
    "The tour takes 30 minutes.",
    "The guided tour takes half an hour [1].",
    Y,
    "half an hour = 30 minutes",
)
F(
    "number_format",
    "en",
    "The bridge is 2.7 km long.",
    "At 2,700 metres, the bridge is the longest in the region [1].",
    Y,
    "fronted measure, m vs km (weak)",
)
F(
    "passive",
    "en",
    "Joseph Strauss designed the Golden Gate Bridge.",
    "The Golden Gate Bridge was designed by chief engineer Joseph Strauss [1].",
    Y,
    "passive + title noun",
)
F(
    "passive",
    "en",
    "Joseph Strauss designed the Bay Bridge.",
    "The Golden Gate Bridge was designed by chief engineer Joseph Strauss, while the Bay Bridge was designed by Charles Purcell [1].",
    N,
    "other bridge",
)

F(
    "hedge_rag",
    "en",
    "Publix operates stores in North Carolina.",
    "The provided context does not say whether Publix operates stores in North Carolina.",
    N,
    "RAG refusal",
)
F(
    "hedge_rag",
    "en",
    "Publix was founded in 1930.",
    "The documents do not give an exact founding date; one source suggests Publix was founded around 1930 [2].",
    N,
    "hedged and approximate",
)
F(
    "hedge_rag",
    "en",
    "Publix operates only in Florida.",
    "Publix does not operate only in Florida: it also has stores in Georgia, Alabama and the Carolinas [1].",
    N,
    "'not only'",
)
F(
    "hedge_rag",
    "en",
    "Victoria Falls is on the Zambezi River.",
    "Based on the retrieved passages, Victoria Falls is a waterfall in southern Africa on the Zambezi River, at the border between Zambia and Zimbabwe [2].",
    Y,
    "'Based on the retrieved passages,' lead-in",
)
F(
    "hedge_rag",
    "en",
    "Victoria Falls lies on the border between Zambia and Zimbabwe.",
    "Based on the retrieved passages, Victoria Falls is a waterfall in southern Africa on the Zambezi River, at the border between Zambia and Zimbabwe [2].",
    Y,
    "'at the border' after comma",
)
F(
    "hedge_rag",
    "en",
    "Victoria Falls is on the Limpopo River.",
    "Victoria Falls is a waterfall on the Zambezi River [2]. The Bubye River, also known as the Bubi River, is a tributary of the Limpopo River in Zimbabwe [1].",
    N,
    "other river",
)
F(
    "appositive",
    "en",
    "The Bubye River is a tributary of the Limpopo River.",
    "The Bubye River, also known as the Bubi River, is a tributary of the Limpopo in Zimbabwe [1].",
    Y,
    "alias appositive; 'the Limpopo' without River",
)

F(
    "inversion",
    "en",
    "G. Stanley Hall was the first president of the American Psychological Association.",
    "The journal is published by the American Psychological Association (APA) [1]. Its first president was G. Stanley Hall [2].",
    Y,
    "pronoun possessive + inverted copula",
)
F(
    "inversion",
    "en",
    "G. Stanley Hall was the first president of the American Psychological Association.",
    "The first president of the American Psychological Association was G. Stanley Hall, who published *Adolescence* in 1904 [2].",
    Y,
    "inverted copula",
)
F(
    "inversion",
    "en",
    "G. Stanley Hall was the second president of the American Psychological Association.",
    "The first president of the American Psychological Association was G. Stanley Hall, who published *Adolescence* in 1904 [2].",
    N,
    "first vs second",
)
F(
    "pronoun",
    "en",
    "The Journal of Psychotherapy Integration was established in 1991.",
    "The **Journal of Psychotherapy Integration** is a peer-reviewed journal published by the APA [1]. Established in 1991, it covers research in psychotherapy.",
    Y,
    "fronted participle in the next sentence, pronoun subject",
)
F(
    "fronted",
    "en",
    "Karl Renner set up a provisional government in Vienna.",
    "On 27 April 1945, as state Chancellor, Karl Renner set up a provisional government in Vienna [3].",
    Y,
    "two fronted phrases",
)
F(
    "fronted",
    "en",
    "Karl Renner set up a provisional government in Vienna on 27 April 1946.",
    "On 27 April 1945, as state Chancellor, Karl Renner set up a provisional government in Vienna [3].",
    N,
    "other year, fronted date",
)
F(
    "passive",
    "en",
    "Aschenbrödel was completed by Josef Bayer in 1900.",
    '*Aschenbrödel* ("Cinderella") is a ballet by Johann Strauss II. Strauss died in 1899 before finishing it, and the ballet was completed by composer Josef Bayer in 1900 [1].',
    Y,
    "'the ballet' for the title, 'composer' title noun",
)
F(
    "passive",
    "en",
    "Aschenbrödel was completed by Johann Strauss II.",
    '*Aschenbrödel* ("Cinderella") is a ballet by Johann Strauss II. Strauss died in 1899 before finishing it, and the ballet was completed by composer Josef Bayer in 1900 [1].',
    N,
    "Strauss died before finishing it",
)
F(
    "synonym",
    "en",
    "Germany had imperial interests in the South Pacific.",
    "In 1883–84, Germany began to build a colonial empire in Africa and the South Pacific [3].",
    Y,
    "(weak) paraphrase: colonial empire in ... = imperial interests",
)
F(
    "synonym",
    "en",
    "Pearl Jam was formed in Seattle in 1990.",
    "Seattle, where Pearl Jam was formed in 1990, gets an average annual snowfall of 6.8 inches (17.3 cm), as measured at Sea-Tac Airport [3].",
    Y,
    "relative clause 'where ... was formed'",
)
F(
    "number_format",
    "en",
    "Seattle's average annual snowfall is 6.8 inches.",
    "Seattle, where Pearl Jam was formed in 1990, gets an average annual snowfall of 6.8 inches (17.3 cm), as measured at Sea-Tac Airport [3].",
    Y,
    "'gets an average annual snowfall of' (weak wording)",
)
F(
    "number_format",
    "en",
    "17.3 cm",
    "Seattle gets an average annual snowfall of 6.8 inches (17.3 cm) [3].",
    Y,
    "value-only fact, parenthesised conversion",
)
F(
    "number_format",
    "en",
    "Seattle's average annual snowfall is 6.8 inches.",
    "Seattle gets an average annual snowfall of 8.6 inches (21.8 cm), as measured at Sea-Tac Airport [3].",
    N,
    "other value",
)

# ---- English: scope-narrowing fronted phrases, entity contrast (false-support hunting) --------
F(
    "fronted_scope",
    "en",
    "Publix operates 35 stores.",
    "In North Carolina, Publix operates 35 stores [2].",
    N,
    "fronted PP restricts the number to one state",
)
F(
    "fronted_scope",
    "en",
    "Refunds are issued as store credit only.",
    "For sale items, refunds are issued as store credit only [1].",
    N,
    "fronted restrictive PP",
)
F(
    "fronted_scope",
    "en",
    "Shipping takes 10 business days.",
    "For international orders, shipping takes 10 business days [3]; domestic orders arrive in 3.",
    N,
    "fronted restrictive PP",
)
F(
    "fronted_scope",
    "en",
    "Shipping is free on all orders.",
    "**For members:** shipping is free on all orders [2].\n\n**For everyone else:** shipping costs $4.99.",
    N,
    "markdown bold label restricts scope",
)
F(
    "fronted_scope",
    "en",
    "Returns must be made within 14 days.",
    "### Orders shipped outside the EU\nReturns must be made within 14 days of delivery [4].\n\n### Orders within the EU\nReturns must be made within 30 days.",
    N,
    "markdown heading restricts scope; other section says 30",
)
F(
    "fronted_scope",
    "en",
    "Shipping takes 10 business days.",
    "Standard shipping takes 10 business days [3], and express shipping takes 2.",
    Y,
    "control: plain statement with citation",
)
F(
    "contrast",
    "en",
    "Publix is headquartered in Cincinnati.",
    "Unlike Publix, Kroger is headquartered in Cincinnati, Ohio [2].",
    N,
    "'Unlike X,' fronted: another company",
)
F(
    "contrast",
    "en",
    "The Basic plan includes phone support.",
    "Unlike the Basic plan, the Pro plan includes phone support [1].",
    N,
    "'Unlike' contrast",
)
F(
    "contrast",
    "en",
    "The Pro plan includes phone support.",
    "Unlike the Basic plan, the Pro plan includes phone support [1].",
    Y,
    "control for the 'Unlike' contrast",
)
F(
    "contrast",
    "en",
    "The Pro plan includes phone support.",
    "Neither the Basic plan nor the Pro plan includes phone support [1].",
    N,
    "neither ... nor",
)
F(
    "contrast",
    "en",
    "The Basic plan includes phone support.",
    "All plans except the Basic plan include phone support [1].",
    N,
    "except",
)
F(
    "contrast",
    "en",
    "The Basic plan includes phone support.",
    "Only the Pro plan includes phone support; the Basic plan comes with email support [1].",
    N,
    "only the other plan",
)
F(
    "contrast",
    "en",
    "Publix operates 500 stores in North Carolina.",
    "Compared with Publix's 35 stores, Food Lion operates about 500 stores in North Carolina [2].",
    N,
    "the number belongs to another company",
)
F(
    "contrast",
    "en",
    "The library opens at 8 a.m.",
    "The library previously opened at 8 a.m.; since January it opens at 9 a.m. [1]",
    N,
    "previously / now",
)
F(
    "entity_inside",
    "en",
    "The University of California is located in Los Angeles.",
    "The University of Southern California is located in Los Angeles [1].",
    N,
    "word inserted inside a multi-word name",
)
F(
    "entity_inside",
    "en",
    "The flag of the Republic of the Congo features a yellow five-pointed star.",
    DRC,
    N,
    "real response is about the DEMOCRATIC Republic of the Congo",
)
F(
    "entity_inside",
    "en",
    "The Bank of America is headquartered in Charlotte.",
    "The Bank of America is headquartered in Charlotte, North Carolina [1].",
    Y,
    "control: exact name",
)
F(
    "entity_inside",
    "en",
    "The Church of England still has ecclesiastical courts.",
    "In the Church of Scotland and the Church of England, ecclesiastical courts still exist [1].",
    Y,
    "(weak) two churches coordinated; 'still has' vs 'still exist'",
)
F(
    "markdown_neg",
    "en",
    "Pets are allowed in the rooms.",
    "Pets are **not** allowed in the rooms [1]; service animals are welcome.",
    N,
    "negation in bold",
)
F(
    "markdown_neg",
    "en",
    "Pets are not allowed in the rooms.",
    "Pets are **not** allowed in the rooms [1]; service animals are welcome.",
    Y,
    "control: bold negation kept",
)
F(
    "markdown_neg",
    "en",
    "The deposit is refundable.",
    "- Deposit: **non-refundable** [2]\n- Cleaning fee: refundable if the room is left clean",
    N,
    "list item 'non-refundable'",
)
F(
    "summary",
    "en",
    "Only the Pro plan includes phone support.",
    "Only the Pro plan includes phone support [1]. The Basic plan comes with email support.\n\nIn short, every plan includes some form of support.",
    Y,
    "loose summary does not restate the slot",
)

# =====================================================================================
# CHINESE (DuReader-based answers written the way RAG systems write them)
# =====================================================================================

# ---- 政策 / 规定类 --------------------------------------------------------------------
ZPOL = "根据《实施办法》第十二条【1】，申请人应当自收到通知之日起**十五个工作日内**提交相关材料；逾期未提交的，视为放弃申请。"
F(
    "zh_policy",
    "zh",
    "申请人须在收到通知之日起15个工作日内提交材料",
    ZPOL,
    Y,
    "须/应当, 15/十五, 加粗, 引用标记, '根据…'前置",
)
F("zh_policy", "zh", "逾期未提交材料的视为放弃申请", ZPOL, Y, "分号后的第二分句")
F(
    "zh_policy",
    "zh",
    "申请人须在收到通知之日起15个工作日内提交材料",
    ZPOL.replace("应当", "可以"),
    N,
    "应当 -> 可以",
)
F(
    "zh_policy",
    "zh",
    "申请人须在收到通知之日起15个工作日内提交材料",
    ZPOL.replace("十五个工作日内", "十五日内"),
    N,
    "工作日 -> 日（自然日）",
)
F(
    "zh_policy",
    "zh",
    "申请人须在收到通知之日起15个工作日内提交材料",
    ZPOL.replace("十五个工作日内", "五个工作日内"),
    N,
    "十五 -> 五",
)
F(
    "zh_policy",
    "zh",
    "申请人须在收到通知之日起15个工作日内提交材料",
    "申请人收到通知后【1】，须在15个工作日内将相关材料提交至窗口。",
    Y,
    "前置时间状语 + 把字句",
)
F(
    "zh_policy",
    "zh",
    "申请人须在收到通知之日起15个工作日内提交材料",
    "相关材料须由申请人自收到通知之日起15个工作日内提交【2】。",
    Y,
    "被动/由字句",
)
F(
    "zh_policy",
    "zh",
    "申请人须在收到通知之日起15个工作日内提交材料",
    "根据规定【1】，申请人须在收到通知之日起15个工作日内提交材料的要求已于2023年废止，现改为30日内提交。",
    N,
    "要求已废止",
)
F(
    "zh_policy",
    "zh",
    "逾期未提交材料的视为放弃申请",
    "根据《实施办法》【1】，逾期未提交材料的，不视为放弃申请，可补交一次。",
    N,
    "不视为",
)

ZRET = "根据平台规则【2】，买家自签收商品之日起7日内，可以申请七天无理由退货；定制类商品除外。"
F("zh_policy", "zh", "签收后7天内可以申请无理由退货", ZRET, Y, "天/日, '根据…'前置, 7与七天并存")
F("zh_policy", "zh", "定制类商品不支持无理由退货", ZRET, Y, "(weak) '定制类商品除外' 表示排除")
F("zh_policy", "zh", "定制类商品可以申请七天无理由退货", ZRET, N, "除外")
F("zh_policy", "zh", "签收后15天内可以申请无理由退货", ZRET, N, "15 vs 7")
F(
    "zh_fronted_scope",
    "zh",
    "签收后7天内可以申请无理由退货",
    "对于生鲜类商品【2】，买家自签收之日起7日内可以申请无理由退货；其他商品为15日。",
    N,
    "前置范围限定'对于生鲜类商品'",
)
F(
    "zh_fronted_scope",
    "zh",
    "运费由卖家承担",
    "如商品存在质量问题，运费由卖家承担【1】；否则由买家承担。",
    N,
    "如…条件",
)
F(
    "zh_fronted_scope",
    "zh",
    "运费由卖家承担",
    "针对会员用户，运费由卖家承担【1】；普通用户需自付运费。",
    N,
    "前置'针对会员用户'限定",
)
F(
    "zh_fronted_scope",
    "zh",
    "运费由卖家承担",
    "**会员：**运费由卖家承担【1】\n**非会员：**运费由买家承担",
    N,
    "加粗标签限定范围",
)
F(
    "zh_fronted_scope",
    "zh",
    "运费由卖家承担",
    "根据退货政策【1】，运费由卖家承担，买家无需支付任何费用。",
    Y,
    "对照：无限定",
)

# ---- 数字格式 -------------------------------------------------------------------------
F(
    "zh_number",
    "zh",
    "安置费人均不超过上年平均工资的3倍",
    "根据相关规定【2】，职工一次性安置费一般人均不超过本市企业职工上年平均工资的三倍。",
    Y,
    "三倍/3倍, '一般', 插入定语",
)
F(
    "zh_number",
    "zh",
    "安置费人均不超过上年平均工资的3倍",
    "根据相关规定【2】，职工一次性安置费一般人均不低于本市企业职工上年平均工资的三倍。",
    N,
    "不超过 -> 不低于",
)
F(
    "zh_number",
    "zh",
    "安置费人均不超过上年平均工资的3倍",
    "根据相关规定【2】，职工一次性安置费一般人均不超过本市企业职工上年平均工资的五倍。",
    N,
    "三倍 -> 五倍",
)
F(
    "zh_number",
    "zh",
    "1元人民币可兑换1.1543港元",
    "按照当前汇率，1 CNY = 1.1543 HKD【1】，即1元人民币约可兑换1.1543港元。",
    Y,
    "含'约'；符号式与文字式并存 (weak)",
)
F(
    "zh_number",
    "zh",
    "1元人民币可兑换1.1543港元",
    "按照当前汇率【1】，1元人民币可兑换1.1534港元。",
    N,
    "小数位换位",
)
F(
    "zh_number",
    "zh",
    "注册资本为1.5万元",
    "该公司注册资本15000元【3】，由两名股东共同出资。",
    Y,
    "1.5万 = 15000",
)
F(
    "zh_number",
    "zh",
    "注册资本为1.5万元",
    "该公司注册资本150000元【3】，由两名股东共同出资。",
    N,
    "15万 != 1.5万",
)
F("zh_number", "zh", "首付比例为30%", "在该市购买首套房，首付比例为百分之三十【2】。", Y, "百分之三十 = 30%")
F("zh_number", "zh", "首付比例为30%", "在该市购买首套房，首付比例为三成【2】。", Y, "(weak) 三成 = 30%")
F(
    "zh_number",
    "zh",
    "首付比例为30%",
    "在该市购买二套房【2】，首付比例为30%；首套房为20%。",
    N,
    "首付比例属于二套房; 首套房20%",
)
F("zh_number", "zh", "押金为500元", "办理时需缴纳押金５００元【1】，退卡时全额退还。", Y, "全角数字")
F(
    "zh_number",
    "zh",
    "押金为500元",
    "办理时需缴纳手续费和押金，分别为50元和500元【1】。",
    Y,
    "'分别'结构 (weak)",
)
F(
    "zh_number",
    "zh",
    "手续费为500元",
    "办理时需缴纳手续费和押金，分别为50元和500元【1】。",
    N,
    "'分别'结构：手续费是50元",
)
F("zh_number", "zh", "押金为500元", "办理时需缴纳两千元押金【1】。", N, "两千 != 500")
F(
    "zh_number",
    "zh",
    "会议于2023年3月15日召开",
    "会议定于2023年3月15日【1】召开。",
    Y,
    "引用标记插在日期与动词之间",
)
F("zh_number", "zh", "会议于2023年3月15日召开", "会议定于2023年3月5日【1】召开。", N, "15 -> 5")
F(
    "zh_number",
    "zh",
    "会议于2023年3月15日召开",
    "会议于2023年3月1【5】日召开。",
    N,
    "(weak) 引用标记位置异常, 不能拼成15",
)

# ---- DuReader 真实事实 ---------------------------------------------------------------
F(
    "zh_dureader",
    "zh",
    "小米6的防水等级为IP68",
    "根据检索结果【1】，**小米6**支持IP68级防水，日常防泼溅没有问题。",
    Y,
    "支持IP68级防水 ≈ 防水等级IP68 (weak wording)",
)
F(
    "zh_dureader",
    "zh",
    "小米6支持IP68级防水",
    "根据检索结果【1】，**小米6**支持IP68级防水，日常防泼溅没有问题。",
    Y,
    "加粗主语 + 引用标记",
)
F(
    "zh_dureader",
    "zh",
    "小米6支持IP67级防水",
    "根据检索结果【1】，**小米6**支持IP68级防水，日常防泼溅没有问题。",
    N,
    "IP67 vs IP68",
)
F(
    "zh_dureader",
    "zh",
    "小米6不支持防水",
    "根据检索结果【1】，**小米6**支持IP68级防水，日常防泼溅没有问题。",
    N,
    "极性相反; '没有问题'中的否定",
)
F(
    "zh_dureader",
    "zh",
    "妊娠反应一般出现在怀孕6至12周",
    "一般来说【2】，女性的妊娠反应多出现在怀孕第6至12周左右。",
    Y,
    "(weak) 左右/多出现",
)
F(
    "zh_dureader",
    "zh",
    "妊娠反应一般出现在怀孕16周",
    "一般来说【2】，女性的妊娠反应多出现在怀孕第6至12周左右。",
    N,
    "其他周数",
)
ZHAI = (
    "发海参的步骤如下【3】：\n1. 先用冷水把干海参浸泡**一天**，剖开肚子取出内脏；\n2. 放入暖水瓶中，倒入开水，盖紧瓶盖，发10小时左右；\n"
    "3. 再用清水泡12小时，煮20-30分钟后自然凉透，加入纯净水放入冰箱保鲜48小时（满24小时后换一次水）。"
)
F("zh_list", "zh", "干海参需先用冷水浸泡一天", ZHAI, Y, "列表项 + 把字句 + 加粗")
F("zh_list", "zh", "海参需在暖水瓶中发10小时左右", ZHAI, Y, "列表项, 代词省略主语")
F("zh_list", "zh", "海参需用清水泡12小时", ZHAI, Y, "列表项")
F("zh_list", "zh", "海参需用清水泡24小时", ZHAI, N, "24小时是换水时间")
F("zh_list", "zh", "海参需用冷水浸泡两天", ZHAI, N, "一天 vs 两天")
F("zh_list", "zh", "海参需在冰箱保鲜48小时", ZHAI, Y, "列表项长句中")
F("zh_list", "zh", "海参需在冰箱保鲜12小时", ZHAI, N, "12小时属于清水泡")
F(
    "zh_dureader",
    "zh",
    "解绑手机需用绑定邮箱发送邮件至help@bilibili.com",
    "如需解绑手机，请使用账号绑定的邮箱发送申请邮件至help@bilibili.com【1】，邮件标题注明“解绑手机”。",
    Y,
    "邮件地址 + 引用标记紧贴",
)
F(
    "zh_dureader",
    "zh",
    "解绑手机需发送邮件至help@bilibili.cn",
    "如需解绑手机，请使用账号绑定的邮箱发送申请邮件至help@bilibili.com【1】，邮件标题注明“解绑手机”。",
    N,
    "域名不同",
)
F(
    "zh_dureader",
    "zh",
    "买卖合同需一式三份",
    "卖方提供房屋合法证件后，双方签订正规买卖合同【3】，合同内必须写明房屋坐落位置、产权状况及成交价格等事项，合同需要一式三份。",
    Y,
    "长句尾部分句",
)
F(
    "zh_dureader",
    "zh",
    "买卖合同需一式两份",
    "卖方提供房屋合法证件后，双方签订正规买卖合同【3】，合同内必须写明房屋坐落位置、产权状况及成交价格等事项，合同需要一式三份。",
    N,
    "两份 vs 三份",
)
F(
    "zh_dureader",
    "zh",
    "一个手机号只能注册一个免费QQ号",
    "根据腾讯的规定【1】，一个手机号码只能申请一个免费QQ号码。",
    Y,
    "注册/申请, 手机号/手机号码 (weak synonym)",
)
F(
    "zh_dureader",
    "zh",
    "一个手机号可以申请多个免费QQ号",
    "根据腾讯的规定【1】，一个手机号码只能申请一个免费QQ号码。",
    N,
    "只能一个 vs 多个",
)
F(
    "zh_dureader",
    "zh",
    "中国太平成立于1929年",
    "中国太平是中央企业，100%财政出资，于1929年成立【2】，至今已有87年历史。",
    Y,
    "'于1929年成立'词序",
)
F(
    "zh_dureader",
    "zh",
    "中国太平成立于1929年",
    "成立于1929年的中国太平【2】，是一家100%财政出资的中央企业。",
    Y,
    "前置定语",
)
F(
    "zh_dureader",
    "zh",
    "中国太平成立于1949年",
    "成立于1929年的中国太平【2】，是一家100%财政出资的中央企业。",
    N,
    "1949 vs 1929",
)
F(
    "zh_dureader",
    "zh",
    "中国太平有87年历史",
    "中国太平于1929年成立【2】，至今已有87年历史。",
    Y,
    "代词省略主语的后分句",
)
F(
    "zh_dureader",
    "zh",
    "私人不得饲养猴子",
    "猴类至少是国家二级保护动物，不允许私人饲养【1】，因此个人将猴子作为宠物饲养是违法的。",
    Y,
    "不允许/不得 (weak synonym)",
)
F(
    "zh_dureader",
    "zh",
    "个人饲养猴子作为宠物是违法的",
    "猴类至少是国家二级保护动物，不允许私人饲养【1】，因此个人将猴子作为宠物饲养是违法的。",
    Y,
    "把字句/将字句",
)
F(
    "zh_dureader",
    "zh",
    "个人可以饲养猴子作为宠物",
    "猴类至少是国家二级保护动物，不允许私人饲养【1】，因此个人将猴子作为宠物饲养是违法的。",
    N,
    "相反",
)
F(
    "zh_dureader",
    "zh",
    "个人饲养猴子作为宠物是合法的",
    "猴类至少是国家二级保护动物，不允许私人饲养【1】，因此个人将猴子作为宠物饲养是违法的。",
    N,
    "合法/违法 一字之差",
)
F(
    "zh_dureader",
    "zh",
    "维生素B2不会在体内蓄积",
    "维生素B2属于水溶性维生素，容易随尿液排出【1】，不会在体内蓄积，因此一般很难引起中毒。",
    Y,
    "逗号串联分句, 省略主语",
)
F(
    "zh_dureader",
    "zh",
    "维生素B2容易在体内蓄积",
    "维生素B2属于水溶性维生素，容易随尿液排出【1】，不会在体内蓄积，因此一般很难引起中毒。",
    N,
    "'容易'来自前一分句",
)
F(
    "zh_dureader",
    "zh",
    "维生素B2很难引起中毒",
    "维生素B2属于水溶性维生素，容易随尿液排出【1】，不会在体内蓄积，因此一般很难引起中毒。",
    Y,
    "'因此一般'",
)
F(
    "zh_dureader",
    "zh",
    "维生素B2很容易引起中毒",
    "维生素B2属于水溶性维生素，容易随尿液排出【1】，不会在体内蓄积，因此一般很难引起中毒。",
    N,
    "难/容易",
)
F(
    "zh_dureader",
    "zh",
    "手心发热是肾阴虚的典型症状",
    "手心脚心发热是典型的肾阴虚症状【1】。",
    Y,
    "'典型的'位置不同, 插入'脚心'",
)
F(
    "zh_dureader",
    "zh",
    "手心发热是肾阳虚的典型症状",
    "手心脚心发热是典型的肾阴虚症状【1】。",
    N,
    "阴/阳 一字之差",
)
F("zh_dureader", "zh", "壁虎是益虫", "壁虎是益虫【1】，它以蚊子等害虫为食。", Y, "原句")
F("zh_dureader", "zh", "壁虎是害虫", "壁虎是益虫【1】，它以蚊子等害虫为食。", N, "益/害; '害虫'在后文出现")
F("zh_dureader", "zh", "壁虎吃蚊子", "壁虎是益虫【1】，它以蚊子等害虫为食。", Y, "代词'它' + 以…为食 (weak)")
F(
    "zh_dureader",
    "zh",
    "东栅下午5点闭馆",
    "乌镇主要景区是西栅和东栅【4】：东栅下午5点就闭馆了，并且不接受入住；西栅则一直开放，游客可住在景区内。",
    Y,
    "冒号后分句",
)
F(
    "zh_dureader",
    "zh",
    "西栅下午5点闭馆",
    "乌镇主要景区是西栅和东栅【4】：东栅下午5点就闭馆了，并且不接受入住；西栅则一直开放，游客可住在景区内。",
    N,
    "东栅/西栅对调",
)
F(
    "zh_dureader",
    "zh",
    "游客可以住在西栅景区内",
    "乌镇主要景区是西栅和东栅【4】：东栅下午5点就闭馆了，并且不接受入住；西栅则一直开放，游客可住在景区内。",
    Y,
    "主语在前一分句",
)
F(
    "zh_dureader",
    "zh",
    "游客可以住在东栅景区内",
    "乌镇主要景区是西栅和东栅【4】：东栅下午5点就闭馆了，并且不接受入住；西栅则一直开放，游客可住在景区内。",
    N,
    "东栅不接受入住",
)
F(
    "zh_dureader",
    "zh",
    "从上海乘大巴到乌镇约需1.5小时",
    "从上海到乌镇可以坐高铁到桐乡再转车，也可以直接坐长途大巴【4】；大巴票价50元，车程约1.5h。",
    Y,
    "1.5h 缩写 (weak)",
)
F(
    "zh_dureader",
    "zh",
    "粽子需转小火煮约3小时",
    "全部包好后放入大锅，加足冷水，大火烧开后转小火煮约3个小时左右【2】。",
    Y,
    "3个小时 / 3小时 (weak: 答案未出现'粽子')",
)
F(
    "zh_dureader",
    "zh",
    "粽子需转小火煮约30分钟",
    "全部包好后放入大锅，加足冷水，大火烧开后转小火煮约3个小时左右【2】。",
    N,
    "30分钟 vs 3小时",
)
F(
    "zh_dureader",
    "zh",
    "粽叶需放入大锅煮约10分钟",
    "全部包好后放入大锅，加足冷水，大火烧开后转小火煮约3个小时左右【2】。",
    N,
    "未提及粽叶煮10分钟",
)
F(
    "zh_dureader",
    "zh",
    "甲骨文字形结构不固定",
    "甲骨文的字形**结构不固定**，形式多变，笔画或多或少，具有很大的随意性【1】。",
    Y,
    "加粗",
)
F(
    "zh_dureader",
    "zh",
    "甲骨文字形结构固定",
    "甲骨文的字形**结构不固定**，形式多变，笔画或多或少，具有很大的随意性【1】。",
    N,
    "否定在加粗内",
)
F(
    "zh_dureader",
    "zh",
    "2017年有一场SAT考试在10月7日举行",
    "2017年SAT考试日期如下【1】：\n- 6月3日\n- 8月26日\n- 10月7日\n- 11月4日\n- 12月2日",
    Y,
    "(weak) 列表项仅有日期",
)
F(
    "zh_dureader",
    "zh",
    "2017年有一场SAT考试在10月17日举行",
    "2017年SAT考试日期如下【1】：\n- 6月3日\n- 8月26日\n- 10月7日\n- 11月4日\n- 12月2日",
    N,
    "10月17日不在列表",
)
ZGIT = (
    "- **Git**：一种版本控制系统，是一个命令行工具；\n- **GitLab**：基于Git实现的在线代码仓库软件，一般用于企业、学校等内部网络搭建私服；\n"
    "- **GitHub**：基于Git实现的在线代码仓库，向互联网开放【1】。"
)
F("zh_list", "zh", "GitLab一般用于在内部网络搭建私服", ZGIT, Y, "列表项: '**名称**：定义' 格式")
F("zh_list", "zh", "GitHub一般用于在内部网络搭建私服", ZGIT, N, "把GitLab的用途给了GitHub")
F("zh_list", "zh", "Git是一种版本控制系统", ZGIT, Y, "列表项冒号定义")
F("zh_list", "zh", "GitHub向互联网开放", ZGIT, Y, "列表项冒号定义, 末尾分句")
F("zh_list", "zh", "GitLab向互联网开放", ZGIT, N, "GitHub的属性")
ZPX = (
    "开办培训班必须具备四项基本条件【1】：\n1）有可靠的合格教师来源；\n2）有符合规定标准的教学场所及设施；\n"
    "3）有较为健全的内部组织管理机构；\n4）有必备的办学资金和稳定的经费来源。"
)
F("zh_list", "zh", "开办培训班须具备四项基本条件", ZPX, Y, "必须/须, 四项")
F("zh_list", "zh", "开办培训班须具备三项基本条件", ZPX, N, "三项 vs 四项")
F("zh_list", "zh", "开办培训班须有稳定的经费来源", ZPX, Y, "列表项 (省略主语)")
F("zh_list", "zh", "开办培训班须有境外投资", ZPX, N, "未提及")
F(
    "zh_number",
    "zh",
    "维生素C药片每日使用两次",
    "治疗儿童口腔溃疡的小偏方【1】：将维生素C药片1-2片压碎，撒在溃疡面上，每日2次。",
    Y,
    "两次/2次, 把字句 (weak wording)",
)
F(
    "zh_number",
    "zh",
    "维生素C药片每日使用三次",
    "治疗儿童口腔溃疡的小偏方【1】：将维生素C药片1-2片压碎，撒在溃疡面上，每日2次。",
    N,
    "三次 vs 2次",
)
F(
    "zh_number",
    "zh",
    "全脂奶粉通常服用2天后溃疡即可消失",
    "用全脂奶粉加少许白糖冲服，每天2-3次【1】，通常服用2天后溃疡即可消失。",
    Y,
    "后分句 (weak: 主语'全脂奶粉'在前分句)",
)

# ---- 代词 / 指代 / 总结 -------------------------------------------------------------------
ZHW = "华为技术有限公司成立于1987年，总部位于广东省深圳市【1】。其创始人为任正非，公司目前约有20.7万名员工。"
F("zh_pronoun", "zh", "华为的创始人是任正非", ZHW, Y, "代词'其'指华为")
F("zh_pronoun", "zh", "华为成立于1987年", ZHW, Y, "'华为技术有限公司'全称")
F("zh_pronoun", "zh", "华为总部位于深圳", ZHW, Y, "省略主语; '广东省深圳市'")
F("zh_pronoun", "zh", "华为总部位于广州", ZHW, N, "城市不同")
F("zh_pronoun", "zh", "华为约有20.7万名员工", ZHW, Y, "'公司'指代华为")
F("zh_pronoun", "zh", "华为约有207万名员工", ZHW, N, "小数点丢失")
F(
    "zh_pronoun",
    "zh",
    "华为的创始人是任正非",
    "华为成立于1987年【1】。与其同年成立的另一家公司的创始人为任正非的老同事。",
    N,
    "指代另一家公司",
)
F(
    "zh_summary",
    "zh",
    "申请人须在收到通知之日起15个工作日内提交材料",
    ZPOL + "\n\n总之，收到通知后请尽快在规定期限内提交材料。",
    Y,
    "总结句宽泛重述, 不应冲突",
)
F(
    "zh_summary",
    "zh",
    "申请人须在收到通知之日起15个工作日内提交材料",
    ZPOL + "\n\n**总结：**申请人须在收到通知之日起30个工作日内提交材料。",
    N,
    "总结句与正文数值冲突 (weak)",
)

# ---- 表格 / 分别 / 对比 -----------------------------------------------------------------
ZTAB = "| 套餐 | 月费 | 流量 |\n|---|---|---|\n| 基础版 | 19元 | 10GB |\n| 畅享版 | 59元 | 40GB |\n\n以上套餐均可随时退订【1】。"
F("zh_table", "zh", "畅享版月费为59元", ZTAB, Y, "markdown表格行")
F("zh_table", "zh", "基础版包含10GB流量", ZTAB, Y, "markdown表格行")
F("zh_table", "zh", "基础版月费为59元", ZTAB, N, "另一行的价格")
F("zh_table", "zh", "畅享版包含10GB流量", ZTAB, N, "另一行的流量")
F("zh_table", "zh", "套餐可随时退订", ZTAB, Y, "表格后的句子")
F("zh_contrast", "zh", "基础版包含语音客服", "与基础版不同，畅享版包含语音客服【1】。", N, "'与…不同'对比")
F("zh_contrast", "zh", "畅享版包含语音客服", "与基础版不同，畅享版包含语音客服【1】。", Y, "对照")
F("zh_contrast", "zh", "基础版包含语音客服", "除基础版外，其余套餐均包含语音客服【1】。", N, "除…外")
F(
    "zh_contrast",
    "zh",
    "基础版包含语音客服",
    "只有畅享版包含语音客服【1】，基础版仅提供在线客服。",
    N,
    "只有另一个",
)
F(
    "zh_contrast",
    "zh",
    "基础版和畅享版的月费分别为19元和59元",
    "基础版月费19元，畅享版月费59元【1】。",
    Y,
    "分别 -> 两个分句 (weak)",
)
F("zh_contrast", "zh", "畅享版月费为19元", "基础版和畅享版的月费分别为19元和59元【1】。", N, "'分别'配对")
F(
    "zh_contrast",
    "zh",
    "畅享版月费为59元",
    "基础版和畅享版的月费分别为19元和59元【1】。",
    Y,
    "'分别'配对 (weak)",
)
F("zh_contrast", "zh", "该馆周一闭馆", "该馆以前周一闭馆【1】，自2024年起改为周二闭馆。", N, "以前/现在")
F("zh_entity", "zh", "北京大学位于海淀区", "北京师范大学位于海淀区【1】。", N, "名称中插入'师范'")
F("zh_entity", "zh", "中国银行总部位于北京", "中国农业银行总部位于北京【1】。", N, "名称中插入'农业'")
F(
    "zh_entity",
    "zh",
    "中国银行总部位于北京",
    "中国银行的总部位于北京市西城区【1】。",
    Y,
    "对照: '的'与区级地址",
)

# ---- conditions other than if/如果; parallel sentences; segmentation ----------------------
F("condition", "zh", "运费由卖家承担", "若商品存在质量问题，运费由卖家承担【1】。", N, "若 = 如果")
F(
    "condition",
    "zh",
    "运费由卖家承担",
    "如果商品存在质量问题，运费由卖家承担【1】。",
    N,
    "对照: 如果 (已识别)",
)
F(
    "condition",
    "zh",
    "申请人可以申请行政复议",
    "对处罚决定不服的，申请人可以自收到决定书之日起60日内申请行政复议【2】。",
    N,
    "法规'…的，'条件句",
)
F(
    "condition",
    "en",
    "Return shipping is paid by the seller.",
    "When the item arrives defective, return shipping is paid by the seller [1].",
    N,
    "'When' clause as condition",
)
F(
    "condition",
    "en",
    "Return shipping is paid by the seller.",
    "In the case of defective items, return shipping is paid by the seller [1].",
    N,
    "'In the case of' condition",
)
F(
    "condition",
    "en",
    "Return shipping is paid by the seller.",
    "Return shipping is paid by the seller [1], whatever the reason for the return.",
    Y,
    "control: unconditional",
)
F(
    "parallel",
    "en",
    "Applicants must be at least 18 years old.",
    "Applicants must be at least 18 years old [1]. Applicants must have lived in the state for at least 2 years [1].",
    Y,
    "plain prose: a parallel requirement in the next sentence",
)
F(
    "parallel",
    "en",
    "Members get a 10% discount on books.",
    "Members get a 10% discount on books [2]. Members also get a 20% discount on café drinks.",
    Y,
    "parallel sentence about another item",
)
F(
    "parallel",
    "zh",
    "申请人须年满18周岁",
    "申请人须年满18周岁【1】。申请人须在本市连续居住满2年【1】。",
    Y,
    "并列要求",
)
F(
    "parallel",
    "zh",
    "会员购书可享受9折优惠",
    "会员购书可享受9折优惠【2】；会员在咖啡区消费可享受8折优惠。",
    Y,
    "并列优惠",
)
F(
    "segmentation",
    "zh",
    "解绑手机需发送邮件至help@bilibili.com",
    "解绑手机需发送邮件至help@bilibili.com，标题注明“解绑手机”【1】。",
    Y,
    "邮箱中的句点",
)
F(
    "segmentation",
    "en",
    "Send the request to help@example.com.",
    "Per the FAQ [1], send the request to help@example.com with your username.",
    Y,
    "email in English",
)
F("segmentation", "zh", "详情请访问www.gov.cn查询", "详情请访问www.gov.cn查询【3】。", Y, "网址中的句点")
F("place_suffix", "zh", "华为总部位于深圳", "华为总部位于深圳市龙岗区【1】。", Y, "深圳 -> 深圳市")
F(
    "place_suffix",
    "en",
    "Publix is headquartered in Lakeland.",
    "Publix is headquartered in Lakeland, Florida [1].",
    Y,
    "control: state after city",
)
F(
    "zh_number",
    "zh",
    "妊娠反应一般出现在怀孕6至12周",
    "一般来说【2】，妊娠反应一般出现在怀孕第6至12周。",
    Y,
    "'第6至12周' 区间带'第'",
)
F(
    "zh_number",
    "zh",
    "妊娠反应一般出现在怀孕6至12周",
    "一般来说【2】，妊娠反应一般出现在怀孕第6至10周。",
    N,
    "区间上限不同",
)
