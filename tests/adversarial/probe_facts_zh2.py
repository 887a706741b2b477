"""Adversarial Chinese answer-fact probes, second round (matcher v3), written apart from the
matcher by a reviewer who had not read its rules.

Families: numbers, bounds, modal, entities, polarity, conditions, deadlines, quantifiers,
comparisons, traditional, mixed, long (DuReader-shaped answers), aliases_value.
Format as tests/adversarial/probe_facts.py. Long answers are rewritten from passages of
DuReader's search.dev.json (Apache-2.0): questions 25, 36, 58, 61, 69, 97.
"(weak)" in a note: a reasonable reader could go either way; not counted as a bug.
"""

from __future__ import annotations

CASES: list[dict] = []


def F(family, fact, answer, expect, note, **kw):
    f = {"text": fact}
    for k in ("aliases", "value", "polarity"):
        if k in kw:
            f[k] = kw[k]
    CASES.append(
        {"family": family, "lang": "zh", "fact": f, "answer": answer, "expect": expect, "note": note}
    )


N, Y = "not_found", "found"

# ---------------------------------------------------------------- numbers
F("numbers", "办理时限为30天", "根据办事指南，办理时限为三十天，逾期视为放弃。", Y, "三十 = 30")
F("numbers", "办理时限为30天", "根据办事指南，办理时限为卅天，逾期视为放弃。", Y, "卅 = 30 (recall)")
F("numbers", "办理时限为20天", "根据办事指南，办理时限为廿天。", Y, "廿 = 20 (recall)")
F("numbers", "需要两名担保人", "申请贷款需要2名担保人，并提供收入证明。", Y, "两 = 2")
F("numbers", "该国人口为3.2亿", "该国人口为三点二亿，居世界第三。", Y, "三点二亿 = 3.2亿 (recall)")
F("numbers", "该国人口为3.2亿", "该国人口为三亿二千万，居世界第三。", Y, "三亿二千万 = 3.2亿")
F("numbers", "会员享受8折优惠", "持卡会员享受八折优惠，特价商品除外。", Y, "八折 = 8折 (recall)")
F("numbers", "首付比例为3成", "目前首付比例为3成，贷款期限最长30年。", Y, "identical")
F("numbers", "首付比例为三成", "目前首付比例为百分之三十。", Y, "三成 = 30% (recall)")
F("numbers", "疗程为一年半", "该药的疗程为18个月，期间需定期复查。", Y, "一年半 = 18个月")
F(
    "numbers",
    "时长为两个半小时",
    "整场演出时长为2.5小时，中场休息15分钟。",
    Y,
    "两个半小时 = 2.5小时 (recall)",
)
F("numbers", "售价为１２００元", "该款耳机售价为1200元。", Y, "full-width fact")
F("numbers", "年增长率为百分之五点五", "2023年该市GDP年增长率为5.5%。", Y, "百分之五点五 = 5.5%")
F("numbers", "年增长率为百分之五点五", "近五年该市GDP年增长率为5.5%。", Y, "近五年 read as approx 近 (weak)")
F("numbers", "利率为千分之三", "逾期利率为0.3%。", Y, "千分之三 = 0.3%")
F("numbers", "参赛者共一万零五百人", "本届马拉松参赛者共10500人。", Y, "一万零五百 = 10500")
F("numbers", "该车售价十二万八", "该车售价12.8万元，另有购置税优惠。", Y, "十二万八 = 12.8万 (recall)")
F(
    "numbers",
    "婴儿满12周可以接种该疫苗",
    "婴儿满12周岁可以接种该疫苗。",
    N,
    "12周 (weeks) vs 12周岁 (years of age)",
)
F("numbers", "年满18周岁可以办理", "年满18岁可以办理。", Y, "18周岁 = 18岁 (recall)")
F("numbers", "合同金额为人民币壹拾贰万元整", "合同金额为人民币壹拾贰万伍仟元整。", N, "大写 120000 vs 125000")
F("numbers", "合同金额为人民币壹拾贰万元整", "合同金额为人民币壹拾贰万元整。", Y, "identical 大写")
F("numbers", "罚款金额为伍仟元", "罚款金额为5000元。", Y, "伍仟 = 5000 (recall)")
F("numbers", "营收是去年的两倍", "营收比去年增长两倍。", N, "增长两倍 = 3x (weak) common misuse")

