"""Adversarial probes of matcher v3, third round, written apart from the matcher by a reviewer
who set out to break its new rules: false supports v3 still lets through, and false negatives
the v3 rules introduced. Format as probe_facts.py; "(weak)": a reader could go either way."""

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

# ====================================================== pronoun_ref (en): the pronoun refers elsewhere
F(
    "pronoun_ref",
    "en",
    "Publix was founded in 1930.",
    "Publix is a supermarket chain. It was founded in 1930.",
    Y,
    "pronoun control",
)
F(
    "pronoun_ref",
    "en",
    "Publix was founded in 1930.",
    "Publix competes with Kroger. It was founded in 1883.",
    N,
    "pronoun with other value: contradicted/not found",
)
F(
    "pronoun_ref",
    "en",
    "Publix was founded in 1930.",
    "Publix bought a small grocery from George Jenkins' rival. It was founded in 1930.",
    N,
    "pronoun 'it' refers to the grocery (nearest noun) (weak)",
)
F(
    "pronoun_ref",
    "en",
    "Publix was founded in 1930.",
    "Publix is often compared with Winn-Dixie. It was founded in 1930.",
    N,
    "'It' after a comparison sentence could be Winn-Dixie (weak)",
)
F(
    "pronoun_ref",
    "en",
    "Publix was founded in 1930.",
    "Publix is headquartered in Lakeland. Kroger, by contrast, is based in Cincinnati. It was founded in 1930.",
    N,
    "pronoun two sentences later after another subject: antecedent Kroger",
)
F(
    "pronoun_ref",
    "en",
    "Hank Snow recorded for RCA Victor.",
    "Hank Snow met Elvis Presley in 1955. He recorded for RCA Victor.",
    N,
    "'He' after a sentence naming another man as object (weak)",
)
F(
    "pronoun_ref",
    "en",
    "Hank Snow was born in Nova Scotia.",
    "Hank Snow's manager was Tom Parker. He was born in Nova Scotia.",
    N,
    "possessive subject: 'He' is the manager (Hank Snow's manager is the subject)",
)
F(
    "pronoun_ref",
    "en",
    "Tesla was founded in 2003.",
    "Tesla's first car was the Roadster. It was founded in 2003.",
    N,
    "possessive subject 'Tesla's first car': 'It' = the car (odd but pronoun is the car)",
)
F(
    "pronoun_ref",
    "en",
    "Kenya is a member of the Commonwealth.",
    "Kenya and Somalia share a border. It is a member of the Commonwealth.",
    N,
    "pronoun after coordinated subject: ambiguous",
)
F(
    "pronoun_ref",
    "en",
    "The Nile flows into the Mediterranean Sea.",
    "The Nile is longer than the Amazon, and it flows into the Mediterranean Sea.",
    Y,
    "pronoun after 'and' in same sentence: right",
)
F(
    "pronoun_ref",
    "en",
    "Ibsen wrote Brand in 1865.",
    "Ibsen's rival Bjørnson admired Brand. He wrote it in 1865.",
    N,
    "'He' refers to Bjørnson per nearest; also 'it' (weak)",
)
F(
    "pronoun_ref",
    "en",
    "Apple is headquartered in Cupertino.",
    "Apple sued Samsung in 2011, but it is headquartered in Cupertino.",
    Y,
    "pronoun after but refers to Apple (weak: could be Samsung) -> accept found",
)
F(
    "pronoun_ref",
    "en",
    "Apple is headquartered in Cupertino.",
    "Apple sued Samsung in 2011. They are not headquartered in Cupertino.",
    N,
    "pronoun + negation: must not be found",
)
F(
    "pronoun_ref",
    "en",
    "Google was founded in 1998.",
    "Google is not the company that acquired YouTube in 1998. It was founded in 1998.",
    Y,
    "first sentence negated but 'It' still Google (weak)",
)
F(
    "pronoun_ref",
    "en",
    "Marie Curie won the Nobel Prize in Chemistry.",
    "Marie Curie married Pierre Curie in 1895. He won the Nobel Prize in Chemistry.",
    N,
    "pronoun gender mismatch: 'He' is Pierre",
)
F(
    "pronoun_ref",
    "en",
    "Pierre Curie won the Nobel Prize in Physics.",
    "Marie Curie married Pierre Curie in 1895. She won the Nobel Prize in Physics.",
    N,
    "'She' = Marie, fact about Pierre: pronoun replaced with opening subject, which is Marie not Pierre",
)
F(
    "pronoun_ref",
    "en",
    "The Louvre is the most visited museum in the world.",
    "The Louvre houses the Mona Lisa. It is the most famous painting in the world.",
    N,
    "'It' = the Mona Lisa (predicate), fact-adjacent words differ anyway",
)
F(
    "pronoun_ref",
    "en",
    "The Louvre attracts millions of visitors.",
    "The Louvre houses the Mona Lisa. It attracts millions of visitors.",
    N,
    "'It' most likely the Mona Lisa? ambiguous (weak)",
)
F(
    "pronoun_ref",
    "en",
    "Paris is the capital of France.",
    "Paris is larger than Lyon. It is the capital of France.",
    Y,
    "pronoun control 2",
)
F(
    "pronoun_ref",
    "en",
    "Paris is the capital of France.",
    "Paris is not the only large city. It is not the capital of Germany.",
    N,
    "unrelated",
)
F(
    "pronoun_ref",
    "en",
    "Toyota was founded in 1937.",
    "Toyota's founder Kiichiro Toyoda was born in 1894. He was founded in 1937.",
    N,
    "nonsense but subject is 'Toyota's founder' -> pronoun He; weak",
)
F(
    "pronoun_ref",
    "en",
    "Tokyo hosted the Olympics in 1964.",
    "Tokyo, said the mayor of Osaka, is a great city. He hosted the Olympics in 1964.",
    N,
    "'He' = mayor (weak nonsense)",
)
F(
    "pronoun_ref",
    "en",
    "Amazon was founded in 1994.",
    "Amazon bought Whole Foods in 2017. Whole Foods, however, was founded in 1980; it was founded in 1994 by Bezos? No.",
    N,
    "messy; not stated (weak)",
)

# ====================================================== participle (en)
F(
    "participle",
    "en",
    "Publix was founded in 1930 by George W. Jenkins.",
    "Founded in 1930 by George W. Jenkins, Publix is a private corporation.",
    Y,
    "participle control",
)
F(
    "participle",
    "en",
    "Publix was founded in 1930.",
    "Founded in 1930, the store that Publix later acquired was in Winter Haven.",
    N,
    "participle modifies 'the store', not Publix",
)
F(
    "participle",
    "en",
    "Publix was founded in 1930.",
    "Founded in 1930? Publix was actually founded in 1930.",
    Y,
    "weird; found fine",
)
F(
    "participle",
    "en",
    "Kroger was founded in 1883.",
    "Founded in 1883, Kroger's rival Publix is smaller.",
    N,
    "participle belongs to 'Kroger's rival' i.e. Publix (possessive subject)",
)
F(
    "participle",
    "en",
    "Brand was written in 1865.",
    "Written in 1865 and revised in 1866, Brand premiered in Stockholm.",
    Y,
    "coordination in participle",
)
F(
    "participle",
    "en",
    "Brand was written in Rome.",
    "Written not in Rome but in Ischia, Brand premiered in Stockholm.",
    N,
    "negation inside participle phrase",
)
F(
    "participle",
    "en",
    "Publix was founded in 1930.",
    "Founded in 1930 according to some sources, Publix is based in Lakeland.",
    N,
    "hedge inside participle (weak)",
)
F(
    "participle",
    "en",
    "The bridge was opened in 1937.",
    "Closed in 1937, the bridge reopened in 1940.",
    N,
    "participle with antonym verb - sanity",
)
F(
    "participle",
    "en",
    "The Golden Gate Bridge was painted orange.",
    "Painted orange, the Golden Gate Bridge is a landmark.",
    Y,
    "participle 'painted' - 'Painted' ends 'ed'",
)
F(
    "participle",
    "en",
    "The Golden Gate Bridge was built in 1937.",
    "Built in 1937 under budget, the Golden Gate Bridge spans the strait.",
    Y,
    "participle 'Built' ends 'lt'",
)
F(
    "participle",
    "en",
    "The Golden Gate Bridge was built in 1937.",
    "Built in 1937 alongside a smaller twin, Golden Gate Bridge II, the Golden Gate Bridge spans the strait.",
    Y,
    "(weak)",
)
F(
    "participle",
    "en",
    "Shakespeare was born in Stratford.",
    "Born in Stratford, Shakespeare's daughter Susanna married John Hall.",
    N,
    "participle belongs to Susanna (possessive subject)",
)
F(
    "participle",
    "en",
    "Shakespeare was born in 1564.",
    "Born in 1564 were Shakespeare and Galileo.",
    Y,
    "inverted (weak)",
)

# ====================================================== narrowing positions (en)
F(
    "narrow_pos",
    "en",
    "Employees receive a 10% discount.",
    "Employees receive a 10% discount, but only on weekends.",
    N,
    "'only' in following clause after but",
)
F(
    "narrow_pos",
    "en",
    "Employees receive a 10% discount.",
    "Employees receive a 10% discount on weekends only.",
    N,
    "'only' after the match trailing",
)
F(
    "narrow_pos",
    "en",
    "Employees receive a 10% discount.",
    "Employees receive a 10% discount. This applies only to full-time staff.",
    N,
    "restriction in next sentence (weak)",
)
F(
    "narrow_pos",
    "en",
    "Employees receive a 10% discount.",
    "Employees receive a 10% discount. This applies to all staff.",
    Y,
    "next sentence universal: fine",
)
F(
    "narrow_pos",
    "en",
    "The store opens at 9 a.m.",
    "The store opens at 9 a.m. on weekdays only.",
    N,
    "trailing 'only' restriction",
)
F(
    "narrow_pos",
    "en",
    "The library is open on Sundays.",
    "The library is open on Sundays, at least in summer.",
    N,
    "'at least in summer' hedge after comma",
)
F(
    "narrow_pos",
    "en",
    "The library is open on Sundays.",
    "The library is open on Sundays in summer, though not in winter.",
    N,
    "restriction + negation later (weak)",
)
F(
    "narrow_pos",
    "en",
    "The flight takes 7 hours.",
    "The flight takes 7 hours at most.",
    N,
    "postposed bound 'at most'",
)
F(
    "narrow_pos",
    "en",
    "The flight takes 7 hours.",
    "The flight takes 7 hours or so.",
    N,
    "postposed approx 'or so'",
)
F(
    "narrow_pos",
    "en",
    "The flight takes 7 hours.",
    "The flight takes 7 hours, give or take.",
    N,
    "postposed approx 'give or take'",
)
F("narrow_pos", "en", "The flight takes 7 hours.", "The flight takes 7-odd hours.", N, "'7-odd'")
F("narrow_pos", "en", "The flight takes 7 hours.", "The flight takes upwards of 7 hours.", N, "'upwards of'")
F(
    "narrow_pos",
    "en",
    "The flight takes 7 hours.",
    "The flight takes the better part of 7 hours.",
    N,
    "'better part of' (under)",
)
F(
    "narrow_pos",
    "en",
    "The flight takes 7 hours.",
    "The flight takes a good 7 hours.",
    N,
    "'a good 7 hours' = at least (weak)",
)
F("narrow_pos", "en", "The flight takes 7 hours.", "The flight takes just under 7 hours.", N, "'just under'")
F("narrow_pos", "en", "The flight takes 7 hours.", "The flight takes close to 7 hours.", N, "'close to'")
F(
    "narrow_pos",
    "en",
    "The flight takes 7 hours.",
    "The flight takes some 7 hours.",
    N,
    "'some 7' approx (covered cue?)",
)
F(
    "narrow_pos",
    "en",
    "The flight takes 7 hours.",
    "The flight takes 7 hours tops.",
    N,
    "'tops' postposed bound",
)
F(
    "narrow_pos",
    "en",
    "The flight takes 7 hours.",
    "The flight takes 7 hours and change.",
    N,
    "'and change' = more",
)
F("narrow_pos", "en", "The flight takes 7 hours.", "The flight takes 7 hours plus.", N, "'7 hours plus'")
F("narrow_pos", "en", "The flight takes 7 hours.", "The flight takes 7+ hours.", N, "'7+'")
F("narrow_pos", "en", "The flight takes 7 hours.", "The flight takes 7 hours.", Y, "control")

