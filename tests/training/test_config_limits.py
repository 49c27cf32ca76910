"""Training settings are range-checked when the config is loaded (issue 15), and training stays offline unless
the user allows downloads."""
from __future__ import annotations

import os
import sys

import pytest

from engine.errors import InputError
from engine.paths import assets_dir
from training.config import load_config, registered_sections

CONFIGS = sorted((assets_dir() / "configs").glob("*.toml"))


@pytest.mark.parametrize("override,key", [
    ("classifier.batch_size=-16", "classifier.batch_size"),
    ("classifier.lr=nan", "classifier.lr"),
    ("classifier.lr=-1e-3", "classifier.lr"),
    ("classifier.dropout=1.5", "classifier.dropout"),
    ("classifier.widths=[3,0]", "classifier.widths"),
    ("rewriter.beam=0", "rewriter.beam"),
    ("rewriter.pretrain_steps=-3", "rewriter.pretrain_steps"),
    ("rewriter.lr_finetune=inf", "rewriter.lr_finetune"),
    ("rewriter.label_smoothing=1", "rewriter.label_smoothing"),
    ("bt.beam=0", "bt.beam"),
    ("bt.precision=fp16", "bt.precision"),
    ("bt.max_steps=0", "bt.max_steps"),
    ("pos.clip_norm=-1", "pos.clip_norm"),
    ("rewriter.keep_checkpoints=-1", "rewriter.keep_checkpoints"),
    ("pos.c=0", "pos.c"),
    ("consistency.valid_beam=0", "consistency.valid_beam"),
    ("adnet.tsne_perplexity=-1", "adnet.tsne_perplexity"),
    ("tokenizer.min_frequency=0", "tokenizer.min_frequency"),
    ("mtask.max_words=0", "mtask.max_words"),
    ("jfc.heldout_fraction=nan", "jfc.heldout_fraction"),
    ("run.seed=-1", "run.seed"),
])
def test_out_of_range_settings_are_refused_at_load_naming_the_key(override, key):
    with pytest.raises(InputError, match=key.replace(".", r"\.")):
        load_config(assets_dir() / "configs" / "tiny.toml", [override])


@pytest.mark.parametrize("path", CONFIGS, ids=lambda p: p.name)
def test_shipped_configs_pass_the_checks(path):
    cfg = load_config(path)
    for name in registered_sections():
        cfg.section(name)  # every section, defaults included, is within range


def test_training_is_offline_unless_downloads_are_allowed(monkeypatch):
    from training.context import apply_network_policy, downloads_allowed

    monkeypatch.delenv("KEIGO_ALLOW_DOWNLOADS", raising=False)
    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    monkeypatch.delenv("TRANSFORMERS_OFFLINE", raising=False)
    assert not downloads_allowed(load_config(None))
    assert downloads_allowed(load_config(None, ["run.allow_downloads=true"]))
    apply_network_policy(downloads_allowed(load_config(None)))
    assert os.environ["HF_HUB_OFFLINE"] == "1" and os.environ["TRANSFORMERS_OFFLINE"] == "1"
    if "huggingface_hub.constants" in sys.modules:
        assert sys.modules["huggingface_hub.constants"].HF_HUB_OFFLINE
    monkeypatch.setenv("KEIGO_ALLOW_DOWNLOADS", "1")
    assert downloads_allowed(None)


def test_a_hub_encoder_loads_from_the_local_cache_only_by_default(monkeypatch):
    pytest.importorskip("transformers")
    import transformers

    from training.models import transformer_classifier as tc

    calls = []

    def fake(name, **kwargs):
        calls.append(kwargs.get("local_files_only"))
        raise OSError("not in the cache")

    monkeypatch.setattr(transformers.AutoTokenizer, "from_pretrained", fake)
    monkeypatch.delenv("KEIGO_ALLOW_DOWNLOADS", raising=False)
    with pytest.raises(InputError, match="KEIGO_ALLOW_DOWNLOADS"):
        tc.load_encoder("some-org/some-encoder-not-here")
    monkeypatch.setenv("KEIGO_ALLOW_DOWNLOADS", "1")
    with pytest.raises(InputError):
        tc.load_encoder("some-org/some-encoder-not-here")
    assert calls == [True, False]
