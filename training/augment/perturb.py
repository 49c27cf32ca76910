"""Input perturbations for consistency training (Liu et al. 2022): nine noise kinds plus none, seeded and reproducible.

``perturb(sentences, kind, ratio=0.1, seed=0)`` changes about ``ratio`` of the words of each sentence:

- ``spell``: natural misspellings (nlpaug SpellingAug on ``lexicons/misspellings_natural_en.txt``)
- ``swap``: adjacent word swaps (nlpaug RandomWordAug, action swap)
- ``abbr``: formal words and phrases replaced by their slang/abbreviation (Keigo's slang lexicon reversed)
- ``drop``: word deletion (nlpaug RandomWordAug, action delete)
- ``mask``: words replaced by ``<mask>`` (nlpaug RandomWordAug, action substitute)
- ``synonym``: WordNet synonyms (nlpaug SynonymAug on the Debian ``wordnet-base`` files, read offline by NLTK)
- ``tfidf``: words with low TF-IDF replaced by words sampled by TF-IDF (nlpaug TfIdfAug; model from ``train_tfidf``)
- ``capital``: the case of words flipped
- ``back_translation``: an Apertium round trip through a pivot language (whole sentence; ratio unused)

Reproducibility: nlpaug draws from the global ``random`` and ``numpy.random`` streams, and its spelling model
stores candidates in ``list(set(...))`` whose order changes with PYTHONHASHSEED (the authors had to patch
this). Here the candidate lists are sorted, every sentence is augmented under its own seed derived from
(seed, sentence index), and the global random states are restored afterwards, so the output depends only
on (sentences, kind, ratio, seed).

Text is split on whitespace, with punctuation stuck to a word split off as a "glued" token that the
augmenters skip and that is glued back afterwards: unchanged words keep their exact spelling and spacing
(nlpaug's own tokenizer turns "don't" into "don ' t").
"""
from __future__ import annotations

import io
import math
import os
import random
import re
import warnings
from collections.abc import Sequence
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import ClassVar

import numpy as np

from engine.errors import InputError
from engine.paths import assets_dir
from training.augment import apertium
from training.config.sections import canonical_kind
from training.protocol import shared_data_dir

# nlpaug and NLTK are imported inside the functions that build an augmenter: they are heavy (nlpaug pulls in
# its model stack) and optional per perturbation kind (a missing one becomes InputError with the pip line).

MASK_TOKEN = "<mask>"
MAX_CHARS = 5000  # perturbations work on sentences; nlpaug's token bookkeeping is quadratic in length
WORDNET_PACKAGES = "apt-get install -y wordnet wordnet-base"
APERTIUM_PACKAGES = "apt-get install -y apertium apertium-eng-spa apertium-eng-cat apertium-en-gl"

_GLUE = "\u2060"  # word joiner: marks punctuation glued to its neighbour, never in the output
_EDGE_PUNCT = re.compile(r"^([^\w\s]*)(.*?)([^\w\s]*)$", re.DOTALL)
# tokens the augmenters must not touch: glued punctuation, punctuation-only chunks (emoticons)
_SKIP_RE = r"^\s?(?:\S*" + _GLUE + r"\S*|[^\w\s]+)\s?$"


# ---------------------------------------------------------------------------- tokenization

def tokenize(text: str) -> list[str]:
    """Whitespace chunks; leading/trailing punctuation of a word becomes its own glued token."""
    out: list[str] = []
    for chunk in text.split():
        m = _EDGE_PUNCT.match(chunk)
        lead, core, trail = m.group(1), m.group(2), m.group(3)
        if not core:  # all punctuation (an emoticon, "...", "!!!"): one ordinary token
            out.append(chunk)
            continue
        if lead:
            out.append(lead + _GLUE)
        out.append(core)
        if trail:
            out.append(_GLUE + trail)
    return out


def detokenize(tokens: Sequence[str]) -> str:
    text = " ".join(t for t in tokens if t)
    return text.replace(" " + _GLUE, "").replace(_GLUE + " ", "").replace(_GLUE, "").strip()


def _is_word(token: str) -> bool:
    return _GLUE not in token and bool(re.search(r"\w", token))


# ---------------------------------------------------------------------------- seeding

def sentence_seed(seed: int, index: int) -> int:
    """A 32-bit seed for one sentence, derived from the run seed and the sentence's index."""
    return int(np.random.SeedSequence([int(seed) % 2**32, int(index) % 2**32]).generate_state(1)[0])


