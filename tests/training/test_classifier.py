"""The classifier stage end to end on the tiny config: training, evaluation report, ONNX export, parity,
int8 variant, manifest; the engine's FormalityScorer loads what the stage exported."""
from __future__ import annotations

import json

import numpy as np
import pytest

from engine.errors import ModelError
from training.cli import main


def run_cli(args, capsys):
    rc = main(args)
    out = capsys.readouterr().out
    events = [json.loads(line) for line in out.splitlines() if line.strip()]
    return rc, events


def test_textcnn_tiny_end_to_end(tmp_path, tiny_config, fixture_data, capsys):
    run_dir = tmp_path / "run"
    rc, events = run_cli(["classifier", "--config", str(tiny_config), "--run-dir", str(run_dir),
                          f"data.root={fixture_data}", "classifier.pt16=true"], capsys)
    assert rc == 0, events[-3:]
    assert (run_dir / "jfc" / "DONE.json").is_file()  # required stage ran first
    assert (run_dir / "classifier" / "DONE.json").is_file()
    report = json.loads((run_dir / "classifier" / "report.json").read_text())
    variants = [r["variant"] for r in report["rows"]]
    assert variants[0] == "pytorch" and "onnx-int8" in variants
    m = report["rows"][0]["metrics"]
    assert set(m) >= {"gyafc_tune", "pt16_tune", "jfc_heldout"}
    assert set(m["gyafc_tune"]) == {"em", "fr", "all"}
    assert m["gyafc_tune"]["all"]["n"] == 64  # 16 sources + 16 refs, two domains
    assert "spearman_graded" in m["pt16_tune"]
    assert "| textcnn | gyafc+pt16 | pytorch |" in (run_dir / "classifier" / "report.md").read_text()
    assert any(e["event"] == "metric" and e.get("name") == "gyafc_tune.accuracy" for e in events)

    model_dir = run_dir / "classifier" / "model"
    from engine.manifest import load_manifest, verify_dir

    assert verify_dir(model_dir) == []
    manifest = load_manifest(model_dir)
    assert manifest["role"] == "scorer" and manifest["kind"] == "textcnn"
    assert set(manifest["files"]) == {"model.onnx", "model.int8.onnx", "tokenizer.json", "scorer.json",
                                      "MODEL_CARD.md"}
    outs = [o["name"] for o in manifest["onnx"]["model.onnx"]["outputs"]]
    assert outs == ["p_formal", "graded"]
    assert manifest["metrics"]["parity"]["ok"] and manifest["metrics"]["parity"]["max_abs_diff"]["p_formal"] <= 1e-4
    assert "accuracy_cost" in manifest["metrics"]["int8"]
    assert manifest["config"]["classifier"]["pt16"] is True
    card = (model_dir / "MODEL_CARD.md").read_text()
    assert "CC BY 3.0" in card and "Yahoo" in card and "Tatoeba" in card
    # the graded degree the app shows was fitted on the tune sets (issue 13) and the scorer uses it
    assert "display" in json.loads((model_dir / "scorer.json").read_text())
    assert manifest["version"].endswith("-graded") and "## Graded degree" in card
    assert any(e["event"] == "metric" and e.get("name") == "display.pt16_B_spearman" for e in events)

    # the engine's scorer loads the export and agrees with the PyTorch model, rebuilt from its checkpoint folder
    # alone: copied away from the run (no config.toml beside it), it still loads (self-describing)
    import shutil

    import torch

    from engine.scorer import FormalityScorer
    from training.models.classifier import load_checkpoint
    from training.models.encoding import encode

    alone = tmp_path / "alone"
    shutil.copytree(run_dir / "classifier", alone, ignore=shutil.ignore_patterns("model", "report.*"))
    model, tok, description = load_checkpoint(alone)
    assert description["model"]["kind"] == "textcnn" and description["model"]["graded"] is True
    assert description["config"]["classifier"]["pt16"] is True
    enc = description["encoding"]
    texts = ["lol the band is sooo good!!!", "I believe the concert was quite enjoyable.", "ok"]
    feeds = encode(tok, texts, enc["min_length"], enc["pad_id"], enc["input_names"])
    with torch.no_grad():
        logits, _g = model(**{k: torch.from_numpy(v) for k, v in feeds.items()})
    p_torch = torch.softmax(logits, -1)[:, 1].numpy()
    scorer = FormalityScorer.from_dir(model_dir)
    p_engine = scorer.score(texts)
    np.testing.assert_allclose(p_engine, p_torch, atol=1e-5)
    p_both, g_both = scorer.score_both(texts)
    np.testing.assert_allclose(p_both, p_engine)
    np.testing.assert_allclose(g_both, scorer.score_graded(texts))
    assert scorer.score_graded(texts) is not None
    words = scorer.explain(texts[0])
    assert [w.word for w in words][:2] == ["lol", "the"]
    # the int8 numbers on the card come from the engine running model.int8.onnx
    int8 = FormalityScorer.from_dir(model_dir, model_file="model.int8.onnx")
    assert int8.session.path.name == "model.int8.onnx"
    assert np.all(np.abs(int8.score(texts) - p_engine) < 0.2)


