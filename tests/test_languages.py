"""Which languages an annotation set may name: Chinese and English only (the languages the
matcher has rules for), with a region or script, in any case; and a code its texts plainly
contradict (Chinese marked `en`, English marked `zh`) is a `validate` problem, so never scored."""

from __future__ import annotations

import json

import pytest
from conftest import EN, EN_ANN, EN_TRACES, ZH, ZH_ANN, ZH_TRACES, copy_example, run_cli, write_jsonl

UNSUPPORTED = "is not supported: the tool has rules for zh and en (any case, with a region or script: zh-CN"


def with_language(tmp_path, source, language, query_language=None):
    """A copy of an example set, in its folder (so it keeps naming its corpus), relabelled."""
    folder = copy_example(source.parent, tmp_path)
    path = folder / source.name
    data = json.loads(path.read_text(encoding="utf-8"))
    data["language"] = language
    if query_language is not None:
        data["queries"][0]["language"] = query_language
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.mark.parametrize("language", ["fr", "de", "ja", "xx", "klingon", "", "zh_CN", "english"])
def test_a_language_without_rules_is_refused_by_validate_and_score(tmp_path, language):
    path = with_language(tmp_path, EN_ANN, language)
    for args in (["validate", path], ["score", path, EN_TRACES, "--format", "json"]):
        result = run_cli(*args)
        assert result.returncode == 2, (args, result.stdout, result.stderr)
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and f"{path}: $.language: language {language!r} {UNSUPPORTED}" in lines[0]
        assert "fr, de" not in lines[0] and not result.stdout


def test_a_query_language_without_rules_is_refused_with_its_path(tmp_path):
    path = with_language(tmp_path, EN_ANN, "en", query_language="fr")
    result = run_cli("score", path, EN_TRACES, "--format", "json")
    assert result.returncode == 2
    assert f"{path}: $.queries[0].language: language 'fr' {UNSUPPORTED}" in result.stderr


@pytest.mark.parametrize(
    ("source", "traces", "language", "read_as", "seg"),
    [
        (EN_ANN, EN_TRACES, "EN", "en", "spacy-en-lookup.v2"),
        (EN_ANN, EN_TRACES, "en-us", "en-US", "spacy-en-lookup.v2"),
        (EN_ANN, EN_TRACES, "en-GB", "en-GB", "spacy-en-lookup.v2"),
        (ZH_ANN, ZH_TRACES, "ZH-cn", "zh-CN", "spacy-zh-jieba.v2"),
        (ZH_ANN, ZH_TRACES, "zh-hant-tw", "zh-Hant-TW", "spacy-zh-jieba.v2"),
        (ZH_ANN, ZH_TRACES, "zh-Hans", "zh-Hans", "spacy-zh-jieba.v2"),
    ],
)
def test_a_region_or_script_in_any_case_is_read_as_bcp47_writes_it(
    tmp_path, source, traces, language, read_as, seg
):
    """`ZH-cn` is Chinese, segmented and matched as `zh` is (it was read as English before):
    the report is the one the plain code gives."""
    from evidence_eval.io import load_annotations

    path = with_language(tmp_path, source, language)
    assert load_annotations(path).language == read_as
    assert run_cli("validate", path).returncode == 0
    scored = json.loads(run_cli("score", path, traces, "--format", "json").stdout)
    plain = json.loads(run_cli("score", source, traces, "--format", "json").stdout)
    assert scored["signature_parts"]["seg"] == seg
    assert scored["systems"][0]["summary"] == plain["systems"][0]["summary"]


def test_chinese_texts_marked_english_are_a_validate_problem_never_scored(tmp_path):
    path = with_language(tmp_path, ZH_ANN, "en")
    checked = run_cli("validate", path)
    assert checked.returncode == 1
    assert (
        f"{path}: $.language: language 'en', but 100% of the letters of its texts are Han characters: "
        "set zh if they are Chinese"
    ) in checked.stdout
    scored = run_cli("score", path, ZH_TRACES, "--format", "json")
    assert (
        scored.returncode == 2
        and "`validate` rejects, not scored: $.language: language 'en'" in scored.stderr
    )
    assert not scored.stdout


def test_english_texts_marked_chinese_are_a_validate_problem(tmp_path):
    path = with_language(tmp_path, EN_ANN, "zh-CN")
    checked = run_cli("validate", path)
    assert checked.returncode == 1
    assert (
        "$.language: language 'zh-CN', but only 0% of the letters of its texts are Han characters: "
        "set en if they are English"
    ) in checked.stdout


def test_one_query_marked_in_the_wrong_language_is_named_by_its_path(tmp_path):
    path = with_language(tmp_path, ZH_ANN, "zh", query_language="en")
    checked = run_cli("validate", path)
    assert checked.returncode == 1
    assert "$.queries[0].language, query repair-001: language 'en', but 100%" in checked.stdout