# ====================================================== negation by morphology / idiom (en)
F(
    "neg_idiom",
    "en",
    "The drug is effective against malaria.",
    "The drug is ineffective against malaria.",
    N,
    "in- prefix",
)
F("neg_idiom", "en", "The contract is enforceable.", "The contract is unenforceable.", N, "un- prefix")
F(
    "neg_idiom",
    "en",
    "The tickets are refundable.",
    "The tickets are non-refundable.",
    N,
    "non- hyphen prefix",
)
F("neg_idiom", "en", "The tickets are refundable.", "The tickets are nonrefundable.", N, "non glued")
F(
    "neg_idiom",
    "en",
    "The water is safe to drink.",
    "The water is anything but safe to drink.",
    N,
    "anything but",
)
F(
    "neg_idiom",
    "en",
    "The water is safe to drink.",
    "The water is far from safe to drink.",
    N,
    "far from (covered)",
)
F(
    "neg_idiom",
    "en",
    "The committee approved the budget.",
    "The committee stopped short of approving the budget.",
    N,
    "'stopped short of' (stopped covered?)",
)
F(
    "neg_idiom",
    "en",
    "The committee approved the budget.",
    "The committee has yet to approve the budget.",
    N,
    "has yet to (covered)",
)
F(
    "neg_idiom",
    "en",
    "The committee approved the budget.",
    "The committee came close to approving the budget.",
    N,
    "'came close to'",
)
F(
    "neg_idiom",
    "en",
    "The committee approved the budget.",
    "The committee nearly approved the budget.",
    N,
    "'nearly' + verb = did not",
)
F(
    "neg_idiom",
    "en",
    "The committee approved the budget.",
    "The committee almost approved the budget.",
    N,
    "'almost' verb",
)
F(
    "neg_idiom",
    "en",
    "The committee approved the budget.",
    "The committee declined to approve the budget.",
    N,
    "declined to (covered)",
)
F(
    "neg_idiom",
    "en",
    "The committee approved the budget.",
    "The committee was reluctant but ultimately approved the budget.",
    Y,
    "positive with 'reluctant'",
)
F(
    "neg_idiom",
    "en",
    "The committee approved the budget.",
    "The committee had been expected to approve the budget but ultimately didn't.",
    N,
    "ellipsis negation after but",
)
F(
    "neg_idiom",
    "en",
    "The committee approved the budget.",
    "The committee approved the budget - or so the rumor went.",
    N,
    "postposed hedge 'or so the rumor went'",
)
F(
    "neg_idiom",
    "en",
    "The committee approved the budget.",
    "The claim that the committee approved the budget is a myth.",
    N,
    "'is a myth'",
)
F(
    "neg_idiom",
    "en",
    "The committee approved the budget.",
    "Reports that the committee approved the budget were wrong.",
    N,
    "'were wrong'",
)
F(
    "neg_idiom",
    "en",
    "The committee approved the budget.",
    "It is a misconception that the committee approved the budget.",
    N,
    "'misconception'",
)
F(
    "neg_idiom",
    "en",
    "The committee approved the budget.",
    "Contrary to reports, the committee approved the budget.",
    Y,
    "contrary to reports: still affirms",
)
F(
    "neg_idiom",
    "en",
    "The committee approved the budget.",
    "The committee vetoed the budget.",
    N,
    "antonym verb",
)
F(
    "neg_idiom",
    "en",
    "The committee approved the budget.",
    "The committee approved the budget in a vote later overturned.",
    N,
    "overturned (weak)",
)
F(
    "neg_idiom",
    "en",
    "The patient tested positive.",
    "The patient tested positive? Not at all.",
    N,
    "'Not at all' tail",
)
F(
    "neg_idiom",
    "en",
    "The museum charges admission.",
    "The museum charges admission no longer.",
    N,
    "'no longer' trailing",
)
F(
    "neg_idiom",
    "en",
    "The museum charges admission.",
    "The museum no longer charges admission.",
    N,
    "no longer (negation via 'no')",
)
F(
    "neg_idiom",
    "en",
    "The museum charges admission.",
    "The museum charged admission until 2019.",
    N,
    "'until 2019' = not now (weak)",
)

# ====================================================== numbers in other notations (en)
F(
    "num_notation",
    "en",
    "The city has a population of 1.2 million.",
    "The city has a population of 1.2e6.",
    Y,
    "scientific 1.2e6 = 1.2 million (weak: notation)",
)
F(
    "num_notation",
    "en",
    "The city has a population of 1.2 million.",
    "The city has a population of 1.2e5.",
    N,
    "1.2e5 != 1.2 million",
)
F(
    "num_notation",
    "en",
    "The city has a population of 1.2 million.",
    "The city has a population of 1.2 billion.",
    N,
    "billion vs million",
)
F(
    "num_notation",
    "en",
    "The city has a population of 1.2 million.",
    "The city has a population of 1.2 to 1.5 million.",
    N,
    "range with 'to'",
)
F(
    "num_notation",
    "en",
    "The city has a population of 1.2 million.",
    "The city has a population of 1.2–1.5 million.",
    N,
    "range en dash",
)
F(
    "num_notation",
    "en",
    "The city has a population of 1.2 million.",
    "The city has a population of 1.2~1.5 million.",
    N,
    "range tilde",
)
F(
    "num_notation",
    "en",
    "The city has a population of 1.2 million.",
    "The city has a population of between 1.2 and 1.5 million.",
    N,
    "between and",
)
F(
    "num_notation",
    "en",
    "The city has a population of 1.5 million.",
    "The city has a population of 1.2 to 1.5 million.",
    N,
    "range upper end",
)
F(
    "num_notation",
    "en",
    "Three quarters of the members voted yes.",
    "3/4 of the members voted yes.",
    Y,
    "3/4 = three quarters (weak)",
)
F(
    "num_notation",
    "en",
    "Three quarters of the members voted yes.",
    "2/3 of the members voted yes.",
    N,
    "2/3 vs three quarters",
)
F(
    "num_notation",
    "en",
    "75% of the members voted yes.",
    "3/4 of the members voted yes.",
    Y,
    "3/4 = 75% (weak)",
)
F("num_notation", "en", "75% of the members voted yes.", "4/5 of the members voted yes.", N, "4/5 vs 75%")
F("num_notation", "en", "75% of the members voted yes.", "0.75% of the members voted yes.", N, "0.75% vs 75%")
F(
    "num_notation",
    "en",
    "The temperature dropped to -5 °C.",
    "The temperature dropped to 5 °C.",
    N,
    "minus lost (covered?)",
)
F(
    "num_notation",
    "en",
    "The temperature dropped to minus 5 degrees Celsius.",
    "The temperature dropped to 5 degrees Celsius.",
    N,
    "'minus' word lost",
)
F(
    "num_notation",
    "en",
    "The company reported a loss of $3 million.",
    "The company reported a loss of $3 billion.",
    N,
    "billion",
)
F(
    "num_notation",
    "en",
    "The company reported revenue of $3.2 million.",
    "The company reported revenue of $3.2M.",
    Y,
    "$3.2M",
)
F(
    "num_notation",
    "en",
    "The company reported revenue of $3.2 million.",
    "The company reported revenue of $3.2B.",
    N,
    "$3.2B",
)
F(
    "num_notation",
    "en",
    "The company reported revenue of $3.2 million.",
    "The company reported revenue of $3.2k.",
    N,
    "$3.2k",
)
F("num_notation", "en", "The race is 42 kilometers long.", "The race is 42 miles long.", N, "unit swap")
F("num_notation", "en", "The Dodgers finished third.", "The Dodgers finished 3rd.", Y, "ordinal digits")
F("num_notation", "en", "The Dodgers finished third.", "The Dodgers finished 13th.", N, "13th vs third")
F(
    "num_notation",
    "en",
    "The Dodgers finished third.",
    "The Dodgers finished thirtieth.",
    N,
    "thirtieth vs third",
)
F(
    "num_notation",
    "en",
    "The building has 12 floors.",
    "The building has a dozen floors.",
    Y,
    "a dozen (weak)",
)
F("num_notation", "en", "The building has 12 floors.", "The building has dozens of floors.", N, "dozens")
F(
    "num_notation",
    "en",
    "The building has 12 floors.",
    "The building has 12 floors above ground and 3 below.",
    Y,
    "with extra clause",
)
F("num_notation", "en", "The building has 12 floors.", "The building has 1,2 floors.", N, "garbage")
F(
    "num_notation",
    "en",
    "The building has 12 floors.",
    "The building has twelve hundred floors.",
    N,
    "twelve hundred",
)
F(
    "num_notation",
    "en",
    "The building has 12 floors.",
    "The building has 12 thousand floors.",
    N,
    "12 thousand",
)
F("num_notation", "en", "The building has 12 floors.", "The building has 12k floors.", N, "12k")
F("num_notation", "en", "The building has 12 floors.", "The building has 120 floors.", N, "120")
F("num_notation", "en", "The building has 12 floors.", "The building has 12½ floors.", N, "12½ (weak)")
F("num_notation", "en", "The building has 12 floors.", "The building has 12.5 floors.", N, "12.5")