def test_a_broken_checkpoint_description_is_refused(tmp_path, tiny_config, fixture_data, capsys):
    from engine.errors import InputError
    from training.models.classifier import load_checkpoint

    run_dir = tmp_path / "run"
    rc, _ = run_cli(["classifier", "--config", str(tiny_config), "--run-dir", str(run_dir),
                     f"data.root={fixture_data}", "classifier.export=false"], capsys)
    assert rc == 0
    folder = run_dir / "classifier"
    assert load_checkpoint(run_dir)[2]["model"]["kind"] == "textcnn"  # a run dir holding one is accepted
    (folder / "classifier.json").write_text('{"model": {"kind": "textcnn"}}', encoding="utf-8")
    with pytest.raises(InputError, match="classifier.json"):
        load_checkpoint(folder)
    (folder / "classifier.json").write_text("not json", encoding="utf-8")
    with pytest.raises(InputError, match="classifier.json"):
        load_checkpoint(folder)
    (folder / "checkpoint.safetensors").unlink()
    with pytest.raises(InputError, match="checkpoint.safetensors"):
        load_checkpoint(folder)


def test_transformer_tiny_jfc_then_gyafc(tmp_path, tiny_config, fixture_data, tiny_bert, capsys):
    run_dir = tmp_path / "run"
    rc, events = run_cli(["classifier", "--config", str(tiny_config), "--run-dir", str(run_dir),
                          f"data.root={fixture_data}", "classifier.model=transformer",
                          f"classifier.encoder={tiny_bert}", "classifier.recipe=jfc+gyafc", "classifier.lr=1e-3",
                          "classifier.ship=int8"], capsys)
    assert rc == 0, events[-3:]
    phases = {e.get("phase") for e in events if e["event"] == "progress" and e.get("stage") == "classifier"}
    assert {p for p in phases if not p.startswith("eval")} == {"jfc", "gyafc"}
    assert {"eval onnx-fp32", "eval onnx-int8"} <= phases  # evaluation reports progress too
    model_dir = run_dir / "classifier" / "model"
    from engine.manifest import load_manifest, verify_dir

    assert verify_dir(model_dir) == []
    man = load_manifest(model_dir)
    assert man["role"] == "scorer-accurate" and man["kind"] == "transformer"
    assert "model.int8.onnx" not in man["files"]  # ship=int8 keeps one graph, as model.onnx
    inputs = [i["name"] for i in man["onnx"]["model.onnx"]["inputs"]]
    assert inputs == ["input_ids", "attention_mask", "token_type_ids"]
    from engine.scorer import FormalityScorer

    p = FormalityScorer.from_dir(model_dir).score(["i dunno lol", "I am not sure."])
    assert p.shape == (2,) and np.all((p >= 0) & (p <= 1))
    # the checkpoint rebuilds the encoder from its own classifier.json (no encoder folder needed)
    import torch

    from training.models.classifier import load_checkpoint
    from training.models.encoding import encode

    model, tok, description = load_checkpoint(run_dir / "classifier")
    assert description["model"]["kind"] == "transformer" and description["model"]["encoder_config"]
    enc = description["encoding"]
    assert enc["input_names"] == ["input_ids", "attention_mask", "token_type_ids"]
    feeds = encode(tok, ["i dunno lol", "I am not sure."], enc["min_length"], enc["pad_id"], enc["input_names"])
    with torch.no_grad():
        logits, _g = model(**{k: torch.from_numpy(v) for k, v in feeds.items()})
    assert torch.softmax(logits, -1)[:, 1].numpy().shape == (2,)


