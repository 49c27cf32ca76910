"""Stage ``consistency``: semi-supervised fine-tuning of the rewriter on unlabeled informal text (Liu et al. 2022).

Loss L = L_sup + lambda * L_unsup. Each step takes a batch of GYAFC pairs (L_sup) and a batch of unlabeled
informal sentences u: the current model, frozen for the moment (eval mode, no gradient), writes a
pseudo-target y_hat by beam search (or sampling); the filters (style, content, fluency) drop doubtful pairs;
the model is then trained to produce y_hat from a perturbed input c(u) (L_unsup). The first
``warmup_steps`` are supervised only. Validation is 4-reference BLEU on the GYAFC tune sets, with early
stopping; the best checkpoint goes to ``<run>/consistency/best`` and ``result.json`` compares its tune
BLEU with the starting model's (the bundled rewriter is only replaced when consistency training helps).
"""
from __future__ import annotations

import json
import random
import shutil
import time
from dataclasses import asdict
from pathlib import Path

import torch
import torch.nn.functional as F

from engine.errors import InputError, ModelError
from engine.fsio import atomic_write_json
from engine.ngram_lm import NgramLM
from engine.registry import ModelRegistry
from engine.rules import RuleFormalizer
from engine.scorer import FormalityScorer
from training import seq2seq as S
from training.augment.perturb import Perturber, train_tfidf
from training.config import ConsistencyConfig
from training.config.sections import canonical_filter, canonical_kind
from training.consistency.filters import (
    ContentFilter,
    FilterChain,
    FluencyFilter,
    StyleFilter,
)
from training.consistency.thresholds import DynamicThreshold
from training.data.gyafc import read_pairs
from training.data.text import read_text
from training.evaluate import read_gyafc_tune
from training.export_rewriter import export_rewriter
from training.stages.base import Stage

MODEL_FILES = ("config.json", "tokenizer.json")


def _is_checkpoint(d: Path) -> bool:
    return d.is_dir() and all((d / f).is_file() for f in MODEL_FILES) and any(d.glob("*.safetensors"))


def find_rewriter_checkpoint(run_dir: Path) -> Path | None:
    """The rewriter stage's best checkpoint in a run dir (a folder named best holding a model and tokenizer)."""
    root = Path(run_dir) / "rewriter"
    if not root.is_dir():
        return None
    cands = [d for d in root.rglob("best") if _is_checkpoint(d)]
    if not cands:
        cands = [d for d in [root, *root.rglob("*")] if _is_checkpoint(d) and d.name not in ("last", "tmp")]
    if not cands:
        return None
    # the fine-tuned one wins over a pre-trained one: the most recently written
    return max(cands, key=lambda d: (d / "config.json").stat().st_mtime)


def _save_model(model, tokenizer, target: Path, extra_files: dict[str, str] | None = None) -> None:
    """Write to a temp folder, then swap it in: a reader never sees half a checkpoint."""
    S.save_checkpoint(model, tokenizer, target, extra_files)


