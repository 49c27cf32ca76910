"""Stage `tokenizer`: the shared byte-level BPE vocabulary of the rewriter (and BT / POS models)."""

from __future__ import annotations

from engine.errors import InputError
from engine.fsio import atomic_write_json
from training.augment.pairs_io import read_sources
from training.seq2seq import train_tokenizer
from training.stages.base import Stage


def tokenizer_dir(ctx):
    return ctx.run_dir / "tokenizer"


class TokenizerStage(Stage):
    name = "tokenizer"
    description = "train the shared BPE tokenizer on GYAFC (and any extra text)"

    def setup(self, ctx):
        self.cfg = ctx.config.section("tokenizer")
        self.texts: list[str] = []
        self.counts: dict[str, int] = {}
        for spec in self.cfg.sources:
            if spec == "gyafc":
                formal, _c1 = read_sources(ctx, ["gyafc"], "formal")
                informal, _c2 = read_sources(ctx, ["gyafc"], "informal")
                self.texts += formal + informal
                self.counts["gyafc"] = len(formal) + len(informal)
            else:
                sents, c = read_sources(ctx, [spec], "formal", self.cfg.max_sentences)
                self.texts += sents
                self.counts.update(c)
        if not self.texts:
            raise InputError("tokenizer: the configured sources hold no text")
        ctx.log(f"tokenizer: {len(self.texts)} sentences", counts=self.counts)
        self.tok = None

    def run(self, ctx):
        self.tok = train_tokenizer(self.texts, self.cfg.vocab_size, tokenizer_dir(ctx), self.cfg.min_frequency)
        ctx.metric("tokenizer.vocab_size", len(self.tok))
        ctx.progress(self.name, 1, 1)

    def save(self, ctx):
        if self.tok is None:
            return
        atomic_write_json(tokenizer_dir(ctx) / "report.json",
                          {"vocab_size": len(self.tok), "sentences": len(self.texts), "sources": self.counts})

    def summary(self):
        return {"vocab_size": len(self.tok)} if self.tok is not None else {}
