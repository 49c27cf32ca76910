"""Stage `jfc`: build the Japanese-English formality corpus from Tatoeba + Tanaka pairs (or any pair corpus)."""
from __future__ import annotations

import dataclasses
from pathlib import Path

from engine.errors import InputError
from engine.fsio import atomic_write_json
from training.data import jaen
from training.jfc import build, label_counter, write_examples
from training.stages.base import Stage


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
        atomic_write_json(out / "report.json", self.report)

    def summary(self):
        return {"counts": self.report["counts"]} if getattr(self, "report", None) else {}