# ====================================================== coordination swaps (en)
F(
    "coord_swap",
    "en",
    "Kentucky borders Tennessee to the north.",
    "Tennessee borders Kentucky to the north.",
    N,
    "subject/object swap",
)
F(
    "coord_swap",
    "en",
    "Mark Carr played bass and Jarrod Gollihare played drums.",
    "Mark Carr played drums and Jarrod Gollihare played bass.",
    N,
    "coordination swap of instruments",
)
F(
    "coord_swap",
    "en",
    "Mark Carr played bass.",
    "Jarrod Gollihare played drums and Mark Carr, bass.",
    Y,
    "gapping (weak)",
)
F(
    "coord_swap",
    "en",
    "Mark Carr played bass.",
    "Mark Carr and Jarrod Gollihare played drums and bass respectively.",
    N,
    "respectively: Carr drums",
)
F(
    "coord_swap",
    "en",
    "Mark Carr played bass.",
    "Jarrod Gollihare and Mark Carr played drums and bass, in that order.",
    N,
    "'in that order' = respectively; Carr bass -> actually true! (weak) reverse: expect found",
)
F(
    "coord_swap",
    "en",
    "Mark Carr played bass.",
    "Mark Carr and Jarrod Gollihare played drums and bass, in that order.",
    N,
    "'in that order' -> Carr drums",
)
F(
    "coord_swap",
    "en",
    "The Dodgers won the 2017 World Series.",
    "The Dodgers and the Astros met in the 2017 World Series, which the Astros won.",
    N,
    "winner elsewhere",
)
F(
    "coord_swap",
    "en",
    "Vienna is the capital of Austria.",
    "Vienna and Bern are the capitals of Switzerland and Austria.",
    N,
    "crossed coordination (weak)",
)
F(
    "coord_swap",
    "en",
    "Nashville is the capital of Tennessee.",
    "Memphis, not Nashville, is the capital of Tennessee.",
    N,
    "'X, not Y' correction",
)
F(
    "coord_swap",
    "en",
    "Nashville is the capital of Tennessee.",
    "Nashville, not Memphis, is the capital of Tennessee.",
    Y,
    "'X, not Y' positive",
)
F(
    "coord_swap",
    "en",
    "Memphis is the largest city in Tennessee.",
    "Nashville rather than Memphis is the largest city in Tennessee.",
    N,
    "rather than",
)

# ====================================================== conditions in unusual positions (en)
F(
    "cond_pos",
    "en",
    "The warranty covers water damage.",
    "The warranty covers water damage, provided the seal is intact.",
    N,
    "provided after comma",
)
F(
    "cond_pos",
    "en",
    "The warranty covers water damage.",
    "The warranty covers water damage unless the seal is broken.",
    N,
    "unless after",
)
F(
    "cond_pos",
    "en",
    "The warranty covers water damage.",
    "The warranty covers water damage so long as the seal is intact.",
    N,
    "so long as",
)
F(
    "cond_pos",
    "en",
    "The warranty covers water damage.",
    "The warranty covers water damage assuming the seal is intact.",
    N,
    "assuming",
)
F(
    "cond_pos",
    "en",
    "The warranty covers water damage.",
    "The warranty covers water damage, but only with the premium plan.",
    N,
    "but only with",
)
F(
    "cond_pos",
    "en",
    "The warranty covers water damage.",
    "The warranty covers water damage subject to approval.",
    N,
    "subject to approval",
)
F(
    "cond_pos",
    "en",
    "The warranty covers water damage.",
    "Should the seal remain intact, the warranty covers water damage.",
    N,
    "inverted conditional 'Should'",
)
F(
    "cond_pos",
    "en",
    "The warranty covers water damage.",
    "Had the seal remained intact, the warranty would have covered water damage.",
    N,
    "counterfactual inversion",
)
F(
    "cond_pos",
    "en",
    "The warranty covers water damage.",
    "Were you on the premium plan, the warranty covers water damage.",
    N,
    "inverted 'Were'",
)
F(
    "cond_pos",
    "en",
    "The warranty covers water damage.",
    "The warranty covers water damage in certain cases.",
    N,
    "'in certain cases'",
)
F(
    "cond_pos",
    "en",
    "The warranty covers water damage.",
    "The warranty covers water damage when the device was bought after 2020.",
    N,
    "'when' clause after the match restricting (weak)",
)
F(
    "cond_pos",
    "en",
    "The warranty covers water damage.",
    "The warranty covers water damage, which is the most common claim when phones are dropped in pools.",
    Y,
    "harmless trailing 'when' clause",
)
F(
    "cond_pos",
    "en",
    "The warranty covers water damage.",
    "When you buy a phone here, the warranty covers water damage.",
    Y,
    "harmless fronted 'when' (weak)",
)
F(
    "cond_pos",
    "en",
    "The warranty covers water damage.",
    "As Apple explains when asked, the warranty covers water damage.",
    Y,
    "harmless 'when' in lead-in",
)

# ====================================================== relative dates (en)
F(
    "rel_date",
    "en",
    "The meeting is on Monday, March 4.",
    "The meeting is next Monday.",
    N,
    "relative date; 4 March missing",
)
F(
    "rel_date",
    "en",
    "The meeting is on Monday.",
    "The meeting is next Monday.",
    Y,
    "next Monday still Monday (weak)",
)
F(
    "rel_date",
    "en",
    "The store reopened on 5 May 2023.",
    "The store reopened last Friday.",
    N,
    "relative vs absolute",
)
F("rel_date", "en", "The store reopened in 2023.", "The store reopened last year.", N, "last year vs 2023")
F(
    "rel_date",
    "en",
    "The store reopened in 2023.",
    "The store reopened in 2023, a year later than planned.",
    Y,
    "harmless 'later'",
)
F(
    "rel_date",
    "en",
    "The store reopened in 2023.",
    "The store reopened two years after 2023.",
    N,
    "'two years after 2023'",
)
F("rel_date", "en", "The store reopened in 2023.", "The store reopened in the 2020s.", N, "decade vs year")
F(
    "rel_date",
    "en",
    "The store reopened in 2023.",
    "The store reopened in fiscal 2023.",
    N,
    "fiscal year (weak)",
)
F("rel_date", "en", "The store reopened in 2023.", "The store reopened in 2023-24.", N, "season range (weak)")
F(
    "rel_date",
    "en",
    "The store reopened in March 2023.",
    "The store reopened in March 2032.",
    N,
    "year digits transposed",
)

