"""Adversarial English answer-fact probes, second round (matcher v3), written apart from the
matcher by a reviewer who had not read its rules.

Families: numbers, bounds, modal, entities, polarity, conditions, deadlines, quantifiers,
comparisons, units, dates_times, long (MuSiQue / RAGChecker passages), aliases_value.
Format as tests/adversarial/probe_facts.py. Passages in P are copied unchanged from
MuSiQue's qa_train.json (CC BY 4.0) and RAGChecker's examples/checking_inputs.json (Apache-2.0).
"""

from __future__ import annotations

CASES: list[dict] = []


def F(family, fact, answer, expect, note, **kw):
    f = {"text": fact}
    for k in ("aliases", "value", "polarity"):
        if k in kw:
            f[k] = kw[k]
    CASES.append(
        {"family": family, "lang": "en", "fact": f, "answer": answer, "expect": expect, "note": note}
    )


N, Y = "not_found", "found"

P = {
    "Tennessee": "Tennessee (i/tɛnᵻˈsiː/) (Cherokee: ᏔᎾᏏ, Tanasi) is a state located in the southeastern United States. Tennessee is the 36th largest and the 17th most populous of the 50 United States. Tennessee is bordered by Kentucky and Virginia to the north, North Carolina to the east, Georgia, Alabama, and Mississippi to the south, and Arkansas and Missouri to the west. The Appalachian Mountains dominate the eastern part of the state, and the Mississippi River forms the state's western border. Tennessee's capital and second largest city is Nashville, which has a population of 601,222. Memphis is the state's largest city, with a population of 653,450.",
    "Hank Snow": 'Snow moved to Nashville, Tennessee, in 1949, and "Hank Snow, the Singing Ranger" (modified from his earlier nickname, the Yodeling Ranger), began recording for RCA Victor in the United States in 1949. His first release in the United States, "Marriage Vow" climbed to number ten on the country charts in the fall of 1949; However, it wasn\'t until he was invited to play at the Grand Ole Opry in 1950 that he gained serious significance in the United States. His second release in early 1950, "I\'m Moving On" was the first of seven number 1 hits on the country charts. "I\'m Moving On" stayed at the top for 21 weeks, setting the all-time record for most weeks at number 1.',
    "Hello Love (song)": '"Hello Love" is a 1974 single by Hank Snow. "Hello Love" was Snow\'s seventh and final number one on the U.S. country singles chart, and his first number one in twelve years. The single stayed at number one for a single week and spent a total of ten weeks on the chart.',
    "Publix": "Publix Super Markets, Inc., commonly known as Publix, is an employee - owned, American supermarket chain headquartered in Lakeland, Florida. Founded in 1930 by George W. Jenkins, Publix is a private corporation that is wholly owned by present and past employees. It is considered the largest employee - owned company in the world. Publix operates throughout the Southeastern United States, with locations in Florida (785), Georgia (186), Alabama (68), South Carolina (58), Tennessee (42), North Carolina (35), and Virginia (8).",
    "Pearl Jam": "Pearl Jam is an American rock band formed in 1990 in Seattle, Washington. The band's current lineup comprises founding members Eddie Vedder (lead vocals), Mike McCready (lead guitar), Stone Gossard (rhythm guitar) and Jeff Ament (bass), and longtime drummer Matt Cameron. Keyboardist Boom Gaspar has also been a session/touring member with the band since 2002. Drummers Jack Irons, Dave Krusen, Matt Chamberlain and Dave Abbruzzese are former members of the band.",
    "Seattle": "Seattle typically receives some snowfall on an annual basis but heavy snow is rare. Average annual snowfall, as measured at Sea-Tac Airport, is 6.8 inches (17.3 cm). Single calendar-day snowfall of six inches or greater has occurred on only 15 days since 1948, and only once since February 17, 1990, when 6.8 in (17.3 cm) of snow officially fell at Sea-Tac airport on January 18, 2012. This moderate snow event was officially the 12th snowiest calendar day at the airport since 1948 and snowiest since November 1985. Much of the city of Seattle proper received somewhat lesser snowfall accumulations. Locations to the south of Seattle received more, with Olympia and Chehalis receiving 14 to 18 in (36 to 46 cm). Another moderate snow event occurred from December 12–25, 2008, when over one foot (30 cm) of snow fell and stuck on much of the roads over those two weeks, when temperatures remained below 32 °F (0 °C), causing widespread difficulties in a city not equipped for clearing snow. The largest documented snowstorm occurred from January 5–9, 1880, with snow drifting to 6 feet (1.8 m) in places at the end of the snow event. From January 31 to February 2, 1916, another heavy snow event occurred with 29 in (74 cm) of snow on the ground by the time the event was over. With official records dating to 1948, the largest single-day snowfall is 20.0 in (51 cm) on January 13, 1950. Seasonal snowfall has ranged from zero in 1991–92 to 67.5 in (171 cm) in 1968–69, with trace amounts having occurred as recently as 2009–10. The month of January 1950 was particularly severe, bringing 57.2 in (145 cm) of snow, the most of any month along with the aforementioned record cold.",
    "Rochester, New York": "Rochester (/ ˈrɒtʃɪstər, ˈrɒtʃɛstər /) is a city on the southern shore of Lake Ontario in western New York. With a population of 208,880 residents, Rochester is the seat of Monroe County and the third most populous city in New York state, after New York City and Buffalo. The metropolitan area has a population of just over 1 million people.",
    "Saving Private Ryan": "Saving Private Ryan is a 1998 American epic war film directed by Steven Spielberg and written by Robert Rodat. Set during the Invasion of Normandy in World War II, the film is notable for its graphic portrayal of war, and for the intensity of its opening 27 minutes, which includes a depiction of the Omaha Beach assault during the Normandy landings. It follows United States Army Rangers Captain John H. Miller (Tom Hanks) and a squad (Tom Sizemore, Edward Burns, Barry Pepper, Giovanni Ribisi, Vin Diesel, Adam Goldberg, and Jeremy Davies) as they search for a paratrooper, Private First Class James Francis Ryan (Matt Damon), who is the last - surviving brother of four servicemen.",
    "British Hong Kong": "British Hong Kong was the period during which Hong Kong was under British Crown rule from 1842 to 1997 (excluding the Japanese occupation from 1941 to 1945). It was established as a Crown colony and later designated a British Dependent Territory in 1981. Hong Kong Island was ceded to the United Kingdom by the Qing dynasty of China after the First Opium War (1839 -- 1842). The Kowloon Peninsula was added to the colony after the Second Opium War (1856 -- 1860). Finally, in 1898, the New Territories were added under a 99 - year lease. Although Hong Kong Island and Kowloon were ceded to Britain in perpetuity, the New Territories -- which comprised over 90 per cent of Hong Kong's land -- had such a vital role in the economy that the British government agreed to transfer sovereignty of the entirety of Hong Kong to China upon the expiration of the lease in 1997. The transfer has been considered by many as marking the end of the British Empire.",
    "Treaties of the European Union": "Two core functional treaties, the Treaty on European Union (originally signed in Maastricht in 1992) and the Treaty on the Functioning of the European Union (originally signed in Rome in 1957 as the Treaty establishing the European Economic Community), lay out how the EU operates, and there are a number of satellite treaties which are interconnected with them. The treaties have been repeatedly amended by other treaties over the 65 years since they were first signed. The consolidated version of the two core treaties is regularly published by the European Commission.",
    "Trade unions in Europe": "The European Trade Union Confederation was set up in 1973 to promote the interests of working people at the European level and to represent them in the European Union institutions. It is recognized by the European Union, the Council of Europe, and the European Free Trade Association as the only representative cross-sectoral trade union organization at the European level.",
    "Brand (play)": 'Brand is a play by the Norwegian playwright Henrik Ibsen. It is a verse tragedy, written in 1865 and first performed in Stockholm, Sweden on 24 March 1867. "Brand" was an intellectual play that provoked much original thought.',
    "Kim Jong-chul": "Kim Jong-chul (born 25 September 1981), sometimes spelled Kim Jong Chol, is a son of former North Korean Supreme Leader Kim Jong-il. His younger brother is Kim Jong-un, now the leader of North Korea. His older half-brother was Kim Jong-nam, who was assassinated in February 2017.",
    "Kim Jong-il": 'Soviet records show that Kim was born Yuri Irsenovich Kim () in 1941 in the village of Vyatskoye, near Khabarovsk, where his father, Kim Il-sung, commanded the 1st Battalion of the Soviet 88th Brigade, made up of Chinese and Korean exiles. Kim Jong-il\'s mother, Kim Jong-suk, was Kim Il-sung\'s first wife. Inside his family, he was nicknamed "Yura", while his younger brother Kim Man-il (born Alexander Irsenovich Kim) was nicknamed "Shura".',
    "Iowa": "Almost immediately after achieving territorial status, a clamor arose for statehood. On December 28, 1846, Iowa became the 29th state in the Union when President James K. Polk signed Iowa's admission bill into law. Once admitted to the Union, the state's boundary issues resolved, and most of its land purchased from the Indians, Iowa set its direction to development and organized campaigns for settlers and investors, boasting the young frontier state's rich farmlands, fine citizens, free and open society, and good government.",
    "Intrepid Wind Farm": "The Intrepid Wind Farm consists of 107 wind turbines, located in Sac and Buena Vista counties in north-west Iowa, has a generating capacity of 160.5 megawatts of electricity. The wind power project is MidAmerican Energy Company’s first owned and operated wind generation facility and became operational on December 31, 2004.",
    "Clonbrook": "Clonbrook is a village in the Demerara-Mahaica region of Guyana. The village itself has a population of about 1,000-2,000. The village is located along the East Coast Highway and is about 16.5 miles from Georgetown and about 6 miles from Mahaica. It is bordered in the east by the village of Bee Hive and by Ann's grove in the west.",
    "Salt March": "The Salt March, also known as the Dandi March and the Dandi Satyagraha, was an act of nonviolent civil disobedience in colonial India initiated by Mohandas Karamchand Gandhi to produce salt from the seawater in the coastal village of Dandi, as was the practice of the local populace until British officials introduced taxation on salt production, deemed their sea - salt reclamation activities illegal, and then repeatedly used force to stop it. The 24 - day march began from 12 March 1930 and continued until 6 April 1930 as a direct action campaign of tax resistance and nonviolent protest against the British salt monopoly, and it gained worldwide attention which gave impetus to the Indian independence movement and started the nationwide non co-operation movement.",
    "Austria": "Karl Renner and Adolf Schärf (Socialist Party of Austria [Social Democrats and Revolutionary Socialists]), Leopold Kunschak (Austria's People's Party [former Christian Social People's Party]), and Johann Koplenig (Communist Party of Austria) declared Austria's secession from the Third Reich by the Declaration of Independence on 27 April 1945 and set up a provisional government in Vienna under state Chancellor Renner the same day, with the approval of the victorious Red Army and backed by Joseph Stalin. (The date is officially named the birthday of the second republic.) At the end of April, most of western and southern Austria were still under Nazi rule. On 1 May 1945, the federal constitution of 1929, which had been terminated by dictator Dollfuss on 1 May 1934, was declared valid again.",
    "Gila monster": "The Gila monster (Heloderma suspectum,  HEE-lə) is a species of venomous lizard native to the southwestern United States and northwestern Mexican state of Sonora. A heavy, typically slow-moving lizard, up to 60 cm (2.0 ft) long, the Gila monster is the only venomous lizard native to the United States and one of only two known species of venomous lizards in North America, the other being its close relative, the Mexican beaded lizard (H. horridum). Although the Gila monster is venomous, its sluggish nature means it represents little threat to humans. However, it has acquired a fearsome reputation, and is sometimes killed despite being protected by state law in Arizona. In 2019, the state of Utah made the Gila monster its official state reptile.",
    "First Pan-African Conference": "The First Pan-African Conference was held in London from 23 to 25 July 1900 (just prior to the Paris Exhibition of 1900 ``in order to allow tourists of African descent to attend both events ''). Organized primarily by the Trinidadian barrister Henry Sylvester Williams, it took place in Westminster Town Hall (now Caxton Hall) and was attended by 37 delegates and about 10 other participants and observers from Africa, the West Indies, the US and the UK, including Samuel Coleridge Taylor (the youngest delegate), John Alcindor, Dadabhai Naoroji, John Archer, Henry Francis Downing, and W.E.B. Du Bois, with Bishop Alexander Walters of the AME Zion Church taking the chair. Du Bois played a leading role, drafting a letter (`` Address to the Nations of the World'') to European leaders appealing to them to struggle against racism, to grant colonies in Africa and the West Indies the right to self - government and demanding political and other rights for African Americans.",
    "2017 World Series": "The 2017 World Series was the championship series of Major League Baseball's (MLB) 2017 season. The 113th edition of the World Series, it was played between October 24 and November 1. The series was a best - of - seven playoff between the National League (NL) champion Los Angeles Dodgers and the American League (AL) champion Houston Astros. It was sponsored by the Internet television service YouTube TV and officially known as the World Series presented by YouTube TV.",
    "Admiral Twin": "Admiral Twin released their debut CD, Unlucky, in December 1997 on independent New Pop Revival Records. The band consisted of Brad Becker (vocals, guitar, keyboards, and more), Mark Carr (vocals, bass), Jarrod Gollihare (vocals, drums), and John Russell (vocals, guitar). All of the members are also songwriters. In support of Unlucky, they toured with local Tulsa pop - stars, Hanson, as the opening act on the Albertane Tour in the summer of 1998, playing to sold out crowds and many thousands of fans.",
    "Fist Power": "Fist Power is a 2000 Hong Kong action film directed by Aman Chang, starring Chiu Man-cheuk, Anthony Wong, Gigi Lai and Sam Lee. Shooting for the film took place in Hong Kong between February and March 1999. The film was released in Hong Kong theatres on 21 January 2000.",
    "Big Eyes": "Big Eyes is a 2014 American biographical drama film directed by Tim Burton, written by Scott Alexander and Larry Karaszewski and starring Amy Adams and Christoph Waltz. The film is about the life of American artist Margaret Keane—famous for drawing portraits and paintings with big eyes. It follows the story of Margaret and her husband, Walter Keane, who took credit for Margaret's phenomenally successful and popular paintings in the 1950s and 1960s. It follows the lawsuit and trial between Margaret and Walter, after Margaret reveals she is the true artist behind the paintings.",
    "Linville Falls Tavern": "Linville Falls Tavern, now known as Famous Louise's Rock House Restaurant, is a historic tavern located at Linville Falls, Avery County and McDowell County, North Carolina. It was built in 1936, and is a 1 1/2-story, eight bay, native stone Rustic Revival-style building. It has a hipped roof with dormer and two stone chimneys.",
    "Johnnycake, West Virginia": "Johnnycake is an unincorporated community in McDowell County, West Virginia, United States. Johnnycake is located on U.S. Route 52 north of Iaeger.",
    "Nora Ibsen": "Nora Bergliot Ibsen (born 1951) is a Norwegian theatrical producer, noted for being the producer of the 2006 Ibsen Year, Norway's major anniversary of playwright Henrik Ibsen's death 100 years earlier, including high profile celebrations in multiple countries. The Ibsen Year was one of the Norwegian government's major cultural undertakings in 2006, aimed at increasing appreciation of Henrik Ibsen and Norwegian culture internationally. The Ibsen Year comprised 8213 separate cultural events, and 83 countries took part in the commemoration.",
    "NILE_GT": "The Nile is a major north-flowing river in northeastern Africa. It flows into the Mediterranean Sea. The Nile is the longest river in Africa and has historically been considered the longest river in the world, though this has been contested by research suggesting that the Amazon River is slightly longer. Of the world's major rivers, the Nile is one of the smallest, as measured by annual flow in cubic metres of water. About 6,650 km (4,130 mi) long, its drainage basin covers eleven countries: the Democratic Republic of the Congo, Tanzania, Burundi, Rwanda, Uganda, Kenya, Ethiopia, Eritrea, South Sudan, Sudan, and Egypt.",
    "DRC_GT": "The national flag of the Democratic Republic of the Congo represents blue for peace, red for \"the blood of the country's martyrs\", yellow for the country's wealth ; and a star for a radiant future for the country.",
}

