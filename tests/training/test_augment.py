"""Augmentation: Apertium round trips, F-Dis selection, back-translation, pair files, and the stages' bad inputs."""
from __future__ import annotations

import json
import tomllib
from pathlib import Path

import numpy as np
import pytest
import tomli_w

from engine.errors import InputError, ModelNotInstalled
from training.augment import apertium
from training.augment.formality_discrimination import discriminate, load_discriminator
from training.augment.pairs_io import read_pairs, samples, write_pairs

REPO = Path(__file__).resolve().parents[2]
SCORER = REPO / "tests" / "fixtures" / "models" / "scorer"

needs_apertium = pytest.mark.skipif(not apertium.available(), reason="apertium not installed")


@needs_apertium
def test_apertium_round_trip_keeps_count_and_order():
    assert set(apertium.pivots()) <= {"spa", "cat", "glg"}
    src = ["i dont know what ur talking about", "", "The house is big.", "two\tcolumns here", "😀 ok"]
    for pivot in apertium.pivots():
        out = apertium.round_trip(src, pivot)
        assert len(out) == len(src)
        assert out[1] == ""
        assert "house" in out[2].lower() or "home" in out[2].lower()
        assert all("\n" not in o for o in out)


@needs_apertium
def test_apertium_unknown_pivot():
    with pytest.raises(ModelNotInstalled, match="no Apertium round trip"):
        apertium.round_trip(["hello"], "xyz")


def test_apertium_batch_that_times_out_is_tried_again(monkeypatch):
    """A paused or sleeping machine runs a batch past the timeout: one more try, then a clear error."""
    import subprocess

    calls = []

    def fake_run(cmd, input, **kw):
        calls.append(cmd[-1])
        if len(calls) == 1:
            raise subprocess.TimeoutExpired(cmd, kw["timeout"])
        return subprocess.CompletedProcess(cmd, 0, stdout=input.upper(), stderr="")

    monkeypatch.setattr(apertium.subprocess, "run", fake_run)
    assert apertium._run_batch("apertium", "eng-spa", ["hola", "adios"]).stdout == "HOLA\nADIOS\n"
    assert calls == ["eng-spa", "eng-spa"]

    def always_late(cmd, input, **kw):
        raise subprocess.TimeoutExpired(cmd, kw["timeout"])

    monkeypatch.setattr(apertium.subprocess, "run", always_late)
    with pytest.raises(RuntimeError, match="did not finish a batch of 1 sentences .* 2 times; the stage resumes"):
        apertium._run_batch("apertium", "eng-spa", ["hola"])


def test_apertium_missing_binary(monkeypatch):
    monkeypatch.setattr(apertium, "_binary", lambda: None)
    apertium._modes.cache_clear()
    try:
        assert apertium.available() is False and apertium.pivots() == []
        with pytest.raises(ModelNotInstalled, match="apertium is not installed"):
            apertium.translate(["x"], "eng-spa")
    finally:
        apertium._modes.cache_clear()


def test_discriminate_keeps_only_rises_of_sigma():
    sources = ["u r gr8", "hello there", "wat", ""]
    table = {"spa": {"u r gr8": "You are great.", "hello there": "Hello there", "wat": "wat"},
             "cat": {"u r gr8": "You are great.", "hello there": "Greetings.", "wat": "What?"}}
    p = {"u r gr8": 0.1, "hello there": 0.5, "wat": 0.05, "You are great.": 0.9, "Hello there": 0.55,
         "Greetings.": 0.75, "What?": 0.5}

    def score(xs):
        return np.array([p[x] for x in xs], dtype=np.float32)

    res = discriminate(sources, ["spa", "cat"], score, sigma=0.3,
                       round_trip=lambda xs, piv: [table[piv][x] for x in xs])
    assert res.sources == 3
    assert res.pairs == [("u r gr8", "You are great."), ("wat", "What?")]  # duplicate across pivots kept once
    assert res.per_pivot["spa"]["kept"] == 1 and res.per_pivot["spa"]["changed"] == 2  # "wat" unchanged
    assert res.per_pivot["cat"]["kept"] == 1  # "Greetings." rises by only 0.25
    assert res.per_pivot["spa"]["language"] == "Spanish"


