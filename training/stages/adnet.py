"""Stage `adnet`: adversarial decomposition of sentences into meaning and style vectors, then probe them.

Romanov et al. 2019 as used by Dugan 2020 (the fourth seed). adnet.data = "jfc" trains on the JFC
stage's train split and probes on its held-out split (plus GYAFC tune as a cross-domain check when the
data root has it); "gyafc" trains on GYAFC train (informal = 0, formal = 1) and probes on GYAFC tune
(informal sources vs formal reference 0). A logistic-regression probe is fitted on the vectors of
training sentences and scored on the held-out sentences, for the style vector f and the meaning vector
m (f should be high, m near the majority baseline). Outputs in run_dir/adnet/: model.safetensors,
adnet.json (dimensions + settings), tokenizer.json, history.json, report.json, report.md, the t-SNE
plots tsne_style.png and tsne_meaning.png and their coordinates tsne.tsv. Training is resumable by epoch:
resume.pt (model, optimizers, shuffling state) is written after every epoch, a stopped run goes on from it when
the same command runs again (more epochs may be asked for), and it is removed once the stage is done.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import pickle
import random
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F
from safetensors.torch import load_file, save_file
from sklearn.linear_model import LogisticRegression
from sklearn.manifold import TSNE
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from tokenizers import Tokenizer

from engine.errors import InputError
from engine.fsio import atomic_temp_path, atomic_write_json, atomic_write_text
from training.data import gyafc
from training.jfc import read_examples
from training.models.adnet import BOS, EOS, ADNet, ADNetDims, batch_tensors, entropy
from training.models.textcnn import PAD, PAD_ID, UNK, build_tokenizer
from training.stages.base import Stage

RESUME_NAME = "resume.pt"   # the end-of-epoch resume point inside the stage folder (removed once done)


def check_labelled(texts: Sequence[str], labels: Sequence[int], where: str, need_both: bool = True) -> None:
    """Clear errors for data an ADNet cannot learn from: nothing, or one class only."""
    if not texts:
        raise InputError(f"adnet: {where} holds no sentences")
    if len(texts) != len(labels):
        raise InputError(f"adnet: {where}: {len(texts)} sentences but {len(labels)} labels")
    bad = sorted({int(y) for y in labels} - {0, 1})
    if bad:
        raise InputError(f"adnet: {where}: labels must be 0 (informal) or 1 (formal), got {bad}")
    if need_both and len(set(labels)) < 2:
        only = "formal" if labels[0] else "informal"
        raise InputError(f"adnet: {where} holds only {only} sentences ({len(texts)}); the discriminator, the "
                         f"motivator and the probes need both classes")


def probe(train_x: np.ndarray, train_y: Sequence[int], test_x: np.ndarray, test_y: Sequence[int],
          seed: int = 13) -> dict:
    """Logistic regression (standardised features) fitted on train vectors, scored on held-out vectors."""
    train_y = np.asarray(train_y, dtype=np.int64)
    test_y = np.asarray(test_y, dtype=np.int64)
    if len(np.unique(train_y)) < 2:
        raise InputError("adnet probe: the probe's training vectors hold one class only")
    if len(test_y) == 0:
        raise InputError("adnet probe: no held-out vectors to score")
    clf = make_pipeline(StandardScaler(), LogisticRegression(max_iter=2000, random_state=seed))
    clf.fit(train_x, train_y)
    return {"accuracy": float((clf.predict(test_x) == test_y).mean()),
            "train_accuracy": float((clf.predict(train_x) == train_y).mean()),
            "n_train": len(train_y), "n_test": len(test_y)}


def majority_baseline(labels: Sequence[int]) -> float:
    y = np.asarray(labels, dtype=np.float64)
    return float(max(y.mean(), 1.0 - y.mean())) if len(y) else 0.0


def _batches(lengths: Sequence[int], batch_size: int, rng: random.Random) -> list[list[int]]:
    """Shuffled batches of similar lengths (less padding for the GRUs)."""
    idx = list(range(len(lengths)))
    rng.shuffle(idx)
    out = []
    chunk = batch_size * 50
    for i in range(0, len(idx), chunk):
        part = sorted(idx[i:i + chunk], key=lambda j: lengths[j])
        out += [part[k:k + batch_size] for k in range(0, len(part), batch_size)]
    rng.shuffle(out)
    return out


def plot_tsne(points: np.ndarray, labels: Sequence[int], title: str, path: Path) -> None:
    # matplotlib is optional (the plots are skipped without it, the coordinates still written): imported here
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    labels = np.asarray(labels)
    fig, ax = plt.subplots(figsize=(6, 5.5))
    for lab, name, colour in ((0, "informal", "#d95f02"), (1, "formal", "#1b9e77")):
        sel = labels == lab
        ax.scatter(points[sel, 0], points[sel, 1], s=7, alpha=0.6, c=colour, label=f"{name} ({int(sel.sum())})",
                   linewidths=0)
    ax.set_title(title, fontsize=10)
    ax.set_xticks([])
    ax.set_yticks([])
    ax.legend(loc="best", fontsize=8, markerscale=2)
    try:
        with atomic_temp_path(path) as tmp:
            fig.savefig(tmp, dpi=110, bbox_inches="tight", format="png")
    finally:
        plt.close(fig)


class AdnetStage(Stage):
    """ADNet: meaning/style decomposition of sentences, logistic probes and t-SNE plots of both vectors."""

    name = "adnet"
    requires = ("jfc",)

    @classmethod
    def required_stages(cls, config):
        return ("jfc",) if config.section("adnet").data == "jfc" else ()

    # ---------------------------------------------------------------- setup
    def setup(self, ctx):
        self.cfg = cfg = ctx.config.section("adnet")
        self.seed = ctx.config.section("run").seed
        rng = random.Random(self.seed)
        self.data_names: list[str] = []
        self.eval_sets: dict[str, tuple[list[str], list[int]]] = {}
        if cfg.data == "jfc":
            texts, labels = self._read_jfc(ctx, rng)
        else:
            texts, labels = self._read_gyafc(ctx, rng)
        check_labelled(texts, labels, "the training data")
        for name, (t, y) in self.eval_sets.items():
            check_labelled(t, y, f"evaluation set {name}", need_both=False)
        self.texts, self.labels = texts, labels
        self.primary = next(iter(self.eval_sets))
        ctx.log(f"adnet: {len(texts)} training sentences ({sum(labels)} formal); evaluation sets: "
                + ", ".join(f"{k} ({len(v[0])})" for k, v in self.eval_sets.items()), n=len(texts))

        tok = build_tokenizer(texts, cfg.vocab_size, cfg.min_freq, cfg.lowercase)
        tok.add_special_tokens([BOS, EOS])
        tok.no_padding()
        tok.no_truncation()
        self.tokenizer = tok
        self.pad_id = PAD_ID
        assert tok.token_to_id(PAD) == PAD_ID and tok.token_to_id(UNK) is not None
        self.dims = ADNetDims(vocab_size=tok.get_vocab_size(), emb_dim=cfg.emb_dim, hidden=cfg.hidden,
                              meaning_dim=cfg.meaning_dim, style_dim=cfg.style_dim,
                              classifier_hidden=cfg.classifier_hidden, dropout=cfg.dropout, pad_id=PAD_ID,
                              bos_id=tok.token_to_id(BOS), eos_id=tok.token_to_id(EOS))
        self.ids, self.truncated = self._encode(texts)
        self._ids_hash: str | None = None   # of ids and labels, for the resume point (computed once, when needed)
        torch.manual_seed(self.seed)
        self.device = ctx.device
        self.model = ADNet(self.dims).to(self.device)
        ctx.log(f"adnet: vocabulary {self.dims.vocab_size} words, {sum(p.numel() for p in self.model.parameters())} "
                f"parameters, {self.truncated} training sentences cut to {cfg.max_tokens} tokens")
        self.history: list[dict] = []
        self.completed = False
        self.results: dict | None = None
        self.files: list[str] = []

    def _read_jfc(self, ctx, rng):
        jfc_dir = ctx.run_dir / "jfc"
        for name in ("train.tsv", "heldout.tsv"):
            if not (jfc_dir / name).is_file():
                raise InputError(f"adnet: {jfc_dir / name} not found: run the jfc stage first (adnet.data = jfc)")
        texts, labels = read_examples(jfc_dir / "train.tsv")
        check_labelled(texts, labels, f"{jfc_dir / 'train.tsv'}")
        if self.cfg.train_limit and len(texts) > self.cfg.train_limit:
            keep = sorted(rng.sample(range(len(texts)), self.cfg.train_limit))
            texts, labels = [texts[i] for i in keep], [labels[i] for i in keep]
        self.data_names.append(f"jfc train ({len(texts)} sentences)")
        ht, hl = read_examples(jfc_dir / "heldout.tsv")
        if self.cfg.eval_limit and len(ht) > self.cfg.eval_limit:
            ht, hl = ht[: self.cfg.eval_limit], hl[: self.cfg.eval_limit]
        self.eval_sets["jfc_heldout"] = (ht, hl)
        # GYAFC tune as a cross-domain check of the JFC-trained vectors, when the data root has it
        try:
            root = ctx.data_root()
        except InputError:
            return texts, labels
        if all((root / "gyafc" / d / "tune.informal").is_file() for d in self.cfg.domains):
            t, y = self._gyafc_tune(root)
            self.eval_sets["gyafc_tune"] = (t, y)
        return texts, labels

    def _gyafc_tune(self, root: Path):
        t_all, y_all = [], []
        for dom in self.cfg.domains:
            t, y = gyafc.read_tune_classification(root / "gyafc", dom, self.cfg.eval_limit)
            t_all += t
            y_all += y
        return t_all, y_all

    def _read_gyafc(self, ctx, rng):
        root = ctx.data_root()
        limit = ctx.config.section("data").max_sentences
        pairs = []
        per_domain = math.ceil(self.cfg.train_limit / (2 * len(self.cfg.domains))) if self.cfg.train_limit else 0
        for dom in self.cfg.domains:
            p = gyafc.read_pairs(root / "gyafc", [dom], "train", limit)
            if per_domain and len(p) > per_domain:
                p = rng.sample(p, per_domain)
            pairs += p
            self.data_names.append(f"gyafc/{dom} train ({len(p)} pairs, both sides)")
        texts, labels = gyafc.classification_examples(pairs)
        for dom in self.cfg.domains:
            self.eval_sets[f"gyafc_tune/{dom}"] = gyafc.read_tune_classification(root / "gyafc", dom,
                                                                                 self.cfg.eval_limit)
        if len(self.cfg.domains) > 1:
            t, y = self._gyafc_tune(root)
            self.eval_sets = {"gyafc_tune": (t, y), **self.eval_sets}
        return texts, labels

    def _encode(self, texts: Sequence[str]) -> tuple[list[list[int]], int]:
        n = self.cfg.max_tokens
        ids = [e.ids for e in self.tokenizer.encode_batch(list(texts))]
        cut = sum(1 for x in ids if len(x) > n)
        ids = [x[:n] if x else [self.tokenizer.token_to_id("[UNK]")] for x in ids]
        return ids, cut

    # ---------------------------------------------------------------- run
    def run(self, ctx):
        self._train(ctx)
        if ctx.stop.requested:
            return
        self._evaluate(ctx)
        if ctx.stop.requested:
            return
        self.completed = True

    def _train(self, ctx):
        cfg, model, d = self.cfg, self.model, self.dims
        rng = random.Random(f"{self.seed}-adnet")
        opt = torch.optim.Adam(model.main_parameters(), lr=cfg.lr)
        d_opt = torch.optim.Adam(model.discriminator_parameters(), lr=cfg.disc_lr)
        y_all = torch.tensor(self.labels, dtype=torch.long)
        lengths = [len(x) for x in self.ids]
        steps_per_epoch = math.ceil(len(self.ids) / cfg.batch_size)
        total = steps_per_epoch * cfg.epochs
        ctx.log(f"adnet: training {len(self.ids)} sentences x {cfg.epochs} epoch(s), batch {cfg.batch_size}, "
                f"lambda_mot {cfg.lambda_mot}, lambda_adv {cfg.lambda_adv}, {cfg.disc_steps} discriminator "
                f"update(s) per step")
        step, first = 0, 0
        t0 = time.time()
        resumed = self._load_resume(ctx, opt, d_opt, rng)
        if resumed is not None:
            first, elapsed = resumed
            step, t0 = first * steps_per_epoch, t0 - elapsed
            ctx.log(f"adnet: resumed after epoch {first} of {cfg.epochs} ({RESUME_NAME})")
        for epoch in range(first, cfg.epochs):
            model.train()
            sums = {"rec": 0.0, "mot": 0.0, "disc": 0.0, "adv_entropy": 0.0, "mot_acc": 0.0, "disc_acc": 0.0}
            seen = 0
            for batch in _batches(lengths, cfg.batch_size, rng):
                if ctx.stop.requested:
                    ctx.log(f"adnet: stop requested at step {step}/{total}")
                    self.history.append({"epoch": epoch + 1, "partial": True, "steps": step})
                    return
                enc, lens, dec_in, target = batch_tensors([self.ids[i] for i in batch], d.pad_id, d.bos_id,
                                                          d.eos_id, self.device)
                y = y_all[batch].to(self.device)
                m, f = model.encode(enc, lens)
                # 1) the discriminator learns to read the label from m (the encoder is held still)
                for _ in range(cfg.disc_steps):
                    d_logits = model.discriminator(m.detach())
                    d_loss = F.cross_entropy(d_logits, y)
                    d_opt.zero_grad(set_to_none=True)
                    d_loss.backward()
                    d_opt.step()
                # 2) encoder + generator + motivator: reconstruct, put style in f, leave the discriminator guessing
                logits = model.reconstruction_logits(m, f, dec_in)
                rec = F.cross_entropy(logits.reshape(-1, logits.size(-1)), target.reshape(-1), ignore_index=d.pad_id)
                mot_logits = model.motivator(f)
                mot = F.cross_entropy(mot_logits, y)
                adv = entropy(model.discriminator(m))
                loss = rec + cfg.lambda_mot * mot - cfg.lambda_adv * adv
                opt.zero_grad(set_to_none=True)
                loss.backward()
                if cfg.grad_clip > 0:
                    torch.nn.utils.clip_grad_norm_(model.main_parameters(), cfg.grad_clip)
                opt.step()
                step += 1
                b = len(batch)
                seen += b
                sums["rec"] += float(rec.detach()) * b
                sums["mot"] += float(mot.detach()) * b
                sums["disc"] += float(d_loss.detach()) * b
                sums["adv_entropy"] += float(adv.detach()) * b
                sums["mot_acc"] += float((mot_logits.argmax(-1) == y).float().sum())
                sums["disc_acc"] += float((d_logits.argmax(-1) == y).float().sum())
                ctx.progress(self.name, step, total, loss=round(float(loss.detach()), 4), phase="train",
                             epoch=epoch + 1, rec=round(float(rec.detach()), 4))
            row = {"epoch": epoch + 1, **{k: round(v / max(seen, 1), 4) for k, v in sums.items()},
                   "elapsed_s": round(time.time() - t0, 1)}
            self.history.append(row)
            ctx.log(f"adnet epoch {epoch + 1}: reconstruction {row['rec']:.3f}, motivator acc {row['mot_acc']:.3f}, "
                    f"discriminator acc {row['disc_acc']:.3f}, discriminator entropy {row['adv_entropy']:.3f}",
                    **{k: v for k, v in row.items() if k != "epoch"})
            ctx.metric("adnet.train_reconstruction_loss", row["rec"], epoch=epoch + 1)
            ctx.metric("adnet.train_discriminator_accuracy", row["disc_acc"], epoch=epoch + 1)
            self._save_resume(ctx, opt, d_opt, rng, epoch + 1, time.time() - t0)

    # ------------------------------------------------------------ resume
    def _fingerprint(self) -> dict:
        """What a resume point must match: the model's shape, the data (sizes and a hash of the token ids) and
        the training settings; anything else starts training afresh."""
        if self._ids_hash is None:
            self._ids_hash = hashlib.sha256(json.dumps([self.ids, self.labels]).encode("utf-8")).hexdigest()
        # more epochs, another device or other probe settings go on from the same point
        settings = {k: v for k, v in self._settings().items()
                    if k not in ("epochs", "device", "probe_limit", "tsne_points")}
        return {"dims": self.dims.to_dict(), "data": self._ids_hash, "settings": settings}

    def _save_resume(self, ctx, opt, d_opt, rng, epochs_done: int, elapsed: float) -> None:
        """After each epoch: the model, both optimizers and the shuffling state, so a stopped run (STOP file, a
        time budget, a closed laptop) goes on from here when the same command runs again."""
        path = ctx.stage_dir(self.name) / RESUME_NAME
        state = {"fingerprint": self._fingerprint(), "epochs_done": epochs_done, "elapsed_s": elapsed,
                 "model": self.model.state_dict(), "opt": opt.state_dict(), "d_opt": d_opt.state_dict(),
                 "rng": rng.getstate(), "torch_rng": torch.get_rng_state(), "history": self.history}
        with atomic_temp_path(path) as tmp:
            torch.save(state, tmp)

    def _load_resume(self, ctx, opt, d_opt, rng) -> tuple[int, float] | None:
        path = ctx.stage_dir(self.name) / RESUME_NAME
        if not path.is_file():
            return None
        try:
            state = torch.load(path, map_location=self.device, weights_only=False)
            if state.get("fingerprint") != self._fingerprint():
                ctx.log(f"adnet: {RESUME_NAME} is from other data or settings: training from the start")
                return None
            self.model.load_state_dict(state["model"])
            opt.load_state_dict(state["opt"])
            d_opt.load_state_dict(state["d_opt"])
            rng.setstate(state["rng"])
            torch.set_rng_state(state["torch_rng"])
            self.history = [h for h in state["history"] if not h.get("partial")]
            return int(state["epochs_done"]), float(state["elapsed_s"])
        except (OSError, RuntimeError, ValueError, KeyError, TypeError, EOFError,
                pickle.UnpicklingError) as exc:   # a damaged file costs the progress, never the run
            ctx.log(f"adnet: {RESUME_NAME} cannot be read ({type(exc).__name__}: {exc}): training from the start")
            return None

    def vectors(self, texts: Sequence[str], ctx=None, phase: str = "encode") -> dict | None:
        """m, f, motivator/discriminator predictions and teacher-forced reconstruction stats for ``texts``;
        None when a stop was requested on the way."""
        ids, _cut = self._encode(texts)
        return self._vectors_of_ids(ids, ctx, phase)

    def _vectors_of_ids(self, ids: list[list[int]], ctx=None, phase: str = "encode") -> dict | None:
        d = self.dims
        self.model.eval()
        order = sorted(range(len(ids)), key=lambda i: len(ids[i]))
        m_out = np.zeros((len(ids), d.meaning_dim), dtype=np.float32)
        f_out = np.zeros((len(ids), d.style_dim), dtype=np.float32)
        mot = np.zeros(len(ids), dtype=np.int64)
        disc = np.zeros(len(ids), dtype=np.int64)
        nll, correct, tokens = 0.0, 0, 0
        bs = max(self.cfg.batch_size, 64)
        total = math.ceil(len(ids) / bs)
        with torch.no_grad():
            for k, i in enumerate(range(0, len(order), bs)):
                if ctx is not None:
                    if ctx.stop.requested:
                        return None
                    ctx.progress(self.name, k + 1, total, phase=phase)
                idx = order[i:i + bs]
                enc, lens, dec_in, target = batch_tensors([ids[j] for j in idx], d.pad_id, d.bos_id, d.eos_id,
                                                          self.device)
                m, f = self.model.encode(enc, lens)
                m_out[idx] = m.cpu().numpy()
                f_out[idx] = f.cpu().numpy()
                mot[idx] = self.model.motivator(f).argmax(-1).cpu().numpy()
                disc[idx] = self.model.discriminator(m).argmax(-1).cpu().numpy()
                logits = self.model.reconstruction_logits(m, f, dec_in)
                mask = target != d.pad_id
                logp = torch.log_softmax(logits.float(), -1).gather(-1, target.unsqueeze(-1)).squeeze(-1)
                nll -= float(logp[mask].sum())
                correct += int(((logits.argmax(-1) == target) & mask).sum())
                tokens += int(mask.sum())
        return {"m": m_out, "f": f_out, "motivator": mot, "discriminator": disc,
                "rec_nll": nll / max(tokens, 1), "rec_token_accuracy": correct / max(tokens, 1), "tokens": tokens}

    def _evaluate(self, ctx):
        cfg = self.cfg
        rng = random.Random(f"{self.seed}-probe")
        n = len(self.ids)
        keep = sorted(rng.sample(range(n), cfg.probe_limit)) if cfg.probe_limit and n > cfg.probe_limit \
            else list(range(n))
        probe_y = [self.labels[i] for i in keep]
        t0 = time.time()
        train_vec = self._vectors_of_ids([self.ids[i] for i in keep], ctx, "encode probe-train")
        if train_vec is None:
            return
        if len(set(probe_y)) < 2:
            raise InputError("adnet: the probe's training sample holds one class only (raise adnet.probe_limit)")
        sets: dict = {}
        vecs: dict = {}
        for name, (texts, labels) in self.eval_sets.items():
            v = self.vectors(texts, ctx, f"encode {name}")
            if v is None:
                return
            vecs[name] = v
            y = np.asarray(labels)
            style = probe(train_vec["f"], probe_y, v["f"], labels, self.seed)
            meaning = probe(train_vec["m"], probe_y, v["m"], labels, self.seed)
            both = probe(np.hstack([train_vec["m"], train_vec["f"]]), probe_y, np.hstack([v["m"], v["f"]]), labels,
                         self.seed)
            sets[name] = {
                "n": len(labels), "formal": int(y.sum()),
                "majority_baseline": majority_baseline(labels),
                "probe_style_accuracy": style["accuracy"], "probe_meaning_accuracy": meaning["accuracy"],
                "probe_both_accuracy": both["accuracy"],
                "probe_style_train_accuracy": style["train_accuracy"],
                "probe_meaning_train_accuracy": meaning["train_accuracy"],
                "motivator_accuracy": float((v["motivator"] == y).mean()),
                "discriminator_accuracy": float((v["discriminator"] == y).mean()),
                "reconstruction_token_accuracy": v["rec_token_accuracy"],
                "reconstruction_perplexity": float(math.exp(min(v["rec_nll"], 50.0))),
            }
            for key in ("probe_style_accuracy", "probe_meaning_accuracy", "majority_baseline",
                        "motivator_accuracy", "reconstruction_token_accuracy"):
                ctx.metric(f"{name}.{key}", sets[name][key])
            ctx.log(f"adnet {name}: probe on f {100 * style['accuracy']:.2f} %, on m {100 * meaning['accuracy']:.2f} %"
                    f" (majority {100 * sets[name]['majority_baseline']:.2f} %)")
        self.results = {"sets": sets, "probe_train": {"n": len(keep), "formal": int(sum(probe_y)),
                                                      "source": self.data_names},
                        "eval_s": round(time.time() - t0, 1)}
        self.tsne = None
        if cfg.tsne_points:
            self.tsne = self._tsne(ctx, vecs[self.primary], self.eval_sets[self.primary][1])

    def _tsne(self, ctx, v: dict, labels: Sequence[int]):
        rng = random.Random(f"{self.seed}-tsne")
        labels = list(labels)
        by_class = {c: [i for i, y in enumerate(labels) if y == c] for c in (0, 1)}
        per = self.cfg.tsne_points // 2
        idx = []
        for members in by_class.values():
            idx += rng.sample(members, min(per, len(members)))
        idx.sort()
        if len(idx) < 5:
            ctx.log(f"adnet: t-SNE skipped: {len(idx)} held-out points (need >= 5)")
            return None
        perplexity = float(min(self.cfg.tsne_perplexity, (len(idx) - 1) / 3))
        out = {"index": idx, "labels": [labels[i] for i in idx], "perplexity": perplexity}
        ctx.progress(self.name, 0, 2, phase="t-SNE")
        for k, key in enumerate(("f", "m")):
            if ctx.stop.requested:
                return None
            x = v[key][idx]
            out[key] = TSNE(n_components=2, perplexity=perplexity, init="pca", random_state=self.seed,
                            learning_rate="auto").fit_transform(x)
            ctx.progress(self.name, k + 1, 2, phase="t-SNE")
        return out

    # ---------------------------------------------------------------- save
    def save(self, ctx):
        out = ctx.stage_dir(self.name)
        state = {k: v.detach().cpu().contiguous() for k, v in self.model.state_dict().items()}
        with atomic_temp_path(out / "model.safetensors") as tmp:
            save_file(state, str(tmp))
        atomic_write_text(out / "tokenizer.json", self.tokenizer.to_str())
        atomic_write_json(out / "adnet.json", {"kind": "adnet", "dims": self.dims.to_dict(),
                                               "max_tokens": self.cfg.max_tokens, "data": self.data_names,
                                               "config": ctx.config.to_dict()})
        atomic_write_json(out / "history.json", {"history": self.history, "completed": self.completed})
        self.files = ["model.safetensors", "adnet.json", "tokenizer.json", "history.json"]
        if not self.completed or self.results is None:
            return
        (out / RESUME_NAME).unlink(missing_ok=True)   # finished: the resume point has served
        if self.tsne is not None:
            self._save_tsne(ctx, out)
        report = {"settings": self._settings(), "data": self.data_names, "train_sentences": len(self.ids),
                  "train_formal": int(sum(self.labels)), "truncated": self.truncated, "history": self.history,
                  **self.results}
        atomic_write_json(out / "report.json", report)
        atomic_write_text(out / "report.md", self._markdown(report))
        self.files += ["report.json", "report.md"]
        ctx.log(f"adnet report: {out / 'report.md'}", report=str(out / "report.md"))

    def _save_tsne(self, ctx, out: Path):
        t = self.tsne
        rows = ["label\tstyle_x\tstyle_y\tmeaning_x\tmeaning_y"]
        for k, lab in enumerate(t["labels"]):
            rows.append(f"{lab}\t{t['f'][k, 0]:.4f}\t{t['f'][k, 1]:.4f}\t{t['m'][k, 0]:.4f}\t{t['m'][k, 1]:.4f}")
        atomic_write_text(out / "tsne.tsv", "\n".join(rows) + "\n")
        self.files.append("tsne.tsv")
        s = self.results["sets"][self.primary]
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            ctx.log("adnet: matplotlib is not installed (pip install 'keigo[train]'): t-SNE plots not drawn; "
                    "coordinates are in tsne.tsv")
            return
        for key, fname, what, acc in (("f", "tsne_style.png", "style vector f", s["probe_style_accuracy"]),
                                      ("m", "tsne_meaning.png", "meaning vector m", s["probe_meaning_accuracy"])):
            title = (f"ADNet {what}, {self.primary} ({len(t['labels'])} sentences)\n"
                     f"logistic probe {100 * acc:.1f} % (majority {100 * s['majority_baseline']:.1f} %)")
            plot_tsne(t[key], t["labels"], title, out / fname)
            self.files.append(fname)

    def _settings(self) -> dict:
        return {**dataclasses.asdict(self.cfg), "vocab": self.dims.vocab_size,
                "parameters": sum(p.numel() for p in self.model.parameters()), "device": str(self.device),
                "seed": self.seed}

    def _markdown(self, report: dict) -> str:
        cfg = self.cfg
        lines = [f"# ADNet: meaning/style decomposition ({cfg.data})", "",
                 ("Romanov et al. 2019 / Dugan 2020. A logistic-regression probe (standardised features) is fitted "
                 "on the vectors of training sentences and scored on held-out sentences. The style vector f should "
                 "predict formality; the meaning vector m should sit near the majority baseline."), "",
                 (f"Training data: {'; '.join(report['data'])}; {report['train_sentences']} sentences "
                 f"({report['train_formal']} formal), {report['truncated']} cut to {cfg.max_tokens} tokens."),
                 (f"Probe fitted on {report['probe_train']['n']} training sentences "
                 f"({report['probe_train']['formal']} formal)."), "",
                 ("| set | n | majority | probe on f | probe on m | probe on [m; f] | motivator | discriminator "
                 "| reconstruction token acc | reconstruction ppl |"),
                 "|---|---|---|---|---|---|---|---|---|---|"]
        for name, s in report["sets"].items():
            lines.append(f"| {name} | {s['n']} | {100 * s['majority_baseline']:.2f} | "
                         f"**{100 * s['probe_style_accuracy']:.2f}** | {100 * s['probe_meaning_accuracy']:.2f} | "
                         f"{100 * s['probe_both_accuracy']:.2f} | {100 * s['motivator_accuracy']:.2f} | "
                         f"{100 * s['discriminator_accuracy']:.2f} | {100 * s['reconstruction_token_accuracy']:.2f} | "
                         f"{s['reconstruction_perplexity']:.2f} |")
        lines += ["", ("Percentages. Motivator and discriminator: ADNet's own heads (on f and on m). "
                  "Reconstruction: teacher-forced, tokens + end of sentence."), ""]
        if cfg.data == "jfc" and "gyafc_tune" in report["sets"]:
            lines += ["gyafc_tune is a cross-domain check: the probe is fitted on JFC vectors.", ""]
        lines += ["## Training", "", ("| epoch | reconstruction loss | motivator loss | motivator acc | "
                  "discriminator loss | discriminator acc | discriminator entropy | elapsed s |"),
                  "|---|---|---|---|---|---|---|---|"]
        for h in report["history"]:
            if h.get("partial"):
                continue
            lines.append(f"| {h['epoch']} | {h['rec']:.4f} | {h['mot']:.4f} | {h['mot_acc']:.4f} | {h['disc']:.4f} | "
                         f"{h['disc_acc']:.4f} | {h['adv_entropy']:.4f} | {h['elapsed_s']} |")
        st = report["settings"]
        lines += ["", "## Settings", "",
                  (f"emb {cfg.emb_dim}, GRU hidden {cfg.hidden}, meaning {cfg.meaning_dim}, style {cfg.style_dim}, "
                  f"vocabulary {st['vocab']}, {st['parameters']} parameters; epochs {cfg.epochs}, batch "
                  f"{cfg.batch_size}, lr {cfg.lr} (discriminator {cfg.disc_lr}, {cfg.disc_steps} update(s) per step), "
                  f"lambda_mot {cfg.lambda_mot}, lambda_adv {cfg.lambda_adv} (adversarial term: the discriminator's "
                  f"entropy on m, maximised by the encoder), dropout {cfg.dropout}, seed {st['seed']}, device "
                  f"{st['device']}."), ""]
        if self.tsne is not None:
            lines += ["## t-SNE", "",
                      (f"{len(self.tsne['labels'])} sentences of {self.primary} (balanced sample), perplexity "
                      f"{self.tsne['perplexity']:.1f}: `tsne_style.png` (f), `tsne_meaning.png` (m); coordinates in "
                      "`tsne.tsv`."), ""]
        return "\n".join(lines)

    def summary(self):
        if not self.results:
            return {"files": self.files}
        return {"files": self.files, "primary": self.primary,
                "metrics": {k: {kk: v[kk] for kk in ("probe_style_accuracy", "probe_meaning_accuracy",
                                                     "majority_baseline")}
                            for k, v in self.results["sets"].items()}}


def load_adnet(model_dir: Path):
    """(ADNet in eval mode, tokenizer, adnet.json contents) from a run_dir/adnet/ folder, nothing else needed."""
    model_dir = Path(model_dir)
    for name in ("adnet.json", "model.safetensors", "tokenizer.json"):
        if not (model_dir / name).is_file():
            raise InputError(f"{model_dir / name} not found: not an ADNet folder")
    try:
        meta = json.loads((model_dir / "adnet.json").read_text(encoding="utf-8"))
        dims = ADNetDims(**meta["dims"])
    except (ValueError, KeyError, TypeError) as exc:
        raise InputError(f"{model_dir / 'adnet.json'} is not a valid ADNet description: {exc}") from None
    model = ADNet(dims)
    model.load_state_dict(load_file(str(model_dir / "model.safetensors")))
    model.eval()
    return model, Tokenizer.from_file(str(model_dir / "tokenizer.json")), meta
