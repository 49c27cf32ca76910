"""Seq2seq building blocks: BPE tokenizer, BART-style model, token batching, training, resume, stop, generation."""
from __future__ import annotations

import json
import random

import pytest

torch = pytest.importorskip("torch")

from training import seq2seq as S

COPY = ["the cat sat on the mat", "a dog ran in the park", "we like green tea", "you saw a red car",
        "they read old books", "i ate a big apple", "she has two cats", "he plays the drums"]


@pytest.fixture(scope="module")
def tok(tmp_path_factory):
    d = tmp_path_factory.mktemp("tok")
    return S.train_tokenizer(COPY * 3 + ["Hello there, how r u? 😀"], 320, d, min_frequency=1), d


def test_tokenizer_special_ids_and_files(tok):
    t, d = tok
    assert [t.convert_tokens_to_ids(x) for x in S.SPECIAL_TOKENS] == [0, 1, 2, 3, 4]
    assert t.pad_token_id == S.PAD_ID and t.eos_token_id == S.EOS_ID
    for name in ("tokenizer.json", "tokenizer_config.json", "special_tokens_map.json"):
        assert (d / name).is_file()
    ids = t("the cat sat")["input_ids"]
    assert ids[-1] == S.EOS_ID and S.BOS_ID not in ids
    # byte-level: emoji and unseen characters round-trip without <unk>, no leading blank
    for text in ("Hello there, how r u? 😀", "Ünïcödé ✓ 中文"):
        ids = t(text)["input_ids"]
        assert S.UNK_ID not in ids
        assert t.decode(ids, skip_special_tokens=True) == text
    # the engine reads the same file with `tokenizers` alone
    from tokenizers import Tokenizer

    raw = Tokenizer.from_file(str(d / "tokenizer.json"))
    assert raw.encode("the cat sat").ids == t("the cat sat")["input_ids"]
    # transformers loads the directory
    again = S.load_tokenizer(d)
    assert again("we like tea")["input_ids"] == t("we like tea")["input_ids"]


def test_model_sizes(tok):
    t, _ = tok
    m = S.build_model("tiny", len(t))
    assert m.config.d_model == 32 and m.config.encoder_layers == 1
    assert m.config.decoder_start_token_id == S.BOS_ID and m.config.eos_token_id == S.EOS_ID
    base = S.MODEL_SIZES["base"]
    assert (base["d_model"], base["encoder_layers"], base["decoder_layers"], base["encoder_attention_heads"],
            base["encoder_ffn_dim"], base["dropout"]) == (512, 6, 6, 8, 2048, 0.1)
    with pytest.raises(ValueError, match="unknown model size"):
        S.build_model("huge", 100)


def test_token_batches_respect_limit():
    rng = random.Random(0)
    ex = [S.Example([5] * rng.randint(2, 30), [6] * rng.randint(2, 30)) for _ in range(200)]
    batches = S.make_batches(ex, 120, rng)
    assert sorted(i for b in batches for i in b) == list(range(200))
    for b in batches:
        longest = max(max(len(ex[i].src), len(ex[i].tgt)) for i in b)
        assert longest * len(b) <= 120 or len(b) == 1


def test_encode_pairs_drops_long_and_empty(tok):
    t, _ = tok
    ex = S.encode_pairs(t, [("the cat", "the cat"), ("", "x"), ("the cat " * 50, "y")], max_len=20)
    assert len(ex) == 1


def _train(tok, tmp_path, steps, resume=True, should_stop=lambda: False, valid=True):
    t, _ = tok
    torch.manual_seed(0)
    model = S.build_model("tiny", len(t), dropout=0.0)
    ex = S.encode_pairs(t, [(s, s) for s in COPY], 32)
    vs = [S.ValidSet("em", COPY[:4], [[s] * 4 for s in COPY[:4]])] if valid else []
    st = S.TrainSettings(lr=1e-2, warmup_steps=5, max_tokens=64, max_steps=steps, valid_every=10, max_epochs=1000,
                         log_every=1, max_new_tokens=12, patience=50)
    events = []
    res = S.train(model, t, ex, vs, st, tmp_path / "out", should_stop=should_stop, resume=resume,
                  on_event=lambda e, **k: events.append((e, k)))
    return model, res, events


