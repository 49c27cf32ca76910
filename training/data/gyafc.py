"""GYAFC directories (Rao & Tetreault 2018): aligned informal/formal train pairs and tune sets with 4 references."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from engine.errors import InputError
from training.data.text import read_lines

DOMAINS = ("em", "fr")
INFORMAL, FORMAL = 0, 1


@dataclass(frozen=True)
class TuneSet:
    sources: list[str]
    refs: list[list[str]]  # refs[k][i]: reference k of source i


def _aligned(a: Path, b: Path, limit: int = 0) -> tuple[list[str], list[str]]:
    left = read_lines(a, keep_empty=True)
    right = read_lines(b, keep_empty=True)
    if len(left) != len(right):
        raise InputError(
            f"{a} and {b} are not aligned: {len(left)} vs {len(right)} lines "
            f"(first unmatched line {min(len(left), len(right)) + 1})"
        )
    for i, (x, y) in enumerate(zip(left, right), 1):
        if bool(x.strip()) != bool(y.strip()):
            empty = a if not x.strip() else b
            raise InputError(f"{empty}:{i}: empty line where its pair in the other file has text")
    pairs = [(x.strip(), y.strip()) for x, y in zip(left, right) if x.strip()]
    if limit:
        pairs = pairs[:limit]
    return [p[0] for p in pairs], [p[1] for p in pairs]


def domain_dir(root: Path, domain: str) -> Path:
    d = Path(root) / domain
    if not d.is_dir():
        raise InputError(f"GYAFC domain folder not found: {d}")
    return d


def read_pairs(gyafc_root: Path, domains: Sequence[str] = DOMAINS, split: str = "train",
               limit: int = 0) -> list[tuple[str, str]]:
    """(informal, formal) pairs of a split, domains concatenated; ``limit`` caps per domain."""
    out = []
    for dom in domains:
        d = domain_dir(gyafc_root, dom)
        inf, frm = _aligned(d / f"{split}.informal", d / f"{split}.formal", limit)
        out.extend(zip(inf, frm))
    return out


def read_tune(gyafc_root: Path, domain: str, limit: int = 0, split: str = "tune") -> TuneSet:
    """Informal sources and their 4 formal references (files <split>.formal.ref0..3)."""
    d = domain_dir(gyafc_root, domain)
    src_path = d / f"{split}.informal"
    sources = read_lines(src_path, keep_empty=True)
    refs = []
    for k in range(4):
        ref_path = d / f"{split}.formal.ref{k}"
        ref = read_lines(ref_path, keep_empty=True)
        if len(ref) != len(sources):
            raise InputError(f"{ref_path}: {len(ref)} lines but {src_path} has {len(sources)}: not aligned")
        refs.append([r.strip() for r in ref])
    keep = [i for i, s in enumerate(sources) if s.strip()]
    if limit:
        keep = keep[:limit]
    return TuneSet([sources[i].strip() for i in keep], [[r[i] for i in keep] for r in refs])


def classification_examples(pairs: Sequence[tuple[str, str]]) -> tuple[list[str], list[int]]:
    """Both sides of each pair as labelled sentences: informal = 0, formal = 1."""
    texts, labels = [], []
    for inf, frm in pairs:
        texts += [inf, frm]
        labels += [INFORMAL, FORMAL]
    return texts, labels


def read_classification(gyafc_root: Path, domains: Sequence[str] = DOMAINS, split: str = "train",
                        limit: int = 0) -> tuple[list[str], list[int]]:
    return classification_examples(read_pairs(gyafc_root, domains, split, limit))


def read_tune_classification(gyafc_root: Path, domain: str, limit: int = 0) -> tuple[list[str], list[int]]:
    """Tune-split classification: informal sources = 0 vs formal reference 0 = 1."""
    tune = read_tune(gyafc_root, domain, limit)
    texts = tune.sources + tune.refs[0]
    labels = [INFORMAL] * len(tune.sources) + [FORMAL] * len(tune.refs[0])
    return texts, labels
