"""English rows of the answer and span matchers (the cue table is `text/cues.py`)."""

from __future__ import annotations

from ..rows import Pairs, Pattern, Row, words

ROWS: tuple[Row, ...] = (
    words("may_as_hedge", "clause", "'may' where the fact states no modal: it only may be so", "may|could"),
    Pattern(
        "only_after",
        "after",
        "'only' before a preposition or a time limits the match ('but only on weekends')",
        r"\s*(?:on|in|at|for|to|during|when|if|after|before|between|from)\b",
    ),
    Pattern(
        "condition_leads",
        "after",
        "what may stand between the match and a condition or exception that limits it ('…, but only "
        "if', '…, provided'): a comma, 'but', 'only' ('even if' widens it, 'and if' opens a clause of its own)",
        r"[\s,]*(?:(?:but|yet)\s+)?(?:only\s+)?",
    ),
    words(
        "exclusion_adds",
        "after",
        "an exclusion after the match that says what an amount or a list leaves out, and adds it "
        "('…, excluding the vacation home', '…, not including meals'): it limits nothing",
        "excluding|not including|exclusive of|excludes",
    ),
    Pattern(
        "inverted_condition",
        "before",
        "a condition said by inversion, fronted and closed by a comma ('Should the seal remain intact, "
        "…', 'Had it rained, …', 'Were you on the premium plan, …')",
        r"(?:should|had|were)\s+(?:the|a|an|you|we|they|he|she|it|this|that|these|those|your|their|its|"
        r"his|her|our|my|there)\b",
    ),
    Pattern(
        "limit_after",
        "after",
        "a phrase right after the match that limits it without a condition word ('…, at least in "
        "summer', '7 hours tops', '7 hours and change', '…, but only with the premium plan', '…, "
        "though not in winter', '…, depending on the plan')",
        r"[\s,]*(?:but|yet)\s+only\b"
        r"|[\s,]*at least\s+(?:in|on|for|during|when|if|at|until|by|as of)\b"
        r"|[\s,]*(?:tops|max|at most|at the most|and change|or thereabouts|more or less|depending on)\b"
        r"|[^.;!?]{0,40}?,\s*(?:though|although|but)\s+not\b",
    ),
    Pattern(
        "until_after",
        "after",
        "a time the match held until or before, right after it ('… until 2020', '… until March', '… "
        "before 2020'): not a time of day ('until 9 p.m.'), nor a condition ('until activated'), nor a "
        "deadline ('before March 31')",
        r"[\s,]*(?:(?:until|till|up until|up till)\s+(?:(?:the\s+)?(?:end|start|beginning|middle)\s+of\s+)?"
        r"(?:(?:early|late|mid)[\s-]*)?(?:\d{4}\b|(?:january|february|march|april|june|july|august|"
        r"september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\b\.?|"
        r"recently\b|last\s+(?:year|month|week)\b|then\b)"
        r"|(?:before|prior to)\s+(?:\d{4}\b|recently\b|then\b))",
        ignore_case=True,
    ),
    Pattern(
        "past_tense",
        "sentence",
        "a past tense before a time the match held until (row `until_after`): 'could not … until "
        "2020' held before, 'is undergoing renovation until 2026' holds now",
        r"\b(?:was|were|had|did|could|used to|wasn't|weren't|hadn't|didn't|couldn't)\b",
        ignore_case=True,
    ),
    Pattern(
        "past_markers",
        "clause",
        "a word in the match's clause that says it held in the past ('Gift cards previously could not "
        "…', 'used to'): not 'once', which also means 'when', nor 'in the past' ('in the past month')",
        r"\b(?:previously|formerly|used to|until recently)\b",
        ignore_case=True,
    ),
    Pattern(
        "now_after",
        "after",
        "a contrast after the match, in its sentence, to what holds now ('…, but now they can', '…, "
        "but since then it has changed'; not \"but today's sale items\")",
        r"[^.;!?]{0,60}?\b(?:but|though|yet|however)\b\s*,?\s*(?:now|today|nowadays|these days|since then|"
        r"currently|no longer)\b(?![\'’]s)",
        ignore_case=True,
    ),
    Pattern(
        "rival_after",
        "after",
        "a contrast right after the match that may lead to another value for the same slot ('…, but "
        "usually 10', '…, but it often takes 10 days'; then the light words of row `rival_light`)",
        r"[\s,;]*(?:but|yet|though|however)\b\s*,?\s*(?:(?:it|they|this|that)\s+)?",
        ignore_case=True,
    ),
    Pattern(
        "rival_light",
        "after",
        "light words that may stand between a contrast after the match (row `rival_after`) and another "
        "value for the same slot: 'usually', 'it often takes', 'closer to'",
        r"\s*(?:(?:usually|often|typically|normally|generally|mostly|in practice|actually|really|sometimes|"
        r"more like|closer to|about|around|nearly|almost|up to|as (?:long|much|many) as|takes?|took|"
        r"needs?|lasts?|is|are|was|were|can|may|will|could|might|would|be|it's|they're)\s+)*",
        ignore_case=True,
    ),
    Pattern(
        "limiting_next",
        "next-sentence",
        "a sentence that refers back to the one before and restricts its scope ('This applies only to "
        "full-time staff.', 'The offer is limited to members.', 'This does not apply to interns.')",
        r"^[\W_]*(?:this|that|these|those|it|the above|the (?:offer|discount|deal|policy|rule|benefit|"
        r"coverage|exemption|price|rate|fee|promotion|warranty|guarantee|arrangement|provision)s?)\b"
        r"[^.;!?]{0,30}?\b(?:(?:only\s+)?(?:applies|apply|holds|hold|is valid|are valid|is available|"
        r"are available)\s+only\b|only\s+(?:applies|apply|holds|hold|covers|cover)\b|(?:is|are)\s+"
        r"(?:only\s+)?(?:limited|restricted|confined)\s+to\b|(?:does|do)\s*(?:not|n't)\s+(?:apply|hold)\b|"
        r"(?:is|are)\s+(?:only\s+)?(?:valid|available|for)\s+(?:only\s+)?(?:on|to|for|in|at|until|"
        r"during)\b[^.;!?]{0,30}?\bonly\b|excludes?\b)",
        ignore_case=True,
    ),
    Pattern(
        "pronoun",
        "previous-sentence",
        "a pronoun that opens its sentence (after a fronted phrase), or a clause after and/but",
        r"(?:^[\W_]*(?:[^,.;:!?]{1,60},\s*)?|,?\s+(?:and|but)\s+)(?P<pro>it|he|she|they|its|his|her|their)\b",
        ignore_case=True,
    ),
    Pairs(
        "possessive_pronoun",
        "previous-sentence",
        "a possessive pronoun, and what its antecedent is written with in its place",
        (("its", "'s"), ("his", "'s"), ("her", "'s"), ("their", "'s")),
    ),
    Pattern(
        "participle_phrase",
        "sentence",
        "a participle phrase that opens a sentence ('Founded in 1930 by X, Publix is …')",
        r"^[\W_]*(?P<phrase>[A-Z][a-z]+(?:ed|en|wn|lt|de|rn)\b(?:[^,;.!?]|(?<=\b[A-Z])\.){0,100}),\s*(?P<rest>\S.*)$",
    ),
    Pattern(
        "reported",
        "sentence",
        "a participle phrase that reports, misreads or compares ('Rumoured to have been founded …')",
        r"\bto (?:be|have)\b|\b(?:as|for|like)\b|\b(?:mis\w+|reported|rumou?red|alleged|said|believed|"
        r"thought|mistaken|described|claimed|supposed|expected|planned|scheduled|proposed)\b",
        ignore_case=True,
    ),
    words(
        "not_participles",
        "sentence",
        "words ending like a participle that are none",
        "then|when|even|often|indeed|seven|eleven|heaven|golden|garden|seldom|hidden",
    ),
    Pattern(
        "joined",
        "previous-sentence",
        "what follows a subject to make it part of another one ('Kenya and Somalia', 'X's father')",
        r"\s*(?:and|or|&|'s|,)",  # read with .match at the subject's end (no ^: it anchors there)
    ),
    Pattern(
        "copula",
        "previous-sentence",
        "the sentence says what its subject is ('Publix is a supermarket chain.')",
        r"^[\W_]*(?:is|was|are|were|remains|became|has been|had been)\b",
        ignore_case=True,
    ),
    words("coordinators", "inside", "words that join the items of a list", "or|and"),
    words(
        "scope_heads",
        "before",
        "what opens a phrase that limits the statement after it to some case ('For international orders, …')",
        "for|in|among|under|during|within|on|at|to|with|without",
    ),
    Pattern(
        "another_case",
        "after",
        "the sentence goes on to another case ('…, while domestic orders …')",
        r"\b(?:while|whereas|but|however)\b",
    ),
    words(
        "lead_ins",
        "before",
        "lead-ins that attribute or connect, and limit nothing ('According to the policy, …')",
        "according to|based on|per |as per|in addition|in summary|in short|in total|in conclusion|in fact|"
        "in general|in other words|for example|for instance|in this case|in the policy|in the document|"
        "in the context",
    ),
    Pattern(
        "unknown_frame",
        "sentence",
        "the answer says it (or its sources) does not know, then what it does not know ('does not "
        "say whether', 'it is unclear if', 'I could not find information about', 'the context does "
        "not mention'): the rest of the clause (from group scope) is not stated",
        r"(?:\b(?:does|do|did|is|are|was|were|am|has|have|had|could|can|would|will|'m|'re|'s)\s*(?:not|n't)"
        r"|\bcannot|\bunable to|\bfails? to|\bfailed to)\s+(?:\w+ly\s+)?(?:be\s+)?"
        r"(?:say|state|mention|specify|indicate|tell|confirm|clarify|show|address|cover|explain|"
        r"discuss|reveal|disclose|establish|provide|give|contain|include|offer|find|know|determine|"
        r"verify|sure|certain|clear|known|specified|stated|mentioned|confirmed|determined|possible to "
        r"(?:say|tell|determine|know|confirm))\b(?P<scope>[^,;:.]{0,40}?(?:\bwhether\b|"
        r"\b(?:information|details?|mention)\s+(?:about|on|of|regarding|concerning|as to)\b))"
        r"|(?:\b(?:does|do|did|is|are|was|were|am|could|can|would|will|'m|'re|'s)\s*(?:not|n't)|\bcannot|"
        r"\bunable to)\s+(?:\w+ly\s+)?(?:be\s+)?(?:say|state|mention|specify|indicate|tell|confirm|clarify|"
        r"know|determine|verify|sure|certain|clear|known|specified|stated|mentioned|confirmed)\s+if\b"
        r"|\b(?:unclear|unknown|uncertain|unconfirmed|unspecified|unsure|not (?:clear|known|certain|sure|"
        r"specified|stated|mentioned|confirmed|indicated|addressed|disclosed))\s+(?:whether|if)\b"
        r"|\b(?:no|not any)\s+(?:\w+\s+)?(?:information|details|mention)\b[^,;:.]{0,40}?\b(?:about|on|of|"
        r"regarding|concerning|as to|whether|if)\b"
        r"|\b(?:context|documents?|passages?|sources?|texts?|excerpts?|materials?|search results|retrieved "
        r"\w+)\s+(?:provided\s+|given\s+|available\s+)?(?:does|do|did)\s*(?:not|n't)\s+(?:\w+ly\s+)?"
        r"(?:say|state|mention|specify|indicate|give|provide|cover|address|discuss|include|contain|list)\b"
        r"|\b(?:i|we)\s+(?:could|can|did|do|was|were|am)\s*(?:not|n't)\s+(?:able to\s+)?(?:find|see|locate)\b",
        ignore_case=True,
    ),
    Pattern(
        "unknown_closing",
        "sentence",
        "a question the answer opens with, then says it does not know ('Whether the fee is refundable "
        "is not stated'): the question (group q) is not stated",
        r"^\W*(?P<q>whether\b[^,;:]+?)\s*(?:is|are|was|were|remains?)\s+(?:unclear|unknown|uncertain|"
        r"unconfirmed|unspecified|not (?:clear|known|certain|stated|specified|mentioned|confirmed|given|said|"
        r"indicated))\b",
        ignore_case=True,
    ),
    Pattern(
        "asking_closing",
        "sentence",
        "a question the answer opens with, then says what it depends on ('Whether the fee is "
        "refundable depends on the plan'): the question (group q) is asked, not stated",
        r"^\W*(?P<q>whether\b[^,;:]+?)\s*(?:depends|will depend|is up to|varies|is decided)\b",
        ignore_case=True,
    ),
    Pattern(
        "asking_frame",
        "sentence",
        "an embedded question after a verb of asking or finding out ('check whether', 'asked if', "
        "'depends on whether'): the rest of the clause is asked, not stated",
        r"\b(?:ask|asks|asked|asking|wonder|wonders|wondered|wondering|check|checks|checked|checking|"
        r"verify|verifies|verified|confirm|confirms|confirmed|determine|determines|determined|find out|"
        r"see|know|knows|knew|inquire|inquired|enquire|enquired|investigate|investigates|investigated|"
        r"investigating|examine|examining|decide|decides|deciding)\s+(?:(?:me|us|you|him|her|them|"
        r"with (?:the |your |a |an )?\w+)\s+)?if\b|\b(?:ask|asks|asked|asking|wonder|wonders|wondered|"
        r"wondering|check|checks|checked|checking|verify|verifies|verified|confirm|confirms|confirmed|determine|"
        r"determines|determined|find out|see|know|knows|knew|inquire|inquired|enquire|enquired|investigate|"
        r"investigates|investigated|investigating|examine|examining|decide|decides|deciding)\b"
        r"[^,;:.]{0,30}?\bwhether\b"
        r"|\b(?:say|says|said|tell|tells|told|explain|explains|explained|consider|considering|"
        r"depends? on|depending on|as to)\s+(?:(?:me|us|you|him|her|them)\s+)?whether\b",
        ignore_case=True,
    ),
    Pattern(
        "question_starts",
        "sentence",
        "a question word after a comma opens the question a sentence ends with ('If that is so, "
        "why does …?'): what comes before it is stated",
        r",\s*(?=(?:what|how|why|who|whom|where|when|which|is|are|was|were|do|does|did|can|could|will|"
        r"would|should|shall)\b)",
        ignore_case=True,
    ),
    Pattern(
        "frame_ends",
        "sentence",
        "what ends the clause a not-knowing frame or an embedded question covers ('; however, it "
        "states that …', ', but …')",
        r"[;:]|,\s*(?:but|however|although|though|yet|while|whereas|instead)\b|\b(?:but|however)\b",
        ignore_case=True,
    ),
    Pattern("respectively", "sentence", "several things paired with several values", r"\brespectively\b"),
    Pattern(
        "contrast",
        "before",
        "a contrast: the matched words may be said of the other one ('Unlike Publix, Kroger is …')",
        r"\b(?:unlike|in contrast to|in contrast with|as opposed to|contrary to|compared (?:with|to))\b",
    ),
    Pattern(
        "baseline",
        "before",
        "a baseline in time, not another thing ('compared with last year')",
        r"last (?:year|month|quarter|week)|a year (?:ago|earlier)",
    ),
    words("alternatives", "inside", "an alternative the answer adds ('monthly or quarterly')", "or|either"),
    words(
        "deadline_bounds",
        "value",
        "a deadline's own bound: 'within 10 days' states the 10 days; a range that ends at its value "
        "states the deadline ('in 3 to 10 days')",
        "within",
    ),
    Pattern("of_before", "name", "something of a name: 'the son of George Jenkins'", r"\s+of\s+(?:the\s+)?$"),
    Pattern("possessed_after", "name", "something of a name: 'the FDA's panel'", r"'s\s+(?P<thing>\w+)"),
    words(
        "titles",
        "name",
        "titles before a name that leave it the same person ('President Lincoln', 'Dr Smith')",
        "mr|mrs|ms|miss|dr|prof|professor|sir|dame|lord|lady|president|senator|governor|mayor|king|queen|"
        "prince|princess|pope|saint|st|general|gen|captain|judge|justice|minister|chancellor|ceo|chairman|"
        "chairwoman|director|reverend|rev|father|sister|brother|uncle|aunt",
    ),
    Pattern(
        "denial",
        "next-sentence",
        "a sentence that does nothing but deny the one before ('That is false.', 'It was not.')",
        r"^[\W_]*(?:(?:that|this|it|these|those)(?: claim| report| story| statement)?"
        r"(?:,[^.]{0,40},)? (?:is|was|are|were) "
        r"(?:false|wrong|untrue|incorrect|not true|a myth|inaccurate|not|not so))"
        r"[\W_]*$",
        ignore_case=True,
    ),
    words(
        "clause_openers",
        "clause",
        "words that open a clause of its own inside a sentence: a negation after one is said of "
        "that clause ('came to their attention after he failed to appear')",
        "after|before|since|because|although|though|whereas|despite|which|who|whom|whose|while|until",
    ),
    words(
        "not_negating",
        "clause",
        "phrases whose negating word negates nothing ('nothing but', 'no matter')",
        "nothing but|no matter|no less than|no fewer than|not least|none other than|no sooner",
    ),
    words(
        "negated_in_words",
        "clause",
        "verbs that say 'not' in other words: a negation no cue counts ('opts out of showing')",
        "opt out|opts out|opted out|opting out|pull out|pulls out|pulled out|pulling out|drop out|"
        "drops out|dropped out|withdraw|withdraws|withdrew|withdrawn|skip|skips|skipped|abstain|"
        "abstains|abstained|refrain|refrains|refrained|cease|ceases|ceased|forgo|forgoes|forgoing|"
        "forwent|sits out|sat out|bows out|bowed out|backs out|backed out",
    ),
    words(
        "negation_tails",
        "clause",
        "words that complete a negation before what it bears on ('no longer charges', 'not true that')",
        "longer|any longer|anymore|yet|even|again|ever|always|quite|entirely|fully|really|at all|"
        "true that|the case that|correct that|accurate that",
    ),
    words(
        "in_slot_words",
        "clause",
        "words an answer puts before a value without moving it to another slot ('is currently $99', "
        "'is given as 60 days')",
        "given as|set at|set to|listed as|stated as|shown as|fixed at|quoted at|put at|recorded as|"
        "specified as|priced at|valued at|capped at|stands at|stood at|raised to|increased to|reduced to|"
        "lowered to|extended to|shortened to|changed to|updated to|adjusted to|revised to|rose to|"
        "fell to|dropped to|currently|now|still|already|also|"
        "just|actually|typically|usually|generally|normally|then|today|presently|originally|initially|"
        "only|exactly|precisely|reportedly|officially",
    ),
    words(
        "perfect_auxiliary",
        "quote",
        "the perfect's auxiliary a copy may add before the same word ('has expanded')",
        "have",
    ),
    words("free_words", "quote", "the only words a copy of a quote may add or leave out", "the|a"),
    words(
        "possessives",
        "quote",
        "a possessive a copy may state as an article ('their stay' -> 'the stay')",
        "my|your|his|her|its|our|their",
    ),
    Pairs(
        "same_word",
        "sentence",
        "one word said otherwise: a derivation a suffix rule does not reach ('death' for 'die'), "
        "a spelling, an abbreviation ('U.S.' for 'United States'): an answer holding one holds a "
        "unit of the fact written with the other (graded support, whether it addresses the fact)",
        (
            ("death", "die"),
            ("dead", "die"),
            ("birth", "born"),
            ("marriage", "marry"),
            ("sale", "sell"),
            ("loss", "lose"),
            ("choice", "choose"),
            ("proof", "prove"),
            ("success", "succeed"),
            ("failure", "fail"),
            ("arrival", "arrive"),
            ("decision", "decide"),
            ("defence", "defend"),
            ("defense", "defend"),
            ("threat", "threaten"),
            ("flight", "fly"),
            ("growth", "grow"),
            ("height", "high"),
            ("length", "long"),
            ("width", "wide"),
            ("strength", "strong"),
            ("pregnancy", "pregnant"),
            ("theft", "thief"),
            ("belief", "believe"),
            ("centre", "center"),
            ("theatre", "theater"),
            ("metre", "meter"),
            ("programme", "program"),
            ("u.s", "united states"),
            ("u.k", "united kingdom"),
            ("u.n", "united nations"),
            ("e.u", "european union"),
            ("uk", "united kingdom"),
            ("usa", "united states"),
        ),
    ),
)