@contextmanager
def _seeded(seed: int):
    """Seed python's and numpy's global streams (what nlpaug draws from), restore them afterwards."""
    py_state, np_state = random.getstate(), np.random.get_state()
    random.seed(seed)
    np.random.seed(seed)
    try:
        yield
    finally:
        random.setstate(py_state)
        np.random.set_state(np_state)


# ---------------------------------------------------------------------------- resources

def misspellings_path() -> Path:
    root = shared_data_dir()
    p = root / "lexicons" / "misspellings_natural_en.txt" if root is not None else None
    if p is None or not p.is_file():
        raise InputError(
            "the 'spell' perturbation needs the natural-misspelling list lexicons/misspellings_natural_en.txt "
            f"in the data folder ({p or '../shared/data/lexicons'} not found; set KEIGO_DATA)")
    return p


def read_misspellings(path: Path, include_reverse: bool = True) -> dict[str, list[str]]:
    """``word miss1 miss2 ...`` lines -> {word: sorted misspellings} (+ reverse), the map nlpaug's Spelling builds."""
    table: dict[str, set[str]] = {}
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: cannot read the misspelling list ({exc})") from None
    for line in text.splitlines():
        parts = line.split(" ")
        if len(parts) < 2 or not parts[0]:
            continue
        key, values = parts[0], [v for v in parts[1:] if v]
        table.setdefault(key, set()).update(values)
        if include_reverse:
            for v in values:
                table.setdefault(v, set()).add(key)
    if not table:
        raise InputError(f"{path}: no 'word misspelling ...' lines")
    return {k: sorted(v) for k, v in table.items()}


def abbreviation_lexicon_path() -> Path:
    """Keigo's slang lexicon (assets/lexicons/slang.tsv) when present, else the MIT abbreviation list."""
    own = assets_dir() / "lexicons" / "slang.tsv"
    if own.is_file():
        return own
    root = shared_data_dir()
    shared = root / "lexicons" / "abbreviations_en.tsv" if root is not None else None
    if shared is not None and shared.is_file():
        return shared
    raise InputError("the 'abbr' perturbation needs assets/lexicons/slang.tsv or "
                     "lexicons/abbreviations_en.tsv in the data folder; neither was found")


def read_informal_lexicon(path: Path) -> dict[tuple[str, ...], list[str]]:
    """informal<TAB>formal lines reversed: formal phrase (lowercase words) -> informal forms, file order."""
    out: dict[tuple[str, ...], list[str]] = {}
    for n, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) < 2 or not parts[0].strip() or not parts[1].strip():
            raise InputError(f"{path}:{n}: expected informal<TAB>formal")
        informal, formal = parts[0].strip(), parts[1].strip()
        key = tuple(formal.lower().split())
        if informal not in out.setdefault(key, []):
            out[key].append(informal)
    if not out:
        raise InputError(f"{path}: no informal<TAB>formal entries")
    return out


# WordNet 3.0 lexicographer files (wndb(5WN) "lexnames"); Debian's wordnet-base omits the file NLTK reads.
_LEXNAMES = ["adj.all", "adj.pert", "adv.all", "noun.Tops", "noun.act", "noun.animal", "noun.artifact", "noun.attribute", "noun.body", "noun.cognition", "noun.communication", "noun.event", "noun.feeling", "noun.food", "noun.group", "noun.location", "noun.motive", "noun.object", "noun.person", "noun.phenomenon", "noun.plant", "noun.possession", "noun.process", "noun.quantity", "noun.relation", "noun.shape", "noun.state", "noun.substance", "noun.time", "verb.body", "verb.change", "verb.cognition", "verb.communication", "verb.competition", "verb.consumption", "verb.contact", "verb.creation", "verb.emotion", "verb.motion", "verb.perception", "verb.possession", "verb.social", "verb.stative", "verb.weather", "adj.ppl"]
_LEX_CAT = {"noun": 1, "verb": 2, "adj": 3, "adv": 4}


def wordnet_dir() -> Path | None:
    """The WordNet dict folder: KEIGO_WORDNET, Debian's /usr/share/wordnet, or an NLTK data corpora/wordnet."""
    cands = [os.environ.get("KEIGO_WORDNET"), "/usr/share/wordnet", "/usr/local/share/wordnet"]
    try:
        import nltk

        cands += [str(Path(p) / "corpora" / "wordnet") for p in nltk.data.path]
    except ImportError:
        pass
    for c in cands:
        if c and (Path(c) / "index.noun").is_file() and (Path(c) / "data.noun").is_file():
            return Path(c)
    return None


