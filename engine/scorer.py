"""FormalityScorer: P(formal) for sentences from an ONNX classifier, and per-word explanations by occlusion."""
from __future__ import annotations

import json
import re
from collections.abc import Collection, Sequence
from pathlib import Path

import numpy as np

from engine.canonical import scorer_view
from engine.degree import DegreeMap
from engine.errors import ModelError
from engine.session import OrtSession
from engine.types import ModelInfo, WordWeight

# A word for explanations: letters/digits with inner apostrophes ("don't"), or a run of other
# non-space characters ("!!!", ":)", emoji), since punctuation runs carry informality too.
_WORD_RE = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*|[^\w\s]+|_+")
_EXPLAIN_CHUNK = 48      # words of context per occlusion chunk for long sentences
_EXPLAIN_MAX_WORDS = 1024  # explanations stop here; segment longer text into sentences first
# Tokenizing a long text in one call costs ~150 bytes of memory per character (every overflow window keeps
# its offsets, strings and masks); a text longer than this is tokenized piece by piece, cut at whitespace,
# and only the ids are kept, so scoring memory stays proportional to the text.
_PIECE_CHARS = 8192
_SMALL_BATCH = 32   # up to this many texts are tokenized one by one (see _windows)
# scorer.json limits: the engine allocates batch x max(min_length, longest window) ids, so both are capped.
MAX_LENGTH_LIMIT = 8192


def case_type_ids(text: str, offsets) -> list[int]:
    """Token type 1 for a token whose characters hold a capital letter, else 0 (special tokens: 0).

    An uncased encoder (MiniLM folds case in its tokenizer) cannot see "i" against "I", a capital opening a
    sentence or "LOL" against "lol", the strongest cues of formality there are: a cased word-and-character
    n-gram baseline separates GYAFC tune 4 points better than the same model on lowercased text. A scorer whose
    scorer.json says ``"case_types": true`` was trained with this token type as a case channel, and the engine
    feeds the same ids (training/models/encoding.py calls this function)."""
    return [1 if end > start and any(c.isupper() for c in text[start:end]) else 0 for start, end in offsets]


def _pieces(text: str, size: int = _PIECE_CHARS):
    """Consecutive slices of text of at most ``size`` characters, cut after whitespace where there is any."""
    start = 0
    while start < len(text):
        end = min(len(text), start + size)
        if end < len(text):
            cut = max(text.rfind(" ", start, end), text.rfind("\n", start, end), text.rfind("\t", start, end))
            if cut > start:
                end = cut + 1
        yield text[start:end]
        start = end


def _read_json(path: Path) -> dict:
    if not path.is_file():
        raise ModelError(f"{path} is missing")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ModelError(f"{path} is not valid JSON: {e}") from e
    if not isinstance(data, dict):
        raise ModelError(f"{path} is not a JSON object")
    return data


def load_tokenizer(path: Path):
    from tokenizers import Tokenizer

    if not path.is_file():
        raise ModelError(f"tokenizer file {path} is missing")
    try:
        return Tokenizer.from_file(str(path))
    except Exception as e:  # tokenizers raises a bare Exception for a malformed file
        raise ModelError(f"{path} does not load as a tokenizers file: {e}") from e


