"""FormalRewriter: formal rewrites from an ONNX encoder-decoder (optimum layout), greedy or beam search with a KV cache.

The search follows Hugging Face ``generate()`` step for step (same candidate selection, length
normalisation, stopping heuristics and logits processors from generation_config.json), so an exported
model gives the same text as the PyTorch model it came from.
"""
from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

import numpy as np

from engine.case_markers import CaseCodec
from engine.case_markers import mark as mark_case
from engine.errors import ModelError
from engine.scorer import _read_json, load_tokenizer
from engine.session import OrtSession
from engine.types import Candidate, ModelInfo, Rewrite

log = logging.getLogger("keigo.engine")

_PAST_RE = re.compile(r"^past_key_values\.(\d+)\.(decoder|encoder)\.(key|value)$")
_PRESENT_RE = re.compile(r"^present\.(\d+)\.(decoder|encoder)\.(key|value)$")
_NEG = np.float32(-1.0e9)
# Stand-ins the model reads in place of what it must copy exactly (engine.rules.verbatim_spans: links, addresses,
# handles, file names, paths, code): a model trained on GYAFC mangles "https://x.com/a" or "config.yaml" but copies
# a plain name. Each sentence takes those of them that it does not itself contain.
PLACEHOLDERS = ("Zork", "Quib", "Blen", "Vask", "Trel", "Mirt", "Dulk", "Fenz")


def _log_softmax(x: np.ndarray) -> np.ndarray:
    x = x.astype(np.float32, copy=False)
    m = np.max(x, axis=-1, keepdims=True)
    z = x - m
    return (z - np.log(np.sum(np.exp(z), axis=-1, keepdims=True))).astype(np.float32)


def _topk(x: np.ndarray, k: int) -> np.ndarray:
    """Indices of the k largest values per row, in descending order (ties: lower index first)."""
    n = x.shape[-1]
    k = min(k, n)
    if n >= 32 * k:
        # A beam step asks for a few dozen of beams x vocab (tens of thousands) scores: the k-th largest of every
        # 16th score is a lower bound of the true k-th largest, so the scores at or above it hold the whole top k
        # and only those few are sorted (exact, and about 15x cheaper than a full partition).
        out = np.empty((x.shape[0], k), dtype=np.int64)
        for r in range(x.shape[0]):
            row = x[r]
            cand = np.flatnonzero(row >= np.partition(row[::16], -k)[-k])
            out[r] = cand[np.lexsort((cand, -row[cand]))[:k]]
        return out
    if k < n:
        part = np.argpartition(-x, k - 1, axis=-1)[:, :k]
    else:
        part = np.broadcast_to(np.arange(x.shape[-1]), x.shape).copy()
    vals = np.take_along_axis(x, part, axis=-1)
    order = np.lexsort((part, -vals), axis=-1)
    return np.take_along_axis(part, order, axis=-1)