# ================================================================ numbers
F(
    "numbers",
    "The Ibsen Year comprised 8,213 separate cultural events.",
    P["Nora Ibsen"],
    Y,
    "8,213 = 8213 inside a real passage",
)
F(
    "numbers",
    "The Ibsen Year comprised 8,231 separate cultural events.",
    P["Nora Ibsen"],
    N,
    "digits transposed",
)
F(
    "numbers",
    "Python 3.10 added structural pattern matching.",
    "Python 3.10 added structural pattern matching to the language.",
    Y,
    "version number positive",
)
F(
    "numbers",
    "Python 3.10 added structural pattern matching.",
    "Python 3.1 added structural pattern matching to the language.",
    N,
    "version 3.10 is not 3.1 (a version is not a decimal: the trailing zero counts)",
)
F(
    "numbers",
    "The library requires version 2.10.",
    "The library requires version 2.1.",
    N,
    "version 2.10 vs 2.1",
)
F(
    "numbers",
    "The temperature fell to -5 °C overnight.",
    "The temperature fell to -5 °C overnight, a record low.",
    Y,
    "negative number positive",
)
F(
    "numbers",
    "The temperature fell to -5 °C overnight.",
    "The temperature fell to 5 °C overnight.",
    N,
    "minus sign dropped",
)
F(
    "numbers",
    "The stock returned -12% in 2022.",
    "The stock returned 12% in 2022.",
    N,
    "minus sign dropped (percent)",
)
F("numbers", "GDP grew by 3% last year.", "GDP grew by -3% last year.", N, "minus sign added")
F(
    "numbers",
    "Two thirds of the members voted in favour.",
    "Two-thirds of the members voted in favour.",
    Y,
    "hyphenated fraction",
)
F(
    "numbers",
    "Two thirds of the members voted in favour.",
    "One third of the members voted in favour.",
    N,
    "fraction changed",
)
F("numbers", "The box holds 12 eggs.", "Each box holds a dozen eggs.", Y, "(weak) a dozen = 12")
F(
    "numbers",
    "The cathedral was built in the 21st century.",
    "The cathedral was built in the twenty-first century.",
    Y,
    "21st = twenty-first",
)
F(
    "numbers",
    "The cathedral was built in the 21st century.",
    "The cathedral was built in the twentieth century.",
    N,
    "21st vs twentieth",
)
F(
    "numbers",
    "The band was formed in 1990.",
    "The band was formed in the 1990s.",
    N,
    "'the 1990s' is a decade, not the year 1990",
)
F(
    "numbers",
    "Unemployment rose by 2 percentage points.",
    "Unemployment rose by 2%.",
    N,
    "2% is not 2 percentage points",
)
F(
    "numbers",
    "The hall seats 250 people.",
    "The hall seats two hundred and fifty people.",
    Y,
    "number words with 'and'",
)
F("numbers", "The hall seats 250 people.", "The hall seats two hundred and five people.", N, "205 vs 250")
F(
    "numbers",
    "The arena holds 10,000 fans.",
    "The arena holds 10 000 fans.",
    Y,
    "space as thousands separator",
)
F(
    "numbers",
    "The house is a 1 1/2-story building.",
    "The house is a 1 1/2-story building with a hipped roof.",
    Y,
    "mixed fraction",
)
F(
    "numbers",
    "The house is a 1 1/2-story building.",
    "The house is a 2-story building with a hipped roof.",
    N,
    "2 vs 1 1/2",
)