@lru_cache(maxsize=1)
def load_wordnet():
    """NLTK's WordNetCorpusReader on the local dict files, without any download."""
    try:
        from nltk.corpus.reader.wordnet import WordNetCorpusReader
    except ImportError:
        raise InputError("the 'synonym' perturbation needs NLTK: pip install nltk") from None
    root = wordnet_dir()
    if root is None:
        raise InputError("the 'synonym' perturbation needs WordNet's dict files, not found "
                         f"(Debian/Ubuntu: {WORDNET_PACKAGES}; or set KEIGO_WORDNET=DIR)")

    class _LocalWordNet(WordNetCorpusReader):
        def open(self, fileid):
            if fileid == "lexnames" and not (root / "lexnames").is_file():
                lines = [f"{i:02d}\t{n}\t{_LEX_CAT[n.split('.')[0]]}" for i, n in enumerate(_LEXNAMES)]
                return io.StringIO("\n".join(lines) + "\n")
            return super().open(fileid)

        def map_wn(self, version="wordnet"):
            return None  # the WordNet-3.0 sense map is for multilingual (OMW) data only, and would download

    import nltk

    if str(root) not in nltk.data.path:
        nltk.data.path.append(str(root))  # NLTK's path guard only opens files under its data path
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "multilingual functions are not available": English only here
        return _LocalWordNet(str(root), None)


_STOPWORDS = frozenset(["a", "an", "the", "and", "or", "but", "if", "then", "so", "of", "to", "in", "on", "at", "by", "for", "with", "from", "as", "is", "are", "was", "were", "be", "been", "being", "am", "do", "does", "did", "doing", "have", "has", "had", "having", "i", "me", "my", "mine", "we", "us", "our", "you", "your", "he", "him", "his", "she", "her", "it", "its", "they", "them", "their", "this", "that", "these", "those", "there", "here", "what", "which", "who", "whom", "whose", "when", "where", "why", "how", "not", "no", "nor", "can", "could", "will", "would", "shall", "should", "may", "might", "must", "just", "very", "too", "also", "only", "than", "up", "down", "out", "off", "over", "under", "again", "once", "all", "any", "both", "each", "few", "more", "most", "other", "some", "such", "own", "same", "s", "t", "don", "now"])


class _WordNetDictionary:
    """nlpaug's WordNet model interface (predict, pos_tag) over a local reader, with a WordNet-based tagger.

    nlpaug tags with nltk.pos_tag, whose model NLTK downloads; offline, each word gets the part of speech with
    the most WordNet senses, and function words or words without another lemma are tagged DT (skipped).
    """

    _PENN: ClassVar[dict[str, str]] = {"n": "NN", "v": "VB", "a": "JJ", "r": "RB"}

    def __init__(self, reader):
        self.reader = reader

    def predict(self, word, pos=None):
        seen: list[str] = []
        for syn in self.reader.synsets(word, pos=pos):
            for lemma in syn.lemmas():
                name = lemma.name()
                if name not in seen:
                    seen.append(name)
        return seen

    def _tag(self, token: str) -> str:
        low = token.lower()
        if low in _STOPWORDS or not _is_word(token):
            return "DT"
        best, best_n = None, 0
        for pos in ("n", "v", "a", "r"):
            n = len(self.reader.synsets(low, pos=pos))
            if n > best_n:
                best, best_n = pos, n
        if best is None or not any(c.lower() != low for c in self.predict(low, best)):
            return "DT"
        return self._PENN[best]

    def pos_tag(self, tokens):
        return [(t, self._tag(t)) for t in tokens]


