"""Seq2seq building blocks shared by the rewriter, BT, POS and consistency stages: BPE tokenizer, BART-style
model, training loop, checkpoints, validation sets and the bridge from training callbacks to run events.

torch, transformers and safetensors are imported inside the functions that use them: they are heavy, and the
validation helpers and the settings here are used without them (tests, config checks).
"""

from __future__ import annotations

import json
import math
import random
import shutil
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path

from tokenizers import Tokenizer, decoders, models, pre_tokenizers, processors, trainers

from engine.case_markers import MARKERS, CaseCodec
from engine.fsio import atomic_replace_dir, atomic_temp_path
from engine.rules import RuleFormalizer
from training import distributed
from training.config.sections import Seq2SeqPhase, Seq2SeqTraining
from training.evaluate import corpus_bleu, read_gyafc_tune
from training.model_sizes import MODEL_SIZES  # also part of this module's interface (MODEL_SIZES by name)

SPECIAL_TOKENS = ["<s>", "<pad>", "</s>", "<unk>", "<mask>"]  # ids 0..4, BART's order
BOS_ID, PAD_ID, EOS_ID, UNK_ID, MASK_ID = range(5)

# --------------------------------------------------------------------------- tokenizer

def train_tokenizer(texts: Iterable[str], vocab_size: int, out_dir: Path, min_frequency: int = 2):
    """Train a byte-level BPE on `texts`, save it loadable by both `tokenizers` and transformers."""
    from transformers import PreTrainedTokenizerFast

    tok = Tokenizer(models.BPE(unk_token="<unk>"))
    # No prefix space: the engine decodes with tokenizer.json alone and must not get a leading blank.
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=max(vocab_size, len(SPECIAL_TOKENS) + 256 + 1),
        min_frequency=min_frequency,
        special_tokens=SPECIAL_TOKENS,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    tok.train_from_iterator(texts, trainer=trainer)
    tok.post_processor = processors.TemplateProcessing(
        single="$A </s>", pair="$A </s> $B </s>", special_tokens=[("</s>", EOS_ID)])
    for i, t in enumerate(SPECIAL_TOKENS):
        if tok.token_to_id(t) != i:
            raise RuntimeError(f"special token {t} got id {tok.token_to_id(t)}, expected {i}")
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tok, bos_token="<s>", eos_token="</s>", pad_token="<pad>",
        unk_token="<unk>", mask_token="<mask>", model_max_length=1024)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    fast.save_pretrained(str(out_dir))
    return fast


def load_tokenizer(path: Path | str):
    from transformers import AutoTokenizer, PreTrainedTokenizerFast

    path = Path(path)
    if (path / "tokenizer.json").is_file() and not (path / "spiece.model").exists():
        try:
            return AutoTokenizer.from_pretrained(str(path))
        except (OSError, ValueError, KeyError):
            return PreTrainedTokenizerFast(tokenizer_file=str(path / "tokenizer.json"))
    return AutoTokenizer.from_pretrained(str(path))


def case_codec(tokenizer) -> CaseCodec | None:
    """The case-marker codec of a tokenizer that holds the marker tokens (an uncased WordPiece one, see
    training.bert2bart), else None: such a model reads marked sources and writes markers."""
    added = tokenizer.get_added_vocab() if hasattr(tokenizer, "get_added_vocab") else {}
    if not all(m in added for m in MARKERS):
        return None
    return CaseCodec(tokenizer.backend_tokenizer)


# --------------------------------------------------------------------------- model

def set_generation_defaults(model, *, start_id: int, eos_id: int, pad_id: int, max_new_tokens: int) -> None:
    """The generation config every rewriter we build carries (the export writes it beside the graphs): greedy,
    start/end/pad ids, no forced BOS, a new-token cap and no length or n-gram rules of its own."""
    gc = model.generation_config
    gc.decoder_start_token_id = start_id
    gc.bos_token_id, gc.eos_token_id, gc.pad_token_id = start_id, eos_id, pad_id
    gc.forced_bos_token_id = None
    gc.forced_eos_token_id = eos_id
    gc.num_beams = 1
    gc.max_new_tokens = max_new_tokens
    gc.max_length = None
    gc.early_stopping = False  # only meaningful with beams; generate() callers pass it
    gc.no_repeat_ngram_size = 0