# ================================================================ bounds
F("bounds", "The form must be filed by March 1.", "The form must be filed by 1 March.", Y, "date order")
F(
    "bounds",
    "The form must be filed by March 1.",
    "The form must be filed after March 1.",
    N,
    "'after' inserted before the date",
)
F("bounds", "The vote was held on Tuesday.", "The vote was held before Tuesday.", N, "'before' inserted")
F("bounds", "The deposit is $500.", "The deposit is $500 per tenancy.", Y, "extra words")
F("bounds", "The deposit is $500.", "The deposit is up to $500.", N, "bound added: up to $500")
F("bounds", "The deposit is $500.", "The deposit is at least $500.", N, "bound added: at least $500")
F("bounds", "The fee is 20%.", "The fee is 20% of the order value.", Y, "extra words")
F("bounds", "The fee is 20%.", "The fee is less than 20%.", N, "bound added: less than")
F("bounds", "The fee is 20%.", "The fee is over 20%.", N, "bound added: over")
F("bounds", "The offer is valid from June 1.", "The offer is valid from 1 June.", Y, "date order")
F("bounds", "The offer is valid from June 1.", "The offer is valid until June 1.", N, "from vs until")
F(
    "bounds",
    "The penalty applies to amounts exceeding $10,000.",
    "The penalty applies to amounts in excess of $10,000.",
    Y,
    "exceeding = in excess of",
)
F(
    "bounds",
    "The penalty applies to amounts exceeding $10,000.",
    "The penalty applies to amounts not exceeding $10,000.",
    N,
    "exceeding vs not exceeding",
)
F(
    "bounds",
    "The lizard grows up to 60 cm long.",
    "The lizard grows at least 60 cm (2.0 ft) long and is venomous.",
    N,
    "at least vs up to",
)
F(
    "bounds",
    "Hong Kong was under British rule from 1842 to 1997.",
    P["British Hong Kong"],
    Y,
    "'under British Crown rule from 1842 to 1997'",
)
F("bounds", "Hong Kong was under British rule from 1841 to 1997.", P["British Hong Kong"], N, "1841 vs 1842")
F(
    "bounds",
    "Visitors may stay no more than 90 days in any 180-day period.",
    "Visitors may stay for up to 90 days in any 180-day period.",
    Y,
    "no more than = up to",
)