# ---------------------------------------------------------------- bounds
F("bounds", "应在收到通知后10日内提出", "当事人应在收到通知后10日以内提出书面申请。", Y, "内 = 以内")
F("bounds", "年收入在10万元以上", "年收入10万元以上的纳税人需自行申报。", Y, "same bound")
F("bounds", "年收入在10万元以上", "年收入在10万元上下。", N, "上下 approx")
F("bounds", "应于3月1日之前提交", "相关材料应于3月1日以前提交。", Y, "之前 = 以前")
F("bounds", "费用不低于500元", "每人费用至少500元。", Y, "至少 = 不低于")
F("bounds", "利润同比增长10%", "利润同比增长超10%。", N, "超10% = more than 10%")
F("bounds", "事故造成10人受伤", "事故造成10余人受伤。", N, "10余人 = more than 10")
F("bounds", "事故造成10人受伤", "事故造成10多人受伤。", N, "10多人")
F("bounds", "事故造成10人受伤", "事故造成数十人受伤。", N, "数十人 = dozens")
F("bounds", "事故造成10人受伤", "事故造成10来人受伤。", N, "10来人 = about 10")
F("bounds", "事故造成10人受伤", "据通报，事故造成10人受伤，其中2人伤势较重。", Y, "control")
F("bounds", "参观人数达到5万人次", "参观人数5万余人次。", N, "5万余")

# ---------------------------------------------------------------- modal
F("modal", "申请人须本人到场", "办理时申请人须本人到场，不接受代办。", Y, "control")
F("modal", "申请人须本人到场", "申请人通常需本人到场。", N, "通常 (usually) weakens 须")
F("modal", "企业必须安装监控设备", "企业应安装监控设备，并保存录像30天。", Y, "应 ~ 必须 (lenient, as suite)")
F("modal", "企业必须安装监控设备", "企业应尽量安装监控设备。", N, "应尽量 = should as far as possible")
F("modal", "车厢内不得吸烟", "车厢内不宜吸烟。", N, "不宜 = not advisable, not prohibited")
F("modal", "车厢内不得吸烟", "根据规定，车厢内不得吸烟，违者罚款200元。", Y, "control")
F("modal", "学生可以不穿校服", "学生不可以穿校服。", N, "可以不 (optional) vs 不可以 (prohibited)")
F("modal", "学生可以不参加晚自习", "学生不得参加晚自习。", N, "可以不 vs 不得")
F("modal", "学生不能参加晚自习", "学生可以不参加晚自习。", N, "不能 vs 可以不")
F(
    "modal",
    "学生可以不参加晚自习",
    "高三学生可以不参加晚自习，但需提前报备。",
    Y,
    "control, added subject modifier (weak: 高三 narrows)",
)
F("modal", "员工可以拒绝加班", "员工不可以加班。", N, "可以拒绝 vs 不可以")
F("modal", "孕妇不应服用该药", "孕妇应不服用该药。", Y, "不应 ~ 应不 (weak)")

# ---------------------------------------------------------------- entities
F("entities", "该案由上海市第一中级人民法院审理", "该案由上海市第二中级人民法院审理。", N, "第一 vs 第二")
F(
    "entities",
    "该案由上海市第一中级人民法院审理",
    "经查询，该案由上海市第一中级人民法院审理，将择期宣判。",
    Y,
    "control",
)
F("entities", "会议在南宁举行", "会议在南京举行。", N, "city")
F("entities", "冠军是王芳", "冠军是王芳芳。", N, "longer person name")
F("entities", "冠军是王芳", "本届比赛的冠军是王芳，亚军是李娜。", Y, "control")
F(
    "entities",
    "依据《劳动合同法》第三十九条",
    "依据《劳动合同法实施条例》第三十九条。",
    N,
    "another regulation (longer title)",
)
F(
    "entities",
    "依据《劳动合同法》第三十九条",
    "用人单位可以依据《劳动合同法》第39条解除劳动合同。",
    Y,
    "第39条 = 第三十九条",
)
F("entities", "该规定见《民法典》第一千零七十九条", "该规定见《民法典》第1079条。", Y, "number form")
F("entities", "该规定见《民法典》第一千零七十九条", "该规定见《刑法》第一千零七十九条。", N, "another code")

