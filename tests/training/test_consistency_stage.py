"""The consistency stage runs end to end on the tiny config and fixtures, resumes, and rejects bad inputs."""
import io
import json
from pathlib import Path

import pytest

from engine.errors import InputError, ModelError

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")

from training import seq2seq as S
from training.config import load_config
from training.context import RunContext
from training.pipeline import StageStopped, is_done, run_stage

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "tests" / "fixtures" / "data"
SCORER = REPO / "tests" / "fixtures" / "models" / "scorer"


@pytest.fixture(scope="module")
def init_ckpt(tmp_path_factory):
    """A tiny BART rewriter (random weights, BPE on the fixtures): what the rewriter stage hands over."""
    d = tmp_path_factory.mktemp("init") / "best"
    texts = []
    for f in sorted((DATA / "gyafc").rglob("*")) + sorted((DATA / "unlabeled").rglob("*.txt")):
        if f.is_file():
            texts += f.read_text(encoding="utf-8").splitlines()
    tok = S.train_tokenizer(texts, 400, d, min_frequency=1)
    torch.manual_seed(0)
    model = S.build_model("tiny", len(tok))
    model.save_pretrained(str(d), safe_serialization=True)
    tok.save_pretrained(str(d))
    return d


def _ctx(run_dir, *overrides):
    cfg = load_config(REPO / "assets" / "configs" / "tiny.toml", [f"data.root={DATA}", *overrides])
    return RunContext(run_dir, cfg, stdout=io.StringIO(), show_bar=False)


def test_runs_end_to_end_with_all_filters(tmp_path, init_ckpt):
    ctx = _ctx(tmp_path / "run", f"consistency.init={init_ckpt}", "consistency.filters=style,content,fluency",
               f"consistency.scorer={SCORER}", "consistency.sigma=-1.0")
    record = run_stage("consistency", ctx)
    assert is_done(ctx.run_dir, "consistency") and "improved" in record
    out = ctx.run_dir / "consistency"
    res = json.loads((out / "result.json").read_text())
    assert res["steps"] == 4 and len(res["history"]) == 2
    assert set(res["tune_bleu_full"]) == {"start", "best"}
    assert res["filters"]["seen"] == 3 * 6  # warm-up step 1 is supervised only
    assert "threshold_content" in res["filters"] and "threshold_fluency" in res["filters"]
    assert (out / "best" / "config.json").is_file() and (out / "formal_lm.arpa.gz").is_file()
    events = [json.loads(x) for x in ctx.stdout.getvalue().splitlines()]
    assert any(e["event"] == "metric" and e.get("name") == "bleu_tune_start" for e in events)
    assert not (out / "last").exists()


class StopAtStep(RunContext):
    """Requests a stop (as Ctrl-C or a STOP file would) once training reaches a step."""

    stop_at = 3

    def progress(self, stage, step, total, **fields):
        super().progress(stage, step, total, **fields)
        if step >= self.stop_at:
            self.stop.request("test")


def test_stop_then_resume(tmp_path, init_ckpt):
    run = tmp_path / "run"
    over = [f"data.root={DATA}", f"consistency.init={init_ckpt}", "consistency.filters=content",
            "consistency.perturbation=mask", "consistency.valid_every=1"]
    cfg = load_config(REPO / "assets" / "configs" / "tiny.toml", over)
    ctx = StopAtStep(run, cfg, stdout=io.StringIO(), show_bar=False)
    with pytest.raises(StageStopped):
        run_stage("consistency", ctx)
    assert not is_done(run, "consistency")
    state = json.loads((run / "consistency" / "state.json").read_text())
    assert state["step"] == 3 and "content" in state["filters"]
    ctx2 = _ctx(run, *over[1:])
    run_stage("consistency", ctx2)
    assert "resumed at step 3" in ctx2.stdout.getvalue()
    res = json.loads((run / "consistency" / "result.json").read_text())
    assert res["steps"] == 4 and [h["step"] for h in res["history"]] == [1, 2, 3, 4]


def test_bad_inputs(tmp_path, init_ckpt):
    with pytest.raises(InputError):  # no rewriter stage output and no init
        run_stage("consistency", _ctx(tmp_path / "a"))
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "config.json").write_text("{not json")
    (broken / "tokenizer.json").write_text("{}")
    (broken / "model.safetensors").write_bytes(b"\x00" * 64)
    with pytest.raises(ModelError):
        run_stage("consistency", _ctx(tmp_path / "b", f"consistency.init={broken}"))
    with pytest.raises(ModelError):
        run_stage("consistency", _ctx(tmp_path / "c", f"consistency.init={tmp_path / 'missing'}"))
    junk = tmp_path / "junk.txt"
    junk.write_bytes(b"\x00\xff\xfe binary")
    with pytest.raises(InputError):
        run_stage("consistency", _ctx(tmp_path / "d", f"consistency.init={init_ckpt}", f"consistency.unlabeled=[\"{junk}\"]"))
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(InputError):
        run_stage("consistency", _ctx(tmp_path / "e", f"consistency.init={init_ckpt}", f"consistency.unlabeled=[\"{empty}\"]"))
    with pytest.raises(InputError):
        _ctx(tmp_path / "f", "consistency.perturbation=shout").section("consistency")
    with pytest.raises(InputError):
        _ctx(tmp_path / "g", "consistency.filters=grammar").section("consistency")


def test_user_text_folder_is_used(tmp_path, init_ckpt):
    mine = tmp_path / "my_writing"
    mine.mkdir()
    (mine / "notes.txt").write_text("gonna send u the report tmrw lol\nthx 4 the help 🙂\n" + "x" * 5000 + "\n",
                                    encoding="utf-8")
    ctx = _ctx(tmp_path / "run", f"consistency.init={init_ckpt}", f"consistency.unlabeled=[\"{mine}\"]",
               "consistency.filters=[]", "consistency.final_eval=false", "consistency.sampling=true")
    run_stage("consistency", ctx)
    log = ctx.stdout.getvalue()
    assert "2 unlabeled sentences (1 over 48 tokens skipped)" in log


def test_finds_the_rewriter_stages_finetuned_checkpoint(tmp_path):
    import os
    import time

    from training.stages.consistency import find_rewriter_checkpoint

    assert find_rewriter_checkpoint(tmp_path) is None
    for i, phase in enumerate(("pretrain", "finetune")):
        for kind in ("best", "last"):
            d = tmp_path / "rewriter" / phase / kind
            d.mkdir(parents=True)
            for f in ("config.json", "tokenizer.json", "model.safetensors"):
                (d / f).write_text("x")
            t = time.time() - 100 + 10 * i
            os.utime(d / "config.json", (t, t))
    assert find_rewriter_checkpoint(tmp_path) == tmp_path / "rewriter" / "finetune" / "best"