# ================================================================ modal
F("modal", "Registration is optional.", "Registration is optional for returning students.", Y, "extra words")
F(
    "modal",
    "Registration is optional.",
    "Registration is required for returning students.",
    N,
    "optional vs required",
)
F(
    "modal",
    "Employees may work from home on Fridays.",
    "Employees must work from home on Fridays.",
    N,
    "may vs must",
)
F(
    "modal",
    "The landlord shall return the deposit within 14 days.",
    "The landlord must return the deposit within 14 days.",
    Y,
    "shall = must",
)
F(
    "modal",
    "Visitors are required to register.",
    "Visitors must register at the front desk.",
    Y,
    "required to = must",
)
F(
    "modal",
    "Staff are not permitted to smoke.",
    "Staff cannot smoke on the premises.",
    Y,
    "not permitted = cannot",
)
F("modal", "The applicant must be a resident.", "The applicant need not be a resident.", N, "need not")
F(
    "modal",
    "Masks are mandatory on public transport.",
    "Masks are no longer mandatory on public transport.",
    N,
    "no longer mandatory",
)
F(
    "modal",
    "Drivers must not use phones.",
    "Drivers shall not use phones while driving.",
    Y,
    "shall not = must not",
)
F(
    "modal",
    "Employees must not disclose client data.",
    "Employees are not obliged to disclose client data.",
    N,
    "prohibition vs no obligation",
)

