"""The Japanese-English formality corpus (JFC) labeller: English inherits the politeness of its Japanese side.

An English sentence is labelled formal (1) when its Japanese translation, spaces removed, contains any
polite key (です でした ます ました ません ましょう でしょう by default), informal (0) otherwise.
The rule is a plain substring test, so a key inside a longer ending (e.g. いただけますか) counts.
"""
from __future__ import annotations

import random
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from engine.errors import InputError
from engine.fsio import atomic_write_text
from training.data.text import read_lines

DEFAULT_KEYS: tuple[str, ...] = ("です", "でした", "ます", "ました", "ません", "ましょう", "でしょう")

_WS = re.compile(r"\s+")


def strip_spaces(japanese: str) -> str:
    """Tanaka's Japanese is word-segmented; keys can straddle a segment boundary (ま す), so drop all spaces."""
    return _WS.sub("", unicodedata.normalize("NFKC", japanese))


def polite_keys_in(japanese: str, keys: Sequence[str] = DEFAULT_KEYS) -> list[str]:
    ja = strip_spaces(japanese)
    return [k for k in keys if k in ja]


def label(japanese: str, keys: Sequence[str] = DEFAULT_KEYS) -> int:
    """1 (formal) when any key occurs in the Japanese side, else 0."""
    if not keys:
        raise ValueError("the JFC key set is empty")
    ja = strip_spaces(japanese)
    return int(any(k in ja for k in keys))


def normalize_english(text: str) -> str:
    """Dedup key: Tanaka English is lowercased and tokenized ("i can 't ."), Tatoeba's is not ("I can't.")."""
    t = unicodedata.normalize("NFKC", text).lower().replace("’", "'")
    return re.sub(r"[^0-9a-z]+", "", t)


_CONTRACTION = re.compile(r" (n't|'s|'m|'re|'ve|'ll|'d|'t)\b")
_PUNCT_BEFORE = re.compile(r" ([.,!?;:%)\]])")
_PUNCT_AFTER = re.compile(r"([(\[$]) ")


def detokenize_english(text: str) -> str:
    """Undo Tanaka's tokenization and lowercasing well enough for training text ("i can 't ." -> "I can't.")."""
    t = text.strip()
    t = t.replace(" n 't", "n't").replace(" 't", "'t")
    t = _CONTRACTION.sub(r"\1", t)
    t = _PUNCT_BEFORE.sub(r"\1", t)
    t = _PUNCT_AFTER.sub(r"\1", t)
    t = re.sub(r'" (.*?) "', r'"\1"', t)
    t = re.sub(r"\bi\b", "I", t)
    return t[:1].upper() + t[1:]


@dataclass
class JfcCounts:
    read: dict[str, int] = field(default_factory=dict)
    duplicates_within: int = 0
    duplicates_across: int = 0
    conflicting_dropped: int = 0
    unique: int = 0
    formal_before_balance: int = 0
    informal_before_balance: int = 0
    per_class_after_balance: int = 0
    train: int = 0
    heldout: int = 0
    key_hits: dict[str, int] = field(default_factory=dict)


def build(
    sources: Sequence[tuple[str, Iterable[tuple[str, str]], bool]],
    keys: Sequence[str] = DEFAULT_KEYS,
    seed: int = 13,
    balance: bool = True,
    heldout_fraction: float = 0.05,
) -> tuple[list[tuple[str, int]], list[tuple[str, int]], JfcCounts]:
    """Label, deduplicate, balance and split.

    ``sources``: (name, (english, japanese) pairs, tokenized_lowercase_english). Earlier sources win a
    duplicate, so list the one with original casing first. An English sentence that occurs with both a
    polite and a plain translation is ambiguous and dropped. Returns (train, heldout, counts).
    """
    counts = JfcCounts(key_hits={k: 0 for k in keys})
    by_key: dict[str, tuple[str, int, str]] = {}
    labels_seen: dict[str, set[int]] = {}
    for name, pairs, tokenized in sources:
        n = 0
        seen_here: set[str] = set()
        for en, ja in pairs:
            n += 1
            key = normalize_english(en)
            if not key:
                continue
            hits = polite_keys_in(ja, keys)
            for k in hits:
                counts.key_hits[k] += 1
            lab = int(bool(hits))
            labels_seen.setdefault(key, set()).add(lab)
            if key in by_key:
                if by_key[key][2] == name or key in seen_here:
                    counts.duplicates_within += 1
                else:
                    counts.duplicates_across += 1
                continue
            seen_here.add(key)
            by_key[key] = (detokenize_english(en) if tokenized else en.strip(), lab, name)
        counts.read[name] = n
    examples = []
    for key, (text, lab, _name) in by_key.items():
        if len(labels_seen[key]) > 1:
            counts.conflicting_dropped += 1
            continue
        examples.append((text, lab))
    counts.unique = len(examples)
    formal = [e for e in examples if e[1] == 1]
    informal = [e for e in examples if e[1] == 0]
    counts.formal_before_balance, counts.informal_before_balance = len(formal), len(informal)
    rng = random.Random(seed)
    if balance:
        n = min(len(formal), len(informal))
        formal = rng.sample(formal, n) if len(formal) > n else formal
        informal = rng.sample(informal, n) if len(informal) > n else informal
        counts.per_class_after_balance = n
    train, heldout = [], []
    for group in (formal, informal):
        group = list(group)
        rng.shuffle(group)
        k = round(len(group) * heldout_fraction)
        heldout += group[:k]
        train += group[k:]
    rng.shuffle(train)
    rng.shuffle(heldout)
    counts.train, counts.heldout = len(train), len(heldout)
    return train, heldout, counts


def label_counter(examples: Sequence[tuple[str, int]]) -> dict[str, int]:
    c = Counter(lab for _t, lab in examples)
    return {"informal": c.get(0, 0), "formal": c.get(1, 0)}


# ---------------------------------------------------------------------------- the examples files (train.tsv, heldout.tsv)

def write_examples(path: Path, examples) -> None:
    """TSV `label<TAB>text` with a header; tabs/newlines inside a sentence become spaces."""
    lines = ["label\ttext"] + [f"{lab}\t{' '.join(text.split())}" for text, lab in examples]
    atomic_write_text(path, "\n".join(lines) + "\n")


def read_examples(path: Path) -> tuple[list[str], list[int]]:
    """The (texts, labels) of a file written by ``write_examples``; InputError naming the line otherwise."""
    lines = read_lines(path)
    if not lines or lines[0] != "label\ttext":
        raise InputError(f"{path}:1: expected the header 'label<TAB>text'")
    texts, labels = [], []
    for i, line in enumerate(lines[1:], 2):
        lab, sep, text = line.partition("\t")
        if not sep or lab not in ("0", "1") or not text.strip():
            raise InputError(f"{path}:{i}: expected '0|1<TAB>sentence'")
        texts.append(text)
        labels.append(int(lab))
    return texts, labels
