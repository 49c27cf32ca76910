"""Stage `classifier`: train a formality classifier (TextCNN or a fine-tuned transformer), evaluate, export.

Recipes (classifier.recipe): "gyafc" (GYAFC train, informal = 0 / formal = 1, both domains), "jfc" (the
JFC only: no human labels), "jfc+gyafc" (JFC pre-training then GYAFC fine-tuning); classifier.pt16=true
adds a graded head trained on PT16 scores beside the binary head. Outputs in run_dir/classifier/:
report.json + report.md (Tables 8/9/12 shape), checkpoint.safetensors, and model/ (a scorer directory).
"""
from __future__ import annotations

import hashlib
import json
import math
import random
import shutil
import time
import warnings
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F
from safetensors.torch import load_file, save_file
from tokenizers import Tokenizer

from engine.canonical import scorer_view
from engine.errors import InputError
from engine.fsio import atomic_replace_dir, atomic_write_json, atomic_write_text
from engine.scorer import FormalityScorer
from training import distributed
from training.attach_display import attach as attach_display
from training.data import gyafc, pt16
from training.data.text import read_text
from training.evaluate_classifier import evaluate, load_eval_sets, scorer_predictor, write_report
from training.export import export_onnx, finish_scorer_dir, model_card, parity_check, quantize_int8
from training.jfc import read_examples
from training.models import classifier as checkpoint
from training.models.classifier import encoder_label
from training.models.encoding import configure, encode
from training.models.textcnn import PAD, PAD_ID, TextCNN, build_tokenizer
from training.models.transformer_classifier import (
    TransformerClassifier,
    has_token_types,
    keep_layers,
    load_encoder,
    resolve_encoder,
)
from training.seq2seq import load_optimizer, save_optimizer, use_bf16
from training.stages.base import Stage


def _teacher_name(path: str) -> str:
    """The teacher as a model card should name it: role and version from its manifest (a local path means nothing
    to a reader of the card), else the folder's name."""
    try:
        m = json.loads((Path(path).expanduser() / "manifest.json").read_text(encoding="utf-8"))
        return f"{m['role']} {m['version']}"
    except (OSError, ValueError, KeyError, TypeError):
        return Path(path).name


def _batches(texts: Sequence[str], batch_size: int, rng: random.Random) -> list[list[int]]:
    """Shuffled batches of similar lengths (less padding: matters for a transformer on a CPU)."""
    idx = list(range(len(texts)))
    rng.shuffle(idx)
    out = []
    chunk = batch_size * 50
    for i in range(0, len(idx), chunk):
        part = sorted(idx[i:i + chunk], key=lambda j: len(texts[j]))
        out += [part[k:k + batch_size] for k in range(0, len(part), batch_size)]
    rng.shuffle(out)
    return out


class _StepLoss(torch.nn.Module):
    """One step's loss as a module, so DistributedDataParallel sees the whole step (the batch and the PT16 batch
    through the same classifier) as one forward, and the parameters a step leaves unused (the graded head, some
    steps) keep no gradient, as in one process."""

    def __init__(self, model, loss_fn):
        super().__init__()
        self.model = model
        self.loss_fn = loss_fn

    def forward(self, *args):
        return self.loss_fn(self.model, *args)