# ================================================================ entities
F(
    "entities",
    "The company is headquartered in Virginia.",
    "The company is headquartered in Richmond, Virginia.",
    Y,
    "city added before the state",
)
F(
    "entities",
    "The company is headquartered in Virginia.",
    "The company is headquartered in West Virginia.",
    N,
    "West Virginia is not Virginia",
)
F(
    "entities",
    "Johnnycake is an unincorporated community in McDowell County, West Virginia.",
    P["Johnnycake, West Virginia"],
    Y,
    "real passage",
)
F(
    "entities",
    "Johnnycake is an unincorporated community in McDowell County, Virginia.",
    P["Johnnycake, West Virginia"],
    N,
    "Virginia vs West Virginia (real passage)",
)
F("entities", "The firm is based in York.", "The firm is based in New York.", N, "New York is not York")
F("entities", "The country borders Ireland.", "The country borders Northern Ireland.", N, "Northern Ireland")
F("entities", "The river flows through Sudan.", "The river flows through South Sudan.", N, "South Sudan")
F(
    "entities",
    "John Adams was the second president of the United States.",
    "John Quincy Adams was the second president of the United States.",
    N,
    "middle name inserted: another person",
)
F("entities", "The trial used GPT-4.", "The trial used GPT-4 in 2023.", Y, "model code positive")
F("entities", "The trial used GPT-4.", "The trial used GPT-4o.", N, "GPT-4o is not GPT-4")
F("entities", "Kim Jong-un is the leader of North Korea.", P["Kim Jong-chul"], Y, "real passage")
F(
    "entities",
    "Kim Jong-chul's older half-brother was Kim Jong-un.",
    P["Kim Jong-chul"],
    N,
    "Jong-un is the younger brother; Jong-nam the half-brother",
)
F("entities", "Kim Jong-suk was Kim Il-sung's first wife.", P["Kim Jong-il"], Y, "real passage")
F("entities", "Fist Power was directed by Aman Chang.", P["Fist Power"], Y, "director")
F(
    "entities",
    "Brand is a play by the Norwegian playwright Henrik Ibsen.",
    P["Brand (play)"],
    Y,
    "real passage",
)
F(
    "entities",
    "Brand is a play by the Swedish playwright Henrik Ibsen.",
    P["Brand (play)"],
    N,
    "Swedish: Sweden is elsewhere in the passage",
)
F(
    "entities",
    "The ferry runs from Dover to Calais.",
    "The ferry runs from Dover to Calais twice a day.",
    Y,
    "positive",
)
F(
    "entities",
    "The ferry runs from Dover to Calais.",
    "The ferry runs to Dover from Calais.",
    N,
    "direction reversed by prepositions",
)
F(
    "entities",
    "Funds were transferred to the charity.",
    "Funds were transferred to the charity in May.",
    Y,
    "positive",
)
F(
    "entities",
    "Funds were transferred to the charity.",
    "Funds were transferred from the charity.",
    N,
    "to vs from",
)

# ================================================================ roles (modifiers that change who/what)
F(
    "roles",
    "Mary Barra is the CEO of General Motors.",
    "Mary Barra is the CEO of General Motors since 2014.",
    Y,
    "positive",
)
F(
    "roles",
    "Mary Barra is the CEO of General Motors.",
    "Mary Barra is the former CEO of General Motors.",
    N,
    "former (a stop word) inserted",
)
F("roles", "She is the president of the club.", "She is the vice president of the club.", N, "vice president")
F("roles", "He is the mayor of Lyon.", "He is the deputy mayor of Lyon.", N, "deputy mayor")
F("roles", "The painting is by Rembrandt.", "The painting is a forgery of a Rembrandt.", N, "forgery")
F("roles", "The painting is by Rembrandt.", "Experts agree the painting is by Rembrandt.", Y, "positive")

