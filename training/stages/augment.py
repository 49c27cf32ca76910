"""Augmentation stages `mtask`, `bt`, `fdis`, `pos`: each writes run_dir/<stage>/pairs.tsv (informal<TAB>formal)
and report.json with counts and samples; the rewriter stage pre-trains on them."""

from __future__ import annotations

import json
import shutil
import time
import tomllib
from pathlib import Path

from engine.errors import InputError, ModelNotInstalled
from engine.fsio import atomic_temp_path, atomic_write_json
from training import seq2seq as S
from training.augment import apertium
from training.augment import pos_pairs as P
from training.augment.back_translation import back_translate, train_reverse_model
from training.augment.formality_discrimination import discriminate, load_discriminator
from training.augment.multitask_gec import build_pairs
from training.augment.pairs_io import PAIRS_FILE, generation_digest, read_sources, samples, write_pairs
from training.config import Config
from training.data import gyafc
from training.evaluate import corpus_bleu
from training.protocol import CONFIG_TOML, DONE_FILE, is_done
from training.stages.base import Stage

# a generating stage's outputs so far (the pos stage's fill model, BT's reverse model), chunk by chunk: the resume
# point of hours of generation on a CPU
GENERATED_FILE = "generated.partial.jsonl"


def _save(ctx, stage: str, pairs, report: dict) -> dict:
    out = ctx.stage_dir(stage)
    write_pairs(out / PAIRS_FILE, pairs)
    report = {"pairs": len(pairs), **report, "samples": samples(pairs)}
    atomic_write_json(out / "report.json", report)
    ctx.metric(f"{stage}.pairs", len(pairs))
    return report


class _PairsStage(Stage):
    report: dict | None = None

    def reused_from(self, ctx) -> Path | None:
        """``<stage>.reuse``: a run folder whose finished stage of this name made its pairs with the same stage
        and data settings (checked against its config.toml); the pairs are then copied, not made again."""
        value = getattr(ctx.config.section(self.name), "reuse", "")
        if not value:
            return None
        src = Path(value).expanduser()
        key = f"{self.name}.reuse={value}"
        if src.resolve() == ctx.run_dir.resolve():
            raise InputError(f"{key}: that is this run folder; leave {self.name}.reuse empty to run the stage here")
        if not is_done(src, self.name):
            raise InputError(f"{key}: {src / self.name} is not a finished {self.name} stage (no DONE.json naming "
                             f"it); run the stage there first, or leave {self.name}.reuse empty")
        if not (src / self.name / "report.json").is_file():
            raise InputError(f"{key}: {src / self.name} has no report.json (not an augmentation stage's folder)")
        try:
            with (src / CONFIG_TOML).open("rb") as fh:
                theirs = json.loads(json.dumps(tomllib.load(fh)))
        except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise InputError(f"{key}: cannot read {src / CONFIG_TOML} ({exc})") from None
        ours = json.loads(json.dumps(ctx.config.to_dict()))
        diffs = []
        for sec in (self.name, "data"):
            # a section the source's config.toml leaves out ran with its defaults: a run saves the sections its
            # config named, and a stage reads the others' defaults (rows 1.2-1.5 reuse [fdis] and [mtask] so)
            a = ours.get(sec, {})
            b = theirs[sec] if sec in theirs else json.loads(json.dumps(Config().replace(sec).to_dict()[sec]))
            for k in sorted((set(a) | set(b)) - {"reuse"}):
                if a.get(k) != b.get(k):
                    diffs.append(f"{sec}.{k} is {b.get(k)!r} there, {a.get(k)!r} here")
        if diffs:
            raise InputError(f"{key}: its pairs were made with other settings ({'; '.join(diffs)})")
        return src

    def reuse(self, ctx, source: Path) -> None:
        """Copy the source's stage files (the pairs, the report, anything else at its top level) into this run,
        the report naming where they came from."""
        src, out = source / self.name, ctx.stage_dir(self.name)
        for f in sorted(src.iterdir()):
            if f.is_file() and f.name != DONE_FILE:
                with atomic_temp_path(out / f.name) as tmp:
                    shutil.copyfile(f, tmp)
        report = json.loads((out / "report.json").read_text(encoding="utf-8"))
        report["reused_from"] = str(src)
        atomic_write_json(out / "report.json", report)
        self.report = report
        ctx.log(f"{self.name}: {report.get('pairs', 0)} pairs reused from {src}")
        ctx.metric(f"{self.name}.pairs", report.get("pairs", 0))

    def summary(self):
        if not self.report:
            return {}
        return {k: v for k, v in self.report.items() if k != "samples"}