# ---------------------------------------------------------------- mixed script
F("mixed", "该手机型号为Mate 60 Pro", "该手机型号为Mate 60 Pro+。", N, "Pro vs Pro+")
F("mixed", "该手机型号为Mate 60 Pro", "经查询，该手机型号为Mate 60 Pro，于2023年发布。", Y, "control")
F("mixed", "处理器为骁龙8 Gen 3", "处理器为骁龙8s Gen 3。", N, "8 vs 8s (another chip)")
F("mixed", "小米14的起售价为3999元", "小米14 Ultra的起售价为3999元。", N, "another model")
F("mixed", "小米14的起售价为3999元", "小米14Ultra的起售价为3999元。", N, "glued Ultra")
F("mixed", "小米14的起售价为3999元", "小米14青春版的起售价为3999元。", N, "青春版")
F("mixed", "小米14的起售价为3999元", "官方公布，小米14的起售价为3999元，12月开售。", Y, "control")
F("mixed", "Redmi K70的电池容量为5000mAh", "Redmi K70至尊版的电池容量为5000mAh。", N, "至尊版")
F("mixed", "Redmi K70的电池容量为5000mAh", "Redmi K70的电池容量为5000mAh，支持120W快充。", Y, "control")
F("mixed", "Redmi K70的电池容量为5000mAh", "Redmi K70的电池容量为5000毫安时。", Y, "mAh = 毫安时 (recall)")
F("mixed", "iPhone 15的起售价为5999元", "iPhone 15 plus的起售价为5999元。", N, "lower-case plus")
F(
    "mixed",
    "iPhone 15的起售价为5999元",
    "iPhone 15的起售价为5999元，iPhone 15 Plus为6999元。",
    Y,
    "control with near-miss",
)
F("mixed", "该显卡为RTX 4090", "该显卡为RTX 4090D。", N, "4090D")

# ---------------------------------------------------------------- polarity
F("polarity", "公司发放年终奖", "受业绩影响，公司取消发放年终奖。", N, "取消")
F("polarity", "公司发放年终奖", "公司否认发放年终奖。", N, "否认")
F("polarity", "公司发放年终奖", "公司无力发放年终奖。", N, "无力 = unable")
F("polarity", "公司发放年终奖", "公司发放年终奖的消息是假的。", N, "是假的")
F("polarity", "公司发放年终奖", "公司打算发放年终奖。", N, "打算 = intends")
F("polarity", "公司发放年终奖", "公司承诺发放年终奖。", N, "承诺 = promised")
F("polarity", "公司发放年终奖", "网传公司发放年终奖。", N, "网传 = rumoured online")
F("polarity", "公司发放年终奖", "今年公司照常发放年终奖，人均2万元。", Y, "control")
F("polarity", "专家认为该病毒可以人传人", "专家否认该病毒可以人传人。", N, "否认")
F("polarity", "该病毒可以人传人", "尚无证据表明该病毒可以人传人。", N, "尚无证据")
F("polarity", "门票价格包含导游服务", "门票价格包含导游服务费以外的所有费用。", N, "以外 exclusion")
F("polarity", "门票价格包含导游服务", "门票价格包含导游服务，不含餐费。", Y, "control with another exclusion")
F(
    "polarity",
    "所有商品支持七天无理由退货",
    "所有商品支持七天无理由退货，生鲜商品除外。",
    N,
    "除外 after comma",
)
F(
    "polarity",
    "所有商品支持七天无理由退货",
    "除生鲜商品外，所有商品支持七天无理由退货。",
    N,
    "除…外 before comma",
)
F("polarity", "博物馆每天开放", "博物馆每天开放，法定节假日除外。", N, "除外 after comma")
F("polarity", "博物馆每天开放", "博物馆每天开放，但法定节假日闭馆。", N, "但…闭馆")
F("polarity", "学生免交学费", "学生不免交学费。", N, "不免交")
F("polarity", "该景区免门票", "该景区免门票，但需提前预约。", Y, "control")
F("polarity", "地震造成的损失除外", "本保险中，地震造成的损失除外。", Y, "control exclusion")
F("polarity", "所有学生都不及格", "不是所有学生都及格。", N, "all-not vs not-all")
F("polarity", "并非所有门店都支持退货", "所有门店都不支持退货。", N, "not-all vs all-not")
F("polarity", "他没有全部答对", "他全部没有答对。", N, "not-all vs all-not")
F("polarity", "该航班已恢复运营", "经民航局批准，该航班已恢复运营。", Y, "control")

