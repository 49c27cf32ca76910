"""The whole rewriter stage chain on the tiny config (tokenizer, bt, fdis, mtask, pos, rewriter with PT&FT and
export), other modes, a pretrained base model built locally, and the exported model behind `keigo rewrite`."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("optimum")

from engine.errors import ModelNotInstalled
from training.augment import apertium
from training.cli import main

REPO = Path(__file__).resolve().parents[2]
SCORER = REPO / "tests" / "fixtures" / "models" / "scorer"


def run_cli(args, capsys):
    rc = main(args)
    out = capsys.readouterr().out
    return rc, [json.loads(x) for x in out.splitlines() if x.strip()]


def _spacy_ok() -> bool:
    try:
        from training.augment.pos_pairs import load_spacy

        load_spacy()
        return True
    except (ImportError, OSError, ModelNotInstalled):
        return False


@pytest.fixture(scope="module")
def chain(tmp_path_factory):
    """One full tiny run shared by the checks below (it is the expensive part)."""
    import io
    import sys

    run_dir = tmp_path_factory.mktemp("rw") / "run"
    augment = ["bt", "mtask"] + (["fdis"] if apertium.available() else []) + (["pos"] if _spacy_ok() else [])
    fixture = REPO / "tests" / "fixtures" / "data"
    args = ["rewriter", "--config", str(REPO / "assets" / "configs" / "tiny.toml"), "--run-dir", str(run_dir),
            f"data.root={fixture}", f"fdis.scorer={SCORER}", f"rewriter.scorer={SCORER}",
            "rewriter.augment=" + ",".join(augment)]
    old, sys.stdout = sys.stdout, io.StringIO()
    try:
        rc = main(args)
        out = sys.stdout.getvalue()
    finally:
        sys.stdout = old
    events = [json.loads(x) for x in out.splitlines() if x.strip()]
    return rc, events, run_dir, augment


def test_chain_runs_every_stage(chain):
    rc, events, run_dir, augment = chain
    assert rc == 0, [e for e in events if e["event"] == "error"]
    for stage in ["tokenizer", "rewriter"] + augment:
        assert (run_dir / stage / "DONE.json").is_file(), stage
    for stage in augment:
        rep = json.loads((run_dir / stage / "report.json").read_text())
        assert rep["pairs"] == len((run_dir / stage / "pairs.tsv").read_text(encoding="utf-8").splitlines())
        assert "samples" in rep
    if "pos" in augment:  # the tag-and-fill rewriter's score, kept before its pairs were generated, is the report's
        early = json.loads((run_dir / "pos" / "tune_bleu.json").read_text())
        assert early["rewriter_tune_bleu"] == json.loads((run_dir / "pos" / "report.json").read_text())[
            "rewriter_tune_bleu"]
        assert not (run_dir / "pos" / "generated.partial.jsonl").exists()  # pairs.tsv holds the outputs now
        assert [e for e in events if e["event"] == "progress" and e.get("phase") == "pairs"]
    assert not (run_dir / "bt" / "generated.partial.jsonl").exists()  # BT's resume store: pairs.tsv holds it now
    report = json.loads((run_dir / "rewriter" / "report.json").read_text())
    assert report["mode"] == "ptft" and set(report["phases"]) == {"pretrain", "finetune"}
    assert set(report["tune"]) == {"em", "fr"}
    for dom in ("em", "fr"):
        row = report["tune"][dom]
        assert row["sentences"] == 16 and 0 <= row["bleu"] <= 100 and row["copy_bleu"] > 0
        outs = (run_dir / "rewriter" / "outputs" / f"{dom}.tune.beam2.txt").read_text().split("\n")
        assert len(outs) == 17  # 16 lines + final newline: nothing dropped
    assert report["style_accuracy"] is not None
    assert report["export"]["parity"]["ok"]
    starts = [e["stage"] for e in events if e["event"] == "start"]
    assert starts[0] == "tokenizer" and starts[-1] == "rewriter"


def test_exported_model_keeps_lines_through_keigo_rewrite(chain, tmp_path, monkeypatch, capsys):
    rc, _events, run_dir, _ = chain
    assert rc == 0
    monkeypatch.setenv("KEIGO_HOME", str(tmp_path / "home"))
    from engine import cli as engine_cli
    from engine.registry import ModelRegistry

    ModelRegistry().install("rewriter", run_dir / "rewriter" / "model", version="tiny-test", activate=True)
    lines = ["u r funny lol", "", "I like ur song!!!", "😀😀", "second to last", "x" * 3000, "the end"]
    src = tmp_path / "in.txt"
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    capsys.readouterr()
    code = engine_cli.main(["rewrite", str(src), "--beam", "2"])
    out = capsys.readouterr().out.split("\n")
    assert code == 0
    assert out[-1] == "" and len(out) - 1 == len(lines)
    assert out[1] == "" and out[5] == "x" * 3000  # empty stays empty; too long comes back unchanged


def test_resume_skips_finished_stages(chain, capsys):
    rc, _events, run_dir, _ = chain
    assert rc == 0
    rc2, events = run_cli(["rewriter", "--config", str(REPO / "assets" / "configs" / "tiny.toml"), "--run-dir",
                           str(run_dir)], capsys)
    assert rc2 == 0
    assert not [e for e in events if e["event"] == "start"]  # everything already finished


@pytest.mark.parametrize("mode", ["original", "simultaneous-up"])
def test_other_modes(mode, tmp_path, tiny_config, fixture_data, capsys):
    rc, events = run_cli(["rewriter", "--config", str(tiny_config), "--run-dir", str(tmp_path),
                          f"data.root={fixture_data}", f"rewriter.mode={mode}", "rewriter.augment=mtask",
                          "rewriter.export=false", f"rewriter.scorer={SCORER}"], capsys)
    assert rc == 0, [e for e in events if e["event"] == "error"]
    report = json.loads((tmp_path / "rewriter" / "report.json").read_text())
    assert set(report["phases"]) == {"train"}
    if mode == "simultaneous-up":
        # 88 GYAFC fixture pairs up-sampled to the M-Task count is impossible (fewer aug pairs): kept as is
        assert report["phases"]["train"]["pairs"] >= report["pairs"]["original"]
        assert (tmp_path / "mtask" / "DONE.json").is_file()
    else:
        assert not (tmp_path / "mtask").exists()


def test_pretrained_base_model(tmp_path, tiny_config, fixture_data, capsys):
    """--base-model: a tiny T5 built and saved locally stands in for flan-T5."""
    from transformers import T5Config, T5ForConditionalGeneration, T5TokenizerFast

    from training import seq2seq as S

    tok_dir = tmp_path / "t5"
    bpe = S.train_tokenizer([ln for p in (fixture_data / "gyafc" / "em").iterdir() for ln in
                             p.read_text(encoding="utf-8").splitlines()], 300, tmp_path / "bpe", min_frequency=1)
    t5tok = T5TokenizerFast(tokenizer_object=bpe.backend_tokenizer, eos_token="</s>", pad_token="<pad>",
                            unk_token="<unk>", extra_ids=0)
    t5tok.save_pretrained(str(tok_dir))
    cfg = T5Config(vocab_size=len(t5tok), d_model=32, d_kv=8, d_ff=64, num_layers=1, num_heads=2,
                   decoder_start_token_id=t5tok.pad_token_id, eos_token_id=t5tok.eos_token_id,
                   pad_token_id=t5tok.pad_token_id)
    T5ForConditionalGeneration(cfg).save_pretrained(str(tok_dir))
    rc, events = run_cli(["rewriter", "--config", str(tiny_config), "--run-dir", str(tmp_path / "run"),
                          f"data.root={fixture_data}", f"rewriter.base_model={tok_dir}", "rewriter.mode=original",
                          "rewriter.prefix=formal:", "rewriter.quantize=none", f"rewriter.scorer={SCORER}"], capsys)
    assert rc == 0, [e for e in events if e["event"] == "error"]
    assert not (tmp_path / "run" / "tokenizer").exists()  # the base model brings its own tokenizer
    report = json.loads((tmp_path / "run" / "rewriter" / "report.json").read_text())
    assert report["export"]["parity"]["ok"]
    opts = json.loads((tmp_path / "run" / "rewriter" / "model" / "rewriter.json").read_text())
    assert opts["prefix"] == "formal:"
    cfgj = json.loads((tmp_path / "run" / "rewriter" / "model" / "config.json").read_text())
    assert cfgj["model_type"] == "t5"


@pytest.mark.parametrize("override, code, msg", [
    ("rewriter.mode=sideways", 4, "rewriter.mode"),
    ("rewriter.augment=bt,magic", 4, "unknown magic"),
    ("rewriter.size=huge", 4, "rewriter.size"),
    ("rewriter.base_model=/nonexistent/model", 3, "rewriter.base_model"),
])
def test_bad_config(override, code, msg, tmp_path, tiny_config, fixture_data, capsys):
    rc, events = run_cli(["rewriter", "--config", str(tiny_config), "--run-dir", str(tmp_path),
                          f"data.root={fixture_data}", override, "rewriter.mode=original"
                          if "mode" not in override else override], capsys)
    assert rc == code
    errors = [e for e in events if e["event"] == "error"]
    assert errors and msg in errors[-1]["message"]


def test_missing_data_folder(tmp_path, tiny_config, capsys):
    rc, events = run_cli(["tokenizer", "--config", str(tiny_config), "--run-dir", str(tmp_path / "r"),
                          f"data.root={tmp_path / 'nothing'}"], capsys)
    assert rc == 4
    assert any(e["event"] == "error" and "not found" in e["message"] for e in events)


def test_rules_first_sources_are_kept_in_the_run(tmp_path, tiny_config, fixture_data, capsys):
    """rewriter.preprocess = "rules": the rule pass over the training sources is kept in the stage folder (a resumed
    long run does not spend it again; training.seq2seq.preformalized)."""
    from engine.rules import RuleFormalizer
    from training.data import gyafc

    rc, events = run_cli(["rewriter", "--config", str(tiny_config), "--run-dir", str(tmp_path),
                          f"data.root={fixture_data}", "rewriter.mode=original", "rewriter.preprocess=rules",
                          "rewriter.export=false", f"rewriter.scorer={SCORER}"], capsys)
    assert rc == 0, [e for e in events if e["event"] == "error"]
    kept = [json.loads(x) for x in (tmp_path / "rewriter" / "preformalized-gyafc.jsonl").read_text(
        encoding="utf-8").splitlines()]
    pairs = gyafc.read_pairs(fixture_data / "gyafc", ["em", "fr"])
    rules = RuleFormalizer()
    assert kept == [rules.formalize(s) for s, _ in pairs]
