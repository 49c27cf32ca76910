"""Stage `rewriter`: train the formal rewriter (first seed): pre-train on augmented pairs, fine-tune on GYAFC.

Modes (rewriter.mode): "ptft" pre-train on the augmented pairs then fine-tune on GYAFC train (both domains);
"simultaneous" one run on augmented + original; "simultaneous-up" the original pairs up-sampled to the
augmented count; "simultaneous-down" the augmented pairs down-sampled to the original count; "original"
GYAFC only. The best checkpoint (greedy tune BLEU) is scored on the full tune sets, compared with copying
the input, and exported to the rewriter directory format when rewriter.export is on.

With rewriter.encoder_init the model is a BART whose encoder is a pretrained BERT-style model (MiniLM-L6 by
default, training/bert2bart.py) on that model's WordPiece vocabulary with case markers (engine/case_markers.py)
in sources and targets; the tokenizer stage is not needed.
"""

from __future__ import annotations

import json
import random
import time

from engine.case_markers import mark
from engine.errors import InputError, ModelNotInstalled
from engine.fsio import atomic_write_json
from training import seq2seq as S
from training.augment.formality_discrimination import load_discriminator
from training.augment.pairs_io import PAIRS_FILE, read_pairs
from training.data import gyafc
from training.evaluate import corpus_bleu, read_gyafc_tune, source_bleu
from training.export_rewriter import export_rewriter
from training.stages.base import Stage