class FormalityScorer:
    """Scores sentences as P(formal) in [0, 1] with an ONNX classifier (scorer directory format, docs/architecture.md).

    Long input is never cut: a sentence longer than ``max_length`` tokens is split into consecutive
    windows of ``max_length`` tokens, each window is scored, and the sentence's score is the mean of the
    window scores weighted by their token counts. Empty or whitespace-only strings have no meaningful
    score: they get NaN (callers skip them) and never reach the model.
    """

    def __init__(self, session: OrtSession, tokenizer, *, max_length: int = 128, min_length: int = 1,
                 pad_id: int = 0, info: ModelInfo | None = None, canonicalize: bool = False,
                 display: DegreeMap | None = None, case_types: bool = False):
        self.session = session
        for name, flag in (("canonicalize", canonicalize), ("case_types", case_types)):
            if not isinstance(flag, bool):
                raise ModelError(f"scorer.json: {name} must be true or false, not {flag!r}")
        if case_types and "token_type_ids" not in session.input_names:
            raise ModelError(f"scorer.json asks for case_types, but {session.path} has no input 'token_type_ids'")
        # token types carry the capitals an uncased tokenizer folds away (case_type_ids)
        self.case_types = case_types
        # numbers and proper nouns made uniform before scoring (engine/canonical.py); the model's own choice
        self.canonicalize = canonicalize
        for name, value in (("max_length", max_length), ("min_length", min_length), ("pad_id", pad_id)):
            # json gives floats (1e9) and bools too; only whole numbers are sizes
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
                raise ModelError(f"scorer.json: {name} must be a whole number, not {value!r}")
        self.max_length = int(max_length)
        self.min_length = max(1, int(min_length))
        self.pad_id = int(pad_id)
        if not 2 <= self.max_length <= MAX_LENGTH_LIMIT:
            raise ModelError(f"scorer.json: max_length must be from 2 to {MAX_LENGTH_LIMIT}, not {self.max_length}")
        if self.min_length > self.max_length:
            raise ModelError(f"scorer.json: min_length {self.min_length} is larger than max_length {self.max_length}")
        if self.pad_id < 0:
            raise ModelError(f"scorer.json: pad_id must be >= 0, not {self.pad_id}")
        if "p_formal" not in session.output_names:
            raise ModelError(f"{session.path} has no output 'p_formal' (outputs: {session.output_names})")
        unknown = set(session.input_names) - {"input_ids", "attention_mask", "token_type_ids"}
        if unknown or "input_ids" not in session.inputs:
            raise ModelError(f"{session.path} declares inputs {session.input_names}; a scorer takes input_ids "
                             "and optionally attention_mask and token_type_ids")
        self.has_graded = "graded" in session.output_names
        if display is not None and not self.has_graded:
            raise ModelError(f"scorer.json asks for a graded display, but {session.path} has no output 'graded'")
        # the degree the app shows (engine/degree.py); None: the app shows P(formal)
        self.display = display
        self.tokenizer = tokenizer
        tokenizer.no_padding()
        # Truncation with overflow gives every window its own special tokens (post-processor per window).
        tokenizer.enable_truncation(self.max_length, stride=0)
        self.info = info or ModelInfo(role="scorer", version="unknown", path=session.path.parent,
                                      kind="classifier", provider=session.provider)

    @classmethod
    def from_dir(cls, path, *, providers=None, threads=None, info: ModelInfo | None = None,
                 model_file: str = "model.onnx") -> FormalityScorer:
        """Load a scorer directory; ``model_file`` picks another graph of it with the same IO (e.g.
        ``model.int8.onnx``, which training measures before deciding what ships)."""
        path = Path(path)
        if Path(model_file).name != model_file or not model_file.endswith(".onnx"):
            raise ModelError(f"model_file must be an .onnx file name inside the scorer directory, not {model_file!r}")
        if not path.is_dir():
            raise ModelError(f"scorer directory {path} does not exist")
        cfg = _read_json(path / "scorer.json")
        tokenizer = load_tokenizer(path / "tokenizer.json")
        session = OrtSession(path / model_file, providers=providers, threads=threads)
        if info is not None and info.provider != session.provider:
            info = ModelInfo(role=info.role, version=info.version, path=info.path, kind=info.kind,
                             provider=session.provider, metrics=info.metrics)
        try:
            display = DegreeMap.from_json(cfg["display"]) if cfg.get("display") is not None else None
            return cls(session, tokenizer, max_length=cfg.get("max_length", 128), min_length=cfg.get("min_length", 1),
                       pad_id=cfg.get("pad_id", 0), info=info, canonicalize=cfg.get("canonicalize", False),
                       display=display, case_types=cfg.get("case_types", False))
        except (TypeError, ValueError) as e:
            raise ModelError(f"{path / 'scorer.json'} has an invalid value: {e}") from e

    # ------------------------------------------------------------------ scoring

    def _windows(self, sentences: Sequence[str]):
        """(sentence index, ids, type ids) for every window of every non-empty sentence."""
        idx = [i for i, s in enumerate(sentences) if s and not s.isspace()]
        windows = []
        if not idx:
            return windows
        def prep(t: str) -> str:  # quotation marks are no style (engine/canonical.py: GYAFC's informal side holds none)
            return scorer_view(t, self.canonicalize)

        short = [i for i in idx if len(sentences[i]) <= _PIECE_CHARS]
        jobs = [(short, [prep(sentences[i]) for i in short])]
        for i in idx:
            if len(sentences[i]) > _PIECE_CHARS:
                pieces = [prep(p) for p in _pieces(sentences[i]) if not p.isspace()]
                jobs.append(([i] * len(pieces), pieces))
        for owners, texts in jobs:
            for start in range(0, len(texts), 256):
                chunk = texts[start:start + 256]
                # A few texts (the live underline, a rewrite's candidates): one by one, which skips the thread
                # pool's start-up that dominates encode_batch at this size (0.24 against 0.75 ms for 10).
                encs = (self.tokenizer.encode_batch(chunk) if len(chunk) > _SMALL_BATCH
                        else [self.tokenizer.encode(t) for t in chunk])
                for i, text, enc in zip(owners[start:start + 256], chunk, encs):
                    for e in [enc, *enc.overflowing]:
                        if e.ids:
                            types = case_type_ids(text, e.offsets) if self.case_types else e.type_ids
                            windows.append((i, np.asarray(e.ids, dtype=np.int64),
                                            np.asarray(types, dtype=np.int64)))
        windows.sort(key=lambda w: w[0])
        return windows

    def _run(self, windows, batch_size: int):
        n = len(windows)
        p = np.empty(n, dtype=np.float32)
        g = np.empty(n, dtype=np.float32) if self.has_graded else None
        # Sorting by length keeps padding small inside each batch.
        order = sorted(range(n), key=lambda k: len(windows[k][1]))
        if getattr(self.session, "batch_dependent", False):
            # An int8 graph scales activations over its whole input: in a batch, a sentence's score would move
            # with its neighbours (up to 0.09 for the bundled scorers; 1 to 3 of 400 GYAFC tune sentences changed
            # sides). One window per run gives a text the same score wherever it is scored; measured on 300 tune
            # sentences, one thread: 0.96x (live) and 1.07x (accurate) the batched time, explanations 1.17x.
            batch_size = 1
        outputs = ["p_formal", "graded"] if self.has_graded else ["p_formal"]
        for b in range(0, n, max(1, batch_size)):
            chunk = order[b:b + batch_size]
            width = max(self.min_length, max(len(windows[k][1]) for k in chunk))
            ids = np.full((len(chunk), width), self.pad_id, dtype=np.int64)
            mask = np.zeros((len(chunk), width), dtype=np.int64)
            types = np.zeros((len(chunk), width), dtype=np.int64)
            for r, k in enumerate(chunk):
                w = windows[k]
                ids[r, :len(w[1])] = w[1]
                mask[r, :len(w[1])] = 1
                types[r, :len(w[2])] = w[2]
            res = self.session.run({"input_ids": ids, "attention_mask": mask, "token_type_ids": types}, outputs)
            p[chunk] = np.asarray(res[0], dtype=np.float32).reshape(-1)
            if g is not None:
                g[chunk] = np.asarray(res[1], dtype=np.float32).reshape(-1)
        return p, g

    def _aggregate(self, sentences, windows, values) -> np.ndarray:
        total = np.zeros(len(sentences), dtype=np.float64)
        weight = np.zeros(len(sentences), dtype=np.float64)
        for (i, ids, _), v in zip(windows, values):
            total[i] += float(v) * len(ids)
            weight[i] += len(ids)
        out = np.full(len(sentences), np.nan, dtype=np.float32)
        has = weight > 0
        out[has] = (total[has] / weight[has]).astype(np.float32)
        return out

    def score(self, sentences: Sequence[str], batch_size: int = 64) -> np.ndarray:
        """P(formal) per sentence, float32 in [0, 1]; NaN for empty or whitespace-only strings."""
        if isinstance(sentences, str):
            raise TypeError("score() takes a sequence of sentences, not one string")
        sentences = list(sentences)
        windows = self._windows(sentences)
        if not windows:
            return np.full(len(sentences), np.nan, dtype=np.float32)
        p, _ = self._run(windows, batch_size)
        return np.clip(self._aggregate(sentences, windows, p), 0.0, 1.0)

    def score_both(self, sentences: Sequence[str], batch_size: int = 64) -> tuple[np.ndarray, np.ndarray | None]:
        """``score`` and ``score_graded`` from one run of the model (evaluation needs both)."""
        if isinstance(sentences, str):
            raise TypeError("score_both() takes a sequence of sentences, not one string")
        sentences = list(sentences)
        windows = self._windows(sentences)
        if not windows:
            empty = np.full(len(sentences), np.nan, dtype=np.float32)
            return empty, (empty.copy() if self.has_graded else None)
        p, g = self._run(windows, batch_size)
        graded = self._aggregate(sentences, windows, g) if g is not None else None
        return np.clip(self._aggregate(sentences, windows, p), 0.0, 1.0), graded

    def score_graded(self, sentences: Sequence[str], batch_size: int = 64) -> np.ndarray | None:
        """Scores on the PT16 scale (-3 informal .. 3 formal) when the model has a graded head, else None."""
        if not self.has_graded:
            return None
        sentences = list(sentences)
        windows = self._windows(sentences)
        if not windows:
            return np.full(len(sentences), np.nan, dtype=np.float32)
        _, g = self._run(windows, batch_size)
        return self._aggregate(sentences, windows, g)

    def degree(self, sentences: Sequence[str], batch_size: int = 64) -> np.ndarray:
        """The formality degree the app shows, float32 in [0, 1] (NaN for empty strings): graded through the
        scorer's display map (engine/degree.py) when it has one, else P(formal)."""
        if self.display is None:
            return self.score(sentences, batch_size)
        p, g = self.score_both(sentences, batch_size)
        return self.display.apply(p, g)

    # ------------------------------------------------------------------ explanations

    def explain(self, sentence: str, only: Collection[str] | None = None) -> list[WordWeight]:
        """Per-word contributions by occlusion, in log-odds: weight = logit P(formal | sentence) -
        logit P(formal | sentence without the word). With ``only`` (lower-cased words), just the occurrences of
        those words are occluded and returned, each in the same context as in the full explanation: the
        rewriter's checks ask about a few words, not every one.

        Log-odds rather than probability differences, because a sentence scored near 0 or 1 would
        otherwise show no word at all (the sigmoid is flat there), which is exactly where a writer most
        wants to see why. Negative weights pull the sentence towards informal. All variants are scored in one batched
        run. For sentences over 48 words each word is occluded within its 48-word chunk, and only the
        first 1024 words are explained (split long text into sentences first: the editor explains one).
        """
        if not sentence or sentence.isspace():
            return []
        words = [(m.start(), m.end(), m.group()) for m in _WORD_RE.finditer(sentence)][:_EXPLAIN_MAX_WORDS]
        if not words:
            return []
        texts: list[str] = []
        plan = []  # (index of the chunk's full text, index of the variant) per word
        wanted = None if only is None else {w.lower() for w in only}
        picked = []  # the occluded words, in order
        for c in range(0, len(words), _EXPLAIN_CHUNK):
            chunk = words[c:c + _EXPLAIN_CHUNK]
            todo = [x for x in chunk if wanted is None or x[2].lower() in wanted]
            if not todo:
                continue
            lo = 0 if len(words) <= _EXPLAIN_CHUNK else chunk[0][0]
            hi = len(sentence) if len(words) <= _EXPLAIN_CHUNK else chunk[-1][1]
            base = sentence[lo:hi]
            full_idx = len(texts)
            texts.append(base)
            for s, e, w in todo:
                texts.append(base[:s - lo] + base[e - lo:])
                plan.append((full_idx, len(texts) - 1))
                picked.append((s, e, w))
        if not texts:
            return []
        scores = self.score(texts, batch_size=64)
        out = []
        for (s, e, w), (fi, vi) in zip(picked, plan):
            full, without = scores[fi], scores[vi]
            # Removing the only token leaves nothing to score: the word then carries the whole score.
            weight = _logit(full) - (_logit(without) if not np.isnan(without) else 0.0)
            out.append(WordWeight(start=s, end=e, word=w, weight=weight))
        return out


def _logit(p: float) -> float:
    # float32 probabilities resolve down to ~1e-38 near 0 but only ~6e-8 near 1; clip accordingly.
    p = min(max(float(p), 1e-30), 1.0 - 6e-8)
    return float(np.log(p / (1.0 - p)))