# ====================================================== false negatives (en): v3 rules misfiring
F(
    "fn_en",
    "en",
    "All members of Admiral Twin are songwriters.",
    "All members of Admiral Twin are songwriters.",
    Y,
    "identical with all",
)
F(
    "fn_en",
    "en",
    "Admiral Twin's members are songwriters.",
    "All of Admiral Twin's members are songwriters.",
    Y,
    "all added to generic (STILL_STATES)",
)
F(
    "fn_en",
    "en",
    "The Nile flows into the Mediterranean Sea.",
    "The Nile always flows north, into the Mediterranean Sea.",
    Y,
    "'always' adjacent (freq?)",
)
F(
    "fn_en",
    "en",
    "Ronald Reagan was the 40th president of the United States.",
    "Former actor Ronald Reagan was the 40th president of the United States.",
    Y,
    "'former' modifies actor, not president",
)
F(
    "fn_en",
    "en",
    "Ronald Reagan was the 40th president of the United States.",
    "Ronald Reagan, a former actor, was the 40th president of the United States.",
    Y,
    "'former actor' apposition",
)
F(
    "fn_en",
    "en",
    "Mike Pence served as vice president under Trump.",
    "Mike Pence served as vice president under Trump.",
    Y,
    "vice in fact",
)
F(
    "fn_en",
    "en",
    "The bridge was completed in 1937.",
    "The bridge, which was designed by Joseph Strauss, was completed in 1937.",
    Y,
    "relative clause",
)
F(
    "fn_en",
    "en",
    "The Treaty of Rome was signed in 1957.",
    "The Treaty of Rome was signed in 1957 or, by some counts, ratified in 1958.",
    Y,
    "'or' that adds another fact, not an alternative (weak)",
)
F(
    "fn_en",
    "en",
    "The Treaty of Rome was signed in 1957.",
    "The Treaty of Rome (or Treaty establishing the EEC) was signed in 1957.",
    Y,
    "'or' for alias in parentheses",
)
F(
    "fn_en",
    "en",
    "Publix is headquartered in Lakeland, Florida.",
    "Publix, or Publix Super Markets, Inc., is headquartered in Lakeland, Florida.",
    Y,
    "'or' alias apposition",
)
F(
    "fn_en",
    "en",
    "The film was released on 21 January 2000.",
    'The film "Fist Power" was released on 21 January 2000.',
    Y,
    "quoted title harmless",
)
F(
    "fn_en",
    "en",
    "Fist Power was released on 21 January 2000.",
    '"Fist Power" was released in Hong Kong theatres on 21 January 2000.',
    Y,
    "quoted title in answer",
)
F(
    "fn_en",
    "en",
    "Hello Love was Snow's seventh number one.",
    '"Hello Love" was Snow\'s seventh number one.',
    Y,
    "quoted title",
)
F(
    "fn_en",
    "en",
    "The iPhone 15 was released in September 2023.",
    "The iPhone 15 was released in September 2023 alongside the Apple Watch.",
    Y,
    "brand + normal word",
)
F(
    "fn_en",
    "en",
    "The iPhone 15 has a USB-C port.",
    "The iPhone 15 Pro and the iPhone 15 both have a USB-C port.",
    Y,
    "coordination containing longer name (weak)",
)
F(
    "fn_en",
    "en",
    "Samsung released the Galaxy S24 in January 2024.",
    "Samsung released the Galaxy S24 in January 2024, with the S24 Plus alongside.",
    Y,
    "longer name later",
)
F(
    "fn_en",
    "en",
    "Windows 11 requires TPM 2.0.",
    "Windows 11 requires TPM 2.0 Pro support? No, Windows 11 requires TPM 2.0.",
    Y,
    "(weak)",
)
F(
    "fn_en",
    "en",
    "Iowa became a state in 1846.",
    "Iowa became a state in 1846. It was the 29th state.",
    Y,
    "pronoun follow-up harmless",
)
F(
    "fn_en",
    "en",
    "Iowa was the 29th state.",
    "Iowa became a state in 1846. It was the 29th state.",
    Y,
    "pronoun reading right",
)
F(
    "fn_en",
    "en",
    "Iowa was the 29th state.",
    "Iowa became a state in 1846. It was the 29th state, admitted when Polk signed the bill.",
    Y,
    "pronoun + when clause after",
)
F(
    "fn_en",
    "en",
    "Iowa was the 29th state.",
    "Iowa became a state in 1846. Under President Polk, it was the 29th state admitted.",
    Y,
    "pronoun after fronted phrase 'Under President Polk' (scope heads)",
)
F(
    "fn_en",
    "en",
    "George W. Jenkins founded Publix.",
    "Founded by George W. Jenkins, Publix is employee-owned.",
    Y,
    "participle active fact (weak)",
)
F(
    "fn_en",
    "en",
    "Publix was founded by George W. Jenkins.",
    "Publix is employee-owned. It was founded by George W. Jenkins, who always wanted employees to own it.",
    Y,
    "pronoun + 'always' in relative clause",
)
F(
    "fn_en",
    "en",
    "Publix operates in seven states.",
    "Publix operates in seven states in the Southeast.",
    Y,
    "",
)
F(
    "fn_en",
    "en",
    "The museum is open every day.",
    "The museum is open every day of the year.",
    Y,
    "every in fact",
)
F(
    "fn_en",
    "en",
    "The Nile is the longest river in Africa.",
    "The Nile is the longest river in Africa, and one of the longest in the world.",
    Y,
    "'one of' in following clause",
)
F(
    "fn_en",
    "en",
    "The Nile is the longest river in Africa.",
    "At about 6,650 km, the Nile is the longest river in Africa.",
    Y,
    "fronted approx phrase about length",
)
F(
    "fn_en",
    "en",
    "The Nile is the longest river in Africa.",
    "With a basin covering eleven countries, the Nile is the longest river in Africa.",
    Y,
    "fronted with phrase",
)
F(
    "fn_en",
    "en",
    "The Nile is the longest river in Africa.",
    "In Africa, the Nile is the longest river, while in South America the Amazon is.",
    N,
    "(weak) fronted scope actually correct",
)
F(
    "fn_en",
    "en",
    "Hank Snow moved to Nashville in 1949.",
    "In 1949, Hank Snow moved to Nashville, where he often played the Opry.",
    Y,
    "'often' in relative clause after",
)
F(
    "fn_en",
    "en",
    "Hank Snow moved to Nashville in 1949.",
    "Hank Snow, usually called the Singing Ranger, moved to Nashville in 1949.",
    Y,
    "'usually' in apposition",
)
F(
    "fn_en",
    "en",
    "Hank Snow moved to Nashville in 1949.",
    "Hank Snow, the former Yodeling Ranger, moved to Nashville in 1949.",
    Y,
    "'former' in apposition",
)
F(
    "fn_en",
    "en",
    "The Gila monster is venomous.",
    "Unlike most lizards, the Gila monster is venomous.",
    Y,
    "Unlike with match after comma",
)
F(
    "fn_en",
    "en",
    "The Gila monster is venomous.",
    "The Gila monster, unlike most lizards, is venomous.",
    Y,
    "Unlike inside the match (contrast rule)",
)
F(
    "fn_en",
    "en",
    "The Gila monster is venomous.",
    "Compared with the beaded lizard, the Gila monster is smaller; both are venomous.",
    N,
    "(weak) meh",
)
F(
    "fn_en",
    "en",
    "The Gila monster is native to the United States.",
    "The Gila monster is native to the United States and Mexico, respectively the north and south of its range.",
    Y,
    "respectively unrelated (weak)",
)
F(
    "fn_en",
    "en",
    "Tennessee is the 36th largest state.",
    "Tennessee is the 36th largest and the 17th most populous state.",
    Y,
    "coordination harmless?",
)
F(
    "fn_en",
    "en",
    "Iowa became the 29th state on December 28, 1846.",
    "On December 28, 1846, Iowa became the 29th state, when President Polk signed the bill.",
    Y,
    "when clause after",
)
F("fn_en", "en", "The meeting starts at 10 a.m.", "The meeting starts at 10 a.m. sharp.", Y, "sharp")
F(
    "fn_en",
    "en",
    "Visitors can park for free.",
    "Visitors can always park for free.",
    Y,
    "'always' adds universal: still states (weak)",
)
F(
    "fn_en",
    "en",
    "The museum offers free admission.",
    "The museum generally offers free admission.",
    N,
    "'generally' hedges: correct refusal",
)
F(
    "fn_en",
    "en",
    "West Virginia borders Virginia.",
    "West Virginia borders Virginia.",
    Y,
    "West Virginia vs Virginia both present",
)
F(
    "fn_en",
    "en",
    "Virginia borders West Virginia.",
    "Virginia borders West Virginia to the northwest.",
    Y,
    "ditto",
)
F(
    "fn_en",
    "en",
    "Iowa became a state in 1846.",
    "Iowa became a state in 1846, some 15 years after the first settlers arrived.",
    Y,
    "'some 15 years' after match",
)
F(
    "fn_en",
    "en",
    "Iowa became a state in 1846.",
    "Iowa became a state in 1846, about 8 years after it became a territory.",
    Y,
    "'about 8 years' after",
)
F(
    "fn_en",
    "en",
    "Iowa became a state in 1846.",
    "Iowa became a state in 1846, more than a decade after settlement began.",
    Y,
    "'more than' after match",
)

# ====================================================== more pronoun / participle (en)
F(
    "pronoun_ref",
    "en",
    "Bill Gates is based in Redmond.",
    "Bill Gates founded Microsoft in 1975. It is based in Redmond.",
    N,
    "'It' cannot stand for a person: Microsoft is based in Redmond",
)
F(
    "pronoun_ref",
    "en",
    "Queen Victoria was born in Coburg.",
    "Queen Victoria married Prince Albert in 1840. He was born in Coburg.",
    N,
    "'He' cannot be Queen Victoria: gender mismatch",
)
F(
    "pronoun_ref",
    "en",
    "Amazon was founded in 1994.",
    "Amazon was not founded by Bill Gates. It was founded in 1994 by Jeff Bezos.",
    Y,
    "FN: a negated earlier sentence (contradicted) outranks the pronoun reading",
)
F(
    "participle",
    "en",
    "Publix was founded in 1930.",
    "Rumoured to have been founded in 1930, Publix is based in Lakeland.",
    N,
    "hedging participle 'Rumoured' rewritten as 'Publix was rumoured ...' (rumoured not a cue)",
)
F(
    "participle",
    "en",
    "Publix was founded in 1930.",
    "Reported to have been founded in 1930, Publix is based in Lakeland.",
    N,
    "hedging participle 'Reported to have been'",
)
F(
    "participle",
    "en",
    "Publix was founded by George W. Jenkins.",
    "Founded by George W. Jenkins, Publix is employee-owned.",
    Y,
    "participle passive control",
)

# ====================================================== v3 FNs (en) found during the run
F(
    "fn_en",
    "en",
    "The iPhone 15 costs $799.",
    "The iPhone 15 costs $799 plus tax.",
    Y,
    "'plus' after a value read as a model name (weak: plus tax)",
)
F(
    "fn_en",
    "en",
    "The hotel room costs $120 per night.",
    "The hotel room costs $120 per night plus a resort fee.",
    Y,
    "'plus' after value -> model rule (weak)",
)
F(
    "fn_en",
    "en",
    "Hank Snow was known as the Singing Ranger.",
    'Hank Snow was known as "Hank Snow, the Singing Ranger".',
    Y,
    "quoted longer name containing the fact",
)
F(
    "fn_en",
    "en",
    "All of the members are songwriters.",
    'According to the band, "all of the members are also songwriters."',
    Y,
    "quoting the source's sentence: the quoted-title rule reads it as another name",
)
F(
    "fn_en",
    "en",
    "The Gila monster is the only venomous lizard native to the United States.",
    'The article says the Gila monster is "the only venomous lizard native to the United States."',
    Y,
    "quoted predicate fully matched (control)",
)
F(
    "fn_en",
    "en",
    "The Gila monster is venomous.",
    'The Gila monster is "the only venomous lizard native to the United States."',
    Y,
    "quote covers more than the fact (longer-title rule)",
)
F(
    "fn_en",
    "en",
    "Tickets can be bought online.",
    "Tickets can be bought online or at the box office.",
    Y,
    "'can A or B' entails 'can A' (free choice)",
)
F(
    "fn_en",
    "en",
    "Visitors may park in Lot A.",
    "Visitors may park in Lot A or Lot B.",
    Y,
    "may A or B entails may A",
)
F(
    "fn_en",
    "en",
    "Payment must be made in cash.",
    "Payment must be made in cash or by card.",
    N,
    "must A or B does not entail must A (control)",
)
F(
    "fn_en",
    "en",
    "The Dodgers did not win the 2017 World Series.",
    "The Dodgers did not win the 2017 World Series either.",
    Y,
    "'either' adverb control",
)
F(
    "fn_en",
    "en",
    "All residents pay the tax.",
    "All residents, whether or not they own a car, pay the tax.",
    Y,
    "'whether or not' -> contradicted (negation 'not' counted)",
)
F(
    "fn_en",
    "en",
    "Ukraine was part of the Soviet Union.",
    "Ukraine was part of the former Soviet Union.",
    Y,
    "'former Soviet Union': former is not a rank",
)
F(
    "fn_en",
    "en",
    "Police arrested the suspect.",
    "Police acting on a tip arrested the suspect.",
    Y,
    "'acting' as a verb read as rank 'acting'",
)
F(
    "fn_en",
    "en",
    "Publix has 1,300 stores.",
    "Publix, originally a single store in Winter Haven, has 1,300 stores.",
    Y,
    "'originally' describing history, not a correction (weak)",
)
F(
    "fn_en",
    "en",
    "Publix was founded in 1930.",
    "Publix was founded in 1930, and its stores in Florida and Georgia number 785 and 186 respectively.",
    Y,
    "'respectively' in another clause pairs other things",
)
F(
    "fn_en",
    "en",
    "The snowfall was 6.8 inches.",
    "The snowfall was 6.8 inches or 17.3 cm.",
    Y,
    "'or' introducing a unit conversion",
)
F(
    "fn_en",
    "en",
    "Stanley Kubrick directed Dr. Strangelove.",
    "Stanley Kubrick directed Dr. Strangelove or: How I Learned to Stop Worrying and Love the Bomb.",
    Y,
    "'or' inside a title (weak: title extension)",
)
F(
    "fn_en",
    "en",
    "Ronald Reagan served two terms as president.",
    "Ronald Reagan, the former governor of California, served two terms as president.",
    Y,
    "'former' of an apposition, not the fact",
)