def build_model(size: str, vocab_size: int, max_positions: int = 256, dropout: float | None = None):
    """A BART-architecture encoder-decoder of the named size, random weights, shared embeddings."""
    from transformers import BartConfig, BartForConditionalGeneration

    if size not in MODEL_SIZES:
        raise ValueError(f"unknown model size {size!r}; choose one of {sorted(MODEL_SIZES)}")
    dims = dict(MODEL_SIZES[size])
    if dropout is not None:
        dims["dropout"] = dropout
    cfg = BartConfig(
        vocab_size=vocab_size, max_position_embeddings=max_positions,
        attention_dropout=dims["dropout"], activation_dropout=0.0,
        pad_token_id=PAD_ID, bos_token_id=BOS_ID, eos_token_id=EOS_ID,
        decoder_start_token_id=BOS_ID, forced_bos_token_id=None, forced_eos_token_id=EOS_ID,
        scale_embedding=True, tie_word_embeddings=True, **dims)
    model = BartForConditionalGeneration(cfg)
    set_generation_defaults(model, start_id=BOS_ID, eos_id=EOS_ID, pad_id=PAD_ID, max_new_tokens=128)
    return model


def load_model(path: Path | str):
    from transformers import AutoModelForSeq2SeqLM

    return AutoModelForSeq2SeqLM.from_pretrained(str(path))


# --------------------------------------------------------------------------- data

@dataclass
class Example:
    src: list[int]
    tgt: list[int]


def encode_pairs(tokenizer, pairs: Sequence[tuple[str, str]], max_len: int, prefix: str = "") -> list[Example]:
    """Tokenize pairs (eos appended by the post-processor); pairs longer than max_len are dropped."""
    if not pairs:
        return []
    srcs = tokenizer([prefix + s for s, _ in pairs], add_special_tokens=True)["input_ids"]
    tgts = tokenizer(text_target=[t for _, t in pairs], add_special_tokens=True)["input_ids"]
    out = []
    for s, t in zip(srcs, tgts):
        if 1 < len(s) <= max_len and 1 < len(t) <= max_len:
            out.append(Example(s, t))
    return out


def make_batches(examples: Sequence[Example], max_tokens: int, rng: random.Random,
                 shuffle: bool = True) -> list[list[int]]:
    """Token-based batches: sort by length (with jitter), cut when padded size would exceed max_tokens."""
    order = sorted(range(len(examples)),
                   key=lambda i: (max(len(examples[i].src), len(examples[i].tgt)) + (rng.random() if shuffle else 0)))
    batches, cur, cur_max = [], [], 0
    for i in order:
        n = max(len(examples[i].src), len(examples[i].tgt))
        if cur and max(cur_max, n) * (len(cur) + 1) > max_tokens:
            batches.append(cur)
            cur, cur_max = [], 0
        cur.append(i)
        cur_max = max(cur_max, n)
    if cur:
        batches.append(cur)
    if shuffle:
        rng.shuffle(batches)
    return batches


def collate(examples: Sequence[Example], idx: Sequence[int], pad_id: int):
    import torch

    src = [examples[i].src for i in idx]
    tgt = [examples[i].tgt for i in idx]
    ls, lt = max(map(len, src)), max(map(len, tgt))
    input_ids = torch.full((len(idx), ls), pad_id, dtype=torch.long)
    attn = torch.zeros((len(idx), ls), dtype=torch.long)
    labels = torch.full((len(idx), lt), -100, dtype=torch.long)
    for r, (s, t) in enumerate(zip(src, tgt)):
        input_ids[r, :len(s)] = torch.tensor(s)
        attn[r, :len(s)] = 1
        labels[r, :len(t)] = torch.tensor(t)
    return input_ids, attn, labels


# --------------------------------------------------------------------------- generation