class _Decoder:
    """The decoder graphs (merged, or first-step + with-past) behind one interface with an explicit KV cache."""

    def __init__(self, first: OrtSession, with_past: OrtSession | None, merged: bool, config: dict):
        self.first_sess = first
        self.past_sess = with_past if with_past is not None else first
        self.merged = merged
        self.past_names = sorted((n for n in self.past_sess.input_names if _PAST_RE.match(n)),
                                 key=lambda n: (int(_PAST_RE.match(n).group(1)), n))
        if not self.past_names:
            raise ModelError(f"{self.past_sess.path} has no past_key_values inputs: export the rewriter "
                             "with task text2text-generation-with-past")
        self.dec_names = [n for n in self.past_names if ".decoder." in n]
        self.enc_names = [n for n in self.past_names if ".encoder." in n]
        for sess in {id(first): first, id(self.past_sess): self.past_sess}.values():
            if "logits" not in sess.output_names:
                raise ModelError(f"{sess.path} has no 'logits' output")
        missing = [n for n in self.past_names
                   if n.replace("past_key_values", "present") not in first.output_names]
        if missing:
            raise ModelError(f"{first.path} lacks the present outputs for {missing[:2]}")
        shape = self.past_sess.input_shapes[self.dec_names[0]]
        heads = shape[1] if isinstance(shape[1], int) else None
        head_dim = shape[3] if isinstance(shape[3], int) else None
        if heads is None or head_dim is None:
            d_model = config.get("d_model") or config.get("hidden_size")
            heads = config.get("decoder_attention_heads") or config.get("num_heads") or config.get("num_attention_heads")
            head_dim = config.get("d_kv") or (d_model // heads if d_model and heads else None)
        if not heads or not head_dim:
            raise ModelError("cannot tell the decoder's head count/size from the ONNX inputs or config.json")
        self.heads, self.head_dim = int(heads), int(head_dim)
        self.dtype = self.past_sess.inputs[self.dec_names[0]]

    def _no_cache_feeds(self, ids, enc_hidden, enc_mask) -> dict:
        feeds = {"input_ids": ids, "encoder_hidden_states": enc_hidden, "encoder_attention_mask": enc_mask}
        if self.merged:
            # The merged graph's no-cache branch ignores the past inputs, but they must be fed: dummies of length 1.
            dummy = np.zeros((ids.shape[0], self.heads, 1, self.head_dim), dtype=self.dtype)
            feeds.update({n: dummy for n in self.past_names})
            feeds["use_cache_branch"] = np.array([False])
        return feeds

    def all_logits(self, ids, enc_hidden, enc_mask):
        """Logits at every position of whole decoder inputs (teacher forcing, no cache)."""
        return self.first_sess.run(self._no_cache_feeds(ids, enc_hidden, enc_mask), ["logits"])[0]

    def first(self, ids, enc_hidden, enc_mask):
        feeds = self._no_cache_feeds(ids, enc_hidden, enc_mask)
        outs = ["logits"] + [n.replace("past_key_values", "present") for n in self.past_names]
        res = self.first_sess.run(feeds, outs)
        kv = dict(zip(self.past_names, res[1:]))
        return res[0][:, -1, :], {n: kv[n] for n in self.dec_names}, {n: kv[n] for n in self.enc_names}

    def step(self, ids, enc_hidden, enc_mask, dec_kv, enc_kv):
        feeds = {"input_ids": ids, "encoder_hidden_states": enc_hidden, "encoder_attention_mask": enc_mask}
        feeds.update(dec_kv)
        feeds.update(enc_kv)
        if self.merged:
            feeds["use_cache_branch"] = np.array([True])
        outs = ["logits"] + [n.replace("past_key_values", "present") for n in self.dec_names]
        res = self.past_sess.run(feeds, outs)
        return res[0][:, -1, :], dict(zip(self.dec_names, res[1:]))


class _Stack(tuple):
    """The encoder outputs of an ensemble's members, one array each, moved through the search together."""


def _repeat(hidden, n: int):
    if isinstance(hidden, _Stack):
        return _Stack(np.repeat(h, n, axis=0) for h in hidden)
    return np.repeat(hidden, n, axis=0)


def _pad_rows(rows: Sequence[np.ndarray], width: int) -> np.ndarray:
    """(1, length, d) encoder outputs stacked into (n, width, d), zeros after each row's length."""
    out = np.zeros((len(rows), width, rows[0].shape[-1]), dtype=rows[0].dtype)
    for r, h in enumerate(rows):
        out[r, :h.shape[1]] = h[0]
    return out


class _EnsembleEncoder:
    """Runs every member's encoder on the same ids (the members share one tokenizer)."""

    def __init__(self, encoders: Sequence[OrtSession]):
        self.encoders = list(encoders)
        first = self.encoders[0]
        self.path, self.provider, self.inputs, self.output_names = first.path, first.provider, first.inputs, first.output_names
        self.batch_dependent = any(getattr(e, "batch_dependent", False) for e in self.encoders)

    def run(self, feeds: dict, names: Sequence[str]):
        return [_Stack(e.run({k: v for k, v in feeds.items() if k in e.inputs}, list(names))[0] for e in self.encoders)]


class _EnsembleDecoder:
    """Averages the members' log-probabilities at every step (a log-linear ensemble); each member keeps its own
    KV cache, under keys prefixed with its index."""

    def __init__(self, decoders: Sequence[_Decoder], weights: Sequence[float]):
        self.decoders = list(decoders)
        total = float(sum(weights))
        self.weights = [float(w) / total for w in weights]

    def _mix(self, logits: Sequence[np.ndarray]) -> np.ndarray:
        return sum(w * _log_softmax(x) for w, x in zip(self.weights, logits))

    @staticmethod
    def _split(kv: dict, i: int) -> dict:
        tag = f"{i}|"
        return {k[len(tag):]: v for k, v in kv.items() if k.startswith(tag)}

    def all_logits(self, ids, enc_hidden, enc_mask):
        return self._mix([d.all_logits(ids, h, enc_mask) for d, h in zip(self.decoders, enc_hidden)])

    def first(self, ids, enc_hidden, enc_mask):
        outs = [d.first(ids, h, enc_mask) for d, h in zip(self.decoders, enc_hidden)]
        dec = {f"{i}|{k}": v for i, o in enumerate(outs) for k, v in o[1].items()}
        enc = {f"{i}|{k}": v for i, o in enumerate(outs) for k, v in o[2].items()}
        return self._mix([o[0] for o in outs]), dec, enc

    def step(self, ids, enc_hidden, enc_mask, dec_kv, enc_kv):
        logits, dec = [], {}
        for i, (d, h) in enumerate(zip(self.decoders, enc_hidden)):
            lg, kv = d.step(ids, h, enc_mask, self._split(dec_kv, i), self._split(enc_kv, i))
            logits.append(lg)
            dec.update({f"{i}|{k}": v for k, v in kv.items()})
        return self._mix(logits), dec


class FormalRewriter:
    """Rewrites sentences formally with an exported encoder-decoder (rewriter directory format, docs/architecture.md).

    Inputs longer than ``max_source_tokens`` are never truncated: they are split into sentences when
    every sentence fits (flag "split"), else returned unchanged with the flag "too_long". Empty or
    whitespace-only inputs are returned unchanged with the flag "empty". Candidate scores are the
    mean log-probability per generated token (including the end token).

    Faithfulness guard (``rewriter.json`` ``guard_min_bleu``): when the best rewrite keeps less of the safe
    rewrite (the rule-based one for ``"preprocess": "rules"`` models, else the sentence itself) than that
    sentence-BLEU, the safe rewrite goes first, the model's candidates after it, flag "guarded".
    """

    def __init__(self, encoder: OrtSession, decoder: _Decoder, tokenizer, *, config: dict, generation: dict,
                 options: dict, info: ModelInfo | None = None):
        self.encoder = encoder
        self.decoder = decoder
        self.tokenizer = tokenizer
        self._config, self._generation = dict(config), dict(generation)
        tokenizer.no_padding()
        tokenizer.no_truncation()
        # Like transformers: with a generation_config.json, its search settings are the only ones (config.json's
        # are ignored); special token ids still fall back to config.json.
        ids = ("decoder_start_token_id", "eos_token_id", "pad_token_id", "bos_token_id")
        search = ("forced_bos_token_id", "forced_eos_token_id", "no_repeat_ngram_size", "min_length",
                  "length_penalty", "early_stopping")
        source = generation if generation else config
        gen = {**{k: config.get(k) for k in ids}, **{k: generation[k] for k in ids if generation.get(k) is not None},
               **{k: source.get(k) for k in search}}
        eos = gen.get("eos_token_id")
        self.eos_ids = [int(e) for e in (eos if isinstance(eos, list) else [eos])] if eos is not None else []
        if not self.eos_ids:
            raise ModelError("config.json/generation_config.json give no eos_token_id")
        start = gen.get("decoder_start_token_id")
        if start is None:
            start = gen.get("bos_token_id")
        if start is None:
            raise ModelError("config.json/generation_config.json give no decoder_start_token_id")
        self.start_id = int(start)
        pad = gen.get("pad_token_id")
        self.pad_id = int(pad) if pad is not None else self.eos_ids[0]
        self.forced_bos = gen.get("forced_bos_token_id")
        self.forced_eos = gen.get("forced_eos_token_id")
        self.no_repeat = int(gen.get("no_repeat_ngram_size") or 0)
        self.min_length = int(gen.get("min_length") or 0)
        self.length_penalty = float(gen.get("length_penalty") if gen.get("length_penalty") is not None else 1.0)
        self.early_stopping = gen.get("early_stopping", False)
        for key, neutral in (("repetition_penalty", 1.0), ("encoder_no_repeat_ngram_size", 0),
                             ("bad_words_ids", None), ("suppress_tokens", None), ("begin_suppress_tokens", None)):
            if generation.get(key) not in (None, neutral):
                log.warning("generation_config.json sets %s=%r, which the engine does not apply", key,
                            generation.get(key))
        self.options = dict(options)
        self.max_source_tokens = int(options.get("max_source_tokens", 128))
        self.max_new_tokens = int(options.get("max_new_tokens", 128))
        self.prefix = str(options.get("prefix") or "")
        self.preprocess = options.get("preprocess")
        if self.preprocess not in (None, "rules"):
            raise ModelError(f"rewriter.json: unknown preprocess {self.preprocess!r} (null or \"rules\")")
        self._rules = None
        mask = options.get("mask_verbatim", True)
        if not isinstance(mask, bool):
            raise ModelError(f"rewriter.json: mask_verbatim must be true or false, not {mask!r}")
        self.mask_verbatim = mask
        # the rules and the stand-ins of a sentence, read by encoding, decoding and scoring alike: made once
        self._masked = lru_cache(maxsize=256)(self._mask_input)
        guard = options.get("guard_min_bleu")
        if guard is not None and (isinstance(guard, bool) or not isinstance(guard, (int, float))
                                  or not 0.0 <= float(guard) <= 100.0):
            raise ModelError(f"rewriter.json: guard_min_bleu must be a number from 0 to 100 or null, not {guard!r}")
        self.guard_min_bleu = None if guard is None else float(guard)
        self.info = info or ModelInfo(role="rewriter", version="unknown", path=encoder.path.parent,
                                      kind="seq2seq", provider=encoder.provider)
        # case markers (engine.case_markers): an uncased vocabulary reads and writes case through marker tokens
        case = options.get("case_markers", False)
        if not isinstance(case, bool):
            raise ModelError(f"{Path(self.info.path or '.') / 'rewriter.json'}: case_markers must be true or false, "
                             f"not {case!r}")
        self.case_markers = case
        self._case = None
        if case:
            try:
                self._case = CaseCodec(tokenizer)
            except ValueError as exc:
                raise ModelError(f"{Path(self.info.path or '.') / 'tokenizer.json'}: rewriter.json sets case_markers, "
                                 f"but {exc}") from None
        if "input_ids" not in encoder.inputs:
            raise ModelError(f"{encoder.path} has no input_ids input")
        if "last_hidden_state" not in encoder.output_names:
            raise ModelError(f"{encoder.path} has no last_hidden_state output")

    @classmethod
    def from_dir(cls, path, *, providers=None, threads=None, info: ModelInfo | None = None) -> FormalRewriter:
        path = Path(path)
        if not path.is_dir():
            raise ModelError(f"rewriter directory {path} does not exist")
        options = _read_json(path / "rewriter.json")
        if "ensemble" in options:
            return cls._ensemble_dir(path, options, providers=providers, threads=threads, info=info)
        config = _read_json(path / "config.json")
        generation = _read_json(path / "generation_config.json") if (path / "generation_config.json").exists() else {}
        tokenizer = load_tokenizer(path / "tokenizer.json")
        encoder = OrtSession(path / "encoder_model.onnx", providers=providers, threads=threads)
        if (path / "decoder_model_merged.onnx").exists():
            merged = OrtSession(path / "decoder_model_merged.onnx", providers=providers, threads=threads)
            decoder = _Decoder(merged, None, True, config)
        elif (path / "decoder_model.onnx").exists() or (path / "decoder_with_past_model.onnx").exists():
            first = OrtSession(path / "decoder_model.onnx", providers=providers, threads=threads)
            past = OrtSession(path / "decoder_with_past_model.onnx", providers=providers, threads=threads)
            decoder = _Decoder(first, past, False, config)
        else:
            raise ModelError(f"{path} has neither decoder_model_merged.onnx nor decoder_model.onnx + "
                             "decoder_with_past_model.onnx")
        if info is not None and info.provider != encoder.provider:
            info = ModelInfo(role=info.role, version=info.version, path=info.path, kind=info.kind,
                             provider=encoder.provider, metrics=info.metrics)
        return cls(encoder, decoder, tokenizer, config=config, generation=generation, options=options, info=info)

    @classmethod
    def _ensemble_dir(cls, path: Path, options: dict, *, providers=None, threads=None,
                      info: ModelInfo | None = None) -> FormalRewriter:
        """A rewriter directory whose rewriter.json holds ``"ensemble": {"members": [SUBDIR, ...], "weights":
        [...]}``: each member is a complete single-rewriter directory inside it; the top rewriter.json's other
        options (rerank, guard, sizes) apply to the ensemble, and its files (lm.npz, markers.txt) are read from
        the top directory."""
        spec = options["ensemble"]
        if not isinstance(spec, dict) or not isinstance(spec.get("members"), list) or len(spec["members"]) < 2:
            raise ModelError(f"{path / 'rewriter.json'}: ensemble must be {{\"members\": [two or more subfolders], "
                             f"\"weights\": [...]}}, not {spec!r}")
        members = []
        for name in spec["members"]:
            if not isinstance(name, str) or not name or Path(name).name != name or name in (".", ".."):
                raise ModelError(f"{path / 'rewriter.json'}: ensemble member {name!r} must be the name of a "
                                 "subfolder")
            sub = path / name
            if not sub.is_dir():
                raise ModelError(f"{path / 'rewriter.json'} names the ensemble member {name}, but {sub} does "
                                 "not exist")
            sub_options = _read_json(sub / "rewriter.json")
            if "ensemble" in sub_options:
                raise ModelError(f"{sub}: an ensemble's members must be single rewriters")
            members.append(cls.from_dir(sub, providers=providers, threads=threads))
        weights = spec.get("weights")
        if weights is not None and (not isinstance(weights, list)
                                    or any(isinstance(w, bool) or not isinstance(w, (int, float)) for w in weights)):
            raise ModelError(f"{path / 'rewriter.json'}: ensemble weights must be a list of numbers, not {weights!r}")
        top = {k: v for k, v in options.items() if k != "ensemble"}
        # the members' input handling must agree with what the top declares, or a member would see other input
        for m in members:
            if (m.prefix, m.preprocess, m.case_markers) != (str(top.get("prefix") or ""), top.get("preprocess"),
                                                            top.get("case_markers", False)):
                raise ModelError(f"{m.info.path}: prefix/preprocess/case_markers differ from {path / 'rewriter.json'}")
        provider = members[0].info.provider
        if info is None:
            info = ModelInfo(role="rewriter", version="+".join(m.info.version for m in members), path=path,
                             kind="ensemble", provider=provider)
        elif info.provider != provider:
            info = ModelInfo(role=info.role, version=info.version, path=info.path, kind=info.kind,
                             provider=provider, metrics=info.metrics)
        return cls.ensemble(members, weights, options=top, info=info)

    @classmethod
    def ensemble(cls, members: Sequence[FormalRewriter], weights: Sequence[float] | None = None, *,
                 options: dict | None = None, info: ModelInfo | None = None) -> FormalRewriter:
        """One rewriter that searches with the members' averaged log-probabilities at every step.

        The members must share the tokenizer (the same vocabulary and special ids) and the input options
        (prefix, preprocess); the first member's generation settings are used, and its options unless
        ``options`` are given (an ensemble directory's own rewriter.json)."""
        members = list(members)
        if len(members) < 2:
            raise ModelError("an ensemble needs at least two rewriters")
        weights = list(weights) if weights is not None else [1.0] * len(members)
        if len(weights) != len(members) or any(not (w > 0) for w in weights):
            raise ModelError(f"ensemble weights must be one positive number per member, got {weights}")
        lead = members[0]
        vocab = lead.tokenizer.get_vocab()
        for m in members[1:]:
            if m.tokenizer.get_vocab() != vocab:
                raise ModelError(f"{m.info.path} has another vocabulary than {lead.info.path}: "
                                 "only rewriters trained with the same tokenizer can be ensembled")
            same = (m.start_id, m.eos_ids, m.pad_id, m.prefix, m.preprocess, m.case_markers) == (
                lead.start_id, lead.eos_ids, lead.pad_id, lead.prefix, lead.preprocess, lead.case_markers)
            if not same:
                raise ModelError(f"{m.info.path} differs from {lead.info.path} in its special ids, prefix, "
                                 "preprocessing or case markers")
            if isinstance(m.decoder, _EnsembleDecoder):
                raise ModelError("an ensemble's members must be single rewriters")
        if info is None:
            info = ModelInfo(role="rewriter", version="+".join(m.info.version for m in members),
                             path=lead.info.path, kind="ensemble", provider=lead.info.provider)
        return cls(_EnsembleEncoder([m.encoder for m in members]),
                   _EnsembleDecoder([m.decoder for m in members], weights),
                   lead.tokenizer, config=lead._config, generation=lead._generation,
                   options=lead.options if options is None else options, info=info)

    # ------------------------------------------------------------------ public

    def rewrite(self, sentences: Sequence[str], beam: int = 4, nbest: int = 1, max_new_tokens: int | None = None,
                batch_size: int = 16) -> list[Rewrite]:
        if isinstance(sentences, str):
            raise TypeError("rewrite() takes a sequence of sentences, not one string")
        sentences = list(sentences)
        beam, nbest = max(1, int(beam)), max(1, int(nbest))
        beam = max(beam, nbest)  # n-best needs at least n beams
        max_new = max(1, int(max_new_tokens or self.max_new_tokens))
        results: list[Rewrite | None] = [None] * len(sentences)
        jobs: list[tuple[int, int, str, list[int]]] = []   # (sentence, piece, text of the piece, ids)
        pieces: dict[int, list] = {}
        for i, s in enumerate(sentences):
            if not s or s.isspace():
                results[i] = Rewrite(source=s, candidates=(Candidate(s, 0.0),), flags=("empty",))
                continue
            ids = self._encode(s)
            if len(ids) <= self.max_source_tokens:
                jobs.append((i, 0, s, ids))
                continue
            split = self._split(s)
            if split is None:
                results[i] = Rewrite(source=s, candidates=(Candidate(s, 0.0),), flags=("too_long",))
                continue
            pieces[i] = split
            for k, (_, _, ids_k, text_k) in enumerate(split):
                jobs.append((i, k, text_k, ids_k))
        outputs: dict[tuple[int, int], list[tuple[str, float]]] = {}
        order = sorted(range(len(jobs)), key=lambda j: len(jobs[j][3]))
        for b in range(0, len(order), max(1, batch_size)):
            chunk = [jobs[j] for j in order[b:b + batch_size]]
            hyps = self._generate([c[3] for c in chunk], beam, nbest, max_new, [c[2] for c in chunk])
            for c, h in zip(chunk, hyps):
                outputs[(c[0], c[1])] = h
        for i, s in enumerate(sentences):
            if results[i] is not None:
                continue
            if i not in pieces:
                pairs = self._masked(s)[1]
                cands = tuple(Candidate(self._unmask(t, pairs), float(sc)) for t, sc in outputs[(i, 0)] if t.strip())
                if not cands:
                    # A model that generates nothing must not make the user's sentence disappear.
                    results[i] = Rewrite(source=s, candidates=(Candidate(s, 0.0),), flags=("no_output",))
                else:
                    results[i] = Rewrite(source=s, candidates=cands)
                continue
            # Sentence by sentence, re-joined with the original whitespace between the pieces.
            n = max(len(outputs[(i, k)]) for k in range(len(pieces[i])))
            piece_pairs = [self._masked(piece)[1] for _, _, _, piece in pieces[i]]
            cands = []
            for r in range(n):
                text, total = "", 0.0
                for k, (gap, _, _, _) in enumerate(pieces[i]):
                    hyp = outputs[(i, k)][min(r, len(outputs[(i, k)]) - 1)]
                    text += gap + self._unmask(hyp[0], piece_pairs[k])
                    total += hyp[1]
                cands.append(Candidate(text + pieces[i][-1][1], total / len(pieces[i])))
            results[i] = Rewrite(source=s, candidates=tuple(cands), flags=("split",))
        if self.guard_min_bleu is not None:
            results = [self._guard(r) for r in results]
        return results  # type: ignore[return-value]

    def score_targets(self, source: str, targets: Sequence[str]) -> list[float] | None:
        """Mean log-probability per token (end token included) of each target given the source, by teacher
        forcing: the same measure as a beam candidate's score. None when the source or a target is too long
        for the model or empty."""
        if not source.strip() or not targets:
            return None
        src = self._encode(source)
        # What the search generates after the start token: [forced BOS] + the text's tokens + the end token.
        head = [int(self.forced_bos)] if self.forced_bos is not None else []
        pairs = self._masked(source)[1]
        tgts = [head + self.tokenizer.encode(self._mark(self._remask(t, pairs)), add_special_tokens=False).ids
                + [self.eos_ids[0]] for t in targets]
        if len(src) > self.max_source_tokens or max(map(len, tgts)) > self.max_new_tokens + 1:
            return None
        hidden, mask = self._encode_batch([src])
        n = len(tgts)
        width = max(map(len, tgts))
        dec_in = np.full((n, width), self.pad_id, dtype=np.int64)
        gold = np.full((n, width), -1, dtype=np.int64)
        for r, t in enumerate(tgts):
            dec_in[r, 0] = self.start_id
            dec_in[r, 1:len(t)] = t[:-1]
            gold[r, :len(t)] = t
        logits = self.decoder.all_logits(dec_in, _repeat(hidden, n), np.repeat(mask, n, axis=0))
        logp = _log_softmax(logits.reshape(n * width, -1)).reshape(n, width, -1)
        picked = np.take_along_axis(logp, np.maximum(gold, 0)[:, :, None], axis=2)[:, :, 0]
        valid = gold >= 0
        return [float(picked[r][valid[r]].mean()) for r in range(n)]

    def safe_rewrite(self, text: str) -> str:
        """What the guard falls back to: the rule-based rewrite for rules-preprocessed models, else the text."""
        return self._rules_formalizer().formalize(text) if self.preprocess == "rules" else text

    def _guard(self, r: Rewrite) -> Rewrite:
        from engine.overlap import sentence_bleu

        if r.flags and set(r.flags) & {"empty", "too_long"}:
            return r
        safe = self.safe_rewrite(r.source)
        if not safe.strip() or sentence_bleu(r.best, safe) >= self.guard_min_bleu:
            return r
        rest = tuple(c for c in r.candidates if c.text != safe)
        cands = ((Candidate(safe, 0.0),) + rest)[:max(1, len(r.candidates))]
        return Rewrite(source=r.source, candidates=cands, flags=r.flags + ("guarded",))

    # ------------------------------------------------------------------ internals

    def _rules_formalizer(self):
        if self._rules is None:
            from engine.rules import RuleFormalizer  # lazily: only models trained on rule output need it

            self._rules = RuleFormalizer()
        return self._rules

    def _source(self, text: str) -> str:
        """The text the model rewrites (after the rules and the stand-ins, before markers and prefix): decoding
        borrows its spelling."""
        return self._masked(text)[0]

    def _mask_input(self, text: str) -> tuple[str, tuple[tuple[str, str], ...]]:
        """The model's input and its (stand-in, span) pairs: each span a rewrite must copy exactly (a link, an
        address, a file name, ...) replaced by a stand-in word (PLACEHOLDERS) the sentence does not hold."""
        if self.preprocess == "rules":
            text = self._rules_formalizer().formalize(text)
        if not self.mask_verbatim:
            return text, ()
        from engine.rules import verbatim_spans

        spans = list(dict.fromkeys(verbatim_spans(text)))
        if not spans:
            return text, ()
        lowered = text.lower()
        free = [p for p in PLACEHOLDERS if p.lower() not in lowered]
        pairs = tuple(zip(free, spans))
        return FormalRewriter._remask(text, pairs), pairs

    @staticmethod
    def _remask(text: str, pairs) -> str:
        """A target as the model would write it: the source's spans as their stand-ins."""
        for p, span in sorted(pairs, key=lambda ps: -len(ps[1])):  # "a.py" may sit inside "~/x/a.py"
            text = text.replace(span, p)
        return text

    @staticmethod
    def _unmask(text: str, pairs) -> str:
        """The spans put back where the model wrote their stand-ins (one the model lost stays lost: the meaning
        checks see it)."""
        for p, span in pairs:
            text = re.sub(rf"(?<![^\W_]){p}(?![^\W_])", lambda _m, s=span: s, text, flags=re.IGNORECASE)
        return text

    def _mark(self, text: str) -> str:
        return mark_case(text) if self.case_markers else text

    def _prepare(self, text: str) -> str:
        return self.prefix + self._mark(self._source(text))

    def _encode(self, text: str) -> list[int]:
        return self.tokenizer.encode(self._prepare(text)).ids

    def _split(self, text: str):
        """[(gap before, trailing text, ids, sentence)] per sentence when every sentence fits; None when one does not."""
        from engine.segment import split_sentences

        segs = split_sentences(text)
        if len(segs) < 2:
            return None
        out, pos = [], 0
        for seg in segs:
            ids = self._encode(seg.text)
            if len(ids) > self.max_source_tokens:
                return None
            out.append((text[pos:seg.start], "", ids, seg.text))
            pos = seg.end
        gap, _, ids, piece = out[-1]
        out[-1] = (gap, text[pos:], ids, piece)
        return out

    def _decode(self, ids: Sequence[int], source: str | None = None) -> str:
        ids = [int(t) for t in ids]
        for k, t in enumerate(ids):
            if t in self.eos_ids:
                ids = ids[:k]
                break
        if self._case is not None:
            return self._case.decode(ids, source or "").strip()
        return self.tokenizer.decode(ids, skip_special_tokens=True).strip()

    def _encode_batch(self, batch: list[list[int]]):
        """Ids padded into one batch and encoded. An int8 encoder scales its activations over its whole input, so
        encoded together a sentence's rewrites would depend on its neighbours (the app rewrites a sentence alone
        at the cursor but in batches in the list: 4 of 96 GYAFC tune sentences got another best rewrite, 37 another
        8-best): such an encoder reads one sentence per run and the outputs are padded to the longest. The encoder
        is a small share of a rewrite's time; the search stays batched."""
        width = max(len(x) for x in batch)
        ids = np.full((len(batch), width), self.pad_id, dtype=np.int64)
        mask = np.zeros((len(batch), width), dtype=np.int64)
        for r, x in enumerate(batch):
            ids[r, :len(x)] = x
            mask[r, :len(x)] = 1
        if len(batch) == 1 or not getattr(self.encoder, "batch_dependent", False):
            return self.encoder.run({"input_ids": ids, "attention_mask": mask}, ["last_hidden_state"])[0], mask
        rows = [self.encoder.run({"input_ids": ids[r:r + 1, :len(x)], "attention_mask": mask[r:r + 1, :len(x)]},
                                 ["last_hidden_state"])[0] for r, x in enumerate(batch)]
        if isinstance(rows[0], _Stack):
            return _Stack(_pad_rows([row[m] for row in rows], width) for m in range(len(rows[0]))), mask
        return _pad_rows(rows, width), mask

    def _process(self, seqs: np.ndarray, cur_len: int, max_length: int, logp: np.ndarray) -> np.ndarray:
        """The logits processors generate() builds from the generation config, in its order."""
        if self.no_repeat > 0 and cur_len + 1 >= self.no_repeat:
            n = self.no_repeat
            for r in range(seqs.shape[0]):
                row = seqs[r, :cur_len].tolist()
                prefix = tuple(row[cur_len + 1 - n:cur_len])
                banned = [row[k + n - 1] for k in range(cur_len - n + 1) if tuple(row[k:k + n - 1]) == prefix]
                if banned:
                    logp[r, banned] = -np.inf
        if self.min_length > 0 and cur_len < self.min_length:
            logp[:, self.eos_ids] = -np.inf
        if self.forced_bos is not None and cur_len == 1:
            logp[:] = -np.inf
            logp[:, int(self.forced_bos)] = 0.0
        if self.forced_eos is not None and cur_len == max_length - 1:
            logp[:] = -np.inf
            fe = self.forced_eos if isinstance(self.forced_eos, list) else [self.forced_eos]
            logp[:, [int(e) for e in fe]] = 0.0
        return logp

    def _generate(self, batch: list[list[int]], beam: int, nbest: int, max_new: int,
                  sources: Sequence[str] | None = None) -> list[list[tuple[str, float]]]:
        """The hypotheses of each input; ``sources`` (the raw texts) give case-marker decoding its spellings."""
        hidden, mask = self._encode_batch(batch)
        if self._case is not None and sources is not None:
            sources = [self._source(s) for s in sources]  # what the model read, before its markers
        else:
            sources = [""] * len(batch)
        if beam == 1:
            return self._greedy(hidden, mask, max_new, sources)
        return self._beam(hidden, mask, beam, nbest, max_new, sources)

    def _greedy(self, hidden, mask, max_new, sources):
        n = mask.shape[0]
        max_length = 1 + max_new
        seqs = np.full((n, max_length), self.pad_id, dtype=np.int64)
        seqs[:, 0] = self.start_id
        total = np.zeros(n, dtype=np.float32)
        length = np.zeros(n, dtype=np.int64)
        unfinished = np.ones(n, dtype=bool)
        eos = np.array(self.eos_ids)
        cur_len = 1
        logits, dec_kv, enc_kv = self.decoder.first(seqs[:, :1], hidden, mask)
        while True:
            logp = self._process(seqs, cur_len, max_length, _log_softmax(logits))
            tok = np.argmax(logp, axis=-1)
            chosen = logp[np.arange(n), tok]
            tok = np.where(unfinished, tok, self.pad_id)
            total += np.where(unfinished, chosen, 0.0).astype(np.float32)
            length += unfinished
            seqs[:, cur_len] = tok
            unfinished &= ~np.isin(tok, eos)
            cur_len += 1
            if not unfinished.any() or cur_len >= max_length:
                break
            logits, dec_kv = self.decoder.step(seqs[:, cur_len - 1:cur_len], hidden, mask, dec_kv, enc_kv)
        return [[(self._decode(seqs[r, 1:], sources[r]), float(total[r] / max(1, length[r])))] for r in range(n)]

    def _beam(self, hidden, mask, num_beams, nbest, max_new, sources):
        """Beam search exactly as transformers' vectorised _beam_search (v4.5x), in numpy."""
        bsz = mask.shape[0]
        vocab = None
        max_length = 1 + max_new
        prompt_len = 1
        lp = self.length_penalty
        early = self.early_stopping
        eos = np.array(self.eos_ids)
        keep = max(2, 1 + len(self.eos_ids)) * num_beams
        top_mask = np.zeros(keep, dtype=bool)
        top_mask[:num_beams] = True

        hidden = _repeat(hidden, num_beams)
        mask = np.repeat(mask, num_beams, axis=0)
        fill = self.pad_id
        running = np.full((bsz, num_beams, max_length), fill, dtype=np.int64)
        running[:, :, 0] = self.start_id
        sequences = running.copy()
        running_scores = np.zeros((bsz, num_beams), dtype=np.float32)
        running_scores[:, 1:] = _NEG
        beam_scores = np.full((bsz, num_beams), _NEG, dtype=np.float32)
        beam_sums = np.zeros((bsz, num_beams), dtype=np.float32)
        beam_lens = np.ones((bsz, num_beams), dtype=np.int64)
        finished = np.zeros((bsz, num_beams), dtype=bool)
        unsatisfied = np.ones((bsz, 1), dtype=bool)
        rows = np.arange(bsz)[:, None]
        cur_len = 1
        logits, dec_kv, enc_kv = self.decoder.first(running[:, :, 0].reshape(-1, 1), hidden, mask)
        while True:
            vocab = logits.shape[-1]
            flat = running[:, :, :cur_len].reshape(bsz * num_beams, cur_len)
            logp = self._process(flat, cur_len, max_length, _log_softmax(logits))
            acc = (logp.reshape(bsz, num_beams, vocab) + running_scores[:, :, None]).reshape(bsz, num_beams * vocab)
            idx = _topk(acc, keep)
            topk_lp = np.take_along_axis(acc, idx, axis=1)
            src_beam = idx // vocab
            tok = idx % vocab
            topk_seqs = running[rows, src_beam].copy()
            topk_seqs[:, :, cur_len] = tok
            hits = np.isin(tok, eos) | (cur_len + 1 >= max_length)

            # running beams for the next step: the best continuations that did not finish
            run_lp = topk_lp + hits.astype(np.float32) * _NEG
            nxt = _topk(run_lp, num_beams)
            running = np.take_along_axis(topk_seqs, nxt[:, :, None], axis=1)
            running_scores = np.take_along_axis(run_lp, nxt, axis=1)
            next_src = np.take_along_axis(src_beam, nxt, axis=1)

            # finished hypotheses: only the top num_beams candidates may finish
            just = hits & top_mask[None, :]
            fin = topk_lp / np.float32((cur_len + 1 - prompt_len) ** lp)
            full = np.all(finished, axis=-1, keepdims=True) & (early is True)
            fin = fin + full.astype(np.float32) * _NEG
            fin = fin + (~unsatisfied).astype(np.float32) * _NEG
            fin = fin + (~just).astype(np.float32) * _NEG
            m_scores = np.concatenate([beam_scores, fin], axis=1)
            m_seqs = np.concatenate([sequences, topk_seqs], axis=1)
            m_sums = np.concatenate([beam_sums, topk_lp], axis=1)
            m_lens = np.concatenate([beam_lens, np.full_like(topk_lp, cur_len + 1 - prompt_len, dtype=np.int64)], axis=1)
            m_fin = np.concatenate([finished, just], axis=1)
            sel = _topk(m_scores, num_beams)
            sequences = np.take_along_axis(m_seqs, sel[:, :, None], axis=1)
            beam_scores = np.take_along_axis(m_scores, sel, axis=1)
            beam_sums = np.take_along_axis(m_sums, sel, axis=1)
            beam_lens = np.take_along_axis(m_lens, sel, axis=1)
            finished = np.take_along_axis(m_fin, sel, axis=1)

            cur_len += 1
            # transformers' bound on a running beam's best finished score
            best_len = max_length - prompt_len if early == "never" and lp > 0.0 else cur_len - prompt_len
            best_running = running_scores[:, :1] / np.float32(best_len ** lp)
            worst_finished = np.where(finished, np.min(beam_scores, axis=1, keepdims=True), _NEG)
            unsatisfied = unsatisfied & np.any(best_running > worst_finished, axis=-1, keepdims=True)
            go_on = unsatisfied.any() and not (finished.all() and early is True) and not hits.all()
            if not go_on:
                break
            reorder = (np.arange(bsz)[:, None] * num_beams + next_src).reshape(-1)
            dec_kv = {k: v[reorder] for k, v in dec_kv.items()}
            last = running[:, :, cur_len - 1].reshape(-1, 1)
            logits, dec_kv = self.decoder.step(last, hidden, mask, dec_kv, enc_kv)
        out = []
        for b in range(bsz):
            hyps = []
            for k in range(nbest):
                if not finished[b, k]:
                    continue
                n = int(beam_lens[b, k])
                hyps.append((self._decode(sequences[b, k, 1:1 + n], sources[b]), float(beam_sums[b, k] / max(1, n))))
            out.append(hyps or [(self._decode(sequences[b, 0, 1:], sources[b]), float(beam_sums[b, 0]))])
        return out
