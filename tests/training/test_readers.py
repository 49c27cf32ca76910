"""Data readers: the fixtures read correctly; malformed files fail with the file, the line and the problem."""
from __future__ import annotations

import shutil

import pytest

from engine.errors import InputError
from training.data import gyafc, jaen, pt16, text


def test_gyafc_fixture(fixture_data):
    pairs = gyafc.read_pairs(fixture_data / "gyafc")
    assert len(pairs) == 88 and all(a and b for a, b in pairs)
    texts, labels = gyafc.read_classification(fixture_data / "gyafc", ["em"])
    assert labels[:2] == [0, 1] and len(texts) == 88
    tune = gyafc.read_tune(fixture_data / "gyafc", "fr")
    assert len(tune.refs) == 4 and all(len(r) == len(tune.sources) for r in tune.refs)
    _t, y = gyafc.read_tune_classification(fixture_data / "gyafc", "em")
    assert sum(y) == len(y) // 2
    assert len(gyafc.read_pairs(fixture_data / "gyafc", ["em"], limit=5)) == 5


def test_gyafc_misaligned_and_empty_pair(tmp_path, fixture_data):
    root = tmp_path / "g"
    shutil.copytree(fixture_data / "gyafc", root)
    with open(root / "em" / "train.informal", "a", encoding="utf-8") as fh:
        fh.write("an extra line\n")
    with pytest.raises(InputError, match=r"train.informal.*train.formal are not aligned: 45 vs 44 lines"):
        gyafc.read_pairs(root, ["em"])
    lines = (root / "fr" / "train.formal").read_text(encoding="utf-8").splitlines()
    lines[6] = ""
    (root / "fr" / "train.formal").write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"fr/train.formal:7: empty line"):
        gyafc.read_pairs(root, ["fr"])
    (root / "fr" / "tune.formal.ref2").write_text("one line only\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"tune.formal.ref2: 1 lines"):
        gyafc.read_tune(root, "fr")
    with pytest.raises(InputError, match="domain folder not found"):
        gyafc.read_pairs(root, ["xx"])


def test_bad_encoding_names_line(tmp_path):
    p = tmp_path / "a.txt"
    p.write_bytes(b"fine\nalso fine\n" + b"caf\xe9 latin-1\n")
    with pytest.raises(InputError, match=r"a.txt:3: not valid UTF-8"):
        text.read_lines(p)
    p.write_bytes(b"ok\n\x00\x01binary")
    with pytest.raises(InputError, match=r"a.txt:2: contains NUL bytes"):
        text.read_lines(p)
    with pytest.raises(InputError, match="file not found"):
        text.read_lines(tmp_path / "missing.txt")


def test_text_reader(tmp_path, fixture_data):
    assert text.read_text(fixture_data / "text" / "sample.txt") == ["This is a made-up sentence.",
                                                                    "gonna write another one lol"]
    d = tmp_path / "docs"
    d.mkdir()
    (d / "b.txt").write_text("second\r\n", encoding="utf-8")
    (d / "a.txt").write_text("\ufefffirst 😀\n\n", encoding="utf-8")
    assert text.read_text(d) == ["first 😀", "second"]
    (tmp_path / "empty").mkdir()
    with pytest.raises(InputError, match="no .txt files"):
        text.read_text(tmp_path / "empty")


def test_pt16(tmp_path, fixture_data):
    data = pt16.read_pt16(fixture_data / "pt16" / "tune.csv")
    assert len(data) == 16 and set(data.labels) == {0, 1}
    assert all(-3 <= s <= 3 for s in data.scores)
    assert data.labels == [1 if s > 0 else 0 for s in data.scores]
    p = tmp_path / "p.csv"
    p.write_text('SID,label,sentence\n1,0.5,"a, quoted sentence"\n2,1.0\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"p.csv:3: expected 3 columns"):
        pt16.read_pt16(p)
    p.write_text("SID,label,sentence\n1,high,a sentence\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"p.csv:2: label 'high' is not a number"):
        pt16.read_pt16(p)
    p.write_text("SID,label,sentence\n1,7,a sentence\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"outside \[-3, 3\]"):
        pt16.read_pt16(p)
    p.write_text("id,score,text\n1,1,a\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"p.csv:1: header"):
        pt16.read_pt16(p)
    p.write_text("", encoding="utf-8")
    with pytest.raises(InputError, match="empty file"):
        pt16.read_pt16(p)
    p.write_text('SID,label,sentence\n1,0.5,"a, quoted sentence"\n', encoding="utf-8")
    assert pt16.read_pt16(p).sentences == ["a, quoted sentence"]


def test_jaen(tmp_path, fixture_data):
    tsv = jaen.read_pairs(fixture_data / "jaen" / "tatoeba" / "eng_jpn.tsv")
    assert tsv[0] == ("Could you help me, please?", "手伝っていただけますか。")
    folder = jaen.read_pairs(fixture_data / "jaen" / "tanaka_small")
    assert len(folder) == 16
    stem = jaen.read_pairs(fixture_data / "jaen" / "tanaka_small" / "train")
    assert stem == folder
    bad = tmp_path / "bad.tsv"
    bad.write_text("Hello.\tこんにちは。\nNo tab here\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"bad.tsv:2: expected 2 tab-separated columns.*got 1"):
        jaen.read_pairs(bad)
    bad.write_text("A\tB\tC\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"bad.tsv:1: .*got 3"):
        jaen.read_pairs(bad)
    (tmp_path / "x.en").write_text("one\ntwo\n", encoding="utf-8")
    (tmp_path / "x.ja").write_text("一\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"x.en and .*x.ja are not aligned: 2 vs 1 lines"):
        jaen.read_pairs(tmp_path / "x")
    with pytest.raises(InputError, match="not a TSV file"):
        jaen.read_pairs(tmp_path / "nothing")