# ====================================================== pronoun (zh)
F("pronoun_zh", "zh", "华为总部位于深圳。", "华为成立于1987年。它总部位于深圳。", Y, "它 control")
F(
    "pronoun_zh",
    "zh",
    "李明今年50岁。",
    "李明的父亲是一名医生。他今年50岁。",
    N,
    "subject is 李明的父亲; 他 = the father, not 李明",
)
F(
    "pronoun_zh",
    "zh",
    "居里夫人获得了诺贝尔物理学奖。",
    "居里夫人嫁给了皮埃尔。他获得了诺贝尔物理学奖。",
    N,
    "他 (male) cannot be 居里夫人",
)
F(
    "pronoun_zh",
    "zh",
    "华为成立于1987年。",
    "华为的创始人是任正非。他成立于1987年。",
    N,
    "他 = 任正非 (person), not 华为",
)
F(
    "pronoun_zh",
    "zh",
    "华为总部位于深圳。",
    "华为和三星是竞争对手。它总部位于深圳。",
    N,
    "它 after coordinated subject: ambiguous",
)
F(
    "pronoun_zh",
    "zh",
    "小米的创始人是雷军。",
    "小米成立于2010年。其创始人是雷军。",
    Y,
    "其 possessive control",
)
F(
    "pronoun_zh",
    "zh",
    "小米的售价为3999元。",
    "小米发布了小米14手机。其售价为3999元。",
    N,
    "其 = 小米14手机 (the product), not the company; and 小米14 is the model (weak)",
)
F(
    "pronoun_zh",
    "zh",
    "王芳是北京大学教授。",
    "王芳的丈夫张伟毕业于清华。他是北京大学教授。",
    N,
    "他 = 张伟 (husband); 王芳 is female",
)
F(
    "pronoun_zh",
    "zh",
    "王芳是北京大学教授。",
    "王芳毕业于清华。她现在是北京大学教授。",
    Y,
    "她 + 现在 control (weak: 现在)",
)

# ====================================================== trailing narrowing (zh)
F("narrow_zh", "zh", "会员享受九折优惠。", "会员享受九折优惠，但仅限周末。", N, "但仅限 in following clause")
F("narrow_zh", "zh", "会员享受九折优惠。", "会员享受九折优惠，限周末使用。", N, "限周末 restriction")
F(
    "narrow_zh",
    "zh",
    "会员享受九折优惠。",
    "会员享受九折优惠，部分商品除外。",
    N,
    "部分商品除外 (exception, fact not universal)",
)
F(
    "narrow_zh",
    "zh",
    "会员享受九折优惠。",
    "会员享受九折优惠（特价商品不参与）。",
    N,
    "parenthetical exclusion",
)
F("narrow_zh", "zh", "会员享受九折优惠。", "会员享受九折优惠，具体以门店为准。", N, "以门店为准 hedge (weak)")
F("narrow_zh", "zh", "会员享受九折优惠。", "会员享受九折优惠。", Y, "control")
F("narrow_zh", "zh", "该航班飞行时间为7小时。", "该航班飞行时间为7小时出头。", N, "7小时出头 = a bit more")
F("narrow_zh", "zh", "该航班飞行时间为7小时。", "该航班飞行时间为7小时开外。", N, "开外 = more than")
F("narrow_zh", "zh", "该航班飞行时间为7小时。", "该航班飞行时间不到7小时。", N, "不到 = less than")
F("narrow_zh", "zh", "该航班飞行时间为7小时。", "该航班飞行时间顶多7小时。", N, "顶多 = at most")
F("narrow_zh", "zh", "该航班飞行时间为7小时。", "该航班飞行时间至少7小时。", N, "至少 control (covered)")
F("narrow_zh", "zh", "该航班飞行时间为7小时。", "该航班飞行时间最长7小时。", N, "最长 = at most")
F("narrow_zh", "zh", "该航班飞行时间为7小时。", "该航班飞行时间在7小时上下浮动。", N, "上下浮动")
F("narrow_zh", "zh", "该航班飞行时间为7小时。", "该航班飞行时间为7个多小时。", N, "7个多小时 = more than 7")
F("narrow_zh", "zh", "该航班飞行时间为7小时。", "该航班飞行时间为7到8小时。", N, "range 到")
F("narrow_zh", "zh", "该航班飞行时间为7小时。", "该航班飞行时间为7～8小时。", N, "range ～")
F("narrow_zh", "zh", "该航班飞行时间为7小时。", "该航班飞行时间为六七个小时。", N, "六七 = six or seven")
F("narrow_zh", "zh", "该航班飞行时间为7小时。", "该航班飞行时间为7小时左右。", N, "左右 control")
F("narrow_zh", "zh", "报名费为200元。", "报名费为200元封顶。", N, "封顶 = max")
F("narrow_zh", "zh", "报名费为200元。", "报名费200元起步。", N, "起步 = from")
F("narrow_zh", "zh", "报名费为200元。", "报名费最低200元。", N, "最低 control")
F("narrow_zh", "zh", "报名费为200元。", "报名费在200元以内。", N, "以内 control")
F("narrow_zh", "zh", "报名费为200元。", "报名费按人数计算，每人200元。", Y, "每人 fine (weak)")
F(
    "narrow_zh",
    "zh",
    "报名费为200元。",
    "报名费为200元，学生减半。",
    N,
    "学生减半: exception in next clause (weak)",
)
F("narrow_zh", "zh", "图书馆周日开放。", "图书馆周日开放，仅限夏季。", N, "仅限夏季 after comma")
F("narrow_zh", "zh", "图书馆周日开放。", "图书馆周日只在夏季开放。", N, "只 inside")

# ====================================================== negation idioms (zh)
F("neg_zh", "zh", "该药物对疟疾有效。", "该药物对疟疾谈不上有效。", N, "谈不上")
F("neg_zh", "zh", "该药物对疟疾有效。", "该药物对疟疾算不上有效。", N, "算不上")
F("neg_zh", "zh", "该药物对疟疾有效。", "说该药物对疟疾有效纯属无稽之谈。", N, "纯属无稽之谈")
F("neg_zh", "zh", "该药物对疟疾有效。", "所谓该药物对疟疾有效的说法是错误的。", N, "说法是错误的")
F("neg_zh", "zh", "该药物对疟疾有效。", "该药物对疟疾有效一说站不住脚。", N, "站不住脚")
F("neg_zh", "zh", "该药物对疟疾有效。", "该药物对疟疾有效？根本不是。", N, "question then denial")
F("neg_zh", "zh", "该药物对疟疾有效。", "该药物对疟疾有效的说法已被证伪。", N, "已被证伪")
F("neg_zh", "zh", "该药物对疟疾有效。", "该药物对疟疾有效是一种误解。", N, "是一种误解")
F("neg_zh", "zh", "该药物对疟疾有效。", "该药物对疟疾几乎有效。", N, "几乎 + adj (weak)")
F("neg_zh", "zh", "委员会批准了预算。", "委员会险些批准了预算。", N, "险些 = nearly (did not)")
F("neg_zh", "zh", "委员会批准了预算。", "委员会差点批准了预算。", N, "差点 = nearly")
F("neg_zh", "zh", "委员会批准了预算。", "委员会一度有望批准预算。", N, "有望 hedge control")
F("neg_zh", "zh", "委员会批准了预算。", "委员会何曾批准过预算。", N, "rhetorical 何曾 = never")
F("neg_zh", "zh", "委员会批准了预算。", "委员会哪里批准过预算。", N, "rhetorical 哪里 = never")
F("neg_zh", "zh", "委员会批准了预算。", "委员会批准了预算，但随后被撤回。", N, "随后被撤回 (weak)")
F("neg_zh", "zh", "委员会批准了预算。", "委员会拒绝批准预算。", N, "拒绝 control")
F("neg_zh", "zh", "委员会批准了预算。", "委员会迟迟没批预算。", N, "没批 abbreviated verb")
F("neg_zh", "zh", "该馆免费开放。", "该馆收费开放。", N, "免费 vs 收费")
F("neg_zh", "zh", "该馆免费开放。", "该馆免费开放已成为历史。", N, "已成为历史 = no longer")
F("neg_zh", "zh", "该馆免费开放。", "该馆曾经免费开放。", N, "曾经 = used to")
F("neg_zh", "zh", "该馆免费开放。", "该馆免费开放。", Y, "control")

# ====================================================== numbers (zh)
F("num_zh", "zh", "道奇队获得第三名。", "道奇队获得第三名。", Y, "control")
F("num_zh", "zh", "道奇队获得第三名。", "道奇队获得第十三名。", N, "第十三 vs 第三")
F("num_zh", "zh", "道奇队获得第三名。", "道奇队获得第3名。", Y, "第3 = 第三")
F("num_zh", "zh", "道奇队获得第三名。", "道奇队获得第三十名。", N, "第三十")
F("num_zh", "zh", "道奇队获得第三名。", "道奇队获得第二名。", N, "第二")
F("num_zh", "zh", "道奇队获得第三名。", "道奇队获得倒数第三名。", N, "倒数第三 = third from last")
F("num_zh", "zh", "道奇队获得第三名。", "道奇队获得三等奖。", N, "三等奖 (weak different)")
F("num_zh", "zh", "四分之三的成员投了赞成票。", "四分之三的成员投了赞成票。", Y, "control fraction")
F("num_zh", "zh", "四分之三的成员投了赞成票。", "三分之二的成员投了赞成票。", N, "三分之二")
F("num_zh", "zh", "四分之三的成员投了赞成票。", "三分之四的成员投了赞成票。", N, "inverted fraction")
F("num_zh", "zh", "四分之三的成员投了赞成票。", "3/4的成员投了赞成票。", Y, "3/4 = 四分之三 (weak notation)")
F("num_zh", "zh", "75%的成员投了赞成票。", "百分之七十五的成员投了赞成票。", Y, "百分之七十五 = 75%")
F("num_zh", "zh", "75%的成员投了赞成票。", "百分之七点五的成员投了赞成票。", N, "7.5%")
F("num_zh", "zh", "75%的成员投了赞成票。", "七成五的成员投了赞成票。", Y, "七成五 = 75% (weak)")
F("num_zh", "zh", "75%的成员投了赞成票。", "七成的成员投了赞成票。", N, "七成 = 70%")
F("num_zh", "zh", "该市人口为120万。", "该市人口为1.2e6。", Y, "scientific (weak)")
F("num_zh", "zh", "该市人口为120万。", "该市人口为1.2e5。", N, "1.2e5")
F("num_zh", "zh", "该市人口为120万。", "该市人口为一百二十万。", Y, "一百二十万")
F("num_zh", "zh", "该市人口为120万。", "该市人口为一百二十余万。", N, "余 inside number")
F("num_zh", "zh", "该市人口为120万。", "该市人口为12万。", N, "12万")
F("num_zh", "zh", "该市人口为120万。", "该市人口为120万至150万。", N, "range 至")
F("num_zh", "zh", "该市人口为120万。", "该市人口为120-150万。", N, "range dash")
F("num_zh", "zh", "该市人口为120万。", "该市人口为一二百万。", N, "一二百万 = one or two million")
F("num_zh", "zh", "该市人口为120万。", "该市人口为120万人次。", N, "人次 unit (weak)")
F("num_zh", "zh", "该市人口为120万。", "该市人口为1.2亿。", N, "亿")
F("num_zh", "zh", "该市人口为120万。", "该市人口为百万。", N, "百万 vague")
F("num_zh", "zh", "气温降至零下5摄氏度。", "气温降至5摄氏度。", N, "零下 lost")
F("num_zh", "zh", "气温降至零下5摄氏度。", "气温降至-5℃。", Y, "-5℃ (weak notation)")
F("num_zh", "zh", "该楼共有12层。", "该楼共有十二层。", Y, "十二")
F("num_zh", "zh", "该楼共有12层。", "该楼共有十几层。", N, "十几")
F("num_zh", "zh", "该楼共有12层。", "该楼共有一打层。", N, "nonsense weak")
F("num_zh", "zh", "该楼共有12层。", "该楼地上12层，地下3层。", Y, "extra clause")
F("num_zh", "zh", "该楼共有12层。", "该楼共有12层半。", N, "12层半")