def train_tfidf(sentences: Sequence[str], out_dir: str | Path, min_df: int = 2) -> Path:
    """Train nlpaug's TF-IDF statistics on (unlabeled) sentences; saved as its two text files in out_dir."""
    import nlpaug.model.word_stats as nmws

    # the vocabulary the augmenter samples replacements from: words of letters seen in >= min_df sentences
    # (tweets are full of URLs, tags and one-off strings that make poor replacements)
    word = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)*")
    docs = [[t for t in tokenize(s) if word.fullmatch(t)] for s in sentences]
    df: dict[str, int] = {}
    for d in docs:
        for t in set(d):
            df[t] = df.get(t, 0) + 1
    keep_min = min_df if len(docs) >= 100 else 1  # a handful of sentences: keep every word
    docs = [[t for t in d if df[t] >= keep_min] for d in docs]
    docs = [d for d in docs if d]
    if not docs:
        raise InputError("cannot train the tf-idf model: no words in the given sentences")
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    model = nmws.TfIdf()
    model.train(docs)
    model.save(str(out))
    return out


def tfidf_ready(model_dir: str | Path | None) -> bool:
    import nlpaug.model.word_stats as nmws

    return model_dir is not None and all(
        (Path(model_dir) / f).is_file() for f in (nmws.TfIdf.WORD_2_IDF_FILE_NAME, nmws.TfIdf.WORD_2_TFIDF_FILE_NAME))


# ---------------------------------------------------------------------------- perturbers

class Perturber:
    """One perturbation kind with its resources loaded once; call with sentences and a seed."""

    def __init__(self, kind: str, ratio: float = 0.1, *, tfidf_dir: str | Path | None = None,
                 mask_token: str = MASK_TOKEN, lexicon: str | Path | None = None,
                 misspellings: str | Path | None = None, pivots: Sequence[str] | None = None):
        self.kind = canonical_kind(kind)
        if not 0.0 < float(ratio) <= 1.0:
            raise InputError(f"perturbation ratio must be in (0, 1], got {ratio}")
        self.ratio = float(ratio)
        self._aug = None
        self._lexicon = None
        self._pivots: list[str] = []
        k = self.kind
        common = {"aug_p": self.ratio, "aug_min": 1, "aug_max": None, "tokenizer": tokenize,
                  "reverse_tokenizer": detokenize, "stopwords_regex": _SKIP_RE}
        if k in ("swap", "drop", "mask"):
            import nlpaug.augmenter.word as naw

            action = {"swap": "swap", "drop": "delete", "mask": "substitute"}[k]
            self._aug = naw.RandomWordAug(action=action, target_words=[mask_token], **common)
        elif k == "spell":
            self._aug = _spelling_aug(Path(misspellings) if misspellings else misspellings_path(), common)
        elif k == "synonym":
            self._aug = _synonym_aug(_WordNetDictionary(load_wordnet()), common)
        elif k == "tfidf":
            if not tfidf_ready(tfidf_dir):
                raise InputError("the 'tfidf' perturbation needs a tf-idf model: train one with "
                                 f"training.augment.perturb.train_tfidf(sentences, DIR) (missing in {tfidf_dir})")
            self._aug = _tfidf_aug(Path(tfidf_dir), common)
        elif k == "abbr":
            self._lexicon = read_informal_lexicon(Path(lexicon) if lexicon else abbreviation_lexicon_path())
        elif k == "back_translation":
            if not apertium.available():
                raise InputError("the 'back_translation' perturbation needs Apertium with an English pair "
                                 f"(Debian/Ubuntu: {APERTIUM_PACKAGES})")
            self._pivots = list(pivots) if pivots else list(apertium.pivots())
            if not self._pivots:
                raise InputError(f"Apertium has no English round-trip pair installed ({APERTIUM_PACKAGES})")

    def __call__(self, sentences: Sequence[str], seed: int = 0) -> list[str]:
        sentences = [str(s) for s in sentences]
        for i, s in enumerate(sentences):
            if len(s) > MAX_CHARS:
                raise InputError(f"sentence {i} has {len(s)} characters; perturbations take single sentences "
                                 f"(at most {MAX_CHARS}): split the text first")
        if self.kind == "none":
            return list(sentences)
        if self.kind == "back_translation":
            return self._back_translate(sentences, seed)
        out = []
        for i, s in enumerate(sentences):
            if not s.strip():
                out.append(s)
                continue
            ss = sentence_seed(seed, i)
            if self.kind == "capital":
                out.append(self._capital(s, random.Random(ss)))
            elif self.kind == "abbr":
                out.append(self._abbr(s, random.Random(ss)))
            else:
                with _seeded(ss):
                    res = self._aug.augment(s)
                out.append(res[0] if isinstance(res, list) and res else (res if isinstance(res, str) else s))
        return out

    def _count(self, n_words: int) -> int:
        return max(1, math.ceil(self.ratio * n_words)) if n_words else 0

    def _capital(self, s: str, rng: random.Random) -> str:
        toks = tokenize(s)
        words = [i for i, t in enumerate(toks) if _is_word(t) and any(c.isalpha() for c in t)]
        for i in rng.sample(words, min(len(words), self._count(len(words)))):
            t = toks[i]
            if t.islower():
                toks[i] = t.upper() if rng.random() < 0.5 else t.capitalize()
            elif t.isupper() and len(t) > 1:
                toks[i] = t.lower() if rng.random() < 0.5 else t.capitalize()
            else:
                toks[i] = t.lower() if t.lower() != t else t.upper()
        return detokenize(toks)

    def _abbr(self, s: str, rng: random.Random) -> str:
        toks = tokenize(s)
        lows = [t.lower() for t in toks]
        spans = []
        for key in self._lexicon:
            n = len(key)
            for i in range(len(toks) - n + 1):
                if tuple(lows[i:i + n]) == key:
                    spans.append((i, i + n, key))
        if not spans:
            return s
        spans.sort()
        rng.shuffle(spans)
        n_words = sum(1 for t in toks if _is_word(t))
        chosen, used = [], set()
        for a, b, key in spans:
            if len(chosen) >= self._count(n_words):
                break
            if used.isdisjoint(range(a, b)):
                chosen.append((a, b, key))
                used.update(range(a, b))
        for a, b, key in sorted(chosen, reverse=True):
            informal = rng.choice(self._lexicon[key])
            if toks[a][:1].isupper():
                informal = informal[:1].upper() + informal[1:]
            toks[a:b] = [informal]
        return detokenize(toks)

    def _back_translate(self, sentences: list[str], seed: int) -> list[str]:
        out = list(sentences)
        by_pivot: dict[str, list[int]] = {}
        for i, s in enumerate(sentences):
            if s.strip():
                pivot = self._pivots[random.Random(sentence_seed(seed, i)).randrange(len(self._pivots))]
                by_pivot.setdefault(pivot, []).append(i)
        for pivot, idx in sorted(by_pivot.items()):
            res = apertium.round_trip([sentences[i] for i in idx], pivot)
            for i, r in zip(idx, res):
                out[i] = r if r and r.strip() else sentences[i]
        return out


