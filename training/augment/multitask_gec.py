"""M-Task augmentation (Zhang et al. 2020): grammatical error correction pairs used as extra rewriting data."""

from __future__ import annotations

import random
import re
from pathlib import Path

from training.data.gec import iter_gec_corpora

_TOKENIZED_PUNCT = re.compile(r" ([.,!?;:%)\]}'’]|n't|'s|'re|'ve|'ll|'d|'m)(?=\s|$)")
_OPEN = re.compile(r"([(\[{$]) ")


def detokenize(text: str) -> str:
    """Undo PTB-style spacing (GEC corpora are tokenized; GYAFC and user text are not)."""
    text = _TOKENIZED_PUNCT.sub(r"\1", text)
    text = _OPEN.sub(r"\1", text)
    text = re.sub(r'" (.*?) "', r'"\1"', text)
    return text


def build_pairs(gec_root: Path, *, limit_per_corpus: int = 0, max_words: int = 60,
                keep_identical: float = 0.1, seed: int = 13) -> tuple[list[tuple[str, str]], dict]:
    """GEC (source, correction) pairs, detokenized, length-capped; most unchanged pairs are dropped.

    Unchanged sentences teach nothing but copying, which GYAFC already teaches: ``keep_identical`` is the
    fraction of them kept. Returns the pairs and per-corpus counts.
    """
    rng = random.Random(seed)
    out: list[tuple[str, str]] = []
    counts: dict[str, dict] = {}
    seen: set[tuple[str, str]] = set()
    for name, pairs in iter_gec_corpora(gec_root, limit=limit_per_corpus):
        kept = identical = too_long = dup = empty = 0
        for src, tgt in pairs:
            if name.startswith(("wi_locness", "jfleg")):
                src, tgt = detokenize(src), detokenize(tgt)
            src, tgt = " ".join(src.split()), " ".join(tgt.split())
            if not src or not tgt:  # an annotator deleted the whole sentence ("yes becouse yes" -> ""): no pair
                empty += 1
                continue
            if len(src.split()) > max_words or len(tgt.split()) > max_words:
                too_long += 1
                continue
            if src == tgt:
                identical += 1
                if rng.random() >= keep_identical:
                    continue
            key = (src, tgt)
            if key in seen:
                dup += 1
                continue
            seen.add(key)
            out.append(key)
            kept += 1
        counts[name] = {"read": len(pairs), "kept": kept, "identical": identical, "too_long": too_long,
                        "duplicates": dup, "empty": empty}
    return out, counts