# ====================================================== conditions (zh) in unusual positions
F("cond_zh", "zh", "保修范围包括进水损坏。", "保修范围包括进水损坏，只要密封条完好。", N, "只要 trailing")
F("cond_zh", "zh", "保修范围包括进水损坏。", "保修范围包括进水损坏，前提是密封条完好。", N, "前提是 trailing")
F("cond_zh", "zh", "保修范围包括进水损坏。", "保修范围包括进水损坏，除非密封条被拆。", N, "除非 trailing")
F("cond_zh", "zh", "保修范围包括进水损坏。", "保修范围包括进水损坏，条件是购买了延保。", N, "条件是 trailing")
F(
    "cond_zh",
    "zh",
    "保修范围包括进水损坏。",
    "购买了延保的，保修范围包括进水损坏。",
    N,
    "的 condition clause (covered)",
)
F(
    "cond_zh",
    "zh",
    "保修范围包括进水损坏。",
    "在购买延保的情况下，保修范围包括进水损坏。",
    N,
    "在…的情况下 fronted",
)
F(
    "cond_zh",
    "zh",
    "保修范围包括进水损坏。",
    "购买延保后，保修范围包括进水损坏。",
    N,
    "V后 fronted condition (weak)",
)
F("cond_zh", "zh", "保修范围包括进水损坏。", "凡购买延保，保修范围均包括进水损坏。", N, "凡 fronted")
F("cond_zh", "zh", "保修范围包括进水损坏。", "保修范围视情况包括进水损坏。", N, "视情况")
F("cond_zh", "zh", "保修范围包括进水损坏。", "保修范围在特定条件下包括进水损坏。", N, "在特定条件下")
F(
    "cond_zh",
    "zh",
    "保修范围包括进水损坏。",
    "延保用户的保修范围包括进水损坏。",
    N,
    "scope as modifier (weak: known limit)",
)
F("cond_zh", "zh", "保修范围包括进水损坏。", "据官网介绍，保修范围包括进水损坏。", Y, "lead-in control")

# ====================================================== relative dates (zh)
F("rel_date_zh", "zh", "会议于2024年3月1日举行。", "会议于上周五举行。", N, "上周五 vs absolute")
F("rel_date_zh", "zh", "会议于2024年举行。", "会议于去年举行。", N, "去年 vs 2024")
F("rel_date_zh", "zh", "会议于周五举行。", "会议于上周五举行。", Y, "上周五 still Friday (weak)")
F("rel_date_zh", "zh", "会议于周五举行。", "会议于下周五举行。", Y, "下周五 still Friday (weak)")
F("rel_date_zh", "zh", "会议于2024年3月1日举行。", "会议于2024年3月1日后举行。", N, "后 control")
F("rel_date_zh", "zh", "会议于2024年3月1日举行。", "会议于2024年3月1日前后举行。", N, "前后 = around")
F("rel_date_zh", "zh", "会议于2024年3月举行。", "会议于2024年3月底举行。", Y, "月底 (weak narrowing ok)")
F("rel_date_zh", "zh", "会议于2024年举行。", "会议于2024年度举行。", Y, "年度 (weak)")
F("rel_date_zh", "zh", "会议于2024年举行。", "会议于2024财年举行。", N, "财年 (weak)")
F("rel_date_zh", "zh", "会议于2024年举行。", "会议于2024年之后举行。", N, "之后 control")
F("rel_date_zh", "zh", "会议于2024年举行。", "会议于2020年代举行。", N, "decade")

# ====================================================== coordination (zh)
F("coord_zh", "zh", "张伟负责财务，李娜负责人事。", "张伟负责人事，李娜负责财务。", N, "swapped coordination")
F("coord_zh", "zh", "张伟负责财务。", "张伟、李娜分别负责人事和财务。", N, "分别: 张伟 人事")
F(
    "coord_zh",
    "zh",
    "张伟负责财务。",
    "张伟和李娜负责人事和财务。",
    N,
    "crossed coordination without 分别 (weak)",
)
F("coord_zh", "zh", "南京是江苏省会。", "是南京而不是苏州是江苏省会。", Y, "而不是 positive (weak syntax)")
F("coord_zh", "zh", "苏州是江苏省会。", "江苏省会是南京而不是苏州。", N, "而不是 negates 苏州")
F("coord_zh", "zh", "苏州是江苏省会。", "江苏省会并非苏州，而是南京。", N, "并非 … 而是")
F("coord_zh", "zh", "苏州是江苏省会。", "与其说苏州是江苏省会，不如说南京是。", N, "与其说…不如说")

# ====================================================== v3 FNs (zh)
F("fn_zh", "zh", "可以通过微信支付。", "可以通过微信或支付宝支付。", Y, "可以 A 或 B entails 可以 A")
F("fn_zh", "zh", "必须用现金支付。", "必须用现金或银行卡支付。", N, "必须 A 或 B: control")
F(
    "fn_zh",
    "zh",
    "销售额增长了10%。",
    "销售额相比去年增长了10%。",
    Y,
    "相比去年: baseline, not a contrast with another thing",
)
F("fn_zh", "zh", "营收增长12%。", "营收相较去年同期增长12%。", Y, "相较去年同期 baseline")
F(
    "fn_zh",
    "zh",
    "《劳动合同法》规定用人单位应当订立书面劳动合同。",
    "《中华人民共和国劳动合同法》规定用人单位应当订立书面劳动合同。",
    Y,
    "full official title of the same law",
)
F(
    "fn_zh",
    "zh",
    "《民法典》自2021年1月1日起施行。",
    "《中华人民共和国民法典》自2021年1月1日起施行。",
    Y,
    "full official title of the same code",
)
F(
    "fn_zh",
    "zh",
    "小米14于2023年10月发布。",
    "小米14于2023年10月发布，此前小米13于2022年12月发布。",
    Y,
    "此前 (correction:old) describes another model",
)
F(
    "fn_zh",
    "zh",
    "小米14于2023年10月发布。",
    "小米14于2023年10月发布，原本计划9月发布。",
    N,
    "原本计划: the match is still right, but plan (weak)",
)
F("fn_zh", "zh", "该产品质量一般。", "该产品质量一般。", Y, "一般 adj identical")
F("fn_zh", "zh", "他的成绩很好。", "他的成绩一般很好。", N, "一般 adv = usually (control)")
F("fn_zh", "zh", "这款手机适合一般用户。", "这款手机适合一般用户使用。", Y, "一般 adjective in fact")
F("fn_zh", "zh", "这款手机适合普通用户。", "这款手机适合一般用户。", Y, "一般 adjective = 普通 (weak)")
F(
    "fn_zh",
    "zh",
    "该公司总部位于成都。",
    "该公司总部位于成都，通常被称为“天府之国”的城市。",
    Y,
    "通常 in apposition (weak)",
)
F("fn_zh", "zh", "张伟担任副总经理。", "张伟担任副总经理。", Y, "副 identical")
F("fn_zh", "zh", "张伟曾任华为总经理。", "张伟曾任华为前总经理。", N, "前总经理 (weak)")
F("fn_zh", "zh", "李娜是网球运动员。", "前世界第一李娜是网球运动员。", Y, "前世界第一 modifies another title")
F(
    "fn_zh",
    "zh",
    "苹果公司总部位于库比蒂诺。",
    "苹果公司总部位于库比蒂诺，分别有三栋主楼。",
    Y,
    "分别 unrelated (weak)",
)
F("fn_zh", "zh", "小米14售价3999元。", "小米14标准版售价3999元。", Y, "标准版 is the base model (weak)")
F("fn_zh", "zh", "该书于2010年出版。", "该书于2010年首次出版。", Y, "首次 harmless")
F("fn_zh", "zh", "会员可享受九折优惠。", "所有会员均可享受九折优惠。", Y, "所有/均 universal added")
F(
    "fn_zh",
    "zh",
    "华为成立于1987年。",
    "华为不是国企。它成立于1987年。",
    Y,
    "negated previous sentence + pronoun",
)
F(
    "fn_zh",
    "zh",
    "华为成立于1987年。",
    "华为由任正非创立。其总部在深圳，它成立于1987年。",
    Y,
    "pronoun after comma (weak)",
)
F("fn_zh", "zh", "销售额增长了10%。", "与去年相比，销售额增长了10%。", Y, "相比 fronted control")
F(
    "fn_zh",
    "zh",
    "该馆每周一闭馆。",
    "该馆每周一闭馆，节假日除外。",
    N,
    "exception with universal 每 (covered)",
)
F(
    "fn_zh",
    "zh",
    "该馆周一闭馆。",
    "该馆周一闭馆，其他时间正常开放。",
    Y,
    "其他 in a following clause, no scope",
)
F(
    "fn_zh",
    "zh",
    "用户可在30天内申请退款。",
    "用户可在30天内申请退款，或联系客服换货。",
    Y,
    "或 starting a separate clause",
)