def test_discriminate_with_a_store_resumes_where_it_stopped(tmp_path):
    sources = [f"u r gr8 {i}" for i in range(7)]

    def score(xs):
        return np.array([0.9 if x.startswith("You") else 0.1 for x in xs], dtype=np.float32)

    calls = []

    def trip(xs, piv):
        calls.append((piv, list(xs)))
        return [x.replace("u r gr8", "You are great") for x in xs]

    whole = discriminate(sources, ["spa", "cat"], score, sigma=0.3, round_trip=trip, chunk=3)
    calls.clear()
    asked = []

    def stop_after_one_chunk():
        asked.append(1)
        return len(asked) > 1

    assert discriminate(sources, ["spa", "cat"], score, sigma=0.3, round_trip=trip, chunk=3, store=tmp_path,
                        should_stop=stop_after_one_chunk) is None  # stopped: nothing half done is reported
    assert calls == [("spa", sources[:3])] and (tmp_path / "roundtrip-spa.jsonl").is_file()
    calls.clear()
    again = discriminate(sources, ["spa", "cat"], score, sigma=0.3, round_trip=trip, chunk=3, store=tmp_path)
    assert [c[1] for c in calls if c[0] == "spa"] == [sources[3:6], sources[6:]]  # the first chunk is not made again
    assert again.pairs == whole.pairs and again.per_pivot == whole.per_pivot
    calls.clear()
    other = discriminate(sources[:5], ["spa"], score, sigma=0.3, round_trip=trip, chunk=3, store=tmp_path)
    assert [c[1] for c in calls] == [sources[:3], sources[3:5]]  # other sentences: the store is started afresh
    assert len(other.pairs) == 5


def test_discriminator_missing_scorer(tmp_path):
    with pytest.raises(ModelNotInstalled, match="no model.onnx"):
        load_discriminator(tmp_path)


def test_discriminator_from_fixture_scorer():
    s = load_discriminator(SCORER)
    p = s.score(["hello", "lol u r funny"])
    assert p.shape == (2,) and np.all((p >= 0) & (p <= 1))


def test_pairs_file_roundtrip_and_bad_file(tmp_path):
    pairs = [("a\tb", "c"), ("line\nbreak", "ok 😀")]
    write_pairs(tmp_path / "p.tsv", pairs)
    assert read_pairs(tmp_path / "p.tsv") == [("a b", "c"), ("line break", "ok 😀")]
    (tmp_path / "bad.tsv").write_text("no tab here\n", encoding="utf-8")
    with pytest.raises(InputError, match="source<TAB>target"):
        read_pairs(tmp_path / "bad.tsv")
    (tmp_path / "bin.tsv").write_bytes(b"\x00\xff\xfe")
    with pytest.raises(InputError):
        read_pairs(tmp_path / "bin.tsv")
    assert samples([], 5) == [] and len(samples(pairs, 1)) == 1


def test_back_translate_counts():
    torch = pytest.importorskip("torch")
    from training import seq2seq as S
    from training.augment.back_translation import back_translate, reverse_valid_sets

    class Echo:
        """Stands in for the reverse model at the generate() seam: lowercases, or echoes."""

    sents = ["The Cat.", "Same", "Empty"]
    orig = S.generate
    try:
        S.generate = lambda m, t, src, **k: [{"The Cat.": "the cat", "Same": "Same", "Empty": ""}[x] for x in src]
        pairs, stats = back_translate(Echo(), None, sents)
    finally:
        S.generate = orig
    assert pairs == [("the cat", "The Cat.")]
    assert stats == {"sources": 3, "generated": 3, "empty": 1, "identical": 1, "kept": 1}
    rv = reverse_valid_sets([S.ValidSet("em", ["u"], [["You.", "You!", "Y", "y"]])])
    assert rv[0].sources == ["You."] and rv[0].refs == [["u"]]
    del torch


def test_back_translate_resumes_from_its_store_after_a_stop(monkeypatch, tmp_path):
    """BT's generation over the formal text takes hours on a CPU: a stop keeps the chunks made so far, the next run
    generates only the rest, and a store made under another key (another reverse model) counts for nothing."""
    pytest.importorskip("torch")
    from training import seq2seq as S
    from training.augment.back_translation import back_translate

    calls = []

    def fake(m, t, src, **k):
        calls.append(len(src))
        return [s.lower() for s in src]

    monkeypatch.setattr(S, "generate", fake)
    sents = [f"Sentence {i}." for i in range(600)]
    store = tmp_path / "bt" / "generated.partial.jsonl"
    stops = iter([False, True])
    pairs, stats = back_translate(None, None, sents, chunk=256, batch_size=64, store=store, key="k1",
                                  should_stop=lambda: next(stops))
    assert pairs is None and calls == [256] and store.is_file()
    pairs, stats = back_translate(None, None, sents, chunk=256, batch_size=64, store=store, key="k1")
    assert calls == [256, 256, 88]  # only what the stopped run had not made
    assert pairs == [(s.lower(), s) for s in sents] and stats["kept"] == 600 and stats["generated"] == 600
    assert back_translate(None, None, sents, chunk=256, batch_size=64)[0] == pairs  # as without a store
    calls.clear()
    back_translate(None, None, sents, chunk=256, batch_size=64, store=store, key="k2")
    assert calls == [256, 256, 88]  # another reverse model: made again


