"""Augmentation stages `mtask`, `bt`, `fdis`, `pos`: each writes run_dir/<stage>/pairs.tsv (informal<TAB>formal)
and report.json with counts and samples; the rewriter stage pre-trains on them."""

from __future__ import annotations

import time
from dataclasses import dataclass

from engine.errors import InputError, ModelNotInstalled
from training.config import check_ranges, section
from training.pipeline import write_json_atomic
from training.stages.base import Stage
from training.stages.rewriter import event_bridge, load_valid_sets


def _save(ctx, stage: str, pairs, report: dict) -> dict:
    from training.augment.pairs_io import PAIRS_FILE, samples, write_pairs

    out = ctx.stage_dir(stage)
    write_pairs(out / PAIRS_FILE, pairs)
    report = {"pairs": len(pairs), **report, "samples": samples(pairs)}
    write_json_atomic(out / "report.json", report)
    ctx.metric(f"{stage}.pairs", len(pairs))
    return report


class _PairsStage(Stage):
    report: dict | None = None

    def summary(self):
        if not self.report:
            return {}
        return {k: v for k, v in self.report.items() if k != "samples"}


# ============================================================================ M-Task

@section("mtask")
@dataclass(frozen=True)
class MtaskConfig:
    gec_root: str = "gec"               # under data.root: wi_locness/*.m2, fce/*.para.*, jfleg/dev.*
    limit_per_corpus: int = 0
    max_words: int = 60
    keep_identical: float = 0.1         # share of unchanged GEC sentences kept

    def __post_init__(self):
        if not 0.0 <= self.keep_identical <= 1.0:
            raise InputError(f"mtask.keep_identical must be in [0, 1], got {self.keep_identical}")
        check_ranges(self, at_least_0=("limit_per_corpus",), at_least_1=("max_words",))


class MtaskStage(_PairsStage):
    name = "mtask"
    description = "M-Task: grammatical error correction pairs (W&I+LOCNESS M2, FCE, JFLEG)"

    def setup(self, ctx):
        self.cfg = ctx.config.section("mtask")
        self.root = ctx.data_path(self.cfg.gec_root)
        self.pairs = None

    def run(self, ctx):
        from training.augment.multitask_gec import build_pairs

        limit = self.cfg.limit_per_corpus or ctx.config.section("data").max_sentences
        self.pairs, self.counts = build_pairs(self.root, limit_per_corpus=limit, max_words=self.cfg.max_words,
                                              keep_identical=self.cfg.keep_identical,
                                              seed=ctx.config.section("run").seed)
        ctx.progress(self.name, 1, 1)

    def save(self, ctx):
        if self.pairs is not None:
            self.report = _save(ctx, self.name, self.pairs, {"corpora": self.counts})


# ============================================================================ BT

@section("bt")
@dataclass(frozen=True)
class BtConfig:
    size: str = "base"
    formal_sources: tuple[str, ...] = ("gyafc", "unlabeled/formal/reuters.txt")
    max_sources: int = 0                # cap per source; 0 = all
    lr: float = 5e-4
    warmup_steps: int = 4000
    max_tokens: int = 4096
    max_steps: int = 100000
    max_epochs: int = 20
    max_minutes: float = 0.0
    valid_every: int = 1000
    valid_subset: int = 500
    patience: int = 5
    max_len: int = 64
    beam: int = 1
    max_new_tokens: int = 64

    def __post_init__(self):
        check_ranges(self, at_least_0=("max_sources", "valid_subset", "warmup_steps", "max_minutes"),
                     at_least_1=("max_tokens", "max_steps", "max_epochs", "valid_every", "patience", "max_len",
                                 "beam", "max_new_tokens"), positive=("lr",))