# ================================================================ polarity
F(
    "polarity",
    "The company sells tobacco products.",
    "The company sells tobacco products in 40 countries.",
    Y,
    "positive",
)
F(
    "polarity",
    "The company sells tobacco products.",
    "The company stopped selling tobacco products in 2019.",
    N,
    "stopped selling",
)
F("polarity", "The company pays a dividend.", "The company forgot to pay a dividend.", N, "forgot to")
F(
    "polarity",
    "The company pays a dividend.",
    "The company promised to pay a dividend.",
    N,
    "promised to (not done)",
)
F("polarity", "The team climbed Everest.", "In 1953 the team climbed Everest.", Y, "positive")
F("polarity", "The team climbed Everest.", "The team attempted to climb Everest.", N, "attempted to")
F(
    "polarity",
    "Users are opted in by default.",
    "Users are opted in by default when they sign up.",
    Y,
    "positive",
)
F("polarity", "Users are opted in by default.", "Users are opted out by default.", N, "opted in vs out")
F(
    "polarity",
    "The feature is turned on by default.",
    "The feature is turned on by default in version 2.",
    Y,
    "positive",
)
F("polarity", "The feature is turned on by default.", "The feature is turned off by default.", N, "on vs off")
F("polarity", "The senator voted for the bill.", "The senator voted for the bill on Tuesday.", Y, "positive")
F("polarity", "The senator voted for the bill.", "The senator voted against the bill.", N, "for vs against")
F(
    "polarity",
    "The booking fee is refundable.",
    "All fees are refundable other than the booking fee.",
    N,
    "'other than' exclusion",
)
F(
    "polarity",
    "The park is open to cyclists.",
    "The park is open to everyone aside from cyclists.",
    N,
    "'aside from' exclusion",
)
F(
    "polarity",
    "Smoking is permitted on the terrace.",
    "Smoking is permitted everywhere but the terrace.",
    N,
    "'everywhere but' exclusion",
)
F(
    "polarity",
    "The museum charges admission.",
    "The museum no longer charges admission.",
    Y,
    "polarity negated + no longer",
    polarity="negated",
)
F("polarity", "The museum charges admission.", "The museum used to charge admission.", N, "used to")
F("polarity", "The drug was approved by the FDA.", "The drug was approved by the FDA in 2019.", Y, "positive")
F(
    "polarity",
    "The drug was approved by the FDA.",
    "The drug has yet to be approved by the FDA.",
    N,
    "has yet to",
)
F("polarity", "The hotel accepts cash.", "The hotel accepts cash and cards.", Y, "positive")
F(
    "polarity",
    "The hotel accepts cash.",
    "The hotel accepts neither cash nor cheques.",
    N,
    "neither ... nor (counted as two negations?)",
)
F(
    "polarity",
    "The hotel accepts cash.",
    "The hotel does not accept cash nor cards.",
    N,
    "not ... nor: two negation tokens, one negation",
)
F("polarity", "The ship docked in Lisbon.", "The ship docked in Lisbon on Monday morning.", Y, "positive")
F(
    "polarity",
    "The ship docked in Lisbon.",
    "Fog prevented the ship from docking in Lisbon.",
    N,
    "prevented from",
)
F(
    "polarity",
    "Patients should take the drug with food.",
    "Patients should avoid taking the drug with food.",
    N,
    "avoid",
)
# ================================================================ conditions
F(
    "conditions",
    "Employees are eligible for the bonus.",
    "Employees are eligible for the bonus this year.",
    Y,
    "positive",
)
F(
    "conditions",
    "Employees are eligible for the bonus.",
    "Only full-time employees are eligible for the bonus.",
    N,
    "restricted to full-time",
)
F(
    "conditions",
    "Residents over 65 are eligible for free travel.",
    "Residents over 65 with a disability are eligible for free travel.",
    N,
    "(weak) narrowed by added condition",
)
F(
    "conditions",
    "Interest is charged if the balance is not paid in full.",
    "Interest is charged if the balance is paid in full.",
    N,
    "negation dropped inside the condition",
)
F(
    "conditions",
    "The warranty is void if the seal is broken.",
    "The warranty is void if the seal is broken or removed.",
    Y,
    "alternative added",
)
F(
    "conditions",
    "The loan is approved within 24 hours if documents are complete.",
    "The loan is approved within 24 hours.",
    N,
    "condition dropped",
)
F(
    "conditions",
    "Applicants who hold a degree are exempt from the test.",
    "Applicants who do not hold a degree are exempt from the test.",
    N,
    "negated relative clause",
)
F(
    "conditions",
    "Applicants who hold a degree are exempt from the test.",
    "Applicants who hold a degree are exempt from the written test.",
    Y,
    "(weak) extra adjective",
)
F(
    "conditions",
    "Citizens of EU countries do not need a visa.",
    "Citizens of non-EU countries do not need a visa.",
    N,
    "EU vs non-EU",
)

# ================================================================ deadlines
F(
    "deadlines",
    "Returns must be made within 30 days from receipt.",
    "Returns must be made within thirty days from receipt of the goods.",
    Y,
    "positive",
)
F(
    "deadlines",
    "Returns must be made within 30 days from receipt.",
    "Returns must be made within 30 days from purchase.",
    N,
    "receipt vs purchase",
)
F(
    "deadlines",
    "The response is due within 10 business days.",
    "The response is due within ten working days.",
    Y,
    "business = working days",
)
F(
    "deadlines",
    "The response is due within 10 business days.",
    "The response is due within 10 calendar days.",
    N,
    "calendar vs business days",
)
F(
    "deadlines",
    "Payment is due 15 days after the invoice date.",
    "Payment is due fifteen days after the invoice date.",
    Y,
    "positive",
)
F(
    "deadlines",
    "Payment is due 15 days after the invoice date.",
    "Payment is due 15 days before the invoice date.",
    N,
    "after vs before",
)
F("deadlines", "The deadline is 5 pm on Friday.", "The deadline is 17:00 on Friday.", Y, "5 pm = 17:00")
F("deadlines", "The deadline is 5 pm on Friday.", "The deadline is 5 pm on Thursday.", N, "weekday")
F(
    "deadlines",
    "Registration closes 48 hours before the race.",
    "Registration closes two days before the race.",
    Y,
    "48 hours = two days",
)
F(
    "deadlines",
    "The warranty runs for 2 years from delivery.",
    "The warranty runs for 2 years from manufacture.",
    N,
    "start event changed",
)

# ================================================================ quantifiers
F(
    "quantifiers",
    "Members get a discount.",
    "Members get a discount on weekdays.",
    Y,
    "(weak) positive, time added",
)
F(
    "quantifiers",
    "Members get a discount.",
    "Some members get a discount.",
    N,
    "'some' inserted before the subject",
)
F(
    "quantifiers",
    "Members get a discount.",
    "Most members get a discount.",
    N,
    "'most' inserted before the subject",
)
F("quantifiers", "Few students passed the exam.", "Few students passed the final exam.", Y, "positive")
F("quantifiers", "Few students passed the exam.", "Many students passed the exam.", N, "few vs many")
F("quantifiers", "The bus is often late.", "The bus is sometimes late.", N, "often vs sometimes")
F(
    "quantifiers",
    "The newsletter is sent every week.",
    "The newsletter is sent every week by email.",
    Y,
    "positive",
)
F(
    "quantifiers",
    "The newsletter is sent every week.",
    "The newsletter is sent every other week.",
    N,
    "every other week",
)
F("quantifiers", "All of the members are also songwriters.", P["Admiral Twin"], Y, "real passage")
F(
    "quantifiers",
    "Each participant receives a certificate.",
    "Each participant receives a signed certificate.",
    Y,
    "positive",
)
F(
    "quantifiers",
    "The least expensive option is the train.",
    "The most expensive option is the train.",
    N,
    "least vs most",
)
F(
    "quantifiers",
    "The New Territories comprised over 90 per cent of Hong Kong's land.",
    P["British Hong Kong"],
    Y,
    "over 90 per cent",
)
F(
    "quantifiers",
    "The New Territories comprised under 90 per cent of Hong Kong's land.",
    P["British Hong Kong"],
    N,
    "under vs over",
)