# ============================================================================ M-Task


class MtaskStage(_PairsStage):
    name = "mtask"
    description = "M-Task: grammatical error correction pairs (W&I+LOCNESS M2, FCE, JFLEG)"

    def setup(self, ctx):
        self.cfg = ctx.config.section("mtask")
        self.root = ctx.data_path(self.cfg.gec_root)
        self.pairs = None

    def run(self, ctx):
        limit = self.cfg.limit_per_corpus or ctx.config.section("data").max_sentences
        self.pairs, self.counts = build_pairs(self.root, limit_per_corpus=limit, max_words=self.cfg.max_words,
                                              keep_identical=self.cfg.keep_identical,
                                              seed=ctx.config.section("run").seed)
        ctx.progress(self.name, 1, 1)

    def save(self, ctx):
        if self.pairs is not None:
            self.report = _save(ctx, self.name, self.pairs, {"corpora": self.counts})


# ============================================================================ BT


class BtStage(_PairsStage):
    name = "bt"
    requires = ("tokenizer",)
    description = "BT: a formal->informal model writes informal versions of formal sentences"

    def setup(self, ctx):
        self.cfg = ctx.config.section("bt")
        self.tok = S.load_tokenizer(ctx.run_dir / "tokenizer")
        self.gyafc = gyafc.read_pairs(ctx.data_path("gyafc"), limit=ctx.config.section("data").max_sentences)
        self.formal, self.source_counts = read_sources(ctx, self.cfg.formal_sources, "formal", self.cfg.max_sources)
        self.valid = S.load_valid_sets(ctx, ("em", "fr"))
        self.pairs = None

    def run(self, ctx):
        c = self.cfg
        settings = S.TrainSettings.from_config(c, c, seed=ctx.config.section("run").seed)
        out = ctx.stage_dir(self.name)
        model, res = train_reverse_model(self.tok, self.gyafc, size=c.size, settings=settings,
                                         out_dir=out / "reverse_model", valid_sets=self.valid, max_len=c.max_len,
                                         should_stop=lambda: ctx.stop.requested,
                                         on_event=S.event_bridge(ctx, self.name, "reverse-model"))
        self.train_info = {"best_bleu_reverse": res.best_bleu, "steps": res.steps, "epochs": round(res.epochs, 3)}
        if ctx.stop.requested:
            return
        # the formal text in chunks, into a store a stopped run resumes from (hours on a CPU)
        key = generation_digest(out / "reverse_model" / "best", self.formal, beam=c.beam,
                                max_new_tokens=c.max_new_tokens)
        self.pairs, self.stats = back_translate(
            model, self.tok, self.formal, beam=c.beam, max_new_tokens=c.max_new_tokens, batch_size=c.batch_size,
            should_stop=lambda: ctx.stop.requested, store=out / GENERATED_FILE, key=key,
            on_progress=lambda i, n: ctx.progress(self.name, i, n, phase="generate"))

    def save(self, ctx):
        if self.pairs is not None:
            self.report = _save(ctx, self.name, self.pairs, {"sources": self.source_counts, **self.stats,
                                                              "reverse_model": self.train_info})
            (ctx.stage_dir(self.name) / GENERATED_FILE).unlink(missing_ok=True)  # pairs.tsv holds it all now


# ============================================================================ F-Dis