# ---------------------------------------------------------------- conditions
F("conditions", "会员可享受免费停车", "会员消费满200元可享受免费停车。", N, "added condition 消费满200元")
F("conditions", "会员可享受免费停车", "消费满200元的会员可享受免费停车。", N, "restrictive relative clause")
F("conditions", "会员可享受免费停车", "会员在工作日可享受免费停车。", N, "time restriction (weak)")
F("conditions", "会员可享受免费停车", "商场会员可享受免费停车，非会员每小时收费5元。", Y, "control")
F(
    "conditions",
    "年满60周岁的老人可免费乘车",
    "年满60周岁的本市户籍老人可免费乘车。",
    N,
    "narrowed to 本市户籍",
)
F("conditions", "年满60周岁的老人可免费乘车", "年满60周岁的老人经审核通过的可免费乘车。", N, "经审核通过的")
F(
    "conditions",
    "年满60周岁的老人可免费乘车",
    "本市规定，年满60周岁的老人可免费乘车，需刷老年卡。",
    Y,
    "control",
)
F("conditions", "租金按月支付", "租金按月或按季支付。", N, "alternative 或按季")
F("conditions", "租金按月支付", "租金按月支付或一次性支付。", N, "alternative 或一次性")
F("conditions", "租金按月支付", "一般情况下，租金按月支付。", N, "一般情况下 (weak)")
F("conditions", "租金按月支付", "根据合同约定，租金按月支付，每月5日前付清。", Y, "control")

# ---------------------------------------------------------------- deadlines
F("deadlines", "自收到通知之日起15日内申请复议", "当事人可以自收到通知之日起15日内申请复议。", Y, "control")
F(
    "deadlines",
    "自收到通知之日起15日内申请复议",
    "自收到通知之次日起15日内申请复议。",
    N,
    "之日起 vs 次日起 (weak) 民法典 excludes day one anyway",
)
F("deadlines", "保修期自发票开具之日起计算", "保修期自发票开具次日起计算。", N, "次日 vs 之日")
F("deadlines", "自购买之日起7日内可无理由退货", "自签收之日起7日内可无理由退货。", N, "签收 vs 购买")
F("deadlines", "自购买之日起7日内可无理由退货", "自购买之日起一周内可无理由退货。", Y, "一周 = 7日")
F("deadlines", "自购买之日起7日内可无理由退货", "自购买之日起7个自然日内可无理由退货。", Y, "自然日 = 日")
F("deadlines", "退款将在3个工作日内到账", "退款一般在3个工作日内到账。", N, "一般 (usually)")
F("deadlines", "退款将在3个工作日内到账", "退款通常在3个工作日内到账。", N, "通常 (usually)")
F("deadlines", "退款将在3个工作日内到账", "退款将在三个工作日内到账，请注意查收。", Y, "control")
F(
    "deadlines",
    "申请人应在期限届满前6个月内提出续展申请",
    "申请人应在期限届满前半年内提出续展申请。",
    Y,
    "半年 = 6个月",
)

# ---------------------------------------------------------------- quantifiers
F("quantifiers", "所有员工均可参加培训", "所有正式员工均可参加培训。", N, "所有正式员工 narrows")
F("quantifiers", "所有员工均可参加培训", "全体员工均可参加培训。", Y, "全体 = 所有")
F("quantifiers", "所有员工均可参加培训", "绝大多数员工可参加培训。", N, "绝大多数")
F("quantifiers", "每位员工可领取两张门票", "每位员工最多可领取两张门票。", N, "最多")
F("quantifiers", "任何单位和个人都有权举报", "任何单位和个人都有权举报。", Y, "identical")
F("quantifiers", "任何单位和个人都有权举报", "任何单位或个人都有权举报。", Y, "和/或 in a universal (weak)")
F(
    "quantifiers",
    "罚款金额为5000元",
    "罚款金额为每日5000元。",
    N,
    "每日 turns a fine into a daily fine (weak)",
)

# ---------------------------------------------------------------- comparisons
F("comparisons", "利润同比增长10%", "利润同比增至10%。", N, "增至 = grew to")
F("comparisons", "利润同比增长10%", "利润同比增长到10%。", N, "增长到 = grew to")
F("comparisons", "失业率下降了2%", "失业率下降至2%。", N, "下降至 = fell to")
F("comparisons", "价格提高了20元", "价格提高到20元。", N, "提高到")
F("comparisons", "利润同比增长10%", "利润同比增长了10%，达到50亿元。", Y, "control")
F("comparisons", "利润同比增长10%", "利润同比上升10%。", Y, "上升 = 增长")
F("comparisons", "参观人数达到5万人次", "参观人数或达5万人次。", N, "或达 = may reach")
F("comparisons", "参观人数达到5万人次", "参观人数将达到5万人次。", N, "将 (future) (weak)")