# ================================================================ comparisons
F("comparisons", "Gold is heavier than silver.", "Gold is heavier than silver and copper.", Y, "positive")
F("comparisons", "Gold is heavier than silver.", "Gold is lighter than silver.", N, "heavier vs lighter")
F("comparisons", "Memphis is the state's largest city.", P["Tennessee"], Y, "real passage")
F(
    "comparisons",
    "Rochester is the third most populous city in New York state.",
    P["Rochester, New York"],
    Y,
    "real passage ('the seat of Monroe County and the third most populous')",
)
F(
    "comparisons",
    "Rochester is the second most populous city in New York state.",
    P["Rochester, New York"],
    N,
    "second vs third",
)
F(
    "comparisons",
    "Of the world's major rivers, the Nile is one of the smallest by annual flow.",
    P["NILE_GT"],
    Y,
    "real passage (reworded 'as measured by')",
)
F(
    "comparisons",
    "Revenue was higher in 2022 than in 2021.",
    "Revenue was higher in 2022 than in 2021, at $5 million.",
    Y,
    "positive",
)
F(
    "comparisons",
    "Revenue was higher in 2022 than in 2021.",
    "Revenue was higher in 2021 than in 2022.",
    N,
    "years swapped",
)
F(
    "comparisons",
    "The last train leaves at 11 pm.",
    "The last train leaves at 11 pm on weekdays.",
    Y,
    "positive",
)
F("comparisons", "The last train leaves at 11 pm.", "The first train leaves at 11 pm.", N, "first vs last")
F("comparisons", "The next meeting is on Monday.", "The last meeting was on Monday.", N, "next vs last")

# ================================================================ units
F("units", "Water boils at 100 °C at sea level.", "Pure water boils at 100 °C at sea level.", Y, "positive")
F("units", "Water boils at 100 °C at sea level.", "Water boils at 100 °F at sea level.", N, "°C vs °F")
F("units", "The bag weighs 10 kg.", "The bag weighs ten kilograms.", Y, "kg = kilograms")
F("units", "The bag weighs 10 kg.", "The bag weighs 10 pounds.", N, "kg vs pounds")
F("units", "The dose is 50 mg.", "The dose is 50 milligrams.", Y, "mg = milligrams")
F("units", "The dose is 50 mcg.", "The dose is 50 mg.", N, "mcg vs mg")
F("units", "The flat measures 80 square metres.", "The flat measures 80 m².", Y, "m² = square metres")
F("units", "The flat measures 80 square metres.", "The flat measures 80 square feet.", N, "sq m vs sq ft")
F("units", "The plan costs $20 per month.", "The plan costs US$20 per month.", Y, "US$ = $")
F("units", "The plan costs $20 per month.", "The plan costs $20 per year.", N, "per month vs per year")
F(
    "units",
    "The wind farm has a generating capacity of 160.5 megawatts.",
    P["Intrepid Wind Farm"],
    Y,
    "real passage",
)
F(
    "units",
    "The wind farm has a generating capacity of 160.5 kilowatts.",
    P["Intrepid Wind Farm"],
    N,
    "kilowatts vs megawatts",
)

# ================================================================ dates_times
F(
    "dates_times",
    "Iowa became the 29th state on December 28, 1846.",
    P["Iowa"],
    Y,
    "real passage, date fronted ('On December 28, 1846, Iowa became ...')",
)
F("dates_times", "Iowa became the 29th state on December 28, 1864.", P["Iowa"], N, "year digits swapped")
F("dates_times", "The march began from 12 March 1930.", P["Salt March"], Y, "real passage")
F("dates_times", "The march ended on 12 March 1930.", P["Salt March"], N, "ended vs began")
F(
    "dates_times",
    "Austria declared its secession from the Third Reich on 27 April 1945.",
    P["Austria"],
    Y,
    "date",
)
F("dates_times", "The store opens at 9:30 am.", "The store opens at 09:30.", Y, "24-hour clock")
F(
    "dates_times",
    "The World Series was played between October 24 and November 1.",
    P["2017 World Series"],
    Y,
    "date range",
)
F(
    "dates_times",
    "The World Series was played between October 24 and November 11.",
    P["2017 World Series"],
    N,
    "range end",
)
F(
    "dates_times",
    "The First Pan-African Conference was held in London from 23 to 25 July 1900.",
    P["First Pan-African Conference"],
    Y,
    "day range",
)
F(
    "dates_times",
    "The First Pan-African Conference was held in London from 23 to 28 July 1900.",
    P["First Pan-African Conference"],
    N,
    "range end",
)