def test_back_translate_generates_in_batches_of_the_configured_size(monkeypatch):
    """bt.batch_size reaches generate(); chunks hold a few full batches (length-sorted within a chunk)."""
    pytest.importorskip("torch")
    from training import seq2seq as S
    from training.augment.back_translation import back_translate
    from training.config import load_config

    calls = []

    def fake(m, t, src, batch_size=64, **k):
        calls.append((len(src), batch_size))
        return [s.lower() for s in src]

    monkeypatch.setattr(S, "generate", fake)
    pairs, stats = back_translate(None, None, [f"Sentence {i}." for i in range(2500)], batch_size=512)
    assert stats["kept"] == 2500 and len(pairs) == 2500
    assert calls == [(2048, 512), (452, 512)]
    assert load_config(None, ["bt.batch_size=256"]).section("bt").batch_size == 256
    with pytest.raises(InputError, match="batch_size"):
        load_config(None, ["bt.batch_size=0"])


def _run(args, capsys):
    from training.cli import main

    rc = main(args)
    out = capsys.readouterr().out
    return rc, [json.loads(x) for x in out.splitlines() if x.strip()]


def test_fdis_stage_skips_without_apertium(tmp_path, tiny_config, fixture_data, capsys, monkeypatch):
    monkeypatch.setattr(apertium, "_binary", lambda: None)
    apertium._modes.cache_clear()
    try:
        rc, events = _run(["fdis", "--config", str(tiny_config), "--run-dir", str(tmp_path),
                           f"data.root={fixture_data}"], capsys)
    finally:
        apertium._modes.cache_clear()
    assert rc == 0
    assert any(e["event"] == "skipped" and "Apertium is not installed" in e["message"] for e in events)
    report = json.loads((tmp_path / "fdis" / "report.json").read_text())
    assert report["pairs"] == 0 and "skipped" in report
    assert (tmp_path / "fdis" / "DONE.json").is_file()


@needs_apertium
def test_fdis_stage_names_missing_scorer(tmp_path, tiny_config, fixture_data, capsys):
    rc, events = _run(["fdis", "--config", str(tiny_config), "--run-dir", str(tmp_path),
                       f"data.root={fixture_data}", f"fdis.scorer={tmp_path / 'none'}"], capsys)
    assert rc == 3
    assert any(e["event"] == "error" and "formality scorer" in e["message"] for e in events)


@needs_apertium
def test_fdis_stage_table(tmp_path, tiny_config, fixture_data, capsys):
    rc, events = _run(["fdis", "--config", str(tiny_config), "--run-dir", str(tmp_path),
                       f"data.root={fixture_data}", f"fdis.scorer={SCORER}", "fdis.sigma=-1.0"], capsys)
    assert rc == 0, events[-2:]
    report = json.loads((tmp_path / "fdis" / "report.json").read_text())
    row = report["per_pivot"]["spa"]
    assert row["round_trips"] > 0 and row["kept"] == row["changed"]   # sigma -1: every changed round trip
    assert report["pairs"] == len(read_pairs(tmp_path / "fdis" / "pairs.tsv")) == row["kept"]


def test_mtask_stage(tmp_path, tiny_config, fixture_data, capsys):
    rc, _events = _run(["mtask", "--config", str(tiny_config), "--run-dir", str(tmp_path),
                       f"data.root={fixture_data}"], capsys)
    assert rc == 0
    report = json.loads((tmp_path / "mtask" / "report.json").read_text())
    assert report["pairs"] > 5 and report["samples"] and set(report["corpora"]) == {
        "wi_locness/A.train.gold.bea19.m2", "fce/train", "jfleg/dev"}


