"""Stage `jfc`: build the Japanese-English formality corpus from Tatoeba + Tanaka pairs (or any pair corpus)."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

from engine.errors import InputError
from training.config import check_ranges, section
from training.data import jaen
from training.jfc import DEFAULT_KEYS, build, label_counter
from training.pipeline import write_json_atomic, write_text_atomic
from training.stages.base import Stage


@section("jfc")
@dataclass(frozen=True)
class JfcConfig:
    tatoeba: str = "jaen/tatoeba/eng_jpn.tsv"  # relative to data.root; "" to skip
    tanaka: str = "jaen/tanaka_small"  # folder of <split>.en/.ja (English lowercased + tokenized); "" to skip
    extra: tuple[str, ...] = ()  # more pair corpora (TSV, or folders/stems of .en/.ja), e.g. JESC
    keys: tuple[str, ...] = DEFAULT_KEYS
    balance: bool = True
    heldout_fraction: float = 0.05

    def __post_init__(self):
        if not self.keys:
            raise InputError("jfc.keys is empty: give at least one Japanese politeness key")
        if not 0.0 <= self.heldout_fraction < 1.0:
            raise InputError(f"jfc.heldout_fraction must be in [0, 1), got {self.heldout_fraction}")
        check_ranges(self)  # finite numbers


def write_examples(path: Path, examples) -> None:
    """TSV `label<TAB>text` with a header; tabs/newlines inside a sentence become spaces."""
    lines = ["label\ttext"] + [f"{lab}\t{' '.join(text.split())}" for text, lab in examples]
    write_text_atomic(path, "\n".join(lines) + "\n")


def read_examples(path: Path) -> tuple[list[str], list[int]]:
    from training.data.text import read_lines

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


class JfcStage(Stage):
    """Label English by the politeness of its Japanese translation; dedup, balance, hold out a split."""

    name = "jfc"

    def setup(self, ctx):
        self.cfg = ctx.config.section("jfc")
        limit = ctx.config.section("data").max_sentences
        self.sources = []
        if self.cfg.tatoeba:
            p = ctx.data_path(self.cfg.tatoeba)
            self.sources.append(("tatoeba", jaen.read_pairs(p, limit), False))
        if self.cfg.tanaka:
            p = ctx.data_path(self.cfg.tanaka)
            self.sources.append(("tanaka", jaen.read_pairs(p, limit), True))
        for extra in self.cfg.extra:
            p = ctx.data_path(extra)
            self.sources.append((Path(extra).name, jaen.read_pairs(p, limit), False))
        if not self.sources:
            raise InputError("jfc: no pair corpus configured (jfc.tatoeba, jfc.tanaka and jfc.extra are all empty)")
        for name, pairs, _tok in self.sources:
            ctx.log(f"read {len(pairs)} pairs from {name}", source=name, pairs=len(pairs))
        self.result = None

    def run(self, ctx):
        train, heldout, counts = build(
            self.sources, self.cfg.keys, ctx.config.section("run").seed, self.cfg.balance, self.cfg.heldout_fraction
        )
        if not train:
            raise InputError("jfc: no examples left after dedup/balance (is one class empty? check jfc.keys)")
        self.result = (train, heldout, counts)
        c = dataclasses.asdict(counts)
        for k in ("unique", "formal_before_balance", "informal_before_balance", "per_class_after_balance",
                  "train", "heldout", "duplicates_across", "duplicates_within", "conflicting_dropped"):
            ctx.metric(f"jfc.{k}", c[k])
        ctx.progress(self.name, 1, 1)

    def save(self, ctx):
        if self.result is None:
            return
        train, heldout, counts = self.result
        out = ctx.stage_dir(self.name)
        write_examples(out / "train.tsv", train)
        write_examples(out / "heldout.tsv", heldout)
        self.report = {
            "keys": list(self.cfg.keys),
            "sources": [name for name, _p, _t in self.sources],
            "counts": dataclasses.asdict(counts),
            "train_labels": label_counter(train),
            "heldout_labels": label_counter(heldout),
            "files": ["train.tsv", "heldout.tsv"],
        }
        write_json_atomic(out / "report.json", self.report)

    def summary(self):
        return {"counts": self.report["counts"]} if getattr(self, "report", None) else {}