def test_parity_check_catches_a_wrong_graph(tmp_path, tiny_config, fixture_data, capsys):
    import torch

    from training.export import parity_check
    from training.models.textcnn import TextCNN

    run_dir = tmp_path / "run"
    rc, _ = run_cli(["classifier", "--config", str(tiny_config), "--run-dir", str(run_dir),
                     f"data.root={fixture_data}", "classifier.int8=false"], capsys)
    assert rc == 0
    from training.models.classifier import load_checkpoint

    model, _tok, _description = load_checkpoint(run_dir / "classifier")
    assert isinstance(model, TextCNN)
    sents = ["lol the band is sooo good!!!", "You should consult the singer."]
    assert parity_check(model, ("input_ids",), False, run_dir / "classifier" / "model", sents)["ok"]
    with torch.no_grad():
        model.head.bias[1] += 1.0  # now the PyTorch model is not the exported graph
    with pytest.raises(ModelError):
        parity_check(model, ("input_ids",), False, run_dir / "classifier" / "model", sents)


def test_jfc_recipe_reads_no_human_labels(tmp_path, tiny_config, fixture_data, capsys):
    run_dir = tmp_path / "run"
    rc, _ = run_cli(["classifier", "--config", str(tiny_config), "--run-dir", str(run_dir),
                     f"data.root={fixture_data}", "classifier.recipe=jfc", "classifier.export=false"], capsys)
    assert rc == 0
    assert not (run_dir / "classifier" / "model").exists()
    done = json.loads((run_dir / "classifier" / "DONE.json").read_text())
    assert done["recipe"] == "jfc"
    config = json.loads((run_dir / "config.json").read_text())
    assert config["classifier"]["recipe"] == "jfc"


def test_eval_classifier_command(tmp_path, tiny_config, fixture_data, capsys):
    run_dir = tmp_path / "run"
    rc, _ = run_cli(["classifier", "--config", str(tiny_config), "--run-dir", str(run_dir),
                     f"data.root={fixture_data}"], capsys)
    assert rc == 0
    out_dir = tmp_path / "eval"
    rc, events = run_cli(["eval-classifier", "--model", str(run_dir / "classifier" / "model"), "--int8",
                          "--data", str(fixture_data), "--jfc-heldout", str(run_dir / "jfc" / "heldout.tsv"),
                          "--run-dir", str(out_dir)], capsys)
    assert rc == 0, events
    rows = json.loads((out_dir / "report.json").read_text())["rows"]
    assert [r["variant"] for r in rows] == ["onnx model.onnx", "onnx model.int8.onnx"]
    # the ONNX graph evaluated through the engine matches what the stage measured in PyTorch
    stage = json.loads((run_dir / "classifier" / "report.json").read_text())["rows"][0]["metrics"]
    assert rows[0]["metrics"]["gyafc_tune"]["all"]["accuracy"] == pytest.approx(
        stage["gyafc_tune"]["all"]["accuracy"])
    # a model directory with a tampered file is refused
    (run_dir / "classifier" / "model" / "model.onnx").write_bytes(b"not an onnx graph")
    rc, events = run_cli(["eval-classifier", "--model", str(run_dir / "classifier" / "model"),
                          "--data", str(fixture_data)], capsys)
    assert rc == 3 and events[-1]["event"] == "error"


def test_bad_inputs_fail_clearly(tmp_path, tiny_config, fixture_data, capsys):
    rc, events = run_cli(["classifier", "--config", str(tiny_config), "--run-dir", str(tmp_path / "a"),
                          f"data.root={fixture_data}", "classifier.recipe=bogus"], capsys)
    assert rc == 4 and "classifier.recipe" in events[-1]["message"]
    rc, events = run_cli(["classifier", "--config", str(tiny_config), "--run-dir", str(tmp_path / "b"),
                          f"data.root={tmp_path / 'nowhere'}"], capsys)
    assert rc == 4 and events[-1]["event"] == "error" and "nowhere" in events[-1]["message"]
    # a GYAFC folder whose pair files are misaligned
    bad = tmp_path / "bad"
    import shutil

    shutil.copytree(fixture_data, bad)
    with open(bad / "gyafc" / "em" / "train.formal", "a", encoding="utf-8") as fh:
        fh.write("One formal sentence too many.\n")
    rc, events = run_cli(["classifier", "--config", str(tiny_config), "--run-dir", str(tmp_path / "c"),
                          f"data.root={bad}"], capsys)
    assert rc == 4 and "not aligned" in events[-1]["message"]
    assert not (tmp_path / "c" / "classifier" / "DONE.json").exists()