# ---------------------------------------------------------------- traditional
F("traditional", "訂單滿300元免運費", "訂單滿300元不免運費。", N, "不免")
F("traditional", "該產品免稅", "該產品不免稅。", N, "不免")
F("traditional", "訂單滿300元免運費", "本店訂單滿300元免運費，偏遠地區除外。", Y, "control (weak: 除外)")
F("traditional", "該產品保固期為兩年", "該產品保固期為二年。", Y, "兩 = 二")
F(
    "traditional",
    "申請人應當於十五日內補正",
    "申请人应当于15日内补正。",
    Y,
    "traditional fact, simplified answer (recall)",
)
F("traditional", "申請人應當於十五日內補正", "申請人應當於十五日後補正。", N, "後 vs 內")
F("traditional", "該公司營收為三億元", "該公司營收為叁億元。", Y, "叁 = 三 (recall)")
F("traditional", "所有會員均可參加", "並非所有會員均可參加。", N, "並非")
F("traditional", "該申請已獲批准", "該申請未獲批准。", N, "未")

# ---------------------------------------------------------------- aliases / explicit value
V15 = {"type": "duration", "amount": 15, "unit": "day"}
V5000 = {"type": "money", "amount": 5000, "currency": "CNY"}
F("aliases_value", "退货期限", "本店的退货期限为15天，定制商品不支持退货。", Y, "value 15天", value=V15)
F("aliases_value", "退货期限", "本店的退货期限为十五天。", Y, "value 十五天", value=V15)
F("aliases_value", "退货期限", "本店的退货期限不超过15天。", N, "value with 不超过", value=V15)
F("aliases_value", "退货期限", "本店的退货期限至少15天。", N, "value with 至少", value=V15)
F("aliases_value", "退货期限", "本店的退货期限为15天以上。", N, "value with 以上", value=V15)
F("aliases_value", "退货期限", "本店的退货期限为15天左右。", N, "value with 左右", value=V15)
F("aliases_value", "罚款金额", "罚款金额为五千元。", Y, "value 五千元", value=V5000)
F("aliases_value", "罚款金额", "罚款金额最高为5000元。", N, "value with 最高", value=V5000)
F("aliases_value", "罚款金额", "罚款金额为5000元以下。", N, "value with 以下", value=V5000)
F("aliases_value", "罚款金额", "罚款金额为5000元起。", N, "value with 起 (from)", value=V5000)
F("aliases_value", "违约金比例", "违约金比例为合同金额的两成。", Y, "两成 = 20% (recall)", value="20%")
F("aliases_value", "违约金比例", "违约金比例为合同金额的百分之二十。", Y, "百分之二十", value="20%")
F("aliases_value", "违约金比例", "违约金比例为合同金额的千分之二十。", N, "千分之二十", value="20%")
F(
    "aliases_value",
    "工商银行推出了该产品",
    "工行推出了该产品，年化收益率为3.2%。",
    Y,
    "alias 工行",
    aliases=["工行推出了该产品"],
)
F(
    "aliases_value",
    "工商银行推出了该产品",
    "工行否认推出了该产品。",
    N,
    "alias matched, 否认",
    aliases=["工行推出了该产品"],
)
F(
    "aliases_value",
    "该药物须冷藏保存",
    "该药物需要放在冰箱里保存，温度2至8摄氏度。",
    Y,
    "alias",
    aliases=["该药物需要放在冰箱里保存"],
)
F(
    "aliases_value",
    "该药物须冷藏保存",
    "该药物通常需要放在冰箱里保存。",
    N,
    "alias with 通常",
    aliases=["该药物需要放在冰箱里保存"],
)

