"""The JFC labeller on hand-written Japanese, English normalisation for dedup, balancing and the split."""
from __future__ import annotations

import pytest

from training import jfc


@pytest.mark.parametrize("ja", [
    "これは私の本です。",              # です
    "昨日は雨でした。",                # でした
    "毎朝六時に起きます。",            # ます
    "手紙を読みました。",              # ました
    "肉は食べません。",                # ません
    "一緒に行きましょう。",            # ましょう
    "明日は晴れるでしょう。",          # でしょう
    "手伝っていただけますか。",        # ます inside a longer ending still counts (substring rule)
    "お待ちしております。",            # ます at the end of おります
    "私 は 学生 で す 。",             # Tanaka-style segmentation splits the key: spaces are removed first
    "駅 は どこ で す か",
])
def test_polite_sentences_are_formal(ja):
    assert jfc.label(ja) == 1


@pytest.mark.parametrize("ja", [
    "これは私の本だ。",
    "昨日は雨だった。",
    "毎朝六時に起きる。",
    "肉は食べない。",
    "一緒に行こう。",
    "腹 減っ た 。",
    "まあ、すごいね。",  # ま and す occur, but never as ます
    "",
])
def test_plain_sentences_are_informal(ja):
    assert jfc.label(ja) == 0


def test_configurable_keys():
    assert jfc.label("ございます", keys=("ござい",)) == 1
    assert jfc.label("本だ。", keys=("だ",)) == 1
    assert jfc.label("本です。", keys=("ござい",)) == 0
    with pytest.raises(ValueError):
        jfc.label("本です。", keys=())
    assert jfc.polite_keys_in("行きましょう") == ["ましょう"]  # ましょう holds ましょ, not ます
    assert jfc.polite_keys_in("行きますよね、行きましょう") == ["ます", "ましょう"]


def test_normalisation_for_dedup():
    a = jfc.normalize_english("I can't tell who will arrive first.")
    b = jfc.normalize_english("i can 't tell who will arrive first .")
    assert a == b
    assert jfc.detokenize_english("i 'm in the tennis club .") == "I'm in the tennis club."
    assert jfc.detokenize_english("he does n't know , does he ?") == "He doesn't know, does he?"


def test_build_dedups_balances_and_splits():
    tatoeba = [("This is my book.", "これは私の本です。"), ("I'm tired.", "疲れた。"),
               ("Go!", "行け！"), ("Wait.", "待って。"), ("Eat.", "食べて。"),
               ("Hello.", "こんにちは。"), ("Hello.", "こんにちは。")]  # duplicate within
    tanaka = [("this is my book .", "これ は 私 の 本 で す 。"),  # duplicate across (normalised)
              ("i will go .", "行 き ま す 。"),
              ("go !", "行きなさい。")]  # conflicts? no: both informal, plain imperative
    conflict = [("wait .", "お待ちください。待ちます。")]  # same English as "Wait." but polite: ambiguous
    train, held, counts = jfc.build([("tatoeba", tatoeba, False), ("tanaka", tanaka, True),
                                     ("extra", conflict, True)], seed=1, heldout_fraction=0.0)
    assert counts.duplicates_within == 1
    assert counts.duplicates_across == 3  # "this is my book", "go !", "wait ."
    assert counts.conflicting_dropped == 1
    assert counts.formal_before_balance == 2  # the book (Tatoeba's casing kept), "I will go."
    assert counts.per_class_after_balance == 2
    texts = {t for t, _ in train}
    assert "This is my book." in texts and "I will go." in texts and "Wait." not in texts
    assert sum(lab for _, lab in train) == 2 and len(train) == 4 and held == []
    # the same seed gives the same corpus; another seed may down-sample differently
    again, _, _ = jfc.build([("tatoeba", tatoeba, False), ("tanaka", tanaka, True), ("extra", conflict, True)],
                            seed=1, heldout_fraction=0.0)
    assert again == train


def test_heldout_split_is_stratified():
    pairs = [(f"Sentence number {i}.", "本です。" if i % 2 else "本だ。") for i in range(40)]
    train, held, _counts = jfc.build([("s", pairs, False)], seed=3, heldout_fraction=0.25)
    assert len(held) == 10 and sum(lab for _, lab in held) == 5
    assert not {t for t, _ in train} & {t for t, _ in held}