class ClassifierStage(Stage):
    """Train, evaluate and export a formality classifier (TextCNN or transformer) by recipe."""

    name = "classifier"
    requires = ("jfc",)

    @classmethod
    def required_stages(cls, config):
        # the held-out JFC split is part of every report, so the JFC is built for every recipe
        return ("jfc",)

    # ---------------------------------------------------------------- setup
    def setup(self, ctx):
        self.cfg = cfg = ctx.config.section("classifier")
        self.seed = ctx.config.section("run").seed
        limit = ctx.config.section("data").max_sentences
        rng = random.Random(self.seed)
        root = ctx.data_root()
        self.phases: list[tuple[str, list[str], list[int], int]] = []
        self.data_names: list[str] = []
        jfc_dir = ctx.run_dir / "jfc"
        if "jfc" in cfg.recipe:
            texts, labels = read_examples(jfc_dir / "train.tsv")
            if cfg.jfc_limit and len(texts) > cfg.jfc_limit:
                keep = sorted(rng.sample(range(len(texts)), cfg.jfc_limit))
                texts, labels = [texts[i] for i in keep], [labels[i] for i in keep]
            epochs = cfg.jfc_epochs or cfg.epochs if cfg.recipe == "jfc+gyafc" else cfg.epochs
            self.phases.append(("jfc", texts, labels, epochs))
            self.data_names.append(f"jfc train ({len(texts)} sentences: Tatoeba + Tanaka, Japanese politeness keys)")
        if "gyafc" in cfg.recipe:
            pairs = []
            for dom in gyafc.DOMAINS:
                p = gyafc.read_pairs(root / "gyafc", [dom], "train", limit)
                if cfg.train_limit and len(p) > cfg.train_limit:
                    p = rng.sample(p, cfg.train_limit)
                pairs += p
                self.data_names.append(f"gyafc/{dom} train ({len(p)} pairs, both sides)")
            texts, labels = gyafc.classification_examples(pairs)
            self.phases.append(("gyafc", texts, labels, cfg.epochs))
        self.unlabeled: list[str] = []
        for rel in cfg.unlabeled:
            path = root / rel
            if not path.exists():
                raise InputError(f"classifier.unlabeled: {path} does not exist")
            lines = read_text(path)
            if cfg.unlabeled_limit and len(lines) > cfg.unlabeled_limit:
                lines = rng.sample(lines, cfg.unlabeled_limit)
            self.unlabeled += lines
            self.data_names.append(f"{rel} ({len(lines)} unlabeled sentences, teacher-scored)")
        if cfg.teacher:
            self.data_names.append(f"soft targets from the teacher scorer {_teacher_name(cfg.teacher)} "
                                   f"(alpha {cfg.distill_alpha})")
        self.pt16_train = None
        if cfg.pt16:
            self.pt16_train = pt16.read_pt16(root / "pt16" / "train.csv", limit)
            self.data_names.append(f"pt16 train ({len(self.pt16_train)} sentences, graded scores)")
        self.eval_sets = load_eval_sets(root, jfc_dir / "heldout.tsv", cfg.eval_limit or 0,
                                        required=("gyafc_tune",))
        for name, texts, labels, _epochs in self.phases:
            ctx.log(f"phase {name}: {len(texts)} sentences ({sum(labels)} formal)", phase=name, n=len(texts))
        ctx.log("evaluation sets: " + ", ".join(f"{k} ({len(v[0])})" for k, v in self.eval_sets.items()))

        self.graded = cfg.pt16
        # what a saved training state must match to be resumed: the settings that shape training, and the data
        shaping = {k: v for k, v in ctx.config.to_dict().get("classifier", {}).items()
                   if k not in ("checkpoint_minutes", "eval_limit", "eval_batch_size", "eval_torch", "export", "int8",
                                "ship", "parity_sentences", "role", "version")}
        sizes = [len(p[1]) for p in self.phases] + [len(self.unlabeled), self.seed]
        self.fingerprint = hashlib.sha256(json.dumps([shaping, sizes], sort_keys=True, default=str).encode()
                                          ).hexdigest()[:16]
        init = None
        if cfg.init_from:
            init = checkpoint.load_checkpoint(Path(cfg.init_from).expanduser())
            if init[2]["model"]["kind"] != cfg.model:
                raise InputError(f"classifier.init_from {cfg.init_from} holds a {init[2]['model']['kind']} classifier, "
                                 f"not a {cfg.model}")
            if bool(init[2]["model"].get("graded")) != self.graded:
                raise InputError(f"classifier.init_from {cfg.init_from}: its graded head (pt16) does not match "
                                 f"classifier.pt16={cfg.pt16}")
        if init is not None:
            model, _tok, desc = init
            folder = Path(cfg.init_from).expanduser()
            folder = folder if (folder / checkpoint.TOKENIZER).is_file() else folder / "classifier"
            self.tokenizer = Tokenizer.from_str((folder / checkpoint.TOKENIZER).read_text(encoding="utf-8"))
            enc = desc["encoding"]
            self.pad_id, self.pad_token, self.min_length = enc["pad_id"], enc["pad_token"], enc["min_length"]
            self.input_names = tuple(enc["input_names"])
            if bool(enc.get("case_types", False)) != cfg.case_types:
                raise InputError(f"classifier.init_from {cfg.init_from} was trained with case_types="
                                 f"{bool(enc.get('case_types', False))}, not classifier.case_types={cfg.case_types}")
            self.model = model
            self.kind = cfg.model
            self.encoder_name = desc["model"].get("encoder") or None if cfg.model == "transformer" else None
            self.data_names.append(f"initialised from the classifier checkpoint {cfg.init_from}")
            ctx.log(f"initialised from {cfg.init_from}")
        elif cfg.model == "textcnn":
            vocab_texts = [t for p in self.phases for t in p[1]]
            if self.pt16_train is not None:
                vocab_texts += self.pt16_train.sentences
            self.tokenizer = build_tokenizer(vocab_texts, cfg.vocab_size, cfg.min_freq, cfg.lowercase)
            self.pad_id, self.pad_token, self.min_length = PAD_ID, PAD, max(cfg.widths)
            self.input_names = ("input_ids",)
            self.model = TextCNN(self.tokenizer.get_vocab_size(), cfg.emb_dim, cfg.widths, cfg.maps, cfg.dropout,
                                 graded=self.graded)
            self.kind, self.encoder_name = "textcnn", None
            ctx.log(f"TextCNN vocabulary: {self.tokenizer.get_vocab_size()} words")
        else:
            encoder, hf_tok = load_encoder(cfg.encoder)
            self.tokenizer = Tokenizer.from_str(hf_tok.backend_tokenizer.to_str())
            self.pad_id = hf_tok.pad_token_id if hf_tok.pad_token_id is not None else 0
            self.pad_token = hf_tok.pad_token or "[PAD]"
            self.min_length = 1
            # the case channel rides on the token types: the encoder's own embedding of them where it has one
            # (BERT, MiniLM), else an embedding of the classifier's (MPNet, RoBERTa-style encoders)
            case_embedding = cfg.case_types and not has_token_types(encoder)
            self.input_names = ("input_ids", "attention_mask") + (
                ("token_type_ids",) if "token_type_ids" in hf_tok.model_input_names or cfg.case_types else ())
            self.model = TransformerClassifier(encoder, graded=self.graded, case_embedding=case_embedding)
            self.kind, self.encoder_name = "transformer", resolve_encoder(cfg.encoder)
            if case_embedding:
                ctx.log(f"encoder {cfg.encoder} has no token types: the case channel gets an embedding of its own")
            ctx.log(f"encoder {cfg.encoder} ({self.encoder_name}), {sum(p.numel() for p in encoder.parameters())} "
                    f"parameters")
        if cfg.encoder_layers:
            before = len(self.model.encoder.encoder.layer)
            keep_layers(self.model.encoder, cfg.encoder_layers)
            ctx.log(f"encoder: first {cfg.encoder_layers} of {before} layers kept")
        self.model.train()
        self.tokenizer.no_padding()
        self.tokenizer.no_truncation()
        self.tokenizer_json = self.tokenizer.to_str()  # saved as-is: the engine configures padding itself
        configure(self.tokenizer, cfg.max_length, self.pad_id, self.pad_token)
        self.device = ctx.device
        if ctx.world.distributed and self.kind == "textcnn" and self.device.type == "cuda":
            raise InputError("the TextCNN's sparse embedding gradients cannot be all-reduced between GPUs (NCCL); "
                             "train the TextCNN in one process (minutes), or data-parallel on CPUs (run.device=cpu)")
        self.model.to(self.device)
        self.batch_size = cfg.batch_size or (64 if cfg.model == "textcnn" else 32)
        self.lr = cfg.lr or (1e-3 if cfg.model == "textcnn" else 3e-5)
        self.history: list[dict] = []
        self.trained_phases: list[str] = []
        self.completed = False
        self.report_rows: list[dict] = []
        torch.manual_seed(self.seed)

    # ---------------------------------------------------------------- helpers
    def _feeds(self, texts):
        texts = [scorer_view(t, self.cfg.canonicalize) for t in texts]  # as the engine's scorer reads them
        arrs = encode(self.tokenizer, texts, self.min_length, self.pad_id, self.input_names, self.cfg.case_types)
        return {k: torch.from_numpy(v).to(self.device) for k, v in arrs.items()}

    def predict(self, texts: Sequence[str]):
        self.model.eval()
        texts = list(texts)
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        p = np.zeros(len(texts), dtype=np.float32)
        g = np.zeros(len(texts), dtype=np.float32) if self.graded else None
        bs = self.cfg.eval_batch_size
        with torch.inference_mode():
            for i in range(0, len(order), bs):
                idx = order[i:i + bs]
                logits, graded = self.model(**self._feeds([texts[j] for j in idx]))
                p[idx] = torch.softmax(logits.float(), -1)[:, 1].cpu().numpy()
                if g is not None:
                    g[idx] = graded.float().cpu().numpy()
        return p, g

    # ---------------------------------------------------------------- resumable training state
    STATE = "train_state"

    def _state_dir(self, ctx) -> Path:
        return ctx.stage_dir(self.name) / self.STATE

    def _save_state(self, ctx, phase, epoch, batch_index, step, opt, sparse_opt) -> None:
        """Weights, optimizers, RNG and position, written beside and then swapped in (never half a state).
        Rank 0's alone in a data-parallel run (the ranks hold the same weights and optimizer state)."""
        if not ctx.is_main:
            return
        final = self._state_dir(ctx)
        tmp = final.with_name(final.name + ".tmp")
        if tmp.exists():
            shutil.rmtree(tmp)
        tmp.mkdir(parents=True)
        weights = {k: v.detach().cpu().contiguous() for k, v in self.model.state_dict().items()}
        weights["__torch_rng__"] = torch.get_rng_state()
        save_file(weights, str(tmp / "model.safetensors"))
        save_optimizer(opt, step, tmp / "opt")
        if sparse_opt is not None:
            save_optimizer(sparse_opt, step, tmp / "sparse_opt")
        atomic_write_json(tmp / "position.json", {"phase": phase, "epoch": epoch, "batch": batch_index, "step": step,
                                                  "fingerprint": self.fingerprint, "history": self.history,
                                                  "phases_done": self.trained_phases})
        atomic_replace_dir(tmp, final)

    def _saved_position(self, ctx) -> dict | None:
        f = self._state_dir(ctx) / "position.json"
        if not f.is_file():
            return None
        pos = json.loads(f.read_text(encoding="utf-8"))
        return pos if pos.get("fingerprint") == self.fingerprint else None

    def _load_state(self, ctx, phase, opt, sparse_opt) -> dict | None:
        d = self._state_dir(ctx)
        if not (d / "position.json").is_file():
            return None
        pos = json.loads((d / "position.json").read_text(encoding="utf-8"))
        if pos.get("fingerprint") != self.fingerprint:
            ctx.log("the saved training state belongs to other data or settings; starting this phase afresh")
            return None
        if pos["phase"] != phase:
            return None
        weights = load_file(str(d / "model.safetensors"))
        torch.set_rng_state(weights.pop("__torch_rng__"))
        self.model.load_state_dict(weights)
        load_optimizer(opt, d / "opt")
        if sparse_opt is not None:
            load_optimizer(sparse_opt, d / "sparse_opt")
        self.history = pos.get("history", [])
        self.trained_phases = list(pos.get("phases_done", []))
        ctx.log(f"resumed phase {phase} at epoch {pos['epoch'] + 1}, batch {pos['batch']} (step {pos['step']})")
        return pos

    def _train_phase(self, ctx, phase: str, texts, labels, epochs: int, with_pt16: bool,
                     soft: np.ndarray | None = None, soft_graded: np.ndarray | None = None) -> None:
        """Train one phase. labels: 0/1, or -1 for unlabeled text (teacher only). soft: the teacher's P(formal)
        per text (distillation), soft_graded its graded score. Resumes from the saved state of this phase.

        Data-parallel (torchrun / accelerate launch): every rank draws the same batches (batch_size is the global
        batch) and computes the loss of its share of each, weighted so that DistributedDataParallel's average of
        the gradients is the gradient of the whole batch's mean loss; steps, schedule and saved positions are
        those of one process, so a state saved by either resumes in either."""
        cfg = self.cfg
        world = ctx.world
        steps_per_epoch = math.ceil(len(texts) / self.batch_size)
        total = steps_per_epoch * epochs
        params = [p for p in self.model.parameters() if p.requires_grad]
        sparse_opt = None
        if cfg.model == "textcnn":
            emb = self.model.embed.weight
            params = [p for p in params if p is not emb]
            opt = torch.optim.Adam(params, lr=self.lr)
            sparse_opt = torch.optim.SparseAdam([emb], lr=self.lr)
            sched = None
        else:
            case = list(self.model.case_embed.parameters()) if self.model.case_embed is not None else []
            rest = [p for p in self.model.parameters() if all(p is not c for c in case)]
            groups = [{"params": [p for p in rest if p.ndim >= 2], "weight_decay": cfg.weight_decay},
                      {"params": [p for p in rest if p.ndim < 2], "weight_decay": 0.0}]
            if case:  # new, zero at the start: it learns at its own rate (the schedule scales every group alike)
                groups.append({"params": case, "weight_decay": 0.0, "lr": self.lr * cfg.case_lr_scale})
            opt = torch.optim.AdamW(groups, lr=self.lr,
                                    # one fused kernel per step: on 2 CPU cores the per-parameter loop cost
                                    # MPNet-base 0.35 s a step against 0.08 s (the same update)
                                    fused=self.device.type in ("cpu", "cuda"))
            warm = max(1, int(total * cfg.warmup_ratio))
            sched = torch.optim.lr_scheduler.LambdaLR(
                opt, lambda s: min((s + 1) / warm, max(0.0, (total - s) / max(1, total - warm))))
        pos = self._load_state(ctx, phase, opt, sparse_opt)
        step, first_epoch, skip = (pos["step"], pos["epoch"], pos["batch"]) if pos else (0, 0, 0)
        if sched is not None and step:
            with warnings.catch_warnings():  # replaying the schedule's position, not skipping an optimizer step
                warnings.simplefilter("ignore")
                for _ in range(step):
                    sched.step()
        rng = random.Random(f"{self.seed}-{phase}")
        pt_rng = random.Random(f"{self.seed}-{phase}-pt16")
        pt_batches: list[list[int]] = []
        y_all = torch.tensor(labels, dtype=torch.long)
        t_all = torch.tensor(soft, dtype=torch.float32) if soft is not None else None
        tg_all = torch.tensor(soft_graded, dtype=torch.float32) if soft_graded is not None and self.graded else None
        alpha = cfg.distill_alpha if t_all is not None else 0.0
        bf16 = use_bf16(cfg.precision, self.device)
        if bf16 and phase == self.phases[0][0]:
            ctx.log("training in bf16 autocast")

        def step_loss(model, batch, pb, share, pt_share):
            """The loss of a batch (and of a PT16 batch pb); share None: its mean (one process), else this rank's
            part of the global batch's mean times the world size (DDP divides the summed gradients by it)."""
            with torch.autocast(self.device.type, dtype=torch.bfloat16, enabled=bf16):
                logits, graded = model(**self._feeds([texts[i] for i in batch]))
            logp = F.log_softmax(logits.float(), -1)
            y = y_all[batch].to(self.device)
            has_label = y >= 0
            per = torch.zeros(len(batch), device=self.device)
            if has_label.any():
                per[has_label] = (1 - alpha) * F.nll_loss(logp[has_label], y[has_label], reduction="none")
            if t_all is not None:
                t = t_all[batch].to(self.device)
                soft_ce = -(t * logp[:, 1] + (1 - t) * logp[:, 0])
                per = per + torch.where(has_label, alpha * soft_ce, soft_ce)
            loss = per.mean() if share is None else per.sum() * share
            if tg_all is not None and graded is not None:
                a, b = graded.float() / 3.0, tg_all[batch].to(self.device) / 3.0
                loss = loss + cfg.graded_weight * (F.mse_loss(a, b) if share is None
                                                   else F.mse_loss(a, b, reduction="sum") * share)
            if pb is not None:
                with torch.autocast(self.device.type, dtype=torch.bfloat16, enabled=bf16):
                    _l, g = model(**self._feeds([self.pt16_train.sentences[i] for i in pb]))
                g = g.float()
                target = torch.tensor([self.pt16_train.scores[i] for i in pb], dtype=torch.float32,
                                      device=self.device)
                a, b = g / 3.0, target / 3.0
                loss = loss + cfg.graded_weight * (F.mse_loss(a, b) if pt_share is None
                                                   else F.mse_loss(a, b, reduction="sum") * pt_share)
            return loss

        net = None
        if world.distributed:  # one DDP wrapper for the stage: its phases train the same parameters
            if getattr(self, "_net", None) is None:
                self._net = distributed.wrap(_StepLoss(self.model, step_loss), find_unused=True)
            self._net.module.loss_fn = step_loss
            net = self._net
        t0 = last_save = time.time()
        running = None
        for epoch in range(epochs):
            batches = _batches(texts, self.batch_size, rng)  # drawn every epoch, so a resume replays the order
            if epoch < first_epoch:
                continue
            self.model.train()
            for bi, batch in enumerate(batches):
                if epoch == first_epoch and bi < skip:
                    continue
                if ctx.stop.sync():  # agreed between the ranks of a data-parallel run
                    ctx.log(f"stop requested in phase {phase} at step {step}/{total}; training state saved")
                    self._save_state(ctx, phase, epoch, bi, step, opt, sparse_opt)
                    return
                pb = None
                if with_pt16 and self.pt16_train is not None and step % max(1, cfg.pt16_every) == 0:
                    if not pt_batches:
                        pt_batches = _batches(self.pt16_train.sentences, self.batch_size, pt_rng)
                    pb = pt_batches.pop()
                if net is None:
                    loss = step_loss(self.model, batch, pb, None, None)
                else:
                    part, real = distributed.shard(batch)
                    pt_part, pt_share = None, None
                    if pb is not None:
                        pt_part, pt_real = distributed.shard(pb)
                        pt_share = world.size / len(pb) if pt_real else 0.0
                    loss = net(part, pt_part, world.size / len(batch) if real else 0.0, pt_share)
                opt.zero_grad(set_to_none=True)
                if sparse_opt is not None:
                    sparse_opt.zero_grad(set_to_none=True)
                loss.backward()
                if cfg.grad_clip > 0:
                    torch.nn.utils.clip_grad_norm_(params, cfg.grad_clip)
                opt.step()
                if sparse_opt is not None:
                    sparse_opt.step()
                if sched is not None:
                    sched.step()
                step += 1
                lv = float(loss.detach()) if net is None else distributed.all_sum([loss.detach()])[0] / world.size
                running = lv if running is None else 0.98 * running + 0.02 * lv
                ctx.progress(self.name, step, total, loss=round(running, 4), phase=phase, epoch=epoch + 1)
                if cfg.checkpoint_minutes > 0 and time.time() - last_save > cfg.checkpoint_minutes * 60:
                    self._save_state(ctx, phase, epoch, bi + 1, step, opt, sparse_opt)
                    last_save = time.time()
            self.history.append({"phase": phase, "epoch": epoch + 1, "loss": running,
                                 "elapsed_s": round(time.time() - t0, 1)})
        self.trained_phases.append(phase)
        self._save_state(ctx, phase + ":done", epochs, 0, step, opt, sparse_opt)

    def _teacher_targets(self, ctx, texts: Sequence[str]):
        """The teacher's P(formal) and graded score per text, cached in the stage folder by content."""
        key = hashlib.sha256(("\n".join(texts) + "\0" + str(Path(self.cfg.teacher).resolve())).encode()).hexdigest()[:16]
        cache = ctx.stage_dir(self.name) / f"teacher-{key}.npz"
        if cache.is_file():
            data = np.load(cache)
            return data["p"], (data["g"] if data["g"].size else None)
        teacher = FormalityScorer.from_dir(Path(self.cfg.teacher).expanduser())
        ctx.log(f"teacher {self.cfg.teacher} scoring {len(texts)} sentences")
        ps, gs = [], []
        chunk = 4096
        for i in range(0, len(texts), chunk):
            if ctx.stop.requested:
                return None, None
            p, g = teacher.score_both(texts[i:i + chunk])
            ps.append(p)
            gs.append(g if g is not None else np.zeros(0, dtype=np.float32))
            ctx.progress(self.name, min(i + chunk, len(texts)), len(texts), phase="teacher")
        p = np.nan_to_num(np.concatenate(ps), nan=0.5)
        g = np.concatenate(gs) if teacher.has_graded else np.zeros(0, dtype=np.float32)
        if not ctx.is_main:  # every rank scores the same texts; rank 0 keeps the cache
            return p, (g if g.size else None)
        with open(cache.with_suffix(".tmp"), "wb") as fh:
            np.savez(fh, p=p, g=g)
        cache.with_suffix(".tmp").replace(cache)
        return p, (g if g.size else None)

    # ---------------------------------------------------------------- run
    def run(self, ctx):
        self._ctx = ctx
        last = len(self.phases) - 1
        saved = self._saved_position(ctx)
        for i, (phase, texts, labels, epochs) in enumerate(self.phases):
            if saved and phase in saved.get("phases_done", []):
                self.trained_phases = list(saved["phases_done"])
                self.history = saved.get("history", [])
                if saved["phase"] == f"{phase}:done":  # the state holds this phase's final weights
                    weights = load_file(str(self._state_dir(ctx) / "model.safetensors"))
                    weights.pop("__torch_rng__", None)
                    self.model.load_state_dict(weights)
                ctx.log(f"phase {phase} already trained; skipped")
                continue
            soft = soft_graded = None
            if i == last and (self.cfg.teacher or self.unlabeled):
                texts = list(texts) + self.unlabeled
                labels = list(labels) + [-1] * len(self.unlabeled)
                soft, soft_graded = self._teacher_targets(ctx, texts)
                if soft is None:
                    return  # stopped while the teacher was scoring; its work so far is not cached
            ctx.log(f"training phase {phase}: {len(texts)} sentences x {epochs} epoch(s), batch {self.batch_size}, "
                    f"lr {self.lr}")
            self._train_phase(ctx, phase, texts, labels, epochs, with_pt16=(i == last and self.cfg.pt16),
                              soft=soft, soft_graded=soft_graded)
            if ctx.stop.requested:
                return
        if not ctx.is_main:
            return  # evaluation, report and export are rank 0's
        if self.cfg.eval_torch or not self.cfg.export:
            t0 = time.time()
            metrics = self._evaluate_torch()
            ctx.log(f"evaluated in {time.time() - t0:.1f}s")
            self._emit_metrics(ctx, metrics, "pytorch")
            self.report_rows.append(self._row("pytorch", metrics))
        self.completed = True

    def _evaluate_torch(self):
        return evaluate(self.predict, self.eval_sets, self._eval_progress(self._ctx, "pytorch"))

    def _eval_progress(self, ctx, variant):
        def on_set(name, k, n):
            ctx.progress(self.name, k + 1, n, phase=f"eval {variant}", set=name,
                         sentences=len(self.eval_sets[name][0]))
        return on_set

    def _row(self, variant, metrics):
        name = self.kind if self.encoder_name is None else f"{self.kind}:{encoder_label(self.cfg.encoder)}"
        if self.kind == "textcnn" and self.cfg.lowercase:
            name += " (lowercased)"
        return {"classifier": name, "recipe": self.cfg.recipe_name, "variant": variant, "metrics": metrics}

    def _emit_metrics(self, ctx, metrics, variant):
        g = metrics.get("gyafc_tune", {}).get("all", {})
        ctx.metric("gyafc_tune.accuracy", g.get("accuracy"), variant=variant)
        ctx.metric("gyafc_tune.f1", g.get("f1"), variant=variant)
        if "pt16_tune" in metrics:
            pt = metrics["pt16_tune"]
            ctx.metric("pt16_tune.f1", pt.get("f1"), variant=variant)
            ctx.metric("pt16_tune.spearman", pt.get("spearman_graded", pt.get("spearman")), variant=variant)
        if "jfc_heldout" in metrics:
            ctx.metric("jfc_heldout.accuracy", metrics["jfc_heldout"]["accuracy"], variant=variant)

    # ---------------------------------------------------------------- save
    def save(self, ctx):
        if not ctx.is_main:
            return
        out = ctx.stage_dir(self.name)
        checkpoint.save_checkpoint(out, self.model, self.tokenizer_json, checkpoint.describe(
            self.model, input_names=self.input_names, max_length=self.cfg.max_length, min_length=self.min_length,
            pad_id=self.pad_id, pad_token=self.pad_token, encoder=self.encoder_name, config=ctx.config.to_dict(),
            case_types=self.cfg.case_types))
        atomic_write_json(out / "history.json", {"history": self.history, "phases_done": self.trained_phases,
                                                 "completed": self.completed})
        if not self.completed:
            return
        if self.cfg.export:
            self._export(ctx, out)
        write_report(out, self.report_rows, f"Formality classifier: {self.kind}, recipe {self.cfg.recipe_name}")
        ctx.log(f"report: {out / 'report.md'}")

    def _export(self, ctx, out: Path):
        cfg = self.cfg
        model_dir = out / "model"
        if model_dir.exists():
            shutil.rmtree(model_dir)
        model_dir.mkdir(parents=True)
        atomic_write_text(model_dir / "tokenizer.json", self.tokenizer_json)
        atomic_write_json(model_dir / "scorer.json", {"max_length": cfg.max_length, "min_length": self.min_length,
                                                      "pad_id": self.pad_id, "canonicalize": cfg.canonicalize,
                                                      "case_types": cfg.case_types})
        self.model.eval()
        self.model.cpu()
        if self.kind == "transformer":
            try:  # the TorchScript exporter traces the eager attention path reliably
                self.model.encoder.set_attn_implementation("eager")
            except (AttributeError, ValueError):
                pass
        gy_texts, gy_labels = [], []
        for k, (t, y) in self.eval_sets.items():
            if k.startswith("gyafc_tune/"):
                gy_texts += t
                gy_labels += y
        sample = encode(self.tokenizer, gy_texts[:2], self.min_length, self.pad_id, self.input_names, cfg.case_types)
        t0 = time.time()
        export_onnx(self.model, self.input_names, self.graded, sample, model_dir / "model.onnx")
        rng = random.Random(self.seed)
        parity_texts = rng.sample(gy_texts, min(cfg.parity_sentences, len(gy_texts)))
        parity = parity_check(self.model, self.input_names, self.graded, model_dir, parity_texts)
        ctx.log(f"ONNX export in {time.time() - t0:.1f}s; parity max |diff| {parity['max_abs_diff']}",
                parity=parity)
        metrics: dict = {"eval": {r["variant"]: r["metrics"] for r in self.report_rows}, "parity": parity,
                         "history": self.history}
        gy_only = {k: v for k, v in self.eval_sets.items() if k.startswith("gyafc_tune/")}
        # without an int8 graph (or without the PyTorch evaluation) the fp32 graph is evaluated on every set
        # the graphs are scored by the engine's FormalityScorer: the numbers on the card are the app's numbers
        fp32 = evaluate(scorer_predictor(FormalityScorer.from_dir(model_dir)), gy_only if cfg.int8 and cfg.eval_torch else self.eval_sets,
                        self._eval_progress(ctx, "onnx-fp32"))
        acc_fp32 = fp32["gyafc_tune"]["all"]["accuracy"]
        shipped_metrics = fp32
        shipped = "model.onnx"
        if cfg.int8:
            quantize_int8(model_dir / "model.onnx", model_dir / "model.int8.onnx")
            int8_scorer = FormalityScorer.from_dir(model_dir, model_file="model.int8.onnx")
            int8_metrics = evaluate(scorer_predictor(int8_scorer), self.eval_sets,
                                    self._eval_progress(ctx, "onnx-int8"))
            acc_int8 = int8_metrics["gyafc_tune"]["all"]["accuracy"]
            metrics["int8"] = {"accuracy_fp32": acc_fp32, "accuracy_int8": acc_int8,
                               "accuracy_cost": acc_fp32 - acc_int8, "split": "gyafc tune (both domains)",
                               "size_fp32": (model_dir / "model.onnx").stat().st_size,
                               "size_int8": (model_dir / "model.int8.onnx").stat().st_size}
            ctx.metric("int8.accuracy_cost", acc_fp32 - acc_int8, fp32=acc_fp32, int8=acc_int8)
            metrics["eval"]["onnx-int8"] = int8_metrics
            self.report_rows.append(self._row("onnx-int8", int8_metrics))
            if cfg.ship == "int8":
                shipped_metrics = int8_metrics
                (model_dir / "model.int8.onnx").replace(model_dir / "model.onnx")
                shipped = "model.onnx (int8)"
            elif cfg.ship == "fp32":
                (model_dir / "model.int8.onnx").unlink()
        metrics["eval"]["onnx-fp32"] = fp32
        self.report_rows.append(self._row("onnx-fp32", fp32))
        note = {"model.onnx (int8)": "`model.onnx` is the int8 (dynamically quantized) graph; the fp32 graph is "
                "not shipped to keep the directory small.",
                "model.onnx": "`model.onnx` is the fp32 graph" + (
                    "; `model.int8.onnx` the int8 (dynamically quantized) variant." if cfg.ship == "both" and
                    cfg.int8 else ".")}[shipped]
        if self.graded:
            note += " Outputs: p_formal, graded."
        role = cfg.role or ("scorer" if self.kind == "textcnn" else "scorer-accurate")
        version = cfg.version or f"{time.strftime('%Y%m%d-%H%M')}-{cfg.model}-{cfg.recipe.replace('+', '-')}" + (
            "-pt16" if cfg.pt16 else "")
        config = ctx.config.to_dict()
        card = model_card(role=role, kind=self.kind, recipe=cfg.recipe_name,
                          encoder=cfg.encoder if self.kind == "transformer" else None,
                          config=config, metrics=metrics, data=self.data_names, files_note=note)
        self._emit_metrics(ctx, shipped_metrics, "shipped onnx")
        summary_metrics = {"gyafc_tune_accuracy": shipped_metrics["gyafc_tune"]["all"]["accuracy"], **metrics}
        if "pt16_tune" in shipped_metrics:
            pt = shipped_metrics["pt16_tune"]
            summary_metrics["pt16_tune_spearman"] = pt.get("spearman_graded", pt.get("spearman"))
        finish_scorer_dir(model_dir, role=role, version=version, kind=self.kind, config=config,
                          metrics=summary_metrics, data=self.data_names, card=card)
        ctx.log(f"scorer exported: {model_dir} (role {role}, version {version})", model_dir=str(model_dir))
        self._attach_display(ctx, model_dir)
        self.model.to(self.device)

    def _attach_display(self, ctx, model_dir: Path) -> None:
        """Fit the graded degree the app shows (training/attach_display.py), when the model can have one."""
        root = ctx.data_root()
        if not (self.cfg.display and self.graded):
            return
        if root is None or not (root / "pt16" / "tune.csv").is_file() or not (root / "gyafc").is_dir():
            ctx.log("graded display not fitted: it needs GYAFC tune and PT16 tune (pt16/tune.csv) under the data "
                    "root; the app will show P(formal)")
            return
        try:
            out = attach_display(model_dir, root, "-graded")
        except InputError as exc:
            ctx.log(f"graded display not fitted: {exc}; the app will show P(formal)")
            return
        ctx.metric("display.pt16_B_spearman", out["pt16_B_spearman"]["degree"],
                   gyafc_B_accuracy=out["gyafc_B_accuracy"]["degree"], beta=out["fit"]["beta"])
        ctx.log(f"graded display fitted: version {out['version']}", model_dir=str(model_dir))

    def summary(self):
        if not self.report_rows:
            return {}
        return {"metrics": {r["variant"]: r["metrics"] for r in self.report_rows}, "recipe": self.cfg.recipe_name,
                "model": self.kind}
