"""Independent adversarial probes for the answer-fact matcher (issue 14).

Same format as tests/adversarial/fact_cases_*.py: each case is
    {"family", "lang", "fact": {"text", "aliases"?, "value"?, "polarity"?}, "answer", "expect", "note"}
expect: "found" (must be supported) | "not_found" (anything but found) | a pinned verdict.
Written apart from the project's suites: other domains (sport, science, travel, cooking, IT,
aviation, education, real estate, history, games), other constructions.
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

# ---------------------------------------------------------------- numbers
F(
    "numbers",
    "en",
    "The stadium seats 68,000 spectators.",
    "Opened in 2002, the stadium seats 86,000 spectators and hosts the national team.",
    N,
    "digits transposed",
)
F(
    "numbers",
    "en",
    "The marathon course is 42.195 km long.",
    "The official marathon course is 42.195 kilometres long.",
    Y,
    "km = kilometres",
)
F(
    "numbers",
    "en",
    "The telescope mirror is 6.5 metres across.",
    "The telescope's primary mirror is 65 metres across, far larger than Hubble's.",
    N,
    "decimal point dropped",
)
F(
    "numbers",
    "en",
    "The team scored 3 goals in the final.",
    "In the final the team scored 13 goals over two legs.",
    N,
    "3 vs 13",
)
F(
    "numbers",
    "en",
    "Mount Kilimanjaro is 5,895 metres high.",
    "Mount Kilimanjaro rises to 5895 metres above sea level.",
    Y,
    "5,895 = 5895",
)
F(
    "numbers",
    "en",
    "The recipe needs 2 eggs.",
    "For the batter you will need twelve eggs, flour and milk.",
    N,
    "2 vs twelve",
)
F("numbers", "zh", "该航班可搭载180名乘客", "该航班为窄体客机，可搭载108名乘客。", N, "数字换位")
F("numbers", "zh", "这座大桥全长1.6公里", "这座大桥全长16公里，是该省最长的跨海大桥。", N, "小数点丢失")
F("numbers", "zh", "这道菜需要3个鸡蛋", "做这道菜需要三个鸡蛋和少许盐。", Y, "三=3")
F("numbers", "zh", "该校共有学生2300人", "该校共有学生2030人，教职工180人。", N, "2300 vs 2030")
F("numbers", "zh", "这部电影时长128分钟", "这部电影时长为一百二十八分钟。", Y, "中文数字")
F(
    "numbers",
    "en",
    "The bill passed by 52 votes to 48.",
    "The bill passed by 48 votes to 52.",
    N,
    "order of the two numbers swapped",
)

# ---------------------------------------------------------------- units
F(
    "units",
    "en",
    "The laptop has 16 GB of memory.",
    "The laptop ships with 16 TB of storage and a 14-inch screen.",
    N,
    "GB vs TB",
)
F(
    "units",
    "en",
    "The trail is 12 miles long.",
    "The trail is 12 kilometres long and climbs 800 metres.",
    N,
    "miles vs km",
)
F("units", "en", "Bake the cake at 180 °C.", "Bake the cake at 180 °F for forty minutes.", N, "C vs F")
F(
    "units",
    "en",
    "The adult dose of the supplement is 50 mcg.",
    "The adult dose of the supplement is 50 mg per day.",
    N,
    "mcg vs mg",
)
F("units", "zh", "每袋大米重5公斤", "每袋大米重5斤，适合小家庭。", N, "公斤 vs 斤")
F("units", "zh", "该水箱容量为500升", "该水箱容量为500毫升。", N, "升 vs 毫升")
F("units", "zh", "房间面积为30平方米", "房间面积为30平方英尺，朝南。", N, "平方米 vs 平方英尺")
F(
    "units",
    "en",
    "The car's range is 500 km.",
    "The car's range is 500 kilometers on a full charge.",
    Y,
    "km = kilometers",
)

# ---------------------------------------------------------------- magnitudes
F(
    "magnitudes",
    "en",
    "The film grossed $2.1 billion worldwide.",
    "The film grossed $2.1 million worldwide in its opening weekend.",
    N,
    "billion vs million",
)
F(
    "magnitudes",
    "en",
    "The museum receives 9 million visitors a year.",
    "The museum receives about 9,000,000 visitors a year.",
    Y,
    "9 million = 9,000,000",
)
F(
    "magnitudes",
    "en",
    "The app has 300k daily users.",
    "The app has 300 daily users after launch.",
    N,
    "300k vs 300",
)
F("magnitudes", "zh", "该项目投资3亿元", "该项目投资3千万元，预计明年完工。", N, "亿 vs 千万")
F("magnitudes", "zh", "该市常住人口为2100万", "该市常住人口为2100人。", N, "万 丢失")
F("magnitudes", "zh", "该公司去年营收为45亿元", "该公司去年营收为四十五亿元。", Y, "四十五亿 = 45亿")
F("magnitudes", "zh", "这辆车售价25万元", "这辆车售价250000元。", Y, "25万 = 250000")
F(
    "magnitudes",
    "en",
    "The company employs 12,000 people.",
    "The company employs 12 thousand people worldwide.",
    Y,
    "12 thousand",
)

# ---------------------------------------------------------------- percentages
F(
    "percentages",
    "en",
    "Unemployment rose by 2 percentage points.",
    "Unemployment rose by 2% compared with last year.",
    N,
    "points vs percent",
)
F(
    "percentages",
    "en",
    "The vaccine is 95% effective.",
    "The vaccine is 59% effective against infection.",
    N,
    "95 vs 59",
)
F(
    "percentages",
    "en",
    "Sales fell 12% in the third quarter.",
    "Sales rose 12% in the third quarter.",
    N,
    "fell vs rose",
)
F(
    "percentages",
    "en",
    "Half of the respondents support the plan.",
    "50% of the respondents support the plan.",
    Y,
    "half = 50%",
)
F("percentages", "zh", "出口额同比下降8%", "出口额同比增长8%，好于预期。", N, "下降 vs 增长")
F("percentages", "zh", "该校升学率为百分之九十", "该校升学率为90%。", Y, "百分之九十 = 90%")
F("percentages", "zh", "三分之一的受访者表示满意", "三分之二的受访者表示满意。", N, "三分之一 vs 三分之二")
F("percentages", "zh", "首付比例为30%", "首付比例为3%，其余部分可申请贷款。", N, "30% vs 3%")

# ---------------------------------------------------------------- dates
F(
    "dates",
    "en",
    "The Berlin Wall fell in November 1989.",
    "The Berlin Wall fell in November 1998.",
    N,
    "year digits swapped",
)
F(
    "dates",
    "en",
    "The game will be released in Q3 2025.",
    "The game will be released in Q2 2025 on all platforms.",
    N,
    "Q3 vs Q2",
)
F(
    "dates",
    "en",
    "The festival takes place on 14 July 2024.",
    "The festival takes place on July 14, 2024.",
    Y,
    "date format",
)
F(
    "dates",
    "en",
    "The ship sank in the 19th century.",
    "The ship sank in the 18th century off the coast of Cornwall.",
    N,
    "century ordinal",
)
F("dates", "zh", "该展览于2024年5月1日开幕", "该展览于2024年5月11日开幕。", N, "1日 vs 11日")
F("dates", "zh", "新学期于9月1日开学", "新学期于10月1日开学。", N, "月份")
F("dates", "zh", "该工程于上半年完工", "该工程于下半年完工。", N, "上半年 vs 下半年")
F("dates", "zh", "该剧于2023年3月首播", "该剧于二〇二三年三月首播。", Y, "中文年份")
F(
    "dates",
    "en",
    "The treaty was signed in 1648.",
    "The treaty was signed in 1648 BC according to the legend.",
    N,
    "BC added (weak)",
)

# ---------------------------------------------------------------- times
F("times", "en", "The museum opens at 10 am.", "The museum opens at 10 pm on Fridays only.", N, "am vs pm")
F(
    "times",
    "en",
    "The last train leaves at 23:40.",
    "The last train leaves at 23:04 from platform 2.",
    N,
    "minute changed",
)
F("times", "en", "The ceremony starts at noon.", "The ceremony starts at midnight.", N, "noon vs midnight")
F("times", "en", "The shop closes at 8 pm.", "The shop closes at 20:00.", Y, "8 pm = 20:00")
F("times", "zh", "图书馆晚上10点闭馆", "图书馆早上10点开馆，晚上9点闭馆。", N, "闭馆时间不同")
F("times", "zh", "比赛于下午3点开始", "比赛于上午3点开始。", N, "下午 vs 上午")
F("times", "zh", "航班于14:30起飞", "航班于下午2点30分起飞。", Y, "14:30 = 下午2点30分")
F("times", "zh", "商场营业时间为早上9点", "商场营业时间为早上九点。", Y, "九点")

# ---------------------------------------------------------------- durations
F(
    "durations",
    "en",
    "The flight takes 3 hours.",
    "The flight takes 3 days including the stopover.",
    N,
    "hours vs days",
)
F(
    "durations",
    "en",
    "The course lasts half an hour.",
    "The course lasts 30 minutes.",
    Y,
    "half an hour = 30 min",
)
F(
    "durations",
    "en",
    "Let the dough rest for 2 hours.",
    "Let the dough rest for 20 minutes before shaping.",
    N,
    "2 h vs 20 min",
)
F(
    "durations",
    "en",
    "The battery lasts 10 hours.",
    "The battery lasts 10 minutes under heavy load.",
    N,
    "hours vs minutes",
)
F("durations", "zh", "该疫苗需间隔4周接种第二剂", "该疫苗需间隔4天接种第二剂。", N, "周 vs 天")
F("durations", "zh", "高铁全程约需5小时", "高铁全程约需5个半小时。", N, "5 vs 5.5 hours")
F("durations", "zh", "签证有效期为半年", "签证有效期为6个月。", Y, "半年 = 6个月")
F("durations", "zh", "炖煮时间为40分钟", "炖煮时间为4小时，期间需加水。", N, "40分钟 vs 4小时")

# ---------------------------------------------------------------- ranges
F(
    "ranges",
    "en",
    "The hotel is suitable for groups of 10 to 20 people.",
    "The hotel is suitable for groups of 10 to 200 people.",
    N,
    "upper end changed",
)
F(
    "ranges",
    "en",
    "Ideal water temperature is 24-28 °C.",
    "Ideal water temperature is 22-28 °C for tropical fish.",
    N,
    "lower end changed",
)
F(
    "ranges",
    "en",
    "The camp is for children aged 8 to 12.",
    "The camp is for children aged between 8 and 12.",
    Y,
    "between..and",
)
F("ranges", "zh", "门票价格为80至120元", "门票价格为80元。", N, "range collapsed to lower end")
F("ranges", "zh", "每天步行6000到8000步", "建议每天步行6000到10000步。", N, "upper end changed")
F("ranges", "zh", "工期为3至5个月", "工期为3～5个月。", Y, "至 = ～")

# ---------------------------------------------------------------- bounds
F(
    "bounds",
    "en",
    "The lift can carry up to 8 people.",
    "The lift must carry at least 8 people to operate.",
    N,
    "up to vs at least",
)
F(
    "bounds",
    "en",
    "The tournament has more than 100 players.",
    "The tournament has fewer than 100 players this year.",
    N,
    "more vs fewer",
)
F(
    "bounds",
    "en",
    "Hand luggage must not exceed 55 cm in height.",
    "Hand luggage must exceed 55 cm in height.",
    N,
    "not dropped",
)
F("bounds", "en", "The minimum bid is $20.", "The maximum bid is $20.", N, "minimum vs maximum")
F(
    "bounds",
    "en",
    "Entry is free for children under 6.",
    "Entry is free for children over 6.",
    N,
    "under vs over",
)
F("bounds", "zh", "参赛者年龄不低于16岁", "参赛者年龄不高于16岁。", N, "不低于 vs 不高于")
F("bounds", "zh", "每户最多可购买两套房", "每户最少可购买两套房。", N, "最多 vs 最少")
F("bounds", "zh", "车速超过120公里/小时将被罚款", "车速未超过120公里/小时将被罚款。", N, "超过 vs 未超过")
F("bounds", "zh", "每人限带行李20公斤以内", "每人限带行李20公斤以上。", N, "以内 vs 以上")
F(
    "bounds",
    "en",
    "Applicants must score at least 600 on the exam.",
    "Applicants must score a minimum of 600 on the exam.",
    Y,
    "at least = minimum of",
)

# ---------------------------------------------------------------- modal_verbs
F(
    "modal_verbs",
    "en",
    "Drivers are required to wear a seatbelt.",
    "Drivers are allowed to wear a seatbelt.",
    N,
    "required vs allowed",
)
F(
    "modal_verbs",
    "en",
    "Students need not bring a calculator.",
    "Students must not bring a calculator.",
    N,
    "need not vs must not",
)
F(
    "modal_verbs",
    "en",
    "Visitors should book in advance.",
    "Visitors must book in advance.",
    N,
    "should vs must (weaker claim) - arguably not same",
)
F(
    "modal_verbs",
    "en",
    "The pilot can override the autopilot.",
    "The pilot cannot override the autopilot.",
    N,
    "can vs cannot",
)
F("modal_verbs", "zh", "游客须出示身份证", "游客可出示身份证。", N, "须 vs 可")
F("modal_verbs", "zh", "学生不必穿校服", "学生不得穿校服。", N, "不必 vs 不得")
F(
    "modal_verbs",
    "zh",
    "乘客应当系好安全带",
    "乘客必须系好安全带。",
    Y,
    "应当 ~ 必须 (both obligation) - lenient",
)
F("modal_verbs", "zh", "宠物允许进入餐厅", "宠物禁止进入餐厅。", N, "允许 vs 禁止")

# ---------------------------------------------------------------- negation_scope
F(
    "negation_scope",
    "en",
    "The bridge was damaged in the earthquake.",
    "The bridge was not damaged in the earthquake, but the tunnel was.",
    N,
    "negated",
)
F(
    "negation_scope",
    "en",
    "The spacecraft reached orbit.",
    "The spacecraft failed to reach orbit.",
    N,
    "failed to",
)
F(
    "negation_scope",
    "en",
    "The museum still charges admission.",
    "The museum no longer charges admission.",
    N,
    "no longer",
)
F(
    "negation_scope",
    "en",
    "The tunnel was damaged in the earthquake.",
    "The bridge was not damaged in the earthquake, but the tunnel was.",
    Y,
    "negation scoped to the other clause",
)
F(
    "negation_scope",
    "en",
    "Neither team scored in the first half.",
    "Both teams scored in the first half.",
    N,
    "neither vs both",
)
F(
    "negation_scope",
    "en",
    "The defendant admitted the charges.",
    "The defendant denied the charges.",
    N,
    "denied",
)
F("negation_scope", "zh", "该航线已恢复运营", "该航线尚未恢复运营。", N, "尚未")
F("negation_scope", "zh", "这款手机支持无线充电", "这款手机并不支持无线充电。", N, "并不")
F("negation_scope", "zh", "他通过了驾照考试", "他没能通过驾照考试。", N, "没能")
F(
    "negation_scope",
    "zh",
    "小区停车位已满",
    "小区停车位未满，地下车库已满。",
    N,
    "未满 in the matching clause",
)
F(
    "negation_scope",
    "zh",
    "地下车库已满",
    "小区停车位未满，地下车库已满。",
    Y,
    "negation belongs to other clause",
)
F("negation_scope", "zh", "该药物对儿童有效", "该药物对儿童无效。", N, "无效")

# ---------------------------------------------------------------- double_negation
F(
    "double_negation",
    "en",
    "Side effects are common.",
    "Side effects are not uncommon.",
    Y,
    "not uncommon = common (lenient; could be weaker)",
)
F(
    "double_negation",
    "en",
    "The result was unexpected.",
    "The result was not unexpected.",
    N,
    "not unexpected != unexpected",
)
F(
    "double_negation",
    "en",
    "Everyone passed the exam.",
    "No one failed to pass the exam.",
    Y,
    "no one failed = everyone passed",
)
F("double_negation", "zh", "他不得不辞职", "他不得不辞职。", Y, "identical double negation")
F("double_negation", "zh", "这个方案可行", "这个方案并非不可行。", Y, "并非不可行 = 可行 (double)")
F("double_negation", "zh", "这个方案可行", "这个方案并非可行。", N, "single negation")
F("double_negation", "zh", "没有人反对这项提议", "有人反对这项提议。", N, "negation removed")
F(
    "double_negation",
    "en",
    "The witness was not unreliable.",
    "The witness was unreliable.",
    N,
    "fact double negated, answer plain negative",
)

# ---------------------------------------------------------------- lookalike_negation
F(
    "lookalike_negation",
    "en",
    "The airline operates a nonstop flight to Tokyo.",
    "The airline operates a nonstop flight to Tokyo every day.",
    Y,
    "nonstop is not negation",
)
F(
    "lookalike_negation",
    "en",
    "The hotel offers free parking.",
    "The hotel offers no free parking.",
    N,
    "no added",
)
F(
    "lookalike_negation",
    "en",
    "The bakery sells gluten-free bread.",
    "The bakery sells gluten-free bread on weekends.",
    Y,
    "-free is not negation",
)
F(
    "lookalike_negation",
    "en",
    "The stadium is undergoing renovation.",
    "The stadium is undergoing renovation until 2026.",
    Y,
    "under- prefix",
)
F(
    "lookalike_negation",
    "en",
    "The museum is in no way affiliated with the university.",
    "The museum is affiliated with the university.",
    N,
    "fact negative, answer affirmative",
)
F(
    "lookalike_negation",
    "zh",
    "这款耳机是无线耳机",
    "这款耳机是无线耳机，续航24小时。",
    Y,
    "无线 not a negation",
)
F("lookalike_negation", "zh", "锅具采用不锈钢材质", "锅具采用不锈钢材质。", Y, "不锈钢")
F("lookalike_negation", "zh", "公园门票免费", "公园门票不免费。", N, "不免费")
F("lookalike_negation", "zh", "该地区未来将建设地铁", "该地区未来将建设地铁线路。", Y, "未来 is not negation")
F("lookalike_negation", "zh", "该地区将建设地铁", "该地区将不建设地铁。", N, "不建设")

# ---------------------------------------------------------------- comparisons_antonyms
F(
    "comparisons",
    "en",
    "Brazil beat Germany in the semi-final.",
    "Germany beat Brazil in the semi-final.",
    N,
    "role reversal",
)
F(
    "comparisons",
    "en",
    "Google acquired YouTube in 2006.",
    "YouTube acquired Google in 2006.",
    N,
    "direction swap",
)
F(
    "comparisons",
    "en",
    "Jupiter is larger than Saturn.",
    "Jupiter is smaller than Saturn.",
    N,
    "larger vs smaller",
)
F(
    "comparisons",
    "en",
    "The river flows north into the Mediterranean.",
    "The river flows south into the Mediterranean.",
    N,
    "north vs south",
)
F(
    "comparisons",
    "en",
    "China imports soybeans from Brazil.",
    "China exports soybeans to Brazil.",
    N,
    "import vs export",
)
F(
    "comparisons",
    "en",
    "Mercury is the smallest planet.",
    "Mercury is the smallest planet in the solar system.",
    Y,
    "control",
)
F(
    "comparisons",
    "en",
    "Lake Baikal is the deepest lake in the world.",
    "Lake Baikal is one of the deepest lakes in the world.",
    N,
    "one of the deepest",
)
F("comparisons", "zh", "甲队以3比1战胜乙队", "乙队以3比1战胜甲队。", N, "主宾互换")
F("comparisons", "zh", "今年的降水量比去年多", "今年的降水量比去年少。", N, "多 vs 少")
F("comparisons", "zh", "该公司今年实现盈利", "该公司今年出现亏损。", N, "盈利 vs 亏损")
F("comparisons", "zh", "珠穆朗玛峰是世界最高峰", "珠穆朗玛峰是世界最高峰之一。", N, "之一")
F("comparisons", "zh", "进口额增加了", "出口额增加了。", N, "进口 vs 出口")

# ---------------------------------------------------------------- quantifiers
F(
    "quantifiers",
    "en",
    "All flights were cancelled.",
    "Most flights were cancelled due to the storm.",
    N,
    "all vs most",
)
F("quantifiers", "en", "Both kidneys were affected.", "One of the kidneys was affected.", N, "both vs one")
F("quantifiers", "en", "Every room has a balcony.", "Some rooms have a balcony.", N, "every vs some")
F(
    "quantifiers",
    "en",
    "The bakery is the only shop on the street.",
    "The bakery is a shop on the street.",
    N,
    "only dropped",
)
F("quantifiers", "zh", "所有学生都参加了考试", "大部分学生参加了考试。", N, "所有 vs 大部分")
F("quantifiers", "zh", "全部房间均配有空调", "部分房间配有空调。", N, "全部 vs 部分")
F("quantifiers", "zh", "他是唯一的获奖者", "他是获奖者之一。", N, "唯一 vs 之一")
F("quantifiers", "zh", "每位乘客可携带一件行李", "每位乘客可携带一件随身行李。", Y, "control")

# ---------------------------------------------------------------- conditions
F(
    "conditions",
    "en",
    "The match will be played on Sunday.",
    "The match will be played on Sunday unless it rains.",
    N,
    "condition added (unless)",
)
F(
    "conditions",
    "en",
    "The parcel ships the same day.",
    "The parcel ships the same day only if ordered before noon.",
    N,
    "only if condition",
)
F(
    "conditions",
    "en",
    "The bonus is paid if targets are met.",
    "The bonus is paid unless targets are met.",
    N,
    "if vs unless",
)
F(
    "conditions",
    "en",
    "Refunds are issued only if the ticket is unused.",
    "Refunds are issued if the ticket is unused.",
    N,
    "only dropped from 'only if'",
)
F("conditions", "zh", "比赛将于周日举行", "如果天气允许，比赛将于周日举行。", N, "条件")
F("conditions", "zh", "除非下雨，活动照常进行", "如果下雨，活动照常进行。", N, "除非 vs 如果")
F("conditions", "zh", "会员可享受九折优惠", "会员在生日当月可享受九折优惠。", N, "时间条件(弱)")
F("conditions", "zh", "只有年满18岁才能报名", "年满18岁可以报名。", N, "只有…才 dropped")

# ---------------------------------------------------------------- hedges_questions
F(
    "hedges_questions",
    "en",
    "The company will cut 500 jobs.",
    "The company might cut 500 jobs, according to unconfirmed reports.",
    N,
    "might",
)
F(
    "hedges_questions",
    "en",
    "The painting was made by Vermeer.",
    "It is unclear whether the painting was made by Vermeer.",
    N,
    "unclear whether",
)
F(
    "hedges_questions",
    "en",
    "The singer will tour Europe in 2025.",
    "Will the singer tour Europe in 2025? Fans are still waiting for an announcement.",
    N,
    "question",
)
F(
    "hedges_questions",
    "en",
    "The bridge will reopen in March.",
    "Officials hope the bridge will reopen in March.",
    N,
    "hope",
)
F(
    "hedges_questions",
    "en",
    "The virus originated in bats.",
    "Some researchers believe the virus originated in bats, but this has not been proven.",
    N,
    "believe/not proven",
)
F("hedges_questions", "zh", "该球员将转会至皇马", "据传该球员将转会至皇马，但俱乐部尚未证实。", N, "据传")
F("hedges_questions", "zh", "这座古墓属于汉代", "这座古墓或许属于汉代。", N, "或许")
F("hedges_questions", "zh", "新机场将于明年通航", "新机场会于明年通航吗？目前尚无定论。", N, "问句")
F("hedges_questions", "zh", "火灾由电线短路引起", "火灾疑似由电线短路引起，具体原因仍在调查中。", N, "疑似")
F(
    "hedges_questions",
    "zh",
    "该产品将于10月上市",
    "该产品预计于10月上市。",
    N,
    "预计 (hedge) — careful human: not a firm statement",
)

# ---------------------------------------------------------------- corrections
F(
    "corrections",
    "en",
    "The concert is on May 5.",
    "The concert, originally scheduled for May 5, has been moved to May 12.",
    N,
    "rescheduled",
)
F(
    "corrections",
    "en",
    "The capital of Australia is Sydney.",
    "Many people think the capital of Australia is Sydney, but it is actually Canberra.",
    N,
    "misconception corrected",
)
F(
    "corrections",
    "en",
    "The match ended 2-1.",
    "The match ended 2-1. Update: after a late VAR decision the official result is 2-2.",
    N,
    "update",
)
F(
    "corrections",
    "en",
    "The new library will cost $40 million.",
    "The new library will cost $40 million. Correction: an earlier version of this answer misstated the cost; it is $44 million.",
    N,
    "correction",
)
F("corrections", "zh", "发布会定于3月8日举行", "发布会原定于3月8日举行，现已推迟至3月15日。", N, "推迟")
F("corrections", "zh", "该选手获得金牌", "该选手获得金牌。更正：该选手实际获得的是银牌。", N, "更正")
F("corrections", "zh", "会议地点在二楼会议室", "会议地点不是二楼会议室，而是五楼报告厅。", N, "不是…而是")
F(
    "corrections",
    "en",
    "The meeting is in Room 204.",
    "The meeting is in Room 204, not Room 402 as stated in the invitation.",
    Y,
    "the correction confirms the fact",
)

# ---------------------------------------------------------------- entities
F(
    "entities",
    "en",
    "Serena Williams won the 2015 Wimbledon title.",
    "Venus Williams won the 2015 Wimbledon title.",
    N,
    "sibling name swap",
)
F(
    "entities",
    "en",
    "The Eiffel Tower is in Paris.",
    "The Eiffel Tower replica is in Paris, Texas.",
    N,
    "Paris, Texas (weak)",
)
F(
    "entities",
    "en",
    "Toyota recalled 1.2 million vehicles.",
    "Honda recalled 1.2 million vehicles last month.",
    N,
    "company swap",
)
F(
    "entities",
    "en",
    "Marie Curie won the Nobel Prize in Chemistry.",
    "Pierre Curie won the Nobel Prize in Physics, and Marie Curie won it in Physics too.",
    N,
    "Chemistry vs Physics",
)
F(
    "entities",
    "zh",
    "北京大学在2024年排名第一",
    "北京师范大学在2024年排名第一。",
    N,
    "北京大学 vs 北京师范大学",
)
F("entities", "zh", "张伟当选为班长", "张伟伟当选为班长。", N, "名字差一字")
F("entities", "zh", "华为发布了新款折叠屏手机", "小米发布了新款折叠屏手机。", N, "公司替换")
F("entities", "zh", "李白是唐代诗人", "杜甫是唐代诗人。", N, "人名替换")
F(
    "entities",
    "en",
    "Amazon's founder is Jeff Bezos.",
    "Jeff Bezos founded Amazon in 1994.",
    Y,
    "paraphrase, same entities (may be refused)",
)

# ---------------------------------------------------------------- codes
F(
    "codes",
    "en",
    "The bug affects the RTX 4090.",
    "The bug affects the RTX 4080 and earlier cards.",
    N,
    "model number",
)
F(
    "codes",
    "en",
    "The vulnerability is tracked as CVE-2021-44228.",
    "The vulnerability is tracked as CVE-2021-45046.",
    N,
    "CVE id",
)
F(
    "codes",
    "en",
    "The factory is certified to ISO 9001.",
    "The factory is certified to ISO 14001.",
    N,
    "ISO standard",
)
F("codes", "en", "The ticket costs HK$200.", "The ticket costs US$200.", N, "currency")
F("codes", "en", "Train G1234 departs at 8:00.", "Train G1243 departs at 8:00.", N, "train code")
F("codes", "zh", "该规定见《劳动法》第四十一条", "该规定见《劳动法》第四十四条。", N, "条款号")
F("codes", "zh", "门票价格为100元人民币", "门票价格为100美元。", N, "币种")
F("codes", "zh", "该病毒株为H5N1", "该病毒株为H1N1。", N, "毒株代码")
F("codes", "zh", "请乘坐地铁2号线", "请乘坐地铁12号线。", N, "线路号")
F("codes", "en", "The flight number is BA 117.", "The flight number is BA117.", Y, "spacing in code")

# ---------------------------------------------------------------- token_boundaries
F(
    "token_boundaries",
    "en",
    "The course teaches Java.",
    "The course teaches JavaScript and HTML.",
    N,
    "Java in JavaScript",
)
F("token_boundaries", "en", "The sample was legal.", "The sample was illegal.", N, "legal in illegal")
F(
    "token_boundaries",
    "en",
    "The driver was insured.",
    "The driver was uninsured at the time of the crash.",
    N,
    "insured in uninsured",
)
F("token_boundaries", "en", "The price is 9.", "The price is 99.", N, "9 in 99")
F("token_boundaries", "en", "Ten", "The festival often sells out.", N, "ten in often")
F("token_boundaries", "zh", "该行为合法", "该行为不合法。", N, "合法 in 不合法")
F("token_boundaries", "zh", "这栋楼安全", "这栋楼不安全，需要加固。", N, "安全 in 不安全")
F("token_boundaries", "zh", "活动在南京举办", "活动在南京路举办。", N, "南京 vs 南京路")
F("token_boundaries", "zh", "会员价5元", "会员价15元。", N, "5元 in 15元")
F("token_boundaries", "en", "C", "The grade was C+ this term.", N, "C in C+ (value-only letter)")

# ---------------------------------------------------------------- context (reordered / truncated / split)
F(
    "context",
    "en",
    "The castle was built in 1285.",
    "The castle was built by Edward I. It was besieged in 1285.",
    N,
    "value in another sentence/predicate",
)
F(
    "context",
    "en",
    "Lisa Chen joined the firm in 2019.",
    "Lisa Chen joined the firm in 2017, and Tom Reed joined it in 2019.",
    N,
    "value from another entity in same sentence",
)
F(
    "context",
    "en",
    "The river is 300 km long.",
    "The river is long. Its basin covers 300 km of farmland.",
    N,
    "value from another clause",
)
F("context", "zh", "该馆藏书50万册", "该馆始建于1950年，藏书500万册。", N, "50万 vs 500万")
F("context", "zh", "王老师教数学", "李老师教数学，王老师教语文。", N, "另一个人")
F("context", "zh", "一号线长20公里", "一号线长32公里，二号线长20公里。", N, "值来自另一实体")

# ---------------------------------------------------------------- lists
F(
    "lists",
    "en",
    "Tokyo, Osaka and Kyoto are host cities.",
    "The host cities are Tokyo and Osaka.",
    N,
    "list missing one",
)
F(
    "lists",
    "en",
    "Lithium batteries are allowed in checked luggage.",
    "Items not allowed in checked luggage: lithium batteries, lighters, fireworks.",
    N,
    "list under prohibition",
)
F(
    "lists",
    "en",
    "Spain is one of the finalists.",
    "The finalists are France, Italy and Portugal; Spain was eliminated.",
    N,
    "eliminated",
)
F("lists", "zh", "该套餐包含早餐", "该套餐包含：1. 住宿两晚；2. 接送机；3. 景点门票。不含早餐。", N, "不含")
F("lists", "zh", "参展国家包括德国", "参展国家包括法国、英国、意大利和德国。", Y, "list contains")
F(
    "lists",
    "en",
    "The kit includes a charger.",
    "The kit includes:\n1. a charger\n2. a USB-C cable\n3. a manual",
    Y,
    "numbered list",
)

# ---------------------------------------------------------------- tables
F(
    "tables",
    "en",
    "Model A costs $599.",
    "Model | Price | Battery\nModel A | $499 | 10 h\nModel B | $599 | 12 h",
    N,
    "value from another row",
)
F(
    "tables",
    "en",
    "Model B has a 12 h battery.",
    "Model | Price | Battery\nModel A | $499 | 10 h\nModel B | $599 | 12 h",
    Y,
    "same row (may be refused)",
)
F(
    "tables",
    "zh",
    "北京今天最高气温30度",
    "城市 | 最高气温 | 最低气温\n北京 | 26度 | 18度\n上海 | 30度 | 24度",
    N,
    "另一行",
)
F(
    "tables",
    "zh",
    "北京今天最低气温26度",
    "城市 | 最高气温 | 最低气温\n北京 | 26度 | 18度\n上海 | 30度 | 24度",
    N,
    "另一列",
)
F(
    "tables",
    "en",
    "The 2023 revenue was $12 million.",
    "Year Revenue Profit 2022 $10 million $2 million 2023 $11 million $12 million",
    N,
    "flattened table column shift",
)

# ---------------------------------------------------------------- markdown_bullets
F(
    "markdown",
    "en",
    "Dogs are allowed on the beach.",
    "## Beach rules\n- **No** dogs allowed on the beach\n- Swimming is allowed",
    N,
    "bold No",
)
F("markdown", "en", "The sale price is $40.", "The sale price is ~~$40~~ $35.", N, "strikethrough old price")
F(
    "markdown",
    "en",
    "Parking is free.",
    "**Parking:** free\n**Wi-Fi:** $5 per day",
    Y,
    "key-value markdown (human: supported) - recall probe",
)
F(
    "markdown",
    "zh",
    "园区内可以吸烟",
    "### 园区规定\n- 禁止：吸烟、烧烤\n- 允许：野餐",
    N,
    "禁止 list heading",
)
F("markdown", "zh", "报名费为200元", "**报名费**：~~200元~~ 150元（早鸟价）", N, "删除线")
F(
    "markdown",
    "en",
    "The café opens at 7 am.",
    "* Opening hours\n  * Café: 7 am - 6 pm\n  * Shop: 9 am - 5 pm",
    Y,
    "nested bullets (recall probe)",
)

# ---------------------------------------------------------------- mixed_zh_en
F("mixed", "zh", "iPhone 15售价5999元", "iPhone 15 Pro售价5999元，iPhone 15售价5199元。", N, "Pro vs base")
F("mixed", "zh", "该路由器支持Wi-Fi 6", "该路由器支持Wi-Fi 5，不支持Wi-Fi 6。", N, "不支持Wi-Fi 6")
F("mixed", "zh", "该模型参数量为7B", "该模型参数量为70B，上下文长度为8K。", N, "7B vs 70B")
F("mixed", "zh", "该服务器配备64GB内存", "该服务器配备64 GB内存。", Y, "spacing")
F("mixed", "zh", "会议使用Zoom进行", "会议使用Teams进行，不使用Zoom。", N, "不使用Zoom")

# ---------------------------------------------------------------- fullwidth
F("fullwidth", "zh", "折扣为15%", "折扣为１５％。", Y, "full-width digits")
F("fullwidth", "zh", "保质期为30天", "保质期为３天。", N, "full-width 3 vs 30")
F("fullwidth", "zh", "型号为ABC-123", "型号为ＡＢＣ－１２３。", Y, "full-width code")
F("fullwidth", "zh", "型号为ABC-123", "型号为ＡＢＣ－１２４。", N, "full-width code changed")
F("fullwidth", "en", "The room number is 305.", "The room number is ３０５.", Y, "full-width in English")

# ---------------------------------------------------------------- traditional
F("traditional", "zh", "該產品不適用於兒童", "該產品適用於兒童。", N, "traditional, negation removed")
F("traditional", "zh", "票價為兩萬元", "票價為2萬元。", Y, "兩萬 = 2萬")
F(
    "traditional",
    "zh",
    "该产品不适用于儿童",
    "該產品不適用於兒童。",
    Y,
    "simplified fact, traditional answer (recall)",
)
F("traditional", "zh", "展覽將於下午三點開始", "展覽將於上午三點開始。", N, "下午 vs 上午 traditional")
F("traditional", "zh", "會員須年滿十八歲", "會員須年滿十六歲。", N, "traditional number")
F("traditional", "zh", "該公司無法如期交貨", "該公司能如期交貨。", N, "無法 removed")

# ---------------------------------------------------------------- long answers
LONG_EN = (
    "The Golden Gate Bridge is a suspension bridge spanning the Golden Gate strait. "
    "Construction began on January 5, 1933. The bridge opened to vehicles on May 28, 1937. "
    "Its main span is 1,280 metres long, and its towers rise 227 metres above the water. "
    "The Bay Bridge, which opened in 1936, carries about 260,000 vehicles a day. "
    "The Golden Gate Bridge carries about 112,000 vehicles a day. "
    "Tolls are collected only in the southbound direction. "
    "Pedestrians are not allowed on the bridge at night."
)
F("long", "en", "The Golden Gate Bridge opened in 1936.", LONG_EN, N, "1936 is the Bay Bridge")
F(
    "long",
    "en",
    "The Golden Gate Bridge carries about 260,000 vehicles a day.",
    LONG_EN,
    N,
    "other bridge's number",
)
F("long", "en", "Tolls are collected in the northbound direction.", LONG_EN, N, "south vs north")
F("long", "en", "Pedestrians are allowed on the bridge at night.", LONG_EN, N, "negation")
F("long", "en", "The towers rise 227 metres above the water.", LONG_EN, Y, "control")
F("long", "en", "Construction began in 1933.", LONG_EN, Y, "control (date narrower)")
LONG_ZH = (
    "三峡大坝位于湖北省宜昌市。大坝于1994年正式动工，2006年全线建成。"
    "坝顶高程185米，坝轴线全长2309米。葛洲坝水利枢纽于1988年建成，装机容量271.5万千瓦。"
    "三峡电站总装机容量为2250万千瓦。船闸为双线五级船闸，船舶通过时间约为3个小时。"
    "大坝不允许游客步行通过坝顶。"
)
F("long", "zh", "三峡大坝于1988年建成", LONG_ZH, N, "1988 属于葛洲坝")
F("long", "zh", "三峡电站总装机容量为271.5万千瓦", LONG_ZH, N, "另一工程的数字")
F("long", "zh", "船闸为单线五级船闸", LONG_ZH, N, "双线 vs 单线")
F("long", "zh", "大坝允许游客步行通过坝顶", LONG_ZH, N, "否定")
F("long", "zh", "坝轴线全长2309米", LONG_ZH, Y, "control")
F("long", "zh", "船舶通过时间约为3个小时", LONG_ZH, Y, "control")

# ---------------------------------------------------------------- real RAG answers
NILE = (
    "The longest river in the world is the Nile, stretching approximately 6,650 kilometers (4,130 miles) "
    "through northeastern Africa, flowing through countries such as Uganda, Sudan, and Egypt before emptying "
    "into the Mediterranean Sea. There is some debate about this title, as recent studies suggest the Amazon "
    "River could be longer if its longest tributaries are included, potentially extending its length to about "
    "7,000 kilometers (4,350 miles)."
)
F("real_rag", "en", "The Nile is about 7,000 km long.", NILE, N, "Amazon's figure")
F("real_rag", "en", "The Amazon is the longest river in the world.", NILE, N, "hedged (could be longer)")
F("real_rag", "en", "The Nile is about 6,650 km long.", NILE, Y, "control")
F("real_rag", "en", "The Nile flows into the Red Sea.", NILE, N, "entity changed")
F("real_rag", "en", "The Nile flows through Kenya.", NILE, N, "not in list")
FLAG = (
    "The flag of the Democratic Republic of the Congo (DRC) features a sky blue field with a red diagonal stripe "
    "bordered by narrow yellow edges, and a yellow five-pointed star in the upper left corner. Each element on the "
    "flag carries specific symbolism: the blue represents peace, the red symbolizes the blood of the country's "
    "martyrs, the yellow denotes the nation's wealth, and the star stands for hope for a better future."
)
F("real_rag", "en", "Red represents peace.", FLAG, N, "role swap in list")
F("real_rag", "en", "The star is in the upper right corner.", FLAG, N, "left vs right")
F("real_rag", "en", "The blue represents peace.", FLAG, Y, "control")
F("real_rag", "en", "The star is six-pointed.", FLAG, N, "five vs six")
WUZHEN = (
    "从上海到乌镇的途径很多，可以做高铁到桐乡再转车，也可以直接坐长途大巴。在网上买的车票，很方便也不贵（50大洋）。"
    "1.5h车程后我们到达乌镇汽车站，然后乘K350公交车，几分钟就到了西栅景区（乌镇主要景区是西栅和东栅，"
    "东栅下午5点就闭馆了，并且不接受入住，西栅一直开放，且旅客可住景区内）。"
)
F("real_rag", "zh", "东栅下午5点闭馆", WUZHEN, Y, "control")
F("real_rag", "zh", "西栅下午5点闭馆", WUZHEN, N, "实体替换")
F("real_rag", "zh", "东栅接受入住", WUZHEN, N, "不接受")
F("real_rag", "zh", "乘K530公交车到西栅景区", WUZHEN, N, "车次")
F("real_rag", "zh", "车程约15小时", WUZHEN, N, "1.5h vs 15")
F("real_rag", "zh", "车票价格为50元", WUZHEN, Y, "50大洋 = 50元 (recall)")
HAISHEN = (
    "1、家庭食用少量海参可先用冷水把干海参浸泡一天，用刀剖开肚子，取出内脏洗净；2、然后放入暖水瓶中，倒入开水，"
    "盖紧瓶盖，发10小时左右；3、取适量海参用清水泡12小时（夏天放在冰箱保鲜层），然后破肚去筋去沙嘴洗净，"
    "放在无沾油锅煮开后再用文火煮20-30分钟，熄火后将其自然凉透倒掉水，加入适量纯净水放于冰箱保鲜48小时"
    "（满24小时后再换一次纯净水）后即可食用。"
)
F("real_rag", "zh", "用文火煮30-40分钟", HAISHEN, N, "range changed")
F("real_rag", "zh", "放于冰箱冷冻48小时", HAISHEN, N, "保鲜 vs 冷冻")
F("real_rag", "zh", "用热水把干海参浸泡一天", HAISHEN, N, "冷水 vs 热水")
F("real_rag", "zh", "在暖水瓶中发10小时左右", HAISHEN, Y, "control (reordered)")
VITB = "维生素B族等水溶性维生素因为很容易随尿排泄掉，不能在体内蓄积，所以很难引起中毒，除非吃太大的量（例如是正常需要量的100倍）。"
F("real_rag", "zh", "维生素B族能在体内蓄积", VITB, N, "不能")
F("real_rag", "zh", "维生素B族很容易引起中毒", VITB, N, "很难 vs 很容易")
F("real_rag", "zh", "正常需要量的10倍会引起中毒", VITB, N, "100 vs 10")
MUS = (
    "Hank Snow lived in Tennessee when he died. North Carolina borders Tennessee to the east, "
    "and there are 35 Publix stores in North Carolina."
)
F("real_rag", "en", "There are 53 Publix stores in North Carolina.", MUS, N, "digits swapped")
F("real_rag", "en", "Virginia borders Tennessee to the east.", MUS, N, "entity")
F("real_rag", "en", "North Carolina borders Tennessee to the west.", MUS, N, "direction")
F("real_rag", "en", "There are 35 Publix stores in North Carolina.", MUS, Y, "control")
SEA = "Pearl Jam was formed in Seattle, where the usual average snowfall is 6.8 inches per year."
F("real_rag", "en", "Seattle's average snowfall is 6.8 feet.", SEA, N, "inches vs feet")
F("real_rag", "en", "Seattle's average snowfall is 8.6 inches.", SEA, N, "digits swapped")


# ---------------------------------------------------------------- content_swap (long facts, one antonym / content word swapped)
# Long facts get an edit budget; a swapped word that is not on the cue lists slips through it.
for lang, fact, ans, note in [
    (
        "en",
        "Patients who take ibuprofen regularly should have their kidney function checked every six months by a doctor.",
        "Patients who take acetaminophen regularly should have their kidney function checked every six months by a doctor.",
        "drug swapped (lowercase)",
    ),
    (
        "en",
        "Women over the age of fifty are advised to have a mammogram screening every two years at a local clinic.",
        "Men over the age of fifty are advised to have a mammogram screening every two years at a local clinic.",
        "women vs men",
    ),
    (
        "en",
        "The surgeon removed the patient's left kidney during the operation at the regional hospital last week.",
        "The surgeon removed the patient's right kidney during the operation at the regional hospital last week.",
        "left vs right",
    ),
    (
        "en",
        "Cats are the most popular pets in the survey among households living in large apartment buildings.",
        "Dogs are the most popular pets in the survey among households living in large apartment buildings.",
        "cats vs dogs",
    ),
    (
        "en",
        "The red team captured the flag in the final round and was declared the overall winner of the tournament.",
        "The blue team captured the flag in the final round and was declared the overall winner of the tournament.",
        "red vs blue team",
    ),
    (
        "en",
        "The company decided to buy back shares from investors after the quarterly results were published in the press.",
        "The company decided to sell shares to investors after the quarterly results were published in the press.",
        "buy vs sell",
    ),
    (
        "en",
        "The biopsy results from the clinic confirmed that the tumour found in the patient's lung was benign.",
        "The biopsy results from the clinic confirmed that the tumour found in the patient's lung was malignant.",
        "benign vs malignant",
    ),
    (
        "en",
        "After a two-day trial the jury found the former mayor of the town guilty of all the corruption charges.",
        "After a two-day trial the jury found the former mayor of the town innocent of all the corruption charges.",
        "guilty vs innocent",
    ),
    (
        "en",
        "The test for the virus taken by the traveller at the airport on arrival came back positive.",
        "The test for the virus taken by the traveller at the airport on arrival came back negative.",
        "positive vs negative",
    ),
    (
        "en",
        "The festival organisers announced that this year's open-air concert in the park has been confirmed for Saturday evening.",
        "The festival organisers announced that this year's open-air concert in the park has been cancelled for Saturday evening.",
        "confirmed vs cancelled",
    ),
    (
        "en",
        "During the summer months the desert region experiences extremely hot and dry weather with little rainfall.",
        "During the summer months the desert region experiences extremely cold and wet weather with little rainfall.",
        "hot/dry vs cold/wet",
    ),
    (
        "en",
        "The patient was diagnosed with acute bronchitis after a week of coughing and was given a course of rest.",
        "The patient was diagnosed with chronic bronchitis after a week of coughing and was given a course of rest.",
        "acute vs chronic",
    ),
    (
        "en",
        "The ferry to the island departs from the northern pier every morning and returns in the late afternoon.",
        "The ferry to the island departs from the southern pier every morning and returns in the late afternoon.",
        "northern vs southern",
    ),
    (
        "en",
        "In the experiment the mice that received the drug gained weight compared with the control group over four weeks.",
        "In the experiment the mice that received the drug lost weight compared with the control group over four weeks.",
        "gained vs lost",
    ),
    (
        "zh",
        "住在河北岸的居民须在今晚台风到来之前撤离到附近的安置点",
        "住在河南岸的居民须在今晚台风到来之前撤离到附近的安置点",
        "北岸 vs 南岸",
    ),
    (
        "zh",
        "在下半场比赛中主队连进两球并最终赢得了本届联赛的冠军",
        "在下半场比赛中主队连丢两球并最终输掉了本届联赛的冠军",
        "赢得 vs 输掉",
    ),
    (
        "zh",
        "调查显示猫是大型公寓住户中最受欢迎的宠物",
        "调查显示狗是大型公寓住户中最受欢迎的宠物",
        "猫 vs 狗",
    ),
    (
        "zh",
        "病理检查结果显示，患者肺部发现的肿瘤为良性，无需进一步化疗",
        "病理检查结果显示，患者肺部发现的肿瘤为恶性，无需进一步化疗",
        "良性 vs 恶性",
    ),
    (
        "zh",
        "旅客在机场入境时接受的病毒检测结果呈阳性，随后被送往隔离酒店",
        "旅客在机场入境时接受的病毒检测结果呈阴性，随后被送往隔离酒店",
        "阳性 vs 阴性",
    ),
    (
        "zh",
        "市政府批准了在老港区附近新建一座足球场的规划方案",
        "市政府驳回了在老港区附近新建一座足球场的规划方案",
        "批准 vs 驳回",
    ),
    (
        "zh",
        "患者被诊断为急性支气管炎，医生建议在家休息一周",
        "患者被诊断为慢性支气管炎，医生建议在家休息一周",
        "急性 vs 慢性",
    ),
    (
        "zh",
        "受寒潮影响，本周全市气温将明显上升，市民出行需注意",
        "受寒潮影响，本周全市气温将明显下降，市民出行需注意",
        "control-negative: 上升 vs 下降 (caught)",
    ),
    (
        "zh",
        "年满五十岁的女性建议每两年到社区医院进行一次乳腺癌筛查",
        "年满五十岁的男性建议每两年到社区医院进行一次乳腺癌筛查",
        "女性 vs 男性 (caught)",
    ),
]:
    F("content_swap", lang, fact, ans, N, note)
F(
    "content_swap",
    "en",
    "Patients who take ibuprofen regularly should have their kidney function checked every six months by a doctor.",
    "Patients who regularly take ibuprofen should have their kidney function checked by a doctor every six months.",
    Y,
    "reordered control",
)
F(
    "content_swap",
    "zh",
    "病理检查结果显示，患者肺部发现的肿瘤为良性，无需进一步化疗",
    "病理检查结果显示，患者肺部发现的肿瘤为良性，因此无需进一步化疗。",
    Y,
    "control with extra word",
)

# ---------------------------------------------------------------- lexical negation / rarity / conditional clause / retraction
F(
    "negation_lexical",
    "en",
    "The team qualified for the final.",
    "The team hardly ever qualified for the final.",
    N,
    "hardly ever",
)
F(
    "negation_lexical",
    "en",
    "Investors trust the new CEO.",
    "Investors are far from trusting the new CEO.",
    N,
    "far from",
)
F(
    "negation_lexical",
    "en",
    "The engine was repaired.",
    "The engine was too damaged to be repaired.",
    N,
    "too ... to",
)
F(
    "negation_lexical",
    "en",
    "The lake is frozen in winter.",
    "The lake is rarely frozen in winter.",
    N,
    "rarely",
)
F(
    "negation_lexical",
    "en",
    "The team qualified for the final.",
    "The team barely qualified for the final.",
    Y,
    "barely = did qualify",
)
F("negation_lexical", "en", "The island has an airport.", "The island lacks an airport.", N, "lacks (caught)")
F("negation_lexical", "zh", "该球队晋级决赛", "该球队很少晋级决赛。", N, "很少")
F("negation_lexical", "zh", "湖面冬季结冰", "湖面冬季很少结冰。", N, "很少")
F("negation_lexical", "zh", "发动机已修好", "发动机损坏严重，已无法修好。", N, "无法 (caught)")
F("negation_lexical", "zh", "村里通了电", "村里至今没通电。", N, "没 (caught)")
F(
    "conditions",
    "en",
    "The bridge reopens in March.",
    "If the bridge reopens in March, the ferry service will be reduced.",
    N,
    "antecedent of a conditional",
)
F("conditions", "zh", "大桥将于三月重新开放", "如果大桥三月重新开放，渡轮班次将会减少。", N, "条件句前件")
F("quantifiers", "zh", "这家餐厅周一营业", "这家餐厅除周一外每天营业。", N, "除…外 exclusion")
F(
    "quantifiers",
    "en",
    "The restaurant is open on Monday.",
    "The restaurant is open every day except Monday.",
    N,
    "except exclusion",
)
F(
    "hedges_questions",
    "en",
    "The singer cancelled the tour.",
    "Reports that the singer cancelled the tour are false.",
    N,
    "reported and denied",
)
F(
    "hedges_questions",
    "en",
    "The museum is closed on Monday.",
    "The museum is closed on Monday, according to a rumour that turned out to be false.",
    N,
    "false rumour",
)
F(
    "hedges_questions",
    "zh",
    "大桥将于三月重新开放",
    "有消息称大桥将于三月重新开放，但该消息已被官方辟谣。",
    N,
    "辟谣",
)
F(
    "hedges_questions",
    "en",
    "The hotel has a pool.",
    "Does the hotel have a pool? Yes, the hotel has a pool.",
    Y,
    "question then answer",
)
F("corrections", "zh", "比赛在北京举行", "比赛原本计划在北京举行，后改在上海举行。", N, "原本计划…后改")
F("token_boundaries", "en", "He came third.", "He came thirty-third.", N, "third in thirty-third")
F("token_boundaries", "zh", "他获得第三名", "他获得第十三名。", N, "第三 vs 第十三 (caught)")