def test_a_mixed_set_with_each_query_in_its_language_is_clean(tmp_path):
    folder = copy_example(EN, tmp_path)
    queries = write_jsonl(
        tmp_path / "q.jsonl",
        [
            {"id": "a", "text": "How long do I have to return an item?"},
            {"id": "b", "text": "礼品卡可以兑换现金吗？"},
            {"id": "c", "text": "When is the refund issued?"},
        ],
    )
    made = run_cli("init", folder / "mixed.json", "--from", queries, "--corpus", folder / "corpus.jsonl")
    assert made.returncode == 0, made.stderr
    assert "language en (guessed from the queries)" in made.stdout and "b (zh)" in made.stderr
    assert run_cli("validate", folder / "mixed.json").returncode == 0


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("Puis-je échanger une carte cadeau contre de l'argent ?", "words puis, je, échanger, une"),
        ("Wie lange dauert die Rückerstattung?", "words wie, die"),
        ("返品の期限はいつまでですか？お金はいつ戻りますか？", "letters 'のはいつまですかおり'"),
    ],
)
def test_init_does_not_guess_english_for_another_language(tmp_path, text, shown):
    queries = write_jsonl(tmp_path / "q.jsonl", [{"id": "q1", "text": text}])
    out = tmp_path / "new.json"
    result = run_cli("init", out, "--from", queries, "--corpus", ZH / "corpus.jsonl")
    assert result.returncode == 2 and not out.exists()
    assert (
        f"{queries}: the queries look neither English nor Chinese ({shown}" in result.stderr
        and "give --language en or zh if they are written in it" in result.stderr
    )
    given = run_cli("init", out, "--from", queries, "--corpus", ZH / "corpus.jsonl", "--language", "en")
    assert given.returncode == 0 and "language en (as given)" in given.stdout


def _init_from(tmp_path, *texts):
    """`init` of queries with these texts (ids q1, q2, ...), the language left to guess."""
    queries = write_jsonl(tmp_path / "q.jsonl", [{"id": f"q{i}", "text": t} for i, t in enumerate(texts, 1)])
    return run_cli("init", tmp_path / "new.json", "--from", queries, "--corpus", ZH / "corpus.jsonl")


def test_chinese_queries_with_a_latin_name_are_chinese(tmp_path):
    result = _init_from(
        tmp_path,
        "维修资金怎么申请？",
        "Café 的退款要多久？办理时限是多久？",
        "宝可梦 Pokémon 卡牌可以退货吗",
        "雀巢Nestlé咖啡怎么退款",  # glued: one "word" of Han and Latin
        "ポケモン卡牌在北京的门店可以退货吗？保修期多长？",  # a name in kana
    )
    assert result.returncode == 0 and "language zh (guessed from the queries)" in result.stdout


def test_english_queries_with_a_name_or_two_in_accents_are_english(tmp_path):
    result = _init_from(
        tmp_path,
        "Can I return a Pokémon card bought at the café?",
        "Is the warranty valid in Zürich?",
        "Do β-blockers or TNF-α inhibitors (αβγ) void it?",
    )
    assert result.returncode == 0 and "language en (guessed from the queries)" in result.stdout


def test_english_keyword_queries_naming_accented_brands_are_english(tmp_path):
    """Keywords hold no function word of any language: accented names alone never tell."""
    result = _init_from(tmp_path, "Pokémon card return policy", "Nestlé café refund")
    assert result.returncode == 0 and "language en (guessed from the queries)" in result.stdout


@pytest.mark.parametrize("command", ["init", "convert"])
def test_language_option_without_rules_is_refused(tmp_path, command):
    queries = write_jsonl(tmp_path / "q.jsonl", [{"id": "q1", "text": "How long is the warranty?"}])
    out = tmp_path / "new.json"
    if command == "init":
        args = ["init", out, "--from", queries, "--corpus", ZH / "corpus.jsonl", "--language", "klingon"]
    else:
        beir = tmp_path / "beir"
        (beir / "qrels").mkdir(parents=True)
        write_jsonl(beir / "corpus.jsonl", [{"_id": "d1", "title": "", "text": "Two years."}])
        write_jsonl(beir / "queries.jsonl", [{"_id": "q1", "text": "How long is the warranty?"}])
        (beir / "qrels" / "test.tsv").write_text("query-id\tcorpus-id\tscore\nq1\td1\t1\n", encoding="utf-8")
        args = ["convert", "beir", beir, "-o", tmp_path / "out", "--language", "klingon"]
    result = run_cli(*args)
    assert result.returncode == 2
    assert f"--language: language 'klingon' {UNSUPPORTED}" in result.stderr
    assert not out.exists() and not (tmp_path / "out").exists()