def _spelling_aug(path: Path, common: dict):
    import nlpaug.augmenter.word as naw
    import nlpaug.model.word_dict as nmwd

    class _SortedSpellingAug(naw.SpellingAug):
        # nlpaug caches one spelling model per process whatever the path, and keeps candidates in set order
        def get_model(self, force_reload):
            model = nmwd.Spelling.__new__(nmwd.Spelling)
            nmwd.WordDictionary.__init__(model, cache=True)
            model.dict_path, model.include_reverse = self.dict_path, self.include_reverse
            model.dict = read_misspellings(Path(self.dict_path), self.include_reverse)
            return model

    return _SortedSpellingAug(dict_path=str(path), **common)


def _synonym_aug(dictionary, common: dict):
    import nlpaug.augmenter.word as naw

    class _LocalSynonymAug(naw.SynonymAug):
        # nlpaug's WordNet model calls nltk.download when the corpus is not in NLTK's data path
        def get_model(self, aug_src, lang, dict_path, force_reload):
            return dictionary

    return _LocalSynonymAug(aug_src="wordnet", **common)


def _tfidf_aug(model_dir: Path, common: dict):
    import nlpaug.augmenter.word as naw
    import nlpaug.model.word_stats as nmws

    class _LocalTfIdfAug(naw.TfIdfAug):
        # nlpaug caches one tf-idf model per process whatever the path
        def get_model(self, force_reload=False):
            model = nmws.TfIdf()
            model.read(str(self.model_path))
            return model

    return _LocalTfIdfAug(model_path=str(model_dir), action="substitute", **common)


_CACHE: dict[tuple, Perturber] = {}


def perturb(sentences: Sequence[str], kind: str, ratio: float = 0.1, seed: int = 0, **options) -> list[str]:
    """Perturb each sentence (about ``ratio`` of its words); the same arguments always give the same output."""
    key = (canonical_kind(kind), float(ratio), tuple(sorted((k, str(v)) for k, v in options.items())))
    p = _CACHE.get(key)
    if p is None:
        p = _CACHE[key] = Perturber(kind, ratio, **options)
    return p(sentences, seed)