class ConsistencyStage(Stage):
    name = "consistency"
    description = "semi-supervised consistency training of the rewriter on unlabeled informal text"
    requires = ()

    @classmethod
    def required_stages(cls, config) -> tuple[str, ...]:
        return () if config.section("consistency").init else ("rewriter",)

    # ------------------------------------------------------------------ setup
    def setup(self, ctx) -> None:
        cfg: ConsistencyConfig = ctx.config.section("consistency")
        self.cfg = cfg
        self.out = ctx.stage_dir(self.name)
        limit = ctx.config.section("data").max_sentences

        init = Path(cfg.init).expanduser() if cfg.init else find_rewriter_checkpoint(ctx.run_dir)
        if init is None:
            raise InputError(f"consistency: no rewriter checkpoint in {ctx.run_dir / 'rewriter'}; run the rewriter "
                             "stage first or set consistency.init=FOLDER")
        if not _is_checkpoint(init):
            raise ModelError(f"consistency.init {init}: not a rewriter checkpoint (needs config.json, "
                             "tokenizer.json and *.safetensors)")
        self.init = init
        self.rewriter_json = self._rewriter_settings(ctx, init)
        self.prefix = self.rewriter_json.get("prefix", "") or ""
        self.preprocess = None
        if self.rewriter_json.get("preprocess") == "rules":
            self.preprocess = RuleFormalizer().formalize
        try:
            self.tokenizer = S.load_tokenizer(init)
            self.model = S.load_model(init).to(ctx.device)
        except Exception as exc:  # noqa: BLE001 - corrupt or foreign files, whatever the loader raises: name the folder
            raise ModelError(f"consistency: cannot load the rewriter checkpoint {init}: {exc}") from None
        ctx.log(f"consistency: starting from {init}")

        gyafc = ctx.data_path("gyafc")
        pairs = read_pairs(gyafc, cfg.domains, "train", limit=cfg.max_pairs or limit)
        pairs = [(self._pre(a), b) for a, b in pairs]
        self.sup = S.encode_pairs(self.tokenizer, pairs, cfg.max_len, prefix=self.prefix)
        if not self.sup:
            raise InputError(f"consistency: no usable GYAFC train pairs under {gyafc} (domains {cfg.domains})")

        unl: list[str] = []
        for src in cfg.unlabeled:
            unl.extend(read_text(ctx.data_path(src), limit=limit))
        rng = random.Random(ctx.config.section("run").seed)
        unl = list(dict.fromkeys(s for s in unl if s.strip()))
        rng.shuffle(unl)
        if cfg.max_unlabeled:
            unl = unl[: cfg.max_unlabeled]
        lens = self.tokenizer([self.prefix + self._pre(s) for s in unl], add_special_tokens=True)["input_ids"]
        self.unlabeled = [s for s, ids in zip(unl, lens) if len(ids) <= cfg.max_len]
        if cfg.unsup_batch and not self.unlabeled:
            raise InputError(f"consistency: no unlabeled sentences in {', '.join(cfg.unlabeled)}")
        ctx.log(f"consistency: {len(self.sup)} parallel pairs, {len(self.unlabeled)} unlabeled sentences "
                f"({len(unl) - len(self.unlabeled)} over {cfg.max_len} tokens skipped)")

        self.valid = []
        for dom in cfg.domains:
            src, refs = read_gyafc_tune(ctx.data_root(), dom)  # refs: the 4 references of each source
            if limit:
                src, refs = src[:limit], refs[:limit]
            self.valid.append(S.ValidSet(dom, src, refs))

        self.perturber = self._perturber(ctx)
        self.filters = self._filters(ctx)
        self.device = ctx.device
        self.seed = ctx.config.section("run").seed
        self.result: dict = {}
        torch.manual_seed(ctx.config.section("run").seed)

    def _pre(self, s: str) -> str:
        return self.preprocess(s) if self.preprocess else s

    @staticmethod
    def _rewriter_settings(ctx, init: Path) -> dict:
        """prefix/preprocess the checkpoint was trained with: its rewriter.json, the rewriter stage's export,
        else (a checkpoint of this run) the rewriter config section."""
        cands = [init / "rewriter.json", init.parent / "rewriter.json"]
        inside_run = Path(ctx.run_dir / "rewriter") in init.parents
        if inside_run:
            cands.append(ctx.run_dir / "rewriter" / "model" / "rewriter.json")
        for cand in cands:
            if cand.is_file():
                try:
                    return json.loads(cand.read_text(encoding="utf-8"))
                except ValueError:
                    raise ModelError(f"{cand}: not valid JSON") from None
        if inside_run:
            rw = ctx.config.section("rewriter")
            return {"prefix": rw.prefix, "preprocess": rw.preprocess or None}
        return {}

    def _perturber(self, ctx):
        kind = canonical_kind(self.cfg.perturbation)
        opts = {}
        if kind == "spell":
            own = ctx.data_path("lexicons/misspellings_natural_en.txt")
            if own.is_file():
                opts["misspellings"] = own
        if kind == "tfidf":
            tf_dir = self.out / "tfidf"
            train_tfidf(self.unlabeled, tf_dir)
            opts["tfidf_dir"] = tf_dir
        return Perturber(kind, self.cfg.ratio, **opts)

    def _filters(self, ctx):
        cfg = self.cfg
        pass_size = len(self.unlabeled)
        out = []
        for name in dict.fromkeys(canonical_filter(f) for f in cfg.filters):
            if name == "style":
                out.append(StyleFilter(self._scorer(ctx), cfg.sigma))
            elif name == "content":
                out.append(ContentFilter(cfg.phi, cfg.filter_warmup_steps, pass_size))
            else:
                out.append(FluencyFilter(self._lm(ctx), cfg.phi, cfg.filter_warmup_steps, pass_size))
        return FilterChain(out)

    def _scorer(self, ctx):
        if self.cfg.scorer:
            return FormalityScorer.from_dir(Path(self.cfg.scorer).expanduser())
        own = ctx.run_dir / "classifier"
        for d in sorted(own.rglob("scorer.json")) if own.is_dir() else []:
            if (d.parent / "model.onnx").is_file():
                return FormalityScorer.from_dir(d.parent)
        return ModelRegistry().load_scorer()  # ModelNotInstalled names the missing role

    def _lm(self, ctx):
        if self.cfg.lm:
            return NgramLM.load(Path(self.cfg.lm).expanduser())
        limit = ctx.config.section("data").max_sentences
        sents: list[str] = []
        for src in self.cfg.lm_corpora:
            sents.extend(read_text(ctx.data_path(src), limit=limit))
        t0 = time.time()
        lm = NgramLM.train(sents, order=self.cfg.lm_order)
        lm.save(self.out / "formal_lm.arpa.gz")
        ctx.log(f"consistency: fluency LM (order {self.cfg.lm_order}, {len(sents)} formal sentences) "
                f"trained in {time.time() - t0:.1f}s")
        return lm

    # ------------------------------------------------------------------ training
    def _pseudo_targets(self, batch: list[str], step: int) -> list[str]:
        """y_hat for each u from the current model, frozen for the moment (eval mode, no gradient)."""
        cfg = self.cfg
        src = [self.prefix + self._pre(s) for s in batch]  # all within max_len tokens (checked in setup)
        self.model.eval()
        enc = self.tokenizer(src, add_special_tokens=True, padding=True, return_tensors="pt")
        enc = {k: enc[k].to(self.device) for k in ("input_ids", "attention_mask")}
        # sampling is seeded per step without disturbing the training stream (dropout)
        with torch.random.fork_rng(devices=[]), torch.inference_mode():
            torch.manual_seed(self.seed * 1_000_003 + step)
            if cfg.sampling:
                ids = self.model.generate(**enc, do_sample=True, top_p=cfg.top_p, num_beams=1,
                                          max_new_tokens=cfg.max_new_tokens)
            else:
                ids = self.model.generate(**enc, do_sample=False, num_beams=cfg.beam, early_stopping=cfg.beam > 1,
                                          max_new_tokens=cfg.max_new_tokens)
        self.model.train()
        return [t.strip() for t in self.tokenizer.batch_decode(ids, skip_special_tokens=True)]

    def _loss(self, examples, idx):
        input_ids, attn, labels = S.collate(examples, idx, self.tokenizer.pad_token_id)
        input_ids, attn, labels = input_ids.to(self.device), attn.to(self.device), labels.to(self.device)
        dec_in = self.model.prepare_decoder_input_ids_from_labels(labels=labels)
        logits = self.model(input_ids=input_ids, attention_mask=attn, decoder_input_ids=dec_in).logits
        return F.cross_entropy(logits.view(-1, logits.size(-1)).float(), labels.view(-1), ignore_index=-100,
                               label_smoothing=self.cfg.label_smoothing)

    def _validate(self, subset: int) -> dict[str, float]:
        sets = [v.subset(subset) for v in self.valid]
        scores = S.evaluate_bleu(self.model, self.tokenizer, sets, beam=self.cfg.valid_beam,
                                 max_new_tokens=self.cfg.max_new_tokens, prefix=self.prefix,
                                 preprocess=self.preprocess)
        self.model.train()
        return {k: round(float(v), 2) for k, v in scores.items()}

    def run(self, ctx) -> None:
        cfg = self.cfg
        model = self.model
        seed = ctx.config.section("run").seed
        rng = random.Random(seed)
        opt = torch.optim.Adam(model.parameters(), lr=cfg.lr, betas=(0.9, 0.98), eps=1e-8)
        best_dir, last_dir = self.out / "best", self.out / "last"
        state_path = self.out / "state.json"
        extra = {"rewriter.json": json.dumps(self.rewriter_json, indent=2)} if self.rewriter_json else None

        step, best, best_step, bad, history, unl_pos, sup_pos = 0, -1.0, 0, 0, [], 0, 0
        sup_order = list(range(len(self.sup)))
        rng.shuffle(sup_order)
        base = None
        if state_path.is_file() and (last_dir / "trainer_state.json").is_file():
            st = json.loads(state_path.read_text(encoding="utf-8"))
            model.load_state_dict(S.load_model(last_dir).state_dict())
            S.load_optimizer(opt, last_dir)
            step, best, best_step, bad = st["step"], st["best"], st["best_step"], st["bad"]
            history, unl_pos, sup_pos, base = st["history"], st["unl_pos"], st["sup_pos"], st.get("base")
            self._restore_filters(st.get("filters", {}))
            rng.seed(seed + step)
            ctx.log(f"consistency: resumed at step {step} (best {best:.2f} at step {best_step})")
        if base is None:
            base = self._validate(cfg.valid_subset)
            ctx.metric("bleu_tune_start", base["mean"], step=0, **{f"bleu_{k}": v for k, v in base.items()})
            best = base["mean"]
            _save_model(model, self.tokenizer, best_dir, extra)

        def save_last():
            _save_model(model, self.tokenizer, last_dir, extra)
            S.save_optimizer(opt, step, last_dir)
            atomic_write_json(state_path, {"step": step, "best": best, "best_step": best_step, "bad": bad,
                                           "history": history, "unl_pos": unl_pos, "sup_pos": sup_pos,
                                           "base": base, "filters": self._filter_state()})

        t0 = time.time()
        model.train()
        kept_total, unl_total, ema = 0, 0, None
        passes_done = unl_pos // max(1, len(self.unlabeled))
        while step < cfg.max_steps:
            if ctx.stop.requested:
                save_last()
                return
            for g in opt.param_groups:
                g["lr"] = cfg.lr * min(1.0, (step + 1) / max(1, cfg.lr_warmup))
            idx = [sup_order[(sup_pos + i) % len(sup_order)] for i in range(cfg.sup_batch)]
            sup_pos += cfg.sup_batch
            if sup_pos >= len(sup_order):
                rng.shuffle(sup_order)
                sup_pos %= len(sup_order)
            loss_sup = self._loss(self.sup, idx)
            loss = loss_sup
            loss_unsup_v, kept = None, 0
            if step >= cfg.warmup_steps and cfg.unsup_batch and cfg.lam > 0:
                n = len(self.unlabeled)
                batch = [self.unlabeled[(unl_pos + i) % n] for i in range(min(cfg.unsup_batch, n))]
                unl_pos += len(batch)
                if unl_pos // n > passes_done:  # one pass over the unlabeled data: thresholds are final
                    passes_done = unl_pos // n
                    self.filters.freeze()
                y_hat = self._pseudo_targets(batch, step)
                mask, _ = self.filters(batch, y_hat)
                pairs = [(self._pre(c), y) for c, y, m in
                         zip(self.perturber(batch, seed * 1_000_003 + step),
                             y_hat, mask) if m]
                unl_ex = S.encode_pairs(self.tokenizer, pairs, cfg.max_len, prefix=self.prefix)
                kept = len(unl_ex)
                kept_total += kept
                unl_total += len(batch)
                if unl_ex:
                    loss_unsup = self._loss(unl_ex, list(range(len(unl_ex))))
                    loss = loss_sup + cfg.lam * loss_unsup
                    loss_unsup_v = float(loss_unsup.item())
            opt.zero_grad(set_to_none=True)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), cfg.clip_norm)
            opt.step()
            step += 1
            ema = loss.item() if ema is None else 0.95 * ema + 0.05 * loss.item()
            ctx.progress(self.name, step, cfg.max_steps, loss=round(ema, 4), loss_sup=round(loss_sup.item(), 4),
                         loss_unsup=None if loss_unsup_v is None else round(loss_unsup_v, 4), kept=kept)
            over_time = cfg.max_minutes > 0 and time.time() - t0 > cfg.max_minutes * 60
            if step % cfg.valid_every == 0 or step >= cfg.max_steps or over_time:
                scores = self._validate(cfg.valid_subset)
                rec = {"step": step, **scores, "kept_unlabeled": kept_total, "seen_unlabeled": unl_total,
                       "elapsed_s": round(time.time() - t0, 1), **self.filters.stats()}
                history.append(rec)
                ctx.metric("bleu_tune", scores["mean"], step=step, **{f"bleu_{k}": v for k, v in scores.items()})
                if scores["mean"] > best:
                    best, best_step, bad = scores["mean"], step, 0
                    _save_model(model, self.tokenizer, best_dir, extra)
                else:
                    bad += 1
                save_last()
                if bad >= cfg.patience:
                    ctx.log(f"consistency: early stop, no gain in {cfg.patience} validations")
                    break
                if over_time:
                    ctx.log("consistency: time budget reached")
                    break
        self.result = {"start_subset": base, "best_step": best_step, "best_subset_mean": best, "steps": step,
                       "history": history, "filters": self.filters.stats()}

    def _filter_state(self) -> dict:
        return {f.name: f.threshold.state_dict() for f in self.filters.filters if hasattr(f, "threshold")}

    def _restore_filters(self, state: dict) -> None:
        for f in self.filters.filters:
            if f.name in state and hasattr(f, "threshold"):
                f.threshold = DynamicThreshold.from_state(state[f.name])

    # ------------------------------------------------------------------ save
    def save(self, ctx) -> None:
        if ctx.stop.requested or not self.result:
            return
        cfg = self.cfg
        res = dict(self.result)
        if cfg.final_eval:
            best_model = S.load_model(self.out / "best").to(self.device)
            start_model = S.load_model(self.init).to(self.device)
            full = {}
            for label, m in (("start", start_model), ("best", best_model)):
                self.model = m
                full[label] = self._validate(0)
            res["tune_bleu_full"] = full
            res["improved"] = full["best"]["mean"] > full["start"]["mean"]
            ctx.metric("bleu_tune_full_start", full["start"]["mean"], **{f"bleu_{k}": v for k, v in full["start"].items()})
            ctx.metric("bleu_tune_full_best", full["best"]["mean"], **{f"bleu_{k}": v for k, v in full["best"].items()})
        else:
            res["improved"] = res["best_step"] > 0
        res.update({"init": str(self.init), "best_dir": str(self.out / "best"),
                    "settings": asdict(cfg), "beam_for_validation": cfg.valid_beam,
                    "metric": "sacreBLEU corpus BLEU, 4 references, GYAFC tune"})
        if cfg.export and res["improved"] and cfg.final_eval:
            res["export"] = self._export(ctx, res)
        atomic_write_json(self.out / "result.json", res)
        self.summary_data = {"improved": res["improved"], "best_step": res["best_step"],
                             "tune_bleu": res.get("tune_bleu_full", {"best_subset_mean": res["best_subset_mean"]})}
        if (self.out / "last").exists():
            shutil.rmtree(self.out / "last")  # optimizer state only matters for resuming an unfinished run

    def _export(self, ctx, res: dict) -> dict:
        """The improved model in the engine's rewriter format; the lead decides whether it gets bundled."""
        full = res["tune_bleu_full"]
        metrics = {f"tune_bleu_{d}": full["best"][d] for d in self.cfg.domains}
        metrics.update({f"start_tune_bleu_{d}": full["start"][d] for d in self.cfg.domains})
        version = time.strftime("%Y%m%d-%H%M") + "-consistency"
        data = ["GYAFC train (" + ", ".join(self.cfg.domains) + ")"]
        data += [f"unlabeled: {u} ({len(self.unlabeled)} sentences in all)" for u in self.cfg.unlabeled]
        notes = [(f"consistency training (Liu et al. 2022) from {self.init}: perturbation {self.cfg.perturbation}, "
                  f"filters {', '.join(self.cfg.filters) or 'none'}, lambda {self.cfg.lam}; tune BLEU "
                  f"{full['start']['mean']} -> {full['best']['mean']} (mean of {', '.join(self.cfg.domains)})")]
        manifest = export_rewriter(
            self.out / "best", self.out / "model", version=version, config=ctx.config.to_dict(), data=data,
            metrics=metrics, valid_sets=[v.subset(200) for v in self.valid], quantize="auto",
            rewriter_options={"prefix": self.prefix, "preprocess": self.rewriter_json.get("preprocess"),
                              "max_new_tokens": max(self.cfg.max_new_tokens, 64)},
            notes=notes, log=lambda m: ctx.log(m))
        return {"dir": str(self.out / "model"), "version": version, "metrics": manifest.get("metrics")}

    def summary(self) -> dict:
        return getattr(self, "summary_data", {})