def _train_with_case_channel(run_dir, tiny_config, fixture_data, encoder, capsys):
    """A tiny transformer scorer trained with classifier.case_types=true; checks that the exported scorer takes
    the channel in the engine ("i" and "I", one token id, score differently) and that the parity check compared
    ONNX and PyTorch on the channel's feeds. Returns the run's events and its classifier.json."""
    rc, events = run_cli(["classifier", "--config", str(tiny_config), "--run-dir", str(run_dir),
                          f"data.root={fixture_data}", "classifier.model=transformer", "classifier.pt16=true",
                          f"classifier.encoder={encoder}", "classifier.lr=1e-3", "classifier.case_types=true",
                          "classifier.int8=false"], capsys)
    assert rc == 0, events[-3:]
    model_dir = run_dir / "classifier" / "model"
    assert json.loads((model_dir / "scorer.json").read_text())["case_types"] is True
    from engine.scorer import FormalityScorer

    scorer = FormalityScorer.from_dir(model_dir)
    assert scorer.case_types and "token_type_ids" in scorer.session.input_names
    lower, upper = scorer.score(["i think so lol", "I Think So LOL"])
    assert lower != upper  # same token ids, different case channel
    parity = [e for e in events if e.get("event") == "log" and "parity" in e]
    assert parity and parity[-1]["parity"]["ok"]
    desc = json.loads((run_dir / "classifier" / "classifier.json").read_text())
    assert desc["encoding"]["case_types"] is True
    assert desc["encoding"]["input_names"] == ["input_ids", "attention_mask", "token_type_ids"]
    return events, desc


def test_case_channel_reaches_the_engine(tmp_path, tiny_config, fixture_data, tiny_bert, capsys):
    """classifier.case_types: an uncased encoder sees capitals through its token types, in training, in the
    exported scorer.json and in the engine, so "i" and "I" (one token id) score differently."""
    run_dir = tmp_path / "run"
    _events, desc = _train_with_case_channel(run_dir, tiny_config, fixture_data, tiny_bert, capsys)
    assert desc["model"]["case_embedding"] is False  # BERT embeds token types itself
    # a checkpoint trained with the channel is not continued without it
    rc, events = run_cli(["classifier", "--config", str(tiny_config), "--run-dir", str(tmp_path / "again"),
                          f"data.root={fixture_data}", "classifier.model=transformer", "classifier.pt16=true",
                          f"classifier.init_from={run_dir / 'classifier'}"], capsys)
    assert rc != 0 and "case_types" in json.dumps(events[-3:])


def test_case_channel_on_an_encoder_without_token_types(tmp_path, tiny_config, fixture_data, tiny_mpnet, capsys):
    """An encoder with no token type embedding (MPNet, like all-mpnet-base-v2) gets the case channel through an
    embedding of the classifier's own: trained, exported with a token_type_ids input, parity-checked, rebuilt
    from its checkpoint, and "i" / "I" score differently in the engine."""
    run_dir = tmp_path / "run"
    events, desc = _train_with_case_channel(run_dir, tiny_config, fixture_data, tiny_mpnet, capsys)
    assert any("embedding of its own" in e.get("message", "") for e in events if e.get("event") == "log")
    assert desc["model"]["case_embedding"] is True
    from training.models.classifier import load_checkpoint

    model, _tok, _desc = load_checkpoint(run_dir / "classifier")
    assert model.case_embed is not None and float(model.case_embed.weight.detach().abs().sum()) > 0  # trained


