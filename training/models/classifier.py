"""A formality classifier's checkpoint folder, self-describing: the weights, the tokenizer and classifier.json.

classifier.json holds what it takes to rebuild the network (kind, dimensions, the encoder's Hugging Face
config for a transformer), how its input is encoded (input names, max_length, pad id and token, min_length)
and the run's resolved config for the record. ``load_checkpoint(folder)`` needs nothing but the folder: no run
config, no encoder download. Written by the classifier stage, read by it, by the benchmarks and by tests.
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from safetensors.torch import load_file, save_file
from tokenizers import Tokenizer
from transformers import AutoConfig, AutoModel

from engine.errors import InputError
from engine.fsio import atomic_temp_path, atomic_write_json, atomic_write_text
from training.config import load_config
from training.models.encoding import configure
from training.models.textcnn import PAD, PAD_ID, TextCNN
from training.models.transformer_classifier import TransformerClassifier, load_encoder, resolve_encoder

DESCRIPTION = "classifier.json"
WEIGHTS = "checkpoint.safetensors"
TOKENIZER = "tokenizer.json"
FILES = (DESCRIPTION, WEIGHTS, TOKENIZER)


def encoder_label(encoder: str) -> str:
    """A short name for reports: the packaged MiniLM by its hub name, a folder by its own name."""
    if not encoder or encoder == "minilm":
        return "all-MiniLM-L6-v2"
    return Path(encoder).name or encoder


def describe(model, *, input_names: Sequence[str], max_length: int, min_length: int, pad_id: int, pad_token: str,
             encoder: str | None = None, config: dict | None = None, case_types: bool = False) -> dict:
    """The classifier.json contents for ``model`` (a TextCNN or a TransformerClassifier)."""
    graded = model.graded_head is not None
    if isinstance(model, TextCNN):
        net = {"kind": "textcnn", "vocab_size": model.embed.num_embeddings, "emb_dim": model.embed.embedding_dim,
               "widths": list(model.widths), "maps": model.convs[0].out_channels, "dropout": model.dropout.p,
               "pad_id": model.pad_id, "graded": graded}
    elif isinstance(model, TransformerClassifier):
        net = {"kind": "transformer", "encoder": encoder or "", "encoder_config": model.encoder.config.to_dict(),
               "dropout": model.dropout.p, "graded": graded, "case_embedding": model.case_embed is not None}
    else:
        raise TypeError(f"not a formality classifier: {type(model).__name__}")
    return {"schema": 1, "model": net,
            "encoding": {"input_names": list(input_names), "max_length": int(max_length),
                         "min_length": int(min_length), "pad_id": int(pad_id), "pad_token": pad_token,
                         "case_types": bool(case_types)},
            "config": config or {}}


def save_checkpoint(folder: Path, model, tokenizer_json: str, description: dict) -> None:
    """Weights, tokenizer, then classifier.json (each written atomically; the description last)."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    state = {k: v.detach().cpu().contiguous() for k, v in model.state_dict().items()}
    with atomic_temp_path(folder / WEIGHTS) as tmp:
        save_file(state, str(tmp))
    atomic_write_text(folder / TOKENIZER, tokenizer_json)
    atomic_write_json(folder / DESCRIPTION, description)


def build(description: dict):
    """An untrained network of the described shape (weights are loaded separately)."""
    net = description["model"]
    if net["kind"] == "textcnn":
        return TextCNN(net["vocab_size"], net["emb_dim"], net["widths"], net["maps"], net["dropout"],
                       graded=net["graded"], pad_id=net["pad_id"])
    if net["kind"] == "transformer":
        enc_cfg = dict(net["encoder_config"])
        model_type = enc_cfg.pop("model_type")
        encoder = AutoModel.from_config(AutoConfig.for_model(model_type, **enc_cfg))
        return TransformerClassifier(encoder, graded=net["graded"], dropout=net["dropout"],
                                     case_embedding=bool(net.get("case_embedding", False)))
    raise InputError(f"unknown classifier kind {net['kind']!r}")


def read_description(folder: Path) -> dict:
    path = Path(folder) / DESCRIPTION
    try:
        description = json.loads(path.read_text(encoding="utf-8"))
        kind = description["model"]["kind"]
        missing = [k for k in ("input_names", "max_length", "pad_id", "pad_token") if k not in description["encoding"]]
        if missing:
            raise KeyError(f"encoding lacks {', '.join(missing)}")
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise InputError(f"{path} is not a valid classifier description: {exc}") from None
    if kind not in ("textcnn", "transformer"):
        raise InputError(f"{path}: unknown classifier kind {kind!r}")
    return description


def legacy_description(folder: Path, state: dict) -> dict:
    """The description of a checkpoint saved before classifier.json existed, from its run's config.toml (the
    folder's parent) and the weights' shapes; a transformer's encoder must still be loadable, as it was then."""
    run_config = Path(folder).parent / "config.toml"
    if not run_config.is_file():
        raise InputError(f"{Path(folder) / DESCRIPTION} not found, and no {run_config} to describe an older "
                         "checkpoint: not a classifier checkpoint folder")
    run = load_config(run_config)
    cfg = run.section("classifier")
    graded = any(k.startswith("graded_head.") for k in state)
    if cfg.model == "textcnn":
        vocab_size, emb_dim = state["embed.weight"].shape
        net = {"kind": "textcnn", "vocab_size": int(vocab_size), "emb_dim": int(emb_dim), "widths": list(cfg.widths),
               "maps": cfg.maps, "dropout": cfg.dropout, "pad_id": PAD_ID, "graded": graded}
        encoding = {"input_names": ["input_ids"], "min_length": max(cfg.widths), "pad_id": PAD_ID, "pad_token": PAD}
    else:
        encoder, hf_tok = load_encoder(cfg.encoder)
        net = {"kind": "transformer", "encoder": resolve_encoder(cfg.encoder),
               "encoder_config": encoder.config.to_dict(), "dropout": 0.1, "graded": graded}
        names = ["input_ids", "attention_mask"] + (
            ["token_type_ids"] if "token_type_ids" in hf_tok.model_input_names else [])
        encoding = {"input_names": names, "min_length": 1, "pad_id": hf_tok.pad_token_id or 0,
                    "pad_token": hf_tok.pad_token or "[PAD]"}
    return {"schema": 1, "model": net, "encoding": {**encoding, "max_length": cfg.max_length},
            "config": run.to_dict()}


def load_checkpoint(folder: Path):
    """(model in eval mode, tokenizer configured as in training, description) from a checkpoint folder
    (run_dir/classifier); a run directory holding one is accepted too."""
    folder = Path(folder)
    if not (folder / WEIGHTS).is_file() and (folder / "classifier" / WEIGHTS).is_file():
        folder = folder / "classifier"
    for name in (WEIGHTS, TOKENIZER):
        if not (folder / name).is_file():
            raise InputError(f"{folder / name} not found: not a complete classifier checkpoint folder")
    state = load_file(str(folder / WEIGHTS))
    description = read_description(folder) if (folder / DESCRIPTION).is_file() else legacy_description(folder, state)
    model = build(description)
    model.load_state_dict(state)
    model.eval()
    enc = description["encoding"]
    tokenizer = configure(Tokenizer.from_file(str(folder / TOKENIZER)), enc["max_length"], enc["pad_id"],
                          enc["pad_token"])
    return model, tokenizer, description