class FdisStage(_PairsStage):
    name = "fdis"
    description = "F-Dis: Apertium round trips kept when the formality scorer's P(formal) rises by sigma"

    def setup(self, ctx):
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
        t0 = time.time()
        res = discriminate(self.sources, self.pivots, self.scorer.score, sigma=self.cfg.sigma,
                           should_stop=lambda: ctx.stop.requested,
                           on_progress=lambda p, i, n: ctx.progress(self.name, i, n, phase=p),
                           store=ctx.stage_dir(self.name))
        if res is None:
            return  # stopped: the round trips made so far stay in the stage folder for the next run
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
            for trips in ctx.stage_dir(self.name).glob("roundtrip-*.jsonl"):
                trips.unlink()  # pairs.tsv holds what was kept


# ============================================================================ POS-derived pairs


TUNE_BLEU_FILE = "tune_bleu.json"  # the pos stage's rewriter score, written before its pairs are generated


class PosStage(_PairsStage):
    name = "pos"
    requires = ("tokenizer",)
    description = "POS-derived pairs: tag informal-marking words with their POS, a model fills them formally"

    def setup(self, ctx):
        self.cfg = ctx.config.section("pos")
        self.nlp = P.load_spacy()
        self.tok = S.load_tokenizer(ctx.run_dir / "tokenizer")
        lim = ctx.config.section("data").max_sentences
        self.gyafc = gyafc.read_pairs(ctx.data_path("gyafc"), limit=lim)
        self.formal, self.formal_counts = read_sources(ctx, self.cfg.formal_sources, "formal", self.cfg.max_sources)
        self.informal, self.informal_counts = read_sources(ctx, self.cfg.informal_sources, "informal",
                                                           self.cfg.max_sources)
        self.valid = S.load_valid_sets(ctx, ("em", "fr"))
        self.pairs = None

    def run(self, ctx):
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
        settings = S.TrainSettings.from_config(c, c, seed=ctx.config.section("run").seed)
        tagged_valid = []
        for vs in self.valid:
            tagged = [t for t, _ in P.tag_sentences(vs.sources, self.lex, nlp=self.nlp)]
            tagged_valid.append(S.ValidSet(vs.name, tagged, vs.refs))
        res = S.train(model, self.tok, examples, tagged_valid, settings, out / "fill_model",
                      should_stop=lambda: ctx.stop.requested, on_event=S.event_bridge(ctx, self.name, "fill-model"))
        if ctx.stop.requested:
            return
        model = S.load_model(out / "fill_model" / "best")
        self.rewriter_bleu = {}
        for vs in self.valid:
            hyps = P.rewrite(model, self.tok, vs.sources, self.lex, beam=c.beam, max_new_tokens=c.max_new_tokens,
                             nlp=self.nlp)
            self.rewriter_bleu[vs.name] = round(corpus_bleu(hyps, vs.refs), 2)
            ctx.metric(f"pos.tune_bleu_{vs.name}", self.rewriter_bleu[vs.name])
        # kept at once: the pairs over all the informal text take hours on a CPU, and a stop there must not lose
        # the tag-and-fill rewriter's own score (docs/results.md row P.1 reads it until the stage is done)
        atomic_write_json(out / TUNE_BLEU_FILE, {"rewriter_tune_bleu": self.rewriter_bleu,
                                                 "steps": res.steps, "best_step": res.best_step})
        # the pairs over all the informal text: chunk by chunk into a store a stopped run resumes from
        key = P.generation_key(out / "fill_model" / "best", self.lex, self.informal, beam=c.beam,
                               max_new_tokens=c.max_new_tokens)
        outs = P.rewrite_resumable(
            lambda batch: P.rewrite(model, self.tok, batch, self.lex, beam=c.beam, max_new_tokens=c.max_new_tokens,
                                    nlp=self.nlp),
            self.informal, out / GENERATED_FILE, key=key, should_stop=lambda: ctx.stop.requested,
            on_progress=lambda done, total: ctx.progress(self.name, done, total, phase="pairs"))
        if outs is None:
            return
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
        (ctx.stage_dir(self.name) / GENERATED_FILE).unlink(missing_ok=True)  # pairs.tsv holds it all now