class BtStage(_PairsStage):
    name = "bt"
    requires = ("tokenizer",)
    description = "BT: a formal->informal model writes informal versions of formal sentences"

    def setup(self, ctx):
        from training import seq2seq as S
        from training.augment.pairs_io import read_sources
        from training.data import gyafc

        self.cfg = ctx.config.section("bt")
        self.tok = S.load_tokenizer(ctx.run_dir / "tokenizer")
        self.gyafc = gyafc.read_pairs(ctx.data_path("gyafc"), limit=ctx.config.section("data").max_sentences)
        self.formal, self.source_counts = read_sources(ctx, self.cfg.formal_sources, "formal", self.cfg.max_sources)
        self.valid = load_valid_sets(ctx, ("em", "fr"))
        self.pairs = None

    def run(self, ctx):
        from training import seq2seq as S
        from training.augment.back_translation import back_translate, train_reverse_model

        c = self.cfg
        settings = S.TrainSettings(lr=c.lr, warmup_steps=c.warmup_steps, max_tokens=c.max_tokens,
                                   max_steps=c.max_steps, max_epochs=c.max_epochs, max_minutes=c.max_minutes,
                                   valid_every=c.valid_every, valid_subset=c.valid_subset, patience=c.patience,
                                   max_new_tokens=c.max_new_tokens, seed=ctx.config.section("run").seed)
        out = ctx.stage_dir(self.name)
        model, res = train_reverse_model(self.tok, self.gyafc, size=c.size, settings=settings,
                                         out_dir=out / "reverse_model", valid_sets=self.valid, max_len=c.max_len,
                                         should_stop=lambda: ctx.stop.requested,
                                         on_event=event_bridge(ctx, self.name, "reverse-model"))
        self.train_info = {"best_bleu_reverse": res.best_bleu, "steps": res.steps, "epochs": round(res.epochs, 3)}
        if ctx.stop.requested:
            return
        self.pairs, self.stats = back_translate(
            model, self.tok, self.formal, beam=c.beam, max_new_tokens=c.max_new_tokens,
            should_stop=lambda: ctx.stop.requested,
            on_progress=lambda i, n: ctx.progress(self.name, i, n, phase="generate"))

    def save(self, ctx):
        if self.pairs is not None:
            self.report = _save(ctx, self.name, self.pairs, {"sources": self.source_counts, **self.stats,
                                                              "reverse_model": self.train_info})


# ============================================================================ F-Dis

@section("fdis")
@dataclass(frozen=True)
class FdisConfig:
    sigma: float = 0.6                   # the paper's threshold on the rise of P_formal
    pivots: tuple[str, ...] = ()         # () = every installed pivot (spa, cat, glg)
    scorer: str = ""                     # scorer model dir; "" = the registry's current `scorer`
    informal_sources: tuple[str, ...] = ("gyafc", "unlabeled/informal")
    max_sources: int = 0

    def __post_init__(self):
        if not -1.0 <= self.sigma <= 1.0:
            raise InputError(f"fdis.sigma must be in [-1, 1], got {self.sigma}")
        check_ranges(self, at_least_0=("max_sources",))


class FdisStage(_PairsStage):
    name = "fdis"
    description = "F-Dis: Apertium round trips kept when the formality scorer's P(formal) rises by sigma"

    def setup(self, ctx):
        from training.augment import apertium
        from training.augment.formality_discrimination import load_discriminator
        from training.augment.pairs_io import read_sources

        self.cfg = ctx.config.section("fdis")
        self.pairs = None
        self.skipped = None
        if not apertium.available():
            self.skipped = ("Apertium is not installed (apt-get install apertium apertium-eng-spa "
                            "apertium-eng-cat apertium-en-gl); F-Dis skipped, it adds no pairs")
            ctx.emit("skipped", message=self.skipped)
            return
        installed = apertium.pivots()
        self.pivots = list(self.cfg.pivots) or installed
        missing = [p for p in self.pivots if p not in installed]
        if missing:
            raise ModelNotInstalled(f"fdis.pivots {missing} not installed in Apertium (installed: {installed})")
        self.scorer = load_discriminator(self.cfg.scorer or None)
        self.sources, self.source_counts = read_sources(ctx, self.cfg.informal_sources, "informal",
                                                        self.cfg.max_sources)

    def run(self, ctx):
        if self.skipped:
            return
        from training.augment.formality_discrimination import discriminate

        t0 = time.time()
        res = discriminate(self.sources, self.pivots, self.scorer.score, sigma=self.cfg.sigma,
                           should_stop=lambda: ctx.stop.requested,
                           on_progress=lambda p, i, n: ctx.progress(self.name, i, n, phase=p))
        self.pairs = res.pairs
        self.table = res.per_pivot
        for p, row in res.per_pivot.items():
            ctx.metric(f"fdis.kept_{p}", row["kept"], **row)
        self.seconds = round(time.time() - t0, 1)

    def save(self, ctx):
        if self.skipped:
            self.report = _save(ctx, self.name, [], {"skipped": self.skipped})
        elif self.pairs is not None:
            self.report = _save(ctx, self.name, self.pairs, {
                "sources": self.source_counts, "sigma": self.cfg.sigma, "per_pivot": self.table,
                "scorer": str(self.scorer.info.path or self.scorer.info.version), "seconds": self.seconds})


# ============================================================================ POS-derived pairs

@section("pos")
@dataclass(frozen=True)
class PosConfig:
    threshold: float = 0.5               # style weight (LR coefficient) a term needs to be masked
    c: float = 1.0                       # inverse regularisation of the logistic regression
    size: str = "base"
    formal_sources: tuple[str, ...] = ("gyafc", "unlabeled/formal/reuters.txt")
    informal_sources: tuple[str, ...] = ("gyafc", "unlabeled/informal")
    max_sources: int = 0
    lr: float = 5e-4
    warmup_steps: int = 4000
    max_tokens: int = 4096
    max_steps: int = 100000
    max_epochs: int = 10
    max_minutes: float = 0.0
    valid_every: int = 1000
    patience: int = 5
    max_len: int = 64
    beam: int = 1
    max_new_tokens: int = 64

    def __post_init__(self):
        check_ranges(self, at_least_0=("max_sources", "warmup_steps", "max_minutes"),
                     at_least_1=("max_tokens", "max_steps", "max_epochs", "valid_every", "patience", "max_len",
                                 "beam", "max_new_tokens"), positive=("lr", "c"))


