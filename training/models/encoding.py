"""Turn sentences into model inputs with a `tokenizers` Tokenizer, exactly as the engine does at inference."""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from engine.scorer import case_type_ids


def configure(tokenizer, max_length: int, pad_id: int, pad_token: str):
    """Truncate at max_length and pad to the batch's longest; the engine configures the same file likewise."""
    tokenizer.enable_truncation(max_length=max_length)
    tokenizer.enable_padding(pad_id=pad_id, pad_token=pad_token)
    return tokenizer


def encode(tokenizer, texts: Sequence[str], min_length: int = 1, pad_id: int = 0,
           names: Sequence[str] = ("input_ids", "attention_mask", "token_type_ids"),
           case_types: bool = False) -> dict[str, np.ndarray]:
    """int64 arrays [batch, seq] for the requested input names; rows padded up to at least ``min_length``.
    ``case_types``: the token types are the case channel (engine.scorer.case_type_ids), not the tokenizer's."""
    texts = list(texts)
    encs = tokenizer.encode_batch(texts)
    seq = max([len(e.ids) for e in encs] + [min_length])
    out = {}
    ids = np.full((len(encs), seq), pad_id, dtype=np.int64)
    mask = np.zeros((len(encs), seq), dtype=np.int64)
    types = np.zeros((len(encs), seq), dtype=np.int64)
    for i, e in enumerate(encs):
        n = len(e.ids)
        ids[i, :n] = e.ids
        mask[i, :n] = e.attention_mask
        types[i, :n] = case_type_ids(texts[i], e.offsets[:n]) if case_types else e.type_ids
    for name, arr in (("input_ids", ids), ("attention_mask", mask), ("token_type_ids", types)):
        if name in names:
            out[name] = arr
    return out