def generate(model, tokenizer, sentences: Sequence[str], *, beam: int = 1, max_new_tokens: int = 64,
             batch_size: int = 64, prefix: str = "", max_source_tokens: int = 128,
             num_return_sequences: int = 1) -> list[str]:
    """Rewrite sentences in order; over-long or empty inputs are returned unchanged (never truncated). A tokenizer
    with case markers (``case_codec``) gets marked sources and its output decoded as the engine decodes it."""
    import torch

    if not sentences:
        return []
    model.eval()
    codec = case_codec(tokenizer)
    out: list[str | list[str]] = [None] * len(sentences)  # type: ignore[list-item]
    marked = [codec.mark(s) for s in sentences] if codec is not None else list(sentences)
    enc = tokenizer([prefix + s for s in marked], add_special_tokens=True)["input_ids"]
    todo = [i for i, ids in enumerate(enc) if sentences[i].strip() and len(ids) <= max_source_tokens]
    todo_set = set(todo)
    for i in range(len(sentences)):
        if i not in todo_set:
            out[i] = sentences[i] if num_return_sequences == 1 else [sentences[i]] * num_return_sequences
    todo.sort(key=lambda i: len(enc[i]))
    pad = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else PAD_ID
    device = next(model.parameters()).device  # inputs must follow the model (CUDA validation)
    with torch.inference_mode():
        for b in range(0, len(todo), batch_size):
            idx = todo[b:b + batch_size]
            L = max(len(enc[i]) for i in idx)
            ids = torch.full((len(idx), L), pad, dtype=torch.long)
            attn = torch.zeros((len(idx), L), dtype=torch.long)
            for r, i in enumerate(idx):
                ids[r, :len(enc[i])] = torch.tensor(enc[i])
                attn[r, :len(enc[i])] = 1
            gen = model.generate(input_ids=ids.to(device), attention_mask=attn.to(device), num_beams=beam,
                                 num_return_sequences=num_return_sequences, do_sample=False,
                                 max_new_tokens=max_new_tokens, early_stopping=beam > 1)
            if codec is not None:
                eos = model.generation_config.eos_token_id
                texts = [codec.decode(_until(row.tolist(), eos), sentences[idx[r // num_return_sequences]])
                         for r, row in enumerate(gen)]
            else:
                texts = tokenizer.batch_decode(gen, skip_special_tokens=True)
            texts = [t.strip() for t in texts]
            for r, i in enumerate(idx):
                if num_return_sequences == 1:
                    out[i] = texts[r]
                else:
                    out[i] = texts[r * num_return_sequences:(r + 1) * num_return_sequences]
    return out  # type: ignore[return-value]


def _until(ids: list[int], eos) -> list[int]:
    """The generated ids before the first end token (what the engine decodes)."""
    ends = set(eos) if isinstance(eos, list) else {eos}
    for k, t in enumerate(ids[1:], start=1):  # ids[0] is the decoder start
        if t in ends:
            return ids[:k]
    return ids


# --------------------------------------------------------------------------- validation data

@dataclass
class ValidSet:
    name: str
    sources: list[str]
    refs: list[list[str]]   # per source

    def subset(self, n: int, seed: int = 0) -> ValidSet:
        if n <= 0 or n >= len(self.sources):
            return self
        idx = sorted(random.Random(seed).sample(range(len(self.sources)), n))
        return ValidSet(self.name, [self.sources[i] for i in idx], [self.refs[i] for i in idx])


def load_valid_sets(ctx, domains: Sequence[str], preprocess: Callable[[str], str] | None = None) -> list[ValidSet]:
    """The GYAFC tune sets of ``domains`` (capped by data.max_sentences), sources run through ``preprocess``."""
    sets = []
    for d in domains:
        src, refs = read_gyafc_tune(ctx.data_root(), d)
        limit = ctx.config.section("data").max_sentences
        if limit:
            src, refs = src[:limit], refs[:limit]
        if preprocess is not None:
            src = [preprocess(s) for s in src]
        sets.append(ValidSet(d, src, refs))
    return sets


def rules_preprocessor() -> Callable[[str], str]:
    """The rule formalizer as a source pre-processor (rewriter.preprocess = "rules": train and serve alike)."""
    return RuleFormalizer().formalize


def rules_fingerprint() -> str:
    """What the rule formalizer's output depends on, as a digest: its code and the lexicons it reads."""
    import hashlib

    import engine.rules as rules_module
    from engine.paths import assets_dir

    h = hashlib.sha256(Path(rules_module.__file__).read_bytes())
    for p in sorted((assets_dir() / "lexicons").iterdir()):
        if p.is_file():
            h.update(p.name.encode())
            h.update(p.read_bytes())
    return h.hexdigest()


def preformalized(pre: Callable[[str], str], sources: Sequence[str], cache: Path, *, resuming: bool,
                  log: Callable[[str], None] = lambda message: None) -> list[str]:
    """``pre`` applied to every source, kept in ``cache`` (one JSON string per line, its key beside it in
    ``<cache>.json``): the rule pass over a few hundred thousand augmented sentences takes a quiet CPU 10-15 minutes,
    which each resume of a long run would spend again. The cache is used when it was made from the same sources by
    the same rules; a run that is ``resuming`` keeps its own even after the rules changed, so that it goes on
    training on the data it began with (logged)."""
    import hashlib

    h = hashlib.sha256()
    for s in sources:
        h.update(s.encode("utf-8", "surrogatepass"))
        h.update(b"\n")
    key = {"sources": h.hexdigest(), "count": len(sources), "rules": rules_fingerprint()}
    meta_path = cache.with_name(cache.name + ".json")
    try:
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
        if meta.get("sources") == key["sources"] and meta.get("count") == key["count"] and (
                meta.get("rules") == key["rules"] or resuming):
            with open(cache, encoding="utf-8") as fh:
                out = [json.loads(line) for line in fh]
            if len(out) == len(sources) and all(isinstance(o, str) for o in out):
                if meta.get("rules") != key["rules"]:
                    log(f"{cache.name}: the rules changed since this run began; it keeps the sources they gave then")
                return out
    except (OSError, ValueError, AttributeError):
        pass  # no cache, or a damaged one: made again
    out = [pre(s) for s in sources]
    cache.parent.mkdir(parents=True, exist_ok=True)
    with atomic_temp_path(cache) as tmp, open(tmp, "w", encoding="utf-8") as fh:
        fh.writelines(json.dumps(o, ensure_ascii=False) + "\n" for o in out)
    with atomic_temp_path(meta_path) as tmp:
        Path(tmp).write_text(json.dumps(key), encoding="utf-8")
    return out


def event_bridge(ctx, stage: str, phase: str) -> Callable[..., None]:
    """Turn ``train``'s on_event callbacks into run-context events (progress, metric, log)."""
    def on_event(event, **kw):
        if event == "progress":
            ctx.progress(stage, kw.pop("step"), kw.pop("total", None), phase=phase, **kw)
        elif event == "metric":
            ctx.emit("metric", phase=phase, **kw)
        else:
            ctx.log(kw.get("message", ""), phase=phase)
    return on_event


def evaluate_bleu(model, tokenizer, sets: Sequence[ValidSet], *, beam: int = 1, max_new_tokens: int = 64,
                  prefix: str = "", preprocess: Callable[[str], str] | None = None,
                  batch_size: int = 64) -> dict[str, float]:
    scores = {}
    for vs in sets:
        src = [preprocess(s) for s in vs.sources] if preprocess else vs.sources
        hyps = generate(model, tokenizer, src, beam=beam, max_new_tokens=max_new_tokens,
                        prefix=prefix, batch_size=batch_size)
        scores[vs.name] = corpus_bleu(hyps, vs.refs)
    if scores:
        scores["mean"] = sum(scores[v.name] for v in sets) / len(sets)
    return scores


# --------------------------------------------------------------------------- optimizer state (no pickle)

def save_optimizer(opt, sched_step: int, path: Path, extra: dict | None = None) -> None:
    """Adam state as safetensors + JSON, so resuming never unpickles anything."""
    from safetensors.torch import save_file

    sd = opt.state_dict()
    tensors, scalars = {}, {}
    for pid, st in sd["state"].items():
        for k, v in st.items():
            if hasattr(v, "shape"):
                tensors[f"{pid}.{k}"] = v.detach().contiguous().clone()
            else:
                scalars[f"{pid}.{k}"] = v
    path.mkdir(parents=True, exist_ok=True)
    save_file(tensors, str(path / "optimizer.safetensors"))
    meta = {"param_groups": sd["param_groups"], "scalars": scalars, "step": sched_step, "extra": extra or {}}
    (path / "trainer_state.json").write_text(json.dumps(meta), encoding="utf-8")


def load_optimizer(opt, path: Path) -> dict:
    from safetensors.torch import load_file

    meta = json.loads((path / "trainer_state.json").read_text(encoding="utf-8"))
    tensors = load_file(str(path / "optimizer.safetensors"))
    state: dict = {}
    for key, v in tensors.items():
        pid, k = key.split(".", 1)
        state.setdefault(int(pid), {})[k] = v
    for key, v in meta["scalars"].items():
        pid, k = key.split(".", 1)
        state.setdefault(int(pid), {})[k] = v
    opt.load_state_dict({"state": state, "param_groups": meta["param_groups"]})
    return meta


# --------------------------------------------------------------------------- training

def cpu_has_bf16() -> bool:
    """True when this CPU computes bf16 natively (AVX-512 BF16 or AMX): autocast then pays 1.4-1.8x."""
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="replace") as fh:
            flags = next((line for line in fh if line.startswith("flags")), "")
    except OSError:
        return False
    return any(f in flags.split() for f in ("avx512_bf16", "amx_bf16"))


def use_bf16(precision: str, device) -> bool:
    """Resolve a precision setting (auto | fp32 | bf16) for a torch device."""
    if precision not in ("auto", "fp32", "bf16"):
        raise ValueError(f"precision must be auto, fp32 or bf16, got {precision!r}")
    if precision != "auto":
        return precision == "bf16"
    if getattr(device, "type", str(device)) == "cuda":
        import torch

        return bool(torch.cuda.is_bf16_supported())
    return cpu_has_bf16()

@dataclass
class TrainSettings:
    lr: float = 5e-4
    warmup_steps: int = 4000
    max_tokens: int = 4096
    max_steps: int = 100000
    max_epochs: int = 50
    max_minutes: float = 0.0         # 0 = no time budget; wall-clock training minutes, summed over resumes
    label_smoothing: float = 0.1
    clip_norm: float = 1.0
    weight_decay: float = 0.0
    valid_every: int = 1000
    valid_subset: int = 0            # 0 = the whole tune sets
    valid_beam: int = 1
    max_new_tokens: int = 64
    patience: int = 10               # validations without improvement before stopping
    seed: int = 1
    log_every: int = 50
    prefix: str = ""
    precision: str = "auto"          # auto | fp32 | bf16 (autocast); auto = bf16 where the hardware has it
    keep_checkpoints: int = 0        # weights of the last k validations in out_dir/checkpoints, for averaging
    extra: dict = field(default_factory=dict)

    @classmethod
    def from_config(cls, training: Seq2SeqTraining, phase: Seq2SeqPhase, *, seed: int, prefix: str = "",
                    **changes) -> TrainSettings:
        """The settings of one run from a config section: its shared training fields and a phase's budget."""
        values = {f.name: getattr(training, f.name) for f in fields(Seq2SeqTraining)}
        values.update({f.name: getattr(phase, f.name) for f in fields(Seq2SeqPhase)})
        return cls(**values, seed=seed, prefix=prefix, **changes)


@dataclass
class TrainResult:
    best_bleu: float
    best_step: int
    steps: int
    epochs: float
    stopped: bool
    history: list[dict]
    seconds: float


def save_checkpoint(model, tokenizer, target: Path, extra_files: dict[str, str] | None = None) -> None:
    """save_pretrained into a staging folder beside ``target``, then swap it in (engine.fsio), so a reader never
    sees half a checkpoint."""
    target = Path(target)
    tmp = target.with_name(target.name + ".tmp")
    if tmp.exists():
        shutil.rmtree(tmp)
    model.save_pretrained(str(tmp), safe_serialization=True)
    if tokenizer is not None:
        tokenizer.save_pretrained(str(tmp))
    for name, text in (extra_files or {}).items():
        (tmp / name).write_text(text, encoding="utf-8")
    atomic_replace_dir(tmp, target)


CHECKPOINTS_DIR = "checkpoints"


def save_rolling_checkpoint(model, folder: Path, step: int, keep: int) -> None:
    """Weights only (safetensors, written then renamed), as step-NNNNNNN.safetensors; the oldest beyond
    `keep` are removed. These are what `average_checkpoints` averages."""
    from safetensors.torch import save_file

    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"step-{step:07d}.safetensors"
    state = {k: v.detach().float().contiguous().clone() for k, v in model.state_dict().items()}
    # tied weights share storage; safetensors refuses duplicates, and loading re-ties them anyway
    seen, unique = set(), {}
    for k, v in state.items():
        key = model.state_dict()[k].data_ptr()
        if key in seen:
            continue
        seen.add(key)
        unique[k] = v
    with atomic_temp_path(target) as tmp:
        save_file(unique, str(tmp))
    for old in sorted(folder.glob("step-*.safetensors"))[:-keep]:
        old.unlink(missing_ok=True)


def average_checkpoints(train_dir: Path, out_dir: Path, k: int = 5) -> list[str]:
    """Average the weights of the last k rolling checkpoints of a training folder (one with `last/` and
    `checkpoints/`) into out_dir, a complete checkpoint (config and tokenizer from `last/`). Returns the
    names of the averaged files."""
    import torch
    from safetensors.torch import load_file
    from transformers import AutoModelForSeq2SeqLM

    train_dir, out_dir = Path(train_dir), Path(out_dir)
    files = sorted((train_dir / CHECKPOINTS_DIR).glob("step-*.safetensors"))[-k:] if k > 0 else []
    if not files:
        raise FileNotFoundError(f"no rolling checkpoints in {train_dir / CHECKPOINTS_DIR} "
                                "(train with keep_checkpoints > 0)")
    if not (train_dir / "last").is_dir():
        raise FileNotFoundError(f"no checkpoint in {train_dir / 'last'} to take the config and tokenizer from")
    total: dict[str, torch.Tensor] = {}
    for f in files:
        for name, t in load_file(str(f)).items():
            total[name] = total[name] + t.double() if name in total else t.double()
    model = AutoModelForSeq2SeqLM.from_pretrained(str(train_dir / "last"))
    own = model.state_dict()
    missing = [n for n in total if n not in own]
    if missing:
        raise ValueError(f"checkpoint {files[-1].name} does not match the model in last/: {missing[:3]}")
    averaged = {n: (t / len(files)).to(own[n].dtype) for n, t in total.items()}
    model.load_state_dict(averaged, strict=False)
    model.tie_weights()
    tokenizer = load_tokenizer(train_dir / "last") if (train_dir / "last" / "tokenizer.json").is_file() else None
    save_checkpoint(model, tokenizer, out_dir,
                    extra_files={"AVERAGED.json": json.dumps({"checkpoints": [f.name for f in files]}, indent=1)})
    return [f.name for f in files]


def train(model, tokenizer, train_examples: Sequence[Example], valid_sets: Sequence[ValidSet],
          settings: TrainSettings, out_dir: Path, *,
          should_stop: Callable[[], bool] = lambda: False,
          on_event: Callable[..., None] = lambda event, **kw: None,
          resume: bool = True, param_groups: list[dict] | None = None) -> TrainResult:
    """Train with label smoothing, inverse-sqrt schedule, token batches; keep out_dir/best, out_dir/last.

    Validation (greedy BLEU on the tune sets) picks the best checkpoint; training stops at max_steps,
    max_epochs, the time budget, `patience` validations without gain, or when should_stop() is true.

    Data-parallel (torchrun / accelerate launch, ``training.distributed``): every rank draws the same batches and
    trains on its share of each, DistributedDataParallel all-reduces the gradients, and the loss is the global
    batch's token mean, so a step is the one-process step. should_stop must then agree between the ranks
    (``StopToken.sync``). Rank 0 validates, decides early stopping for all and alone writes out_dir; every rank
    resumes from out_dir/last (a folder all machines see).

    ``param_groups``: optimiser groups ``{"params": [...], "lr_scale": x}`` (each group's learning rate is the
    schedule's times its scale, e.g. a lower one for pretrained weights); None = every parameter at scale 1.
    """
    import torch
    import torch.nn.functional as F

    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    if not train_examples:
        raise ValueError("no training pairs")
    torch.manual_seed(settings.seed)
    rng = random.Random(settings.seed)
    world = distributed.current()
    device = next(model.parameters()).device
    bf16 = use_bf16(settings.precision, device)
    groups = param_groups if param_groups is not None else [{"params": list(model.parameters()), "lr_scale": 1.0}]
    opt = torch.optim.Adam(groups, lr=settings.lr, betas=(0.9, 0.98), eps=1e-8, weight_decay=settings.weight_decay)
    warm = max(1, settings.warmup_steps)

    def lr_at(step: int) -> float:  # inverse square root with linear warm-up
        step = max(step, 1)
        return settings.lr * min(step / warm, math.sqrt(warm / step))

    step, best, best_step, bad, epoch_pos, history = 0, -1.0, 0, 0, 0.0, []
    cpu_hours_before = train_s_before = 0.0
    last_dir, best_dir = out_dir / "last", out_dir / "best"
    if resume and (last_dir / "trainer_state.json").is_file():
        from transformers import AutoModelForSeq2SeqLM

        loaded = AutoModelForSeq2SeqLM.from_pretrained(str(last_dir))
        model.load_state_dict(loaded.state_dict())
        meta = load_optimizer(opt, last_dir)
        cpu_hours_before = meta.get("extra", {}).get("cpu_hours", 0.0)
        # the time budget (max_minutes) is the run's, spent over every stretch it trained in; a resume point
        # saved before this was kept starts its budget afresh
        train_s_before = meta.get("extra", {}).get("train_seconds", 0.0)
        step = meta["step"]
        ex = meta.get("extra", {})
        best, best_step, bad = ex.get("best", -1.0), ex.get("best_step", 0), ex.get("bad", 0)
        epoch_pos, history = ex.get("epochs", 0.0), ex.get("history", [])
        rng.seed(settings.seed + step)
        on_event("log", message=f"resumed from step {step} (best {best:.2f} at {best_step})")

    def cpu_hours() -> float:
        # process CPU time (all threads), summed over resumed runs: the x axis of the learning curves
        return cpu_hours_before + (time.process_time() - cpu0) / 3600

    def train_seconds() -> float:  # wall-clock seconds of training, summed over resumed runs
        return train_s_before + time.time() - t0

    def save_last():
        if not world.is_main:
            return
        if settings.keep_checkpoints > 0:
            save_rolling_checkpoint(model, out_dir / CHECKPOINTS_DIR, step, settings.keep_checkpoints)
        save_checkpoint(model, tokenizer, last_dir)
        save_optimizer(opt, step, last_dir, {"best": best, "best_step": best_step, "bad": bad,
                                             "epochs": epoch_pos, "history": history,
                                             "cpu_hours": cpu_hours(), "train_seconds": train_seconds(),
                                             "precision": "bf16" if bf16 else "fp32"})

    def validate() -> bool:
        nonlocal best, best_step, bad
        if not world.is_main:
            return False  # rank 0's decision reaches the others through distributed.main_flag
        if not valid_sets:
            save_checkpoint(model, tokenizer, best_dir)
            best_step = step
            return False
        sets = [v.subset(settings.valid_subset) for v in valid_sets]
        scores = evaluate_bleu(model, tokenizer, sets, beam=settings.valid_beam,
                               max_new_tokens=settings.max_new_tokens, prefix=settings.prefix)
        model.train()
        rec = {"step": step, "epochs": round(epoch_pos, 3), **{k: round(v, 2) for k, v in scores.items()},
               "elapsed_s": round(train_seconds(), 1), "cpu_hours": round(cpu_hours(), 4)}
        history.append(rec)
        with open(out_dir / "curve.jsonl", "a", encoding="utf-8") as fh:  # the learning curve, one line a check
            fh.write(json.dumps(rec) + "\n")
        on_event("metric", step=step, **{f"bleu_{k}": v for k, v in scores.items()})
        if scores["mean"] > best:
            best, best_step, bad = scores["mean"], step, 0
            save_checkpoint(model, tokenizer, best_dir)
        else:
            bad += 1
        return bad >= settings.patience

    t0 = time.time()
    cpu0 = time.process_time()
    model.train()
    net = distributed.wrap(model)  # the model itself in one process
    stopped, done = False, False
    if step > 0:
        # a run resumed after it had already ended (its steps, epochs, time budget or patience spent) is over:
        # training on would add a step and a validation, and could change best/ under what was built from it
        ended = [why for why, hit in (
            ("max_steps", step >= settings.max_steps),
            ("max_epochs", math.floor(epoch_pos + 1e-9) >= settings.max_epochs),
            ("max_minutes", settings.max_minutes > 0 and train_s_before > settings.max_minutes * 60),
            ("patience", bad >= settings.patience)) if hit]
        if ended:
            on_event("log", message=f"training had already ended at step {step} ({', '.join(ended)}): kept as is")
            done = True
    ema_loss, tokens_seen = None, 0
    while not done:
        batches = make_batches(train_examples, settings.max_tokens, rng)
        len(batches)
        start = round((epoch_pos % 1.0) * len(batches))
        for bi in range(start, len(batches)):
            if should_stop():
                stopped, done = True, True
                break
            idx, real = distributed.shard(batches[bi]) if world.distributed else (batches[bi], True)
            input_ids, attn, labels = (t.to(device) for t in collate(train_examples, idx, tokenizer.pad_token_id))
            if not real:
                labels = torch.full_like(labels, -100)  # a rank without a share computes, but adds nothing
            dec_in = model.prepare_decoder_input_ids_from_labels(labels=labels)
            for g in opt.param_groups:
                g["lr"] = lr_at(step + 1) * g.get("lr_scale", 1.0)
            with torch.autocast(device.type, dtype=torch.bfloat16, enabled=bf16):
                logits = net(input_ids=input_ids, attention_mask=attn, decoder_input_ids=dec_in).logits
            if world.distributed:
                # the global batch's token mean: summed here, divided by every rank's tokens; DDP averages the
                # gradients over the ranks, so the world size comes back in
                loss_sum = F.cross_entropy(logits.view(-1, logits.size(-1)).float(), labels.view(-1),
                                           ignore_index=-100, label_smoothing=settings.label_smoothing,
                                           reduction="sum")
                n_tgt = int((labels != -100).sum())
                total, n_tgt, n_src = distributed.all_sum([loss_sum.detach(), n_tgt, int(attn.sum()) if real else 0])
                loss = loss_sum * (world.size / max(n_tgt, 1.0))
                shown = total / max(n_tgt, 1.0)
                batch_tokens = int(n_src) + int(n_tgt)
            else:
                loss = F.cross_entropy(logits.view(-1, logits.size(-1)).float(), labels.view(-1),
                                       ignore_index=-100, label_smoothing=settings.label_smoothing)
                shown = None
                batch_tokens = None
            opt.zero_grad(set_to_none=True)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), settings.clip_norm)
            opt.step()
            step += 1
            tokens_seen += batch_tokens if batch_tokens is not None else int(attn.sum()) + int((labels != -100).sum())
            epoch_pos = math.floor(epoch_pos) + (bi + 1) / len(batches)
            lv = shown if shown is not None else loss.item()
            ema_loss = lv if ema_loss is None else 0.98 * ema_loss + 0.02 * lv
            if step % settings.log_every == 0:
                el = time.time() - t0
                on_event("progress", step=step, total=settings.max_steps, loss=round(ema_loss, 4),
                         lr=lr_at(step), epochs=round(epoch_pos, 3),
                         tokens_per_s=round(tokens_seen / max(el, 1e-6), 1))
            over_time = settings.max_minutes > 0 and train_seconds() > settings.max_minutes * 60
            if world.distributed:
                over_time = distributed.any_rank(over_time)  # each rank has its own clock
            if step % settings.valid_every == 0 or step >= settings.max_steps or over_time:
                if distributed.main_flag(validate()):
                    on_event("log", message=f"early stop: no gain in {settings.patience} validations")
                    done = True
                save_last()
                if step >= settings.max_steps or over_time:
                    done = True
            if done:
                break
        else:
            epoch_pos = math.floor(epoch_pos + 1e-9)
            if round(epoch_pos) >= settings.max_epochs:
                if not history or history[-1]["step"] != step:
                    validate()
                save_last()
                done = True
    if stopped:
        save_last()
    if world.is_main and not best_dir.exists():
        # stopped before the first validation: the last weights are the best we have
        save_checkpoint(model, tokenizer, best_dir)
        best_step = step
    distributed.barrier()  # the other ranks read best/ next: rank 0 has written it
    return TrainResult(best_bleu=best, best_step=best_step, steps=step, epochs=epoch_pos,
                       stopped=stopped, history=history, seconds=time.time() - t0)