# ---------------------------------------------------------------- long (DuReader-shaped answers)
# q36 怀孕多久会有反应
A36 = (
    "女性出现妊娠反应一般是从6-12周左右开始，也就是怀孕1个多月就会开始出现反应，到第3个月的时候，"
    "妊娠反应基本结束。大部分女性怀孕初期都会出现恶心、呕吐的感觉，这些症状因人而异，除非恶心、呕吐非常厉害，"
    "才需要就医。怀孕三个月的时候，膀胱会受到日益胀大的子宫的压迫，所以怀孕期间也会有尿频的现象。"
    "只要是平时月经正常的女性，在性行为后超过正常经期两周，就有可能是怀孕了。"
)
F("long", "妊娠反应在第3个月基本结束", A36, Y, "restated")
F("long", "大部分女性怀孕初期都会出现恶心、呕吐的感觉", A36, Y, "verbatim")
F("long", "所有女性怀孕初期都会出现恶心、呕吐的感觉", A36, N, "大部分 -> 所有")
F("long", "恶心、呕吐需要就医", A36, N, "only if very severe (除非)")
F("long", "超过正常经期两周就一定是怀孕了", A36, N, "有可能 -> 一定")
F("long", "怀孕期间会有尿频的现象", A36, Y, "also (也) dropped: control")
# q58 开培训班需要什么手续
A58 = (
    "开办辅导班相当于设立教育机构，必须具备四项基本条件：有可靠的合格教师来源；有符合规定标准的教学场所及设施；"
    "有较为健全的内部组织管理机构；有必备的办学资金和稳定的经费来源。具备以上条件之后，可以去当地的人民政府及教育行政部门"
    "等主管机关审批。培训班申办者可以货币形式出资，也可以实物、土地使用权出资；凡以实物、土地使用权出资的，"
    "必须由有关部门进行资产的评估和核实。培训班名称中不得带有与实际不符或易产生误导的词语。"
)
F("long", "开办辅导班必须具备四项基本条件", A58, Y, "verbatim")
F("long", "开办辅导班可以具备四项基本条件", A58, N, "必须 -> 可以")
F(
    "long",
    "以实物出资的必须由有关部门进行资产评估",
    A58,
    Y,
    "paraphrase of the 凡 sentence (weak) 和核实 dropped",
)
F("long", "培训班名称中可以带有与实际不符的词语", A58, N, "不得 -> 可以")
F("long", "培训班申办者只能以货币形式出资", A58, N, "只能 vs 也可以实物")
# q61 肉粽子怎么做
A61 = (
    "糯米在做粽子的前一天晚上就泡上，其实泡3个小时就包也可以，口感差别不大。鲜肉切成1厘米见方的块，"
    "用生抽、老抽、盐拌匀腌制至少20分钟备用。包好后放入大锅中，加足没过粽子的冷水，大火烧开后转小火煮约3个小时。"
    "如果用砂锅高火煮，两个小时即可。"
)
F("long", "鲜肉需腌制至少20分钟", A61, Y, "需 added (weak)")
F("long", "鲜肉腌制至少20分钟", A61, Y, "restated across a comma (weak)")
F("long", "鲜肉腌制20分钟以内", A61, N, "至少 -> 以内")
F("long", "鲜肉切成1厘米见方的块", A61, Y, "verbatim")
F("long", "粽子用大锅大火煮3个小时", A61, N, "小火 vs 大火")
F("long", "粽子用砂锅高火煮两个小时", A61, N, "stated only under 如果 (weak)")
F("long", "粽子大火烧开后转小火煮约3个小时", A61, Y, "verbatim")
# q69 公司倒闭员工补偿标准
A69 = (
    "根据企业破产法第三十七条第二款，破产财产优先拨付破产费用后，按照下列顺序清偿：（一）破产企业所欠职工工资和劳动保险费用；"
    "（二）破产企业所欠税款；（三）破产债权。劳动者享有的经济补偿金可与工资、劳动保险费用同作为第一顺序优先受偿。"
    "职工一次性安置费一般人均不超过本市企业职工上年平均工资的三倍。"
)
F("long", "经济补偿金可作为第一顺序优先受偿", A69, Y, "restated")
F("long", "经济补偿金可作为第二顺序优先受偿", A69, N, "第二")
F("long", "一次性安置费人均不超过上年平均工资的三倍", A69, Y, "本市企业职工 dropped (weak)")
F("long", "一次性安置费人均不低于上年平均工资的三倍", A69, N, "不低于")
F("long", "破产企业所欠税款在职工工资之前清偿", A69, N, "order reversed")
# q97 养猴子犯法吗
A97 = (
    "个人养猴子作为宠物是违法的。猴类至少是国家二级保护动物，金丝猴、蜂猴等属于国家一级保护动物，"
    "短尾猴、猕猴、藏酋猴属于国家二级保护动物。个人或单位只有因科学研究、驯养繁殖、展览等特殊情况才可准许饲养，"
    "且需要办理驯养繁殖许可证，目前尚不允许作为个人宠物饲养。"
)
F("long", "猕猴属于国家二级保护动物", A97, Y, "list member")
F("long", "个人养猴子作为宠物是违法的", A97, Y, "verbatim")
F("long", "饲养猴子需要办理驯养繁殖许可证", A97, Y, "restated (weak)")
F("long", "饲养猴子无需办理驯养繁殖许可证", A97, N, "无需")
F("long", "任何单位都可以饲养猴子", A97, N, "只有…才 dropped")
# q25 小米6防水等级
A25 = (
    "小米6确实是防水的，但是为了保持低调，很多资料都没有标注小米6是否防水。根据评测资料显示，小米6支持IP68级的防水，"
    "能够满足日常生活中的防水需求。不过小米官方并未宣传该机可以长时间浸泡在水中。"
)
F("long", "小米6支持IP68级的防水", A25, Y, "verbatim")
F("long", "小米6 Plus支持IP68级的防水", A25, N, "another model")
F("long", "小米6可以长时间浸泡在水中", A25, N, "官方并未宣传 (weak)")