# ================================================================ long (real passages, near-miss elsewhere)
F(
    "long",
    "Publix was founded in 1930 by George W. Jenkins.",
    P["Publix"],
    Y,
    "'Founded in 1930 by George W. Jenkins, Publix is ...'",
)
F("long", "Publix is headquartered in Lakeland, Florida.", P["Publix"], Y, "long first sentence")
F("long", "Tennessee is bordered by Kentucky and Virginia to the north.", P["Tennessee"], Y, "positive")
F("long", "Nashville has a population of 601,222.", P["Tennessee"], Y, "positive")
F("long", "Nashville has a population of 653,450.", P["Tennessee"], N, "Memphis's population")
F("long", "Snow moved to Nashville, Tennessee, in 1949.", P["Hank Snow"], Y, "positive")
F("long", '"I\'m Moving On" stayed at the top for 21 weeks.', P["Hank Snow"], Y, "positive")
F(
    "long",
    '"I\'m Moving On" was the first of seven number 1 hits on the country charts.',
    P["Hank Snow"],
    Y,
    "positive",
)
F(
    "long",
    '"I\'m Moving On" was the first of ten number 1 hits on the country charts.',
    P["Hank Snow"],
    N,
    "'number ten' elsewhere",
)
F(
    "long",
    '"Hello Love" was Snow\'s first number one.',
    P["Hello Love (song)"],
    N,
    "drops 'in twelve years': it was his seventh and final",
)
F("long", "The single spent a total of ten weeks on the chart.", P["Hello Love (song)"], Y, "positive")
F(
    "long",
    "Boom Gaspar has been a session/touring member with the band since 2002.",
    P["Pearl Jam"],
    Y,
    "positive",
)
F("long", "Average annual snowfall at Sea-Tac Airport is 6.8 inches.", P["Seattle"], Y, "positive")
F(
    "long",
    "Average annual snowfall at Sea-Tac Airport is 17.3 inches.",
    P["Seattle"],
    N,
    "cm value with inches",
)
F(
    "long",
    "Hong Kong Island was ceded to the United Kingdom after the First Opium War.",
    P["British Hong Kong"],
    Y,
    "positive",
)
F(
    "long",
    "The Treaty on European Union was originally signed in Maastricht in 1992.",
    P["Treaties of the European Union"],
    Y,
    "parallel parentheticals 'originally signed in ...'",
)
F(
    "long",
    "The Treaty on European Union was originally signed in Rome in 1992.",
    P["Treaties of the European Union"],
    N,
    "Rome belongs to the other treaty",
)
F(
    "long",
    "The European Trade Union Confederation was set up in 1973.",
    P["Trade unions in Europe"],
    Y,
    "positive",
)
# ================================================================ aliases_value
F(
    "aliases_value",
    "International Business Machines acquired Red Hat in 2019.",
    "IBM acquired Red Hat in 2019 for $34 billion.",
    Y,
    "alias",
    aliases=["IBM acquired Red Hat in 2019"],
)
F(
    "aliases_value",
    "International Business Machines acquired Red Hat in 2019.",
    "IBM acquired Red Hat in 2018 for $34 billion.",
    N,
    "alias with another year",
    aliases=["IBM acquired Red Hat in 2019"],
)
F(
    "aliases_value",
    "International Business Machines acquired Red Hat in 2019.",
    "IBM acquired Red Hat in 2018 for $34 billion.",
    N,
    "(weak) alias without year; answer gives another year",
    aliases=["IBM acquired Red Hat"],
)
F(
    "aliases_value",
    "The monthly fee",
    "The monthly fee is $20.",
    Y,
    "explicit money value",
    value={"type": "money", "amount": 20, "currency": "USD"},
)
F(
    "aliases_value",
    "The monthly fee",
    "The annual fee is $20 and the monthly fee is $2.",
    N,
    "value near-miss",
    value={"type": "money", "amount": 20, "currency": "USD"},
)
F(
    "aliases_value",
    "The monthly fee",
    "The monthly fee is up to $20.",
    N,
    "explicit value under a bound",
    value={"type": "money", "amount": 20, "currency": "USD"},
)
F(
    "aliases_value",
    "Refunds are processed",
    "Refunds are processed within ten business days.",
    Y,
    "workday value",
    value={"type": "duration", "amount": 10, "unit": "workday"},
)
F(
    "aliases_value",
    "Iowa became a state",
    P["Iowa"],
    Y,
    "date value, date fronted",
    value={"type": "date", "value": "1846-12-28"},
)
F(
    "aliases_value",
    "Iowa became a state",
    "Iowa became a state on December 28, 1864.",
    N,
    "date value wrong",
    value={"type": "date", "value": "1846-12-28"},
)
F(
    "aliases_value",
    "The Gila monster grows",
    "The Gila monster grows to 60 cm.",
    Y,
    "number+unit value",
    value={"type": "number", "amount": 60, "unit": "cm"},
)
F(
    "aliases_value",
    "The Gila monster grows",
    "The Gila monster grows to 60 inches.",
    N,
    "number+unit value, inches",
    value={"type": "number", "amount": 60, "unit": "cm"},
)
F(
    "aliases_value",
    "Average annual snowfall in Seattle",
    "Average annual snowfall in Seattle is 6.8 inches (17.3 cm).",
    Y,
    "string value",
    value="6.8 inches",
)
F(
    "aliases_value",
    "Pedestrians are allowed on the bridge at night",
    "Pedestrians are not allowed on the bridge at night.",
    Y,
    "polarity negated",
    polarity="negated",
)
F(
    "aliases_value",
    "Pedestrians are allowed on the bridge at night",
    "Pedestrians are allowed on the bridge at night.",
    N,
    "polarity negated, affirmed answer",
    polarity="negated",
)
F(
    "aliases_value",
    "The fee is refundable",
    "The fee is non-refundable.",
    Y,
    "negated via prefix",
    polarity="negated",
)
F(
    "aliases_value",
    "The UK VAT rate",
    "Britain's VAT rate is 20 per cent.",
    Y,
    "alias + value",
    aliases=["Britain's VAT rate"],
    value="20%",
)
F(
    "aliases_value",
    "The UK VAT rate",
    "Britain's VAT rate is 17.5%.",
    N,
    "alias + value wrong",
    aliases=["Britain's VAT rate"],
    value="20%",
)
F(
    "aliases_value",
    "The hotel accepts cash",
    "The hotel accepts neither cash nor cards.",
    N,
    "polarity affirmed, neither/nor answer",
    polarity="affirmed",
)