def test_case_embedding_starts_as_the_pretrained_encoder(tiny_mpnet):
    """Zero at the start: with the channel's embedding added, the encoder's output is what it was without."""
    import torch
    from transformers import AutoModel

    from training.models.transformer_classifier import TransformerClassifier, has_token_types

    enc = AutoModel.from_pretrained(str(tiny_mpnet))
    assert not has_token_types(enc)
    plain = TransformerClassifier(enc, case_embedding=False).eval()
    cased = TransformerClassifier(enc, case_embedding=True).eval()
    cased.head.load_state_dict(plain.head.state_dict())
    ids = torch.tensor([[0, 7, 8, 9, 2]])
    types = torch.tensor([[0, 1, 0, 1, 0]])
    with torch.no_grad():
        a = plain(ids)[0]
        b = cased(ids, token_type_ids=types)[0]
    assert torch.allclose(a, b, atol=1e-6)


def test_case_channel_needs_a_transformer(tmp_path, tiny_config, fixture_data, capsys):
    rc, events = run_cli(["classifier", "--config", str(tiny_config), "--run-dir", str(tmp_path / "run"),
                          f"data.root={fixture_data}", "classifier.case_types=true"], capsys)
    assert rc != 0 and "case_types needs classifier.model=transformer" in json.dumps(events)


@pytest.mark.parametrize("value", ["-1", "abc"])
def test_case_lr_scale_refuses_bad_values(tmp_path, tiny_config, fixture_data, capsys, value):
    rc, events = run_cli(["classifier", "--config", str(tiny_config), "--run-dir", str(tmp_path / "run"),
                          f"data.root={fixture_data}", f"classifier.case_lr_scale={value}"], capsys)
    assert rc != 0 and "case_lr_scale" in json.dumps(events)
    assert not (tmp_path / "run" / "classifier" / "DONE.json").exists()


def test_encoder_layers_cut_the_encoder(tmp_path, tiny_config, fixture_data, tiny_bert, capsys):
    """classifier.encoder_layers: a smaller scorer from the encoder's first layers, fresh or from a checkpoint; its
    checkpoint and exported graph have that many layers, and the engine scores with it."""
    from engine.scorer import FormalityScorer

    common = ["classifier", "--config", str(tiny_config), f"data.root={fixture_data}", "classifier.model=transformer",
              "classifier.int8=false"]

    def layers(run):
        return json.loads((run / "classifier" / "classifier.json").read_text())["model"]["encoder_config"][
            "num_hidden_layers"]

    fresh, full, cut = tmp_path / "fresh", tmp_path / "full", tmp_path / "cut"
    rc, events = run_cli(common + ["--run-dir", str(fresh), f"classifier.encoder={tiny_bert}",
                                   "classifier.encoder_layers=1"], capsys)
    assert rc == 0, events[-3:]
    assert layers(fresh) == 1
    rc, events = run_cli(common + ["--run-dir", str(full), f"classifier.encoder={tiny_bert}"], capsys)
    assert rc == 0 and layers(full) == 2
    # a trained checkpoint's first layer, trained on
    rc, events = run_cli(common + ["--run-dir", str(cut), f"classifier.init_from={full / 'classifier'}",
                                   "classifier.encoder_layers=1"], capsys)
    assert rc == 0, events[-3:]
    assert layers(cut) == 1
    scores = FormalityScorer.from_dir(cut / "classifier" / "model").score(["i think so lol", "I think so."])
    assert len(scores) == 2 and all(0.0 <= s <= 1.0 for s in scores)
    # more layers than the encoder has: a clear error naming the key, nothing trained
    rc, events = run_cli(common + ["--run-dir", str(tmp_path / "too"), f"classifier.encoder={tiny_bert}",
                                   "classifier.encoder_layers=3"], capsys)
    assert rc == 4 and "encoder_layers=3, but the encoder has only 2 layers" in json.dumps(events[-3:])
    assert not (tmp_path / "too" / "classifier" / "DONE.json").exists()


def test_encoder_layers_need_a_transformer(tmp_path, tiny_config, fixture_data, capsys):
    rc, events = run_cli(["classifier", "--config", str(tiny_config), "--run-dir", str(tmp_path / "run"),
                          f"data.root={fixture_data}", "classifier.encoder_layers=2"], capsys)
    assert rc != 0 and "encoder_layers needs classifier.model=transformer" in json.dumps(events)