# ---------------------------------------------------------------- 除 inside a word counted as a negation
F("polarity", "该软件可以恢复文件", "该软件不可以恢复删除的文件。", N, "不可以 cancelled by 除 in 删除")
F("polarity", "该软件可以恢复误删的文件", "该软件不可以恢复误删除的文件。", N, "same, 误删除")
F("polarity", "手术后患者可以正常饮食", "切除手术后患者不可以正常饮食。", N, "不可以 cancelled by 除 in 切除")
F("polarity", "雇主可以辞退员工", "雇主在解除合同时不可以辞退员工。", N, "不可以 cancelled by 除 in 解除")
F(
    "polarity",
    "该软件可以恢复删除的文件",
    "该软件可以恢复删除的文件，但不能恢复被覆盖的数据。",
    Y,
    "删除 is no negation (recall)",
)
F("polarity", "所有学生都不及格", "这次考试所有学生都不及格。", Y, "control")
F("modal", "学生可以不穿校服", "按照新规定，学生可以不穿校服。", Y, "control")
F("comparisons", "利润同比增长10%", "利润同比增长10%至50亿元。", Y, "by 10% to 50亿")
F("bounds", "参观人数达到5万人次", "展览期间参观人数达到5万人次，创历史新高。", Y, "control")
F(
    "mixed",
    "小米14 Ultra的起售价为6499元",
    "小米14 Ultra的起售价为6499元，小米14为3999元。",
    Y,
    "control with near-miss",
)

# q4 建行理财到期钱没了; q82 怀孕初期有褐色分泌物
A4 = (
    "首先确定买的是自动赎回的吗？要不是的话还需要手动赎回钱才可以回到账上。银行理财产品到期后的资金一般在晚间24点到账，"
    "但如果买的产品会自动续做的话，一定记得要手动赎回一下。"
)
F("long", "银行理财产品到期后的资金在晚间24点到账", A4, N, "一般 (usually) in a real answer")
F("long", "银行理财产品到期后的资金一般在晚间24点到账", A4, Y, "verbatim with 一般")
A82 = (
    "专家说，当怀孕初期有褐色分泌物时，只需过一段时间就会好，需注意不要操劳，多休息。褐色分泌物颜色很淡是没什么问题，"
    "如果颜色比较深最好去医院检查一下。要是总会断断续续出现褐色分泌物，要暂时避免性交，否则会有流产危险。"
    "在头10个星期内仍应禁止发生性行为。出现褐色分泌物的孕妇不在少数，一般都发生在孕前三个月。"
)
F("long", "褐色分泌物都发生在孕前三个月", A82, N, "一般都 -> 都")
F("long", "出现褐色分泌物的孕妇不在少数", A82, Y, "verbatim, 不在少数")
F("long", "出现褐色分泌物的孕妇很少", A82, N, "不在少数 vs 很少")
F("long", "在头10个星期内应禁止发生性行为", A82, Y, "仍 (still) dropped")
F("long", "在头10个星期内可以发生性行为", A82, N, "可以 vs 禁止")
F("long", "断断续续出现褐色分泌物要暂时避免性交", A82, Y, "restated")