def test_mtask_stage_wrong_format(tmp_path, tiny_config, capsys):
    data = tmp_path / "data"
    (data / "gec" / "wi_locness").mkdir(parents=True)
    (data / "gec" / "wi_locness" / "A.train.gold.bea19.m2").write_text("this is not m2\n", encoding="utf-8")
    rc, events = _run(["mtask", "--config", str(tiny_config), "--run-dir", str(tmp_path / "run"),
                       f"data.root={data}"], capsys)
    assert rc == 4
    assert any(e["event"] == "error" and "not an M2 line" in e["message"] for e in events)


def test_mtask_stage_reused_from_another_run(tmp_path, tiny_config, fixture_data, capsys):
    first, second = tmp_path / "first", tmp_path / "second"
    rc, _ = _run(["mtask", "--config", str(tiny_config), "--run-dir", str(first), f"data.root={fixture_data}"],
                 capsys)
    assert rc == 0
    rc, events = _run(["mtask", "--config", str(tiny_config), "--run-dir", str(second), f"data.root={fixture_data}",
                       f"mtask.reuse={first}"], capsys)
    assert rc == 0, events[-2:]
    assert (second / "mtask" / "pairs.tsv").read_bytes() == (first / "mtask" / "pairs.tsv").read_bytes()
    report = json.loads((second / "mtask" / "report.json").read_text())
    assert report["reused_from"] == str(first / "mtask")
    assert report["pairs"] == json.loads((first / "mtask" / "report.json").read_text())["pairs"] > 5
    assert json.loads((second / "mtask" / "DONE.json").read_text())["reused_from"] == str(first / "mtask")
    assert any(e["event"] == "log" and "reused from" in e.get("message", "") for e in events)


def test_stage_reuse_reads_a_section_the_source_config_leaves_out_as_its_defaults(tmp_path, tiny_config,
                                                                                   fixture_data, capsys):
    """A real run saves only the sections its config named: row 2.3's folder has no [mtask] (its stage read the
    defaults), and rows 1.2-1.5 reuse it; a section left out is compared as its defaults, not refused."""
    first, second = tmp_path / "first", tmp_path / "second"
    rc, _ = _run(["mtask", "--config", str(tiny_config), "--run-dir", str(first), f"data.root={fixture_data}"],
                 capsys)
    assert rc == 0
    saved = tomllib.loads((first / "config.toml").read_text(encoding="utf-8"))
    assert saved.pop("mtask") == {"gec_root": "gec", "limit_per_corpus": 0, "max_words": 60, "keep_identical": 0.1,
                                  "reuse": ""}  # the defaults, as the stage read them
    (first / "config.toml").write_text(tomli_w.dumps(saved), encoding="utf-8")
    rc, events = _run(["mtask", "--config", str(tiny_config), "--run-dir", str(second), f"data.root={fixture_data}",
                       f"mtask.reuse={first}"], capsys)
    assert rc == 0, events[-2:]
    assert (second / "mtask" / "pairs.tsv").read_bytes() == (first / "mtask" / "pairs.tsv").read_bytes()
    # ... and a setting of this run's that differs from those defaults is still refused
    rc, events = _run(["mtask", "--config", str(tiny_config), "--run-dir", str(tmp_path / "third"),
                       f"data.root={fixture_data}", f"mtask.reuse={first}", "mtask.max_words=30"], capsys)
    assert rc == 4
    assert any(e["event"] == "error" and "mtask.max_words is 60 there, 30 here" in e["message"] for e in events)


def test_stage_reuse_refuses_what_it_cannot_stand_for(tmp_path, tiny_config, fixture_data, capsys):
    first = tmp_path / "first"
    base = ["--config", str(tiny_config), f"data.root={fixture_data}"]

    def refused(run, *extra):
        rc, events = _run(["mtask", "--run-dir", str(tmp_path / run), *base, *extra], capsys)
        assert rc == 4, events[-2:]
        assert not (tmp_path / run / "mtask" / "DONE.json").exists()
        return next(e["message"] for e in events if e["event"] == "error")

    assert "not a finished mtask stage" in refused("b", f"mtask.reuse={tmp_path / 'nowhere'}")
    rc, _ = _run(["mtask", "--run-dir", str(first), *base], capsys)
    assert rc == 0
    assert "that is this run folder" in refused("e", f"mtask.reuse={tmp_path / 'e'}")
    msg = refused("c", f"mtask.reuse={first}", "mtask.keep_identical=0.5")
    assert "mtask.keep_identical is 0.1 there, 0.5 here" in msg
    (first / "config.toml").write_text("[[[ not toml", encoding="utf-8")
    assert "cannot read" in refused("d", f"mtask.reuse={first}")
