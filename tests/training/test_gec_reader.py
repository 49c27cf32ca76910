"""The M2 reader (annotator 0, noop, -NONE-), FCE/JFLEG parallel files and the M-Task pair builder."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import InputError
from training.augment.multitask_gec import build_pairs, detokenize
from training.data.gec import apply_m2_edits, iter_gec_corpora, read_m2, read_parallel

M2 = """S It have many shop and a old church .
A 1 2|||R:VERB:SVA|||has|||REQUIRED|||-NONE-|||0
A 3 4|||R:NOUN:NUM|||shops|||REQUIRED|||-NONE-|||0
A 5 6|||R:DET|||an|||REQUIRED|||-NONE-|||0
A 1 2|||R:VERB:SVA|||had|||REQUIRED|||-NONE-|||1

S The weather was nice yesterday .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0

S I am agree with my teacher .
A 1 2|||U:VERB|||-NONE-|||REQUIRED|||-NONE-|||0

S Despite of the rain we went out .
A 1 2|||U:PREP||||||REQUIRED|||-NONE-|||0
A 4 4|||M:PUNCT|||,|||REQUIRED|||-NONE-|||0

S Only annotator one corrects this sentance .
A 5 6|||R:SPELL|||sentence|||REQUIRED|||-NONE-|||1
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_m2_applies_annotator_zero_edits(tmp_path):
    pairs = read_m2(write(tmp_path, "a.m2", M2))
    assert pairs == [
        ("It have many shop and a old church .", "It has many shops and an old church ."),
        ("The weather was nice yesterday .", "The weather was nice yesterday ."),     # noop: unchanged
        ("I am agree with my teacher .", "I agree with my teacher ."),                # -NONE- deletes
        ("Despite of the rain we went out .", "Despite the rain , we went out ."),   # deletion + insertion
        ("Only annotator one corrects this sentance .", "Only annotator one corrects this sentance ."),
    ]


def test_m2_other_annotator(tmp_path):
    pairs = read_m2(write(tmp_path, "a.m2", M2), annotator=1)
    assert pairs[0][1] == "It had many shop and a old church ."
    assert pairs[4][1] == "Only annotator one corrects this sentence ."


def test_m2_file_without_trailing_blank_line_and_limit(tmp_path):
    p = write(tmp_path, "a.m2", M2.rstrip("\n"))
    assert len(read_m2(p)) == 5
    assert len(read_m2(p, limit=2)) == 2


def test_apply_edits_order_and_overlap():
    toks = ["a", "b", "c", "d"]
    assert apply_m2_edits(toks, [(3, 4, "D"), (0, 1, "A")]) == "A b c D"
    assert apply_m2_edits(toks, [(0, 2, "x"), (1, 3, "y")]) == "x c d"  # overlap: first edit wins
    assert apply_m2_edits(toks, [(4, 4, "e")]) == "a b c d e"


@pytest.mark.parametrize("text, msg", [
    ("A 0 1|||R:X|||y|||REQUIRED|||-NONE-|||0\n", "before any 'S'"),
    ("S a b .\nA 0 1|||R:X|||y\n", "malformed M2 edit"),
    ("S a b .\nA x 1|||R:X|||y|||REQUIRED|||-NONE-|||0\n", "malformed M2 edit offsets"),
    ("S a b .\nA 2 9|||R:X|||y|||REQUIRED|||-NONE-|||0\n", "beyond"),
    ("hello world\n", "not an M2 line"),
    ("", "no M2 sentences"),
])
def test_m2_bad_input(tmp_path, text, msg):
    with pytest.raises(InputError, match=msg):
        read_m2(write(tmp_path, "bad.m2", text))


def test_m2_binary_junk_and_missing(tmp_path):
    p = tmp_path / "junk.m2"
    p.write_bytes(b"S \xff\xfe\x00\x01 binary\n")
    with pytest.raises(InputError):
        read_m2(p)
    with pytest.raises(InputError, match="not found"):
        read_m2(tmp_path / "missing.m2")


def test_parallel_files(tmp_path):
    s = write(tmp_path, "x.src", "a b\n\nc d\n")
    t = write(tmp_path, "x.tgt", "A b\n\nC d\n")
    assert read_parallel(s, t) == [("a b", "A b"), ("c d", "C d")]
    t2 = write(tmp_path, "y.tgt", "only one line\n")
    with pytest.raises(InputError, match="not aligned"):
        read_parallel(s, t2)


def test_fixture_corpora_and_mtask_pairs(fixture_data):
    names = [n for n, _ in iter_gec_corpora(fixture_data / "gec")]
    assert names == ["wi_locness/A.train.gold.bea19.m2", "fce/train", "jfleg/dev"]
    pairs, counts = build_pairs(fixture_data / "gec", keep_identical=0.0)
    assert counts["wi_locness/A.train.gold.bea19.m2"]["read"] == 8
    assert counts["wi_locness/A.train.gold.bea19.m2"]["identical"] == 1   # the noop sentence
    assert all(s != t for s, t in pairs)                                   # identical ones dropped
    assert ("He go to school by bus every days.", "He goes to school by bus every day.") in pairs
    assert ("She dont like going to school in monday.", "She doesn't like going to school on Monday.") in pairs


def test_gec_root_without_corpora(tmp_path):
    with pytest.raises(InputError, match="no GEC corpus"):
        list(iter_gec_corpora(tmp_path))
    with pytest.raises(InputError, match="not found"):
        list(iter_gec_corpora(tmp_path / "nope"))


def test_detokenize():
    assert detokenize("I do n't know , he said .") == "I don't know, he said."
    assert detokenize("It 's ( really ) good !") == "It's (really) good!"


def test_a_correction_that_deletes_the_whole_sentence_gives_no_pair(tmp_path):
    """W&I+LOCNESS holds "yes becouse yes" corrected to nothing: an empty side is no pair, and the pair file the
    rewriter stage reads stays valid."""
    from training.augment.pairs_io import read_pairs, write_pairs

    gec = tmp_path / "gec" / "wi_locness"
    gec.mkdir(parents=True)
    (gec / "A.train.gold.bea19.m2").write_text(
        "S yes becouse yes\nA 0 3|||U:OTHER||||||REQUIRED|||-NONE-|||0\n\n"
        "S He go home .\nA 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n\n", encoding="utf-8")
    pairs, counts = build_pairs(tmp_path / "gec", keep_identical=0.0)
    assert pairs == [("He go home.", "He goes home.")]
    assert counts["wi_locness/A.train.gold.bea19.m2"]["empty"] == 1
    write_pairs(tmp_path / "pairs.tsv", pairs)
    assert read_pairs(tmp_path / "pairs.tsv") == pairs
