"""Stage `tokenizer`: the shared byte-level BPE vocabulary of the rewriter (and BT / POS models)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import InputError
from training.config import check_ranges, section
from training.pipeline import write_json_atomic
from training.stages.base import Stage


@section("tokenizer")
@dataclass(frozen=True)
class TokenizerConfig:
    vocab_size: int = 20000          # the first seed's 20K BPE; cpu.toml uses 8K
    min_frequency: int = 2
    # "gyafc" = both sides of GYAFC train (both domains); other entries are files/folders under data.root
    sources: tuple[str, ...] = ("gyafc",)
    max_sentences: int = 0           # cap per non-GYAFC source; 0 = all

    def __post_init__(self):
        if self.vocab_size < 300:
            raise InputError(f"tokenizer.vocab_size must be >= 300 (256 bytes + specials), got {self.vocab_size}")
        if not self.sources:
            raise InputError("tokenizer.sources is empty")
        check_ranges(self, at_least_1=("min_frequency",), at_least_0=("max_sentences",))


def tokenizer_dir(ctx):
    return ctx.run_dir / "tokenizer"


class TokenizerStage(Stage):
    name = "tokenizer"
    description = "train the shared BPE tokenizer on GYAFC (and any extra text)"

    def setup(self, ctx):
        from training.augment.pairs_io import read_sources

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
        from training.seq2seq import train_tokenizer

        self.tok = train_tokenizer(self.texts, self.cfg.vocab_size, tokenizer_dir(ctx), self.cfg.min_frequency)
        ctx.metric("tokenizer.vocab_size", len(self.tok))
        ctx.progress(self.name, 1, 1)

    def save(self, ctx):
        if self.tok is None:
            return
        write_json_atomic(tokenizer_dir(ctx) / "report.json",
                          {"vocab_size": len(self.tok), "sentences": len(self.texts), "sources": self.counts})

    def summary(self):
        return {"vocab_size": len(self.tok)} if self.tok is not None else {}