# ====================================================== subject swapped by an inserted head (en/zh)
F(
    "subject_swap",
    "en",
    "Publix was founded in 1930.",
    "Publix acquired a chain founded in 1930.",
    N,
    "reduced relative: the chain was founded in 1930",
)
F(
    "subject_swap",
    "en",
    "Publix is headquartered in Lakeland.",
    "Publix bought a bakery that is headquartered in Lakeland.",
    N,
    "'that' relative clause: the bakery",
)
F(
    "subject_swap",
    "en",
    "Publix is headquartered in Lakeland.",
    "Publix is headquartered in Lakeland.",
    Y,
    "control",
)
F("subject_swap", "zh", "华为成立于1987年。", "华为收购的那家公司成立于1987年。", N, "subject is 那家公司")
F("subject_swap", "zh", "华为成立于1987年。", "华为投资了一家成立于1987年的公司。", N, "relative 的-clause")
F(
    "subject_swap",
    "zh",
    "华为总部位于深圳。",
    "华为的竞争对手总部位于深圳。",
    N,
    "的 possessive: the rival (the 's / 的 rule only reads names)",
)
F("subject_swap", "zh", "华为总部位于深圳。", "华为总部位于深圳。", Y, "control")
F(
    "subject_swap",
    "zh",
    "华为总部位于深圳。",
    "华为收购了一家德国公司。其总部位于深圳。",
    N,
    "其 most naturally the German company just named (weak)",
)

# ====================================================== denial in the next sentence
F(
    "next_denial",
    "en",
    "Publix was founded in 1930.",
    "Publix was founded in 1930. That is false.",
    N,
    "statement then denial",
)
F(
    "next_denial",
    "en",
    "Publix was founded in 1930.",
    "Publix was founded in 1930. It was not.",
    N,
    "pronoun denial in the next sentence",
)
F(
    "next_denial",
    "en",
    "Publix was founded in 1930.",
    "Publix was founded in 1930. This claim, often repeated, is wrong.",
    N,
    "'is wrong'",
)
F("next_denial", "zh", "华为成立于1987年。", "华为成立于1987年。这一说法不对。", N, "这一说法不对")
F(
    "next_denial",
    "zh",
    "华为成立于1987年。",
    "有人说华为成立于1987年，这是误传。",
    N,
    "这是误传 (weak: 有人说 alone)",
)
F("next_denial", "en", "The museum is free.", "The museum is free for children only.", N, "trailing only")