class PosStage(_PairsStage):
    name = "pos"
    requires = ("tokenizer",)
    description = "POS-derived pairs: tag informal-marking words with their POS, a model fills them formally"

    def setup(self, ctx):
        from training import seq2seq as S
        from training.augment import pos_pairs as P
        from training.augment.pairs_io import read_sources
        from training.data import gyafc

        self.cfg = ctx.config.section("pos")
        self.nlp = P.load_spacy()
        self.tok = S.load_tokenizer(ctx.run_dir / "tokenizer")
        lim = ctx.config.section("data").max_sentences
        self.gyafc = gyafc.read_pairs(ctx.data_path("gyafc"), limit=lim)
        self.formal, self.formal_counts = read_sources(ctx, self.cfg.formal_sources, "formal", self.cfg.max_sources)
        self.informal, self.informal_counts = read_sources(ctx, self.cfg.informal_sources, "informal",
                                                           self.cfg.max_sources)
        self.valid = load_valid_sets(ctx, ("em", "fr"))
        self.pairs = None

    def run(self, ctx):
        from training import seq2seq as S
        from training.augment import pos_pairs as P

        c = self.cfg
        out = ctx.stage_dir(self.name)
        self.lex = P.StyleLexicon.fit([f for _, f in self.gyafc], [i for i, _ in self.gyafc],
                                      threshold=c.threshold, c=c.c, seed=ctx.config.section("run").seed)
        self.lex.to_json(out / "style_weights.json")
        ctx.metric("pos.lr_heldout_accuracy", self.lex.accuracy)
        train_pairs = P.training_pairs(self.formal, self.lex, nlp=self.nlp)
        ctx.log(f"pos: {len(train_pairs)} tagged->formal training pairs")
        if not train_pairs:
            raise InputError("pos: no formal sentence had a term above pos.threshold; lower the threshold")
        examples = S.encode_pairs(self.tok, train_pairs, c.max_len)
        model = S.build_model(c.size, len(self.tok))
        # validation: the whole tag-and-fill rewriter on the tune sets
        settings = S.TrainSettings(lr=c.lr, warmup_steps=c.warmup_steps, max_tokens=c.max_tokens,
                                   max_steps=c.max_steps, max_epochs=c.max_epochs, max_minutes=c.max_minutes,
                                   valid_every=c.valid_every, patience=c.patience, max_new_tokens=c.max_new_tokens,
                                   seed=ctx.config.section("run").seed)
        tagged_valid = []
        for vs in self.valid:
            tagged = [t for t, _ in P.tag_sentences(vs.sources, self.lex, nlp=self.nlp)]
            tagged_valid.append(S.ValidSet(vs.name, tagged, vs.refs))
        res = S.train(model, self.tok, examples, tagged_valid, settings, out / "fill_model",
                      should_stop=lambda: ctx.stop.requested, on_event=event_bridge(ctx, self.name, "fill-model"))
        if ctx.stop.requested:
            return
        model = S.load_model(out / "fill_model" / "best")
        self.rewriter_bleu = {}
        for vs in self.valid:
            hyps = P.rewrite(model, self.tok, vs.sources, self.lex, beam=c.beam, max_new_tokens=c.max_new_tokens,
                             nlp=self.nlp)
            self.rewriter_bleu[vs.name] = round(S.bleu(hyps, vs.refs), 2)
            ctx.metric(f"pos.tune_bleu_{vs.name}", self.rewriter_bleu[vs.name])
        outs = P.rewrite(model, self.tok, self.informal, self.lex, beam=c.beam, max_new_tokens=c.max_new_tokens,
                         nlp=self.nlp)
        self.pairs = [(i, o) for i, o in zip(self.informal, outs) if o.strip() and o.strip() != i.strip()]
        self.train_info = {"training_pairs": len(train_pairs), "steps": res.steps, "best_step": res.best_step}

    def save(self, ctx):
        if self.pairs is None:
            return
        self.report = _save(ctx, self.name, self.pairs, {
            "informal_sources": self.informal_counts, "formal_sources": self.formal_counts,
            "lr_heldout_accuracy": self.lex.accuracy, "terms": len(self.lex.weights),
            "top_informal_terms": self.lex.top(20), "top_formal_terms": self.lex.top(20, informal=False),
            "fill_model": self.train_info, "rewriter_tune_bleu": self.rewriter_bleu,
            "weights_file": "style_weights.json"})