def test_training_learns_and_keeps_best(tok, tmp_path):
    _model, res, events = _train(tok, tmp_path, 120)
    losses = [k["loss"] for e, k in events if e == "progress"]
    assert losses[-1] < losses[0] - 1.0, losses[:3] + losses[-3:]
    assert res.steps == 120 and len(res.history) == 12
    assert res.best_bleu == pytest.approx(max(h["mean"] for h in res.history), abs=0.01)
    best = tmp_path / "out" / "best"
    assert (best / "model.safetensors").is_file() and not list(best.glob("*.bin"))
    assert (best / "tokenizer.json").is_file()
    state = json.loads((tmp_path / "out" / "last" / "trainer_state.json").read_text())
    assert state["step"] == 120


def test_resume_continues_from_last(tok, tmp_path):
    _train(tok, tmp_path, 10)
    _, res, events = _train(tok, tmp_path, 20)
    assert any(e == "log" and "resumed from step 10" in k["message"] for e, k in events)
    first_progress = next(k["step"] for e, k in events if e == "progress")
    assert first_progress == 11 and res.steps == 20


def test_the_time_budget_is_the_runs_over_every_resume(tok, tmp_path):
    """max_minutes is the run's budget: a resumed run counts the minutes it trained before, so a run with a hundredth of
    a second left stops after a few steps instead of starting the budget afresh, and one whose budget is spent trains no
    more at all (best/ stays what was built from it)."""
    _train(tok, tmp_path, 10)
    state_file = tmp_path / "out" / "last" / "trainer_state.json"
    state = json.loads(state_file.read_text())
    assert state["extra"]["train_seconds"] > 0
    t, _ = tok
    st = S.TrainSettings(lr=1e-2, warmup_steps=5, max_tokens=64, max_steps=100, valid_every=10, max_epochs=1000,
                         log_every=1, max_new_tokens=12, patience=50, max_minutes=30)

    def resume(train_seconds):
        state = json.loads(state_file.read_text())
        state["extra"]["train_seconds"] = train_seconds
        state_file.write_text(json.dumps(state))
        torch.manual_seed(0)
        model = S.build_model("tiny", len(t), dropout=0.0)
        events = []
        res = S.train(model, t, S.encode_pairs(t, [(s, s) for s in COPY], 32),
                      [S.ValidSet("em", COPY[:4], [[s] * 4 for s in COPY[:4]])], st, tmp_path / "out", resume=True,
                      on_event=lambda e, **k: events.append((e, k)))
        return res, events

    res, _ = resume(1799.99)  # as if it had trained all but a hundredth of a second of its half hour
    assert 10 < res.steps < 100  # trained on, and the budget (not max_steps) stopped it
    steps = res.steps
    curve = [json.loads(x) for x in (tmp_path / "out" / "curve.jsonl").read_text().splitlines()]
    assert curve[-1]["elapsed_s"] >= 1799.99  # the curve's clock goes on from where the run stopped
    best = (tmp_path / "out" / "best" / "model.safetensors").read_bytes()
    res, events = resume(3600.0)  # an hour: the budget is spent
    assert res.steps == steps and not [k for e, k in events if e == "progress"]
    assert any(e == "log" and f"already ended at step {steps} (max_minutes)" in k["message"] for e, k in events)
    assert len((tmp_path / "out" / "curve.jsonl").read_text().splitlines()) == len(curve)
    assert (tmp_path / "out" / "best" / "model.safetensors").read_bytes() == best