# Trimmed to the brief's size: passing controls in families the suites already cover, and
# a few nonsense sentences, are left out (kept in the list above for reference).
_DROP = {
    (
        "pronoun_ref",
        "Paris is not the only large city. It is not the capital of Germany.",
        "Paris is the capital of France.",
    ),
    (
        "pronoun_ref",
        "Toyota's founder Kiichiro Toyoda was born in 1894. He was founded in 1937.",
        "Toyota was founded in 1937.",
    ),
    (
        "pronoun_ref",
        "Tokyo, said the mayor of Osaka, is a great city. He hosted the Olympics in 1964.",
        "Tokyo hosted the Olympics in 1964.",
    ),
    (
        "pronoun_ref",
        "Amazon bought Whole Foods in 2017. Whole Foods, however, was founded in 1980; it was founded in 1994 by Bezos? No.",
        "Amazon was founded in 1994.",
    ),
    ("participle", "Founded in 1930? Publix was actually founded in 1930.", "Publix was founded in 1930."),
    ("participle", "Founded in 1883, Kroger's rival Publix is smaller.", "Kroger was founded in 1883."),
    (
        "participle",
        "Written not in Rome but in Ischia, Brand premiered in Stockholm.",
        "Brand was written in Rome.",
    ),
    ("participle", "Closed in 1937, the bridge reopened in 1940.", "The bridge was opened in 1937."),
    (
        "participle",
        "Born in Stratford, Shakespeare's daughter Susanna married John Hall.",
        "Shakespeare was born in Stratford.",
    ),
    ("narrow_pos", "The flight takes 7 hours or so.", "The flight takes 7 hours."),
    ("narrow_pos", "The flight takes 7-odd hours.", "The flight takes 7 hours."),
    ("narrow_pos", "The flight takes just under 7 hours.", "The flight takes 7 hours."),
    ("narrow_pos", "The flight takes some 7 hours.", "The flight takes 7 hours."),
    ("narrow_pos", "The flight takes 7 hours plus.", "The flight takes 7 hours."),
    ("narrow_pos", "The flight takes 7+ hours.", "The flight takes 7 hours."),
    ("neg_idiom", "The contract is unenforceable.", "The contract is enforceable."),
    ("neg_idiom", "The tickets are non-refundable.", "The tickets are refundable."),
    ("neg_idiom", "The tickets are nonrefundable.", "The tickets are refundable."),
    ("neg_idiom", "The water is anything but safe to drink.", "The water is safe to drink."),
    ("neg_idiom", "The water is far from safe to drink.", "The water is safe to drink."),
    (
        "neg_idiom",
        "The committee stopped short of approving the budget.",
        "The committee approved the budget.",
    ),
    ("neg_idiom", "The committee has yet to approve the budget.", "The committee approved the budget."),
    ("neg_idiom", "The committee nearly approved the budget.", "The committee approved the budget."),
    ("neg_idiom", "The committee almost approved the budget.", "The committee approved the budget."),
    ("neg_idiom", "The committee declined to approve the budget.", "The committee approved the budget."),
    (
        "neg_idiom",
        "The committee had been expected to approve the budget but ultimately didn't.",
        "The committee approved the budget.",
    ),
    (
        "neg_idiom",
        "The committee approved the budget - or so the rumor went.",
        "The committee approved the budget.",
    ),
    ("neg_idiom", "The committee vetoed the budget.", "The committee approved the budget."),
    ("neg_idiom", "The patient tested positive? Not at all.", "The patient tested positive."),
    ("neg_idiom", "The museum charges admission no longer.", "The museum charges admission."),
    ("neg_idiom", "The museum no longer charges admission.", "The museum charges admission."),
    ("num_notation", "The city has a population of 1.2e5.", "The city has a population of 1.2 million."),
    (
        "num_notation",
        "The city has a population of 1.2 billion.",
        "The city has a population of 1.2 million.",
    ),
    (
        "num_notation",
        "The city has a population of 1.2 to 1.5 million.",
        "The city has a population of 1.2 million.",
    ),
    (
        "num_notation",
        "The city has a population of 1.2–1.5 million.",
        "The city has a population of 1.2 million.",
    ),
    (
        "num_notation",
        "The city has a population of 1.2~1.5 million.",
        "The city has a population of 1.2 million.",
    ),
    (
        "num_notation",
        "The city has a population of between 1.2 and 1.5 million.",
        "The city has a population of 1.2 million.",
    ),
    (
        "num_notation",
        "The city has a population of 1.2 to 1.5 million.",
        "The city has a population of 1.5 million.",
    ),
    ("num_notation", "2/3 of the members voted yes.", "Three quarters of the members voted yes."),
    ("num_notation", "4/5 of the members voted yes.", "75% of the members voted yes."),
    ("num_notation", "0.75% of the members voted yes.", "75% of the members voted yes."),
    ("num_notation", "The temperature dropped to 5 °C.", "The temperature dropped to -5 °C."),
    (
        "num_notation",
        "The temperature dropped to 5 degrees Celsius.",
        "The temperature dropped to minus 5 degrees Celsius.",
    ),
    (
        "num_notation",
        "The company reported a loss of $3 billion.",
        "The company reported a loss of $3 million.",
    ),
    (
        "num_notation",
        "The company reported revenue of $3.2B.",
        "The company reported revenue of $3.2 million.",
    ),
    (
        "num_notation",
        "The company reported revenue of $3.2k.",
        "The company reported revenue of $3.2 million.",
    ),
    ("num_notation", "The race is 42 miles long.", "The race is 42 kilometers long."),
    ("num_notation", "The Dodgers finished 13th.", "The Dodgers finished third."),
    ("num_notation", "The Dodgers finished thirtieth.", "The Dodgers finished third."),
    ("num_notation", "The building has dozens of floors.", "The building has 12 floors."),
    ("num_notation", "The building has 1,2 floors.", "The building has 12 floors."),
    ("num_notation", "The building has twelve hundred floors.", "The building has 12 floors."),
    ("num_notation", "The building has 12 thousand floors.", "The building has 12 floors."),
    ("num_notation", "The building has 12k floors.", "The building has 12 floors."),
    ("num_notation", "The building has 120 floors.", "The building has 12 floors."),
    ("num_notation", "The building has 12½ floors.", "The building has 12 floors."),
    ("num_notation", "The building has 12.5 floors.", "The building has 12 floors."),
    ("coord_swap", "Tennessee borders Kentucky to the north.", "Kentucky borders Tennessee to the north."),
    (
        "coord_swap",
        "Mark Carr played drums and Jarrod Gollihare played bass.",
        "Mark Carr played bass and Jarrod Gollihare played drums.",
    ),
    (
        "coord_swap",
        "Mark Carr and Jarrod Gollihare played drums and bass respectively.",
        "Mark Carr played bass.",
    ),
    (
        "coord_swap",
        "Mark Carr and Jarrod Gollihare played drums and bass, in that order.",
        "Mark Carr played bass.",
    ),
    (
        "coord_swap",
        "The Dodgers and the Astros met in the 2017 World Series, which the Astros won.",
        "The Dodgers won the 2017 World Series.",
    ),
    (
        "coord_swap",
        "Memphis, not Nashville, is the capital of Tennessee.",
        "Nashville is the capital of Tennessee.",
    ),
    ("rel_date", "The meeting is next Monday.", "The meeting is on Monday, March 4."),
    ("rel_date", "The store reopened last Friday.", "The store reopened on 5 May 2023."),
    ("rel_date", "The store reopened last year.", "The store reopened in 2023."),
    ("rel_date", "The store reopened two years after 2023.", "The store reopened in 2023."),
    ("rel_date", "The store reopened in the 2020s.", "The store reopened in 2023."),
    ("rel_date", "The store reopened in March 2032.", "The store reopened in March 2023."),
    (
        "fn_en",
        "Windows 11 requires TPM 2.0 Pro support? No, Windows 11 requires TPM 2.0.",
        "Windows 11 requires TPM 2.0.",
    ),
    (
        "fn_en",
        "The Nile is the longest river in Africa, and one of the longest in the world.",
        "The Nile is the longest river in Africa.",
    ),
    (
        "fn_en",
        "At about 6,650 km, the Nile is the longest river in Africa.",
        "The Nile is the longest river in Africa.",
    ),
    (
        "fn_en",
        "With a basin covering eleven countries, the Nile is the longest river in Africa.",
        "The Nile is the longest river in Africa.",
    ),
    ("fn_en", "Unlike most lizards, the Gila monster is venomous.", "The Gila monster is venomous."),
    ("fn_en", "The meeting starts at 10 a.m. sharp.", "The meeting starts at 10 a.m."),
    ("fn_en", "Visitors can always park for free.", "Visitors can park for free."),
    ("fn_en", "The museum generally offers free admission.", "The museum offers free admission."),
    ("fn_en", "West Virginia borders Virginia.", "West Virginia borders Virginia."),
    ("fn_en", "Virginia borders West Virginia to the northwest.", "Virginia borders West Virginia."),
    (
        "fn_en",
        "Iowa became a state in 1846, some 15 years after the first settlers arrived.",
        "Iowa became a state in 1846.",
    ),
    (
        "fn_en",
        "Iowa became a state in 1846, about 8 years after it became a territory.",
        "Iowa became a state in 1846.",
    ),
    (
        "fn_en",
        "Iowa became a state in 1846, more than a decade after settlement began.",
        "Iowa became a state in 1846.",
    ),
    (
        "participle",
        "Founded by George W. Jenkins, Publix is employee-owned.",
        "Publix was founded by George W. Jenkins.",
    ),
    ("fn_en", "Payment must be made in cash or by card.", "Payment must be made in cash."),
    (
        "fn_en",
        "The Dodgers did not win the 2017 World Series either.",
        "The Dodgers did not win the 2017 World Series.",
    ),
    ("pronoun_zh", "华为成立于1987年。它总部位于深圳。", "华为总部位于深圳。"),
    ("pronoun_zh", "王芳毕业于清华。她现在是北京大学教授。", "王芳是北京大学教授。"),
    ("narrow_zh", "会员享受九折优惠（特价商品不参与）。", "会员享受九折优惠。"),
    ("narrow_zh", "会员享受九折优惠。", "会员享受九折优惠。"),
    ("narrow_zh", "该航班飞行时间不到7小时。", "该航班飞行时间为7小时。"),
    ("narrow_zh", "该航班飞行时间至少7小时。", "该航班飞行时间为7小时。"),
    ("narrow_zh", "该航班飞行时间在7小时上下浮动。", "该航班飞行时间为7小时。"),
    ("narrow_zh", "该航班飞行时间为7个多小时。", "该航班飞行时间为7小时。"),
    ("narrow_zh", "该航班飞行时间为7到8小时。", "该航班飞行时间为7小时。"),
    ("narrow_zh", "该航班飞行时间为7～8小时。", "该航班飞行时间为7小时。"),
    ("narrow_zh", "该航班飞行时间为六七个小时。", "该航班飞行时间为7小时。"),
    ("narrow_zh", "该航班飞行时间为7小时左右。", "该航班飞行时间为7小时。"),
    ("narrow_zh", "报名费最低200元。", "报名费为200元。"),
    ("narrow_zh", "报名费在200元以内。", "报名费为200元。"),
    ("narrow_zh", "图书馆周日只在夏季开放。", "图书馆周日开放。"),
    ("neg_zh", "该药物对疟疾算不上有效。", "该药物对疟疾有效。"),
    ("neg_zh", "说该药物对疟疾有效纯属无稽之谈。", "该药物对疟疾有效。"),
    ("neg_zh", "该药物对疟疾有效一说站不住脚。", "该药物对疟疾有效。"),
    ("neg_zh", "该药物对疟疾有效？根本不是。", "该药物对疟疾有效。"),
    ("neg_zh", "委员会一度有望批准预算。", "委员会批准了预算。"),
    ("neg_zh", "委员会拒绝批准预算。", "委员会批准了预算。"),
    ("neg_zh", "委员会迟迟没批预算。", "委员会批准了预算。"),
    ("neg_zh", "该馆收费开放。", "该馆免费开放。"),
    ("neg_zh", "该馆免费开放。", "该馆免费开放。"),
    ("num_zh", "道奇队获得第三名。", "道奇队获得第三名。"),
    ("num_zh", "道奇队获得第十三名。", "道奇队获得第三名。"),
    ("num_zh", "道奇队获得第3名。", "道奇队获得第三名。"),
    ("num_zh", "道奇队获得第三十名。", "道奇队获得第三名。"),
    ("num_zh", "道奇队获得第二名。", "道奇队获得第三名。"),
    ("num_zh", "道奇队获得三等奖。", "道奇队获得第三名。"),
    ("num_zh", "四分之三的成员投了赞成票。", "四分之三的成员投了赞成票。"),
    ("num_zh", "三分之二的成员投了赞成票。", "四分之三的成员投了赞成票。"),
    ("num_zh", "三分之四的成员投了赞成票。", "四分之三的成员投了赞成票。"),
    ("num_zh", "3/4的成员投了赞成票。", "四分之三的成员投了赞成票。"),
    ("num_zh", "百分之七十五的成员投了赞成票。", "75%的成员投了赞成票。"),
    ("num_zh", "百分之七点五的成员投了赞成票。", "75%的成员投了赞成票。"),
    ("num_zh", "七成的成员投了赞成票。", "75%的成员投了赞成票。"),
    ("num_zh", "该市人口为1.2e5。", "该市人口为120万。"),
    ("num_zh", "该市人口为一百二十万。", "该市人口为120万。"),
    ("num_zh", "该市人口为一百二十余万。", "该市人口为120万。"),
    ("num_zh", "该市人口为12万。", "该市人口为120万。"),
    ("num_zh", "该市人口为120万至150万。", "该市人口为120万。"),
    ("num_zh", "该市人口为120-150万。", "该市人口为120万。"),
    ("num_zh", "该市人口为一二百万。", "该市人口为120万。"),
    ("num_zh", "该市人口为1.2亿。", "该市人口为120万。"),
    ("num_zh", "该市人口为百万。", "该市人口为120万。"),
    ("num_zh", "气温降至5摄氏度。", "气温降至零下5摄氏度。"),
    ("num_zh", "该楼共有十二层。", "该楼共有12层。"),
    ("num_zh", "该楼共有十几层。", "该楼共有12层。"),
    ("num_zh", "该楼共有一打层。", "该楼共有12层。"),
    ("cond_zh", "保修范围包括进水损坏，前提是密封条完好。", "保修范围包括进水损坏。"),
    ("cond_zh", "购买了延保的，保修范围包括进水损坏。", "保修范围包括进水损坏。"),
    ("cond_zh", "据官网介绍，保修范围包括进水损坏。", "保修范围包括进水损坏。"),
    ("rel_date_zh", "会议于上周五举行。", "会议于2024年3月1日举行。"),
    ("rel_date_zh", "会议于去年举行。", "会议于2024年举行。"),
    ("rel_date_zh", "会议于上周五举行。", "会议于周五举行。"),
    ("rel_date_zh", "会议于下周五举行。", "会议于周五举行。"),
    ("rel_date_zh", "会议于2024年3月1日后举行。", "会议于2024年3月1日举行。"),
    ("rel_date_zh", "会议于2024年3月1日前后举行。", "会议于2024年3月1日举行。"),
    ("rel_date_zh", "会议于2024年3月底举行。", "会议于2024年3月举行。"),
    ("rel_date_zh", "会议于2024年度举行。", "会议于2024年举行。"),
    ("rel_date_zh", "会议于2024财年举行。", "会议于2024年举行。"),
    ("rel_date_zh", "会议于2024年之后举行。", "会议于2024年举行。"),
    ("rel_date_zh", "会议于2020年代举行。", "会议于2024年举行。"),
    ("coord_zh", "张伟负责人事，李娜负责财务。", "张伟负责财务，李娜负责人事。"),
    ("coord_zh", "张伟、李娜分别负责人事和财务。", "张伟负责财务。"),
    ("coord_zh", "江苏省会是南京而不是苏州。", "苏州是江苏省会。"),
    ("coord_zh", "江苏省会并非苏州，而是南京。", "苏州是江苏省会。"),
    ("fn_zh", "小米14于2023年10月发布，原本计划9月发布。", "小米14于2023年10月发布。"),
    ("fn_zh", "该产品质量一般。", "该产品质量一般。"),
    ("fn_zh", "他的成绩一般很好。", "他的成绩很好。"),
    ("fn_zh", "这款手机适合一般用户使用。", "这款手机适合一般用户。"),
    ("fn_zh", "该公司总部位于成都，通常被称为“天府之国”的城市。", "该公司总部位于成都。"),
    ("fn_zh", "张伟担任副总经理。", "张伟担任副总经理。"),
    ("fn_zh", "张伟曾任华为前总经理。", "张伟曾任华为总经理。"),
    ("fn_zh", "前世界第一李娜是网球运动员。", "李娜是网球运动员。"),
    ("fn_zh", "所有会员均可享受九折优惠。", "会员可享受九折优惠。"),
    ("fn_zh", "华为不是国企。它成立于1987年。", "华为成立于1987年。"),
    ("fn_zh", "与去年相比，销售额增长了10%。", "销售额增长了10%。"),
    ("fn_zh", "该馆每周一闭馆，节假日除外。", "该馆每周一闭馆。"),
    ("fn_zh", "该馆周一闭馆，其他时间正常开放。", "该馆周一闭馆。"),
    ("fn_zh", "用户可在30天内申请退款，或联系客服换货。", "用户可在30天内申请退款。"),
    ("subject_swap", "Publix is headquartered in Lakeland.", "Publix is headquartered in Lakeland."),
    ("subject_swap", "华为总部位于深圳。", "华为总部位于深圳。"),
}
CASES[:] = [c for c in CASES if (c["family"], c["answer"], c["fact"]["text"]) not in _DROP]


# Cases v3 still calls `found` (session 6, after fixing the general rules this round found):
# the next rules to build. tests/test_adversarial.py expects them to fail, and no other case.
KNOWN_LIMITS = {
    "'and change' = more",
    "'at least in summer' hedge after comma",
    "'in certain cases'",
    "'that' relative clause: the bakery",
    "'tops' postposed bound",
    "12层半",
    "assuming",
    "but only with",
    "counterfactual inversion",
    "inverted 'Were'",
    "inverted conditional 'Should'",
    "postposed approx 'give or take'",
    "provided after comma",
    "rather than",
    "reduced relative: the chain was founded in 1930",
    "relative 的-clause",
    "rhetorical 哪里 = never",
    "so long as",
    "subject is 李明的父亲; 他 = the father, not 李明",
    "subject is 那家公司",
    "subject to approval",
    "unless after",
    "与其说…不如说",
    "倒数第三 = third from last",
    "凡 fronted",
    "在…的情况下 fronted",
    "在特定条件下",
    "是一种误解",
    "最长 = at most",
    "条件是 trailing",
    "的 possessive: the rival (the 's / 的 rule only reads names)",
    "部分商品除外 (exception, fact not universal)",
    "限周末 restriction",
    "除非 trailing",
}
STATED_FOUND = 38  # of the 67 cases a reader calls clearly stated