class RewriterStage(Stage):
    name = "rewriter"
    description = "train the formal rewriter (pre-train on augmented pairs, fine-tune on GYAFC) and export it"

    @classmethod
    def required_stages(cls, config):
        cfg = config.section("rewriter")
        req = [] if cfg.base_model or cfg.encoder_init else ["tokenizer"]
        if cfg.mode != "original":
            req += list(cfg.augment)
        return tuple(req)

    # ------------------------------------------------------------------ setup
    def setup(self, ctx):
        self.cfg = cfg = ctx.config.section("rewriter")
        self.out = ctx.stage_dir(self.name)
        self.pre = S.rules_preprocessor() if cfg.preprocess == "rules" else None
        self.encoder_path = None
        if cfg.encoder_init:
            from training import bert2bart

            self.encoder_path = bert2bart.resolve_encoder_init(cfg.encoder_init)
            self.tok = bert2bart.load_tokenizer(self.encoder_path)
            ctx.log(f"encoder: {self.encoder_path} ({len(self.tok)} tokens with the case markers)")
        elif cfg.base_model:
            try:
                self.tok = S.load_tokenizer(cfg.base_model)
            except (OSError, ValueError) as exc:
                raise ModelNotInstalled(f"rewriter.base_model {cfg.base_model!r} cannot be loaded (a local "
                                        f"Hugging Face seq2seq model directory is needed offline): {exc}") from None
        else:
            tdir = ctx.run_dir / "tokenizer"
            if not (tdir / "tokenizer.json").is_file():
                raise InputError(f"rewriter: no tokenizer in {tdir}; run the tokenizer stage first")
            self.tok = S.load_tokenizer(tdir)
        limit = cfg.train_limit or ctx.config.section("data").max_sentences
        original = gyafc.read_pairs(ctx.data_path("gyafc"), cfg.domains, limit=limit)
        self.augmented: dict[str, list[tuple[str, str]]] = {}
        if cfg.mode != "original":
            for name in cfg.augment:
                p = ctx.run_dir / name / PAIRS_FILE
                if not p.is_file():
                    raise InputError(f"rewriter: augmentation {name} has no {p}; run the {name} stage first")
                self.augmented[name] = read_pairs(p) if p.stat().st_size else []
                ctx.log(f"{name}: {len(self.augmented[name])} augmented pairs")
        if self.pre is not None:
            # kept in the stage folder, so a resumed run does not spend the rule pass again; augmented pairs are
            # not needed once pre-training has finished
            resuming = any((self.out / phase / "last").is_dir() for phase in ("pretrain", "finetune", "train"))
            pretrained = cfg.mode == "ptft" and (self.out / "pretrain" / "RESULT.json").is_file()

            def pre_pairs(name, pairs):
                sources = S.preformalized(self.pre, [s for s, _ in pairs], self.out / f"preformalized-{name}.jsonl",
                                          resuming=resuming, log=ctx.log)
                return [(s, t) for s, (_, t) in zip(sources, pairs)]

            original = pre_pairs("gyafc", original)
            self.augmented = {k: (v if pretrained else pre_pairs(k, v)) for k, v in self.augmented.items()}
        self.original = original
        self.valid = S.load_valid_sets(ctx, cfg.domains, self.pre)
        self.result = None

    # ------------------------------------------------------------------ training
    def _settings(self, ctx, phase: str):
        c = self.cfg
        return S.TrainSettings.from_config(c, c.phase(phase), seed=ctx.config.section("run").seed, prefix=c.prefix)

    def _new_model(self, ctx):
        c = self.cfg
        if c.encoder_init:
            from training import bert2bart

            return bert2bart.build_bart_from_bert(self.encoder_path, self.tok, decoder_layers=c.decoder_layers,
                                                  decoder_init=c.decoder_init, dropout=c.dropout,
                                                  seed=ctx.config.section("run").seed)
        if c.base_model:
            return S.load_model(c.base_model)
        return S.build_model(c.size, len(self.tok), dropout=c.dropout)

    def _encode(self, pairs):
        if not self.cfg.encoder_init:
            return S.encode_pairs(self.tok, pairs, self.cfg.max_len, prefix=self.cfg.prefix)
        # case markers in sources and targets; a target is its tokens + [SEP] (the decoder starts from [CLS])
        examples = S.encode_pairs(self.tok, [(mark(s), mark(t)) for s, t in pairs], self.cfg.max_len,
                                  prefix=self.cfg.prefix)
        cls_id = self.tok.cls_token_id
        for ex in examples:
            if ex.tgt and ex.tgt[0] == cls_id:
                ex.tgt = ex.tgt[1:]
        return [ex for ex in examples if len(ex.tgt) > 1]

    def _param_groups(self, ctx, model):
        """Freezing and the pretrained weights' learning rate (rewriter.freeze, rewriter.pretrained_lr_scale)."""
        c = self.cfg
        if not c.encoder_init:
            return None
        from training import bert2bart

        bert2bart.freeze(model, c.freeze, self.tok.vocab_size)
        pretrained = bert2bart.pretrained_names(model, c.decoder_init)
        groups = [{"params": [], "lr_scale": c.pretrained_lr_scale}, {"params": [], "lr_scale": 1.0}]
        for name, p in model.named_parameters():
            if p.requires_grad:
                groups[0 if name in pretrained else 1]["params"].append(p)
        ctx.log(f"pretrained weights: {sum(p.numel() for p in groups[0]['params'])} trained at "
                f"{c.pretrained_lr_scale} x the learning rate, {sum(p.numel() for p in groups[1]['params'])} new; "
                f"freeze = {c.freeze}")
        return [g for g in groups if g["params"]]

    def _phase(self, ctx, phase, model, pairs, settings):
        d = self.out / phase
        done_file = d / "RESULT.json"
        if done_file.is_file():
            ctx.log(f"{phase} already finished; loading its best checkpoint")
            return S.load_model(d / "best"), json.loads(done_file.read_text(encoding="utf-8"))
        examples = self._encode(pairs)
        if not examples:
            raise InputError(f"rewriter {phase}: no training pairs within rewriter.max_len={self.cfg.max_len} tokens")
        ctx.log(f"{phase}: {len(examples)} pairs", phase=phase)
        model.to(ctx.device)
        # ctx.stop.sync: in one process ctx.stop.requested; data-parallel, the ranks agree on a stop each step
        res = S.train(model, self.tok, examples, self.valid, settings, d,
                      should_stop=ctx.stop.sync, on_event=S.event_bridge(ctx, self.name, phase),
                      param_groups=self._param_groups(ctx, model))
        info = {"best_bleu": res.best_bleu, "best_step": res.best_step, "steps": res.steps,
                "epochs": round(res.epochs, 3), "seconds": round(res.seconds, 1), "pairs": len(examples),
                "history": res.history}
        if not res.stopped and ctx.is_main:
            atomic_write_json(done_file, info)
        return S.load_model(d / "best"), info

    def run(self, ctx):
        c = self.cfg
        rng = random.Random(ctx.config.section("run").seed)
        aug = [p for name in c.augment for p in self.augmented.get(name, [])]
        phases = {}
        model = self._new_model(ctx)
        if c.mode == "ptft":
            if aug:
                model, phases["pretrain"] = self._phase(
                    ctx, "pretrain", model, aug,
                    self._settings(ctx, "pretrain"))
            else:
                ctx.log("ptft: the augmentation stages produced no pairs; fine-tuning from scratch")
            if ctx.stop.requested:
                return
            train_pairs = self.original
        elif c.mode == "original":
            train_pairs = self.original
        else:
            orig = list(self.original)
            if c.mode == "simultaneous-up" and aug and len(orig) < len(aug):
                orig = orig * (len(aug) // len(orig)) + rng.sample(orig, len(aug) % len(orig))
            if c.mode == "simultaneous-down" and len(aug) > len(orig):
                aug = rng.sample(aug, len(orig))
            train_pairs = orig + aug
        last = "finetune" if c.mode == "ptft" else "train"
        model, phases[last] = self._phase(ctx, last, model, train_pairs, self._settings(ctx, last))
        if ctx.stop.requested or not ctx.is_main:
            return  # evaluation, report and export are rank 0's in a data-parallel run
        self.model = model
        self.result = {"mode": c.mode, "augment": list(c.augment) if c.mode != "original" else [],
                       "pairs": {"original": len(self.original), **{k: len(v) for k, v in self.augmented.items()}},
                       "phases": phases}
        self.result.update(self.evaluate(ctx, model))

    # ------------------------------------------------------------------ evaluation
    def evaluate(self, ctx, model) -> dict:
        c = self.cfg
        out: dict = {"tune": {}}
        preds_dir = self.out / "outputs"
        preds_dir.mkdir(exist_ok=True)
        all_hyps = []
        for vs in self.valid:
            t0 = time.time()
            hyps = S.generate(model, self.tok, vs.sources, beam=c.beam, max_new_tokens=c.max_new_tokens,
                              prefix=c.prefix)
            if len(hyps) != len(vs.sources):
                raise RuntimeError("rewriter evaluation lost lines")
            (preds_dir / f"{vs.name}.tune.beam{c.beam}.txt").write_text("\n".join(hyps) + "\n", encoding="utf-8")
            raw_src, _ = read_gyafc_tune(ctx.data_root(), vs.name)
            raw_src = raw_src[:len(vs.sources)]
            out["tune"][vs.name] = {
                "bleu": round(corpus_bleu(hyps, vs.refs), 2),
                "copy_bleu": round(corpus_bleu(raw_src, vs.refs), 2),
                "source_bleu": round(source_bleu(hyps, raw_src), 2),
                "sentences": len(hyps), "beam": c.beam, "seconds": round(time.time() - t0, 1)}
            ctx.metric(f"rewriter.tune_bleu_{vs.name}", out["tune"][vs.name]["bleu"])
            all_hyps += hyps
        try:
            scorer = self._scorer()
            p = scorer.score(all_hyps)
            out["style_accuracy"] = round(float((p >= 0.5).mean()), 4)
            out["style_scorer"] = str(scorer.info.path or scorer.info.version)
        except ModelNotInstalled as exc:
            out["style_accuracy"] = None
            out["style_scorer"] = f"not measured: {exc}"
        return out

    def _scorer(self):
        return load_discriminator(self.cfg.scorer or None)

    # ------------------------------------------------------------------ save
    def save(self, ctx):
        if self.result is None or ctx.stop.requested:
            return
        report = {"config": ctx.config.to_dict().get("rewriter"), **self.result}
        if self.cfg.export:
            report["export"] = self.export(ctx)
        atomic_write_json(self.out / "report.json", report)
        self.report = report

    def export(self, ctx) -> dict:
        c = self.cfg
        ckpt = self.out / ("finetune" if c.mode == "ptft" else "train") / "best"
        version = time.strftime("%Y%m%d-%H%M") + f"-{c.mode}"
        data = ["GYAFC train (" + ", ".join(c.domains) + ")"]
        data += [f"augmented: {k} ({len(v)} pairs)" for k, v in self.augmented.items()]
        notes = []
        if c.encoder_init:
            notes.append(f"Encoder initialised from {c.encoder_init} ({self.encoder_path}); decoder "
                         f"{c.decoder_layers} layers, {c.decoder_init} start; MiniLM's WordPiece vocabulary with "
                         "case markers (rewriter.json case_markers).")
        metrics = {f"tune_bleu_{d}": v["bleu"] for d, v in self.result["tune"].items()}
        metrics.update({f"copy_bleu_{d}": v["copy_bleu"] for d, v in self.result["tune"].items()})
        metrics["style_accuracy"] = self.result.get("style_accuracy")
        manifest = export_rewriter(
            ckpt, self.out / "model", version=version, config=ctx.config.to_dict(), data=data, metrics=metrics,
            valid_sets=[v.subset(200) for v in self.valid] if c.quantize == "auto" else None,
            quantize=c.quantize, max_int8_bleu_cost=c.max_int8_bleu_cost,
            rewriter_options={"prefix": c.prefix, "preprocess": c.preprocess or None,
                              "max_new_tokens": max(c.max_new_tokens, 64)},
            notes=notes, log=lambda m: ctx.log(m))
        return {"dir": str(self.out / "model"), "version": version, "weights": manifest["metrics"].get("weights"),
                "parity": manifest["metrics"].get("parity")}

    def summary(self):
        r = getattr(self, "report", None)
        if not r:
            return {}
        return {"tune": r["tune"], "style_accuracy": r.get("style_accuracy"), "mode": r["mode"]}