def test_stop_token_saves_and_returns(tok, tmp_path):
    calls = {"n": 0}

    def stop():
        calls["n"] += 1
        return calls["n"] > 3

    _, res, _ = _train(tok, tmp_path, 100, should_stop=stop, valid=False)
    assert res.stopped and res.steps == 3
    assert (tmp_path / "out" / "last" / "optimizer.safetensors").is_file()
    assert (tmp_path / "out" / "best" / "config.json").is_file()


def test_optimizer_state_roundtrip_without_pickle(tmp_path):
    p = torch.nn.Linear(3, 2)
    opt = torch.optim.Adam(p.parameters(), lr=0.1)
    p(torch.ones(1, 3)).sum().backward()
    opt.step()
    S.save_optimizer(opt, 7, tmp_path, {"best": 1.5})
    opt2 = torch.optim.Adam(torch.nn.Linear(3, 2).parameters(), lr=0.1)
    meta = S.load_optimizer(opt2, tmp_path)
    assert meta["step"] == 7 and meta["extra"]["best"] == 1.5
    a, b = opt.state_dict()["state"][0], opt2.state_dict()["state"][0]
    assert torch.equal(a["exp_avg"], b["exp_avg"]) and float(a["step"]) == float(b["step"])


def test_generate_keeps_order_and_odd_inputs(tok):
    t, _ = tok
    model = S.build_model("tiny", len(t))
    junk = "\x00\x01\ufffd" + "🙂" * 5
    long = "the cat " * 200
    inputs = ["we like green tea", "", "   ", junk, long, "she has two cats"]
    out = S.generate(model, t, inputs, max_new_tokens=5, max_source_tokens=64)
    assert len(out) == len(inputs)
    assert out[1] == "" and out[2] == "   " and out[4] == long  # empty and over-long come back unchanged
    assert S.generate(model, t, []) == []


def test_train_settings_come_from_the_one_shared_config():
    import dataclasses

    from training.config import Seq2SeqPhase, Seq2SeqTraining, load_config

    cfg = load_config(None, ["rewriter.lr_finetune=1e-3", "rewriter.finetune_minutes=7", "rewriter.clip_norm=0.5",
                             "bt.patience=3", "pos.label_smoothing=0.2"])
    rw = cfg.section("rewriter")
    st = S.TrainSettings.from_config(rw, rw.phase("finetune"), seed=5, prefix="p: ")
    assert (st.lr, st.max_minutes, st.clip_norm, st.seed, st.prefix, st.keep_checkpoints) == (1e-3, 7.0, 0.5, 5,
                                                                                              "p: ", 5)
    assert S.TrainSettings.from_config(rw, rw.phase("pretrain"), seed=1).lr == rw.lr_pretrain
    single = S.TrainSettings.from_config(rw, rw.phase("train"), seed=1)  # the one-phase modes
    assert (single.lr, single.max_steps) == (rw.lr_pretrain, rw.finetune_steps)
    with pytest.raises(ValueError, match="phase"):
        rw.phase("warmup")
    bt = cfg.section("bt")
    st = S.TrainSettings.from_config(bt, bt, seed=1)
    assert (st.patience, st.valid_subset, st.max_epochs, st.label_smoothing) == (3, 500, 20, 0.1)
    pos = cfg.section("pos")
    assert S.TrainSettings.from_config(pos, pos, seed=1).label_smoothing == 0.2
    shared = {f.name for f in dataclasses.fields(Seq2SeqTraining)} | {f.name for f in dataclasses.fields(Seq2SeqPhase)}
    assert shared <= {f.name for f in dataclasses.fields(S.TrainSettings)}  # every shared field reaches the loop


def test_load_model_missing_or_corrupt(tmp_path):
    with pytest.raises((OSError, ValueError)):
        S.load_model(tmp_path / "nothing")
    d = tmp_path / "bad"
    d.mkdir()
    (d / "config.json").write_text("{not json", encoding="utf-8")
    with pytest.raises((OSError, ValueError)):
        S.load_model(d)
