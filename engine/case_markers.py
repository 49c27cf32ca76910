"""Case markers: how a rewriter on an uncased WordPiece vocabulary (MiniLM's) still reads and writes case.

Before tokenization every word holding a capital gets a marker token in front of it ("[CAP]" the word starts
with a capital, "[ALLCAPS]" it is all capitals), in sources and in training targets alike, so the model sees
case and learns to produce it. After decoding, ``CaseCodec.decode`` applies the markers, gives back the
writer's own spelling of words copied from the source (inner capitals as in "iPhone", accents the uncased
normalizer strips as in "José", and what the vocabulary cannot spell at all, e.g. emoji) and rejoins the
WordPieces into text ("don ' t" -> "don't", "3 . 5" -> "3.5", "e - mail" -> "e-mail" when the source had it).

Training (training/stages/rewriter.py) and the engine (engine/rewriter.py, rewriter.json ``"case_markers":
true``) use this one module, so the text the model learns from is the text it is served.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

CAP = "[CAP]"          # the next word starts with a capital
ALLCAPS = "[ALLCAPS]"  # the next word is all capitals (two cased letters or more)
MARKERS = (CAP, ALLCAPS)

# The pieces WordPiece's BERT pre-tokenizer makes, near enough: a CJK ideograph alone, a run of letters, digits
# and combining marks, or any other single visible character (punctuation, symbols, emoji). Symbols are split
# off here even where BERT would keep them inside a word, so an emoji costs the model one unknown token, not
# the word it touches.
_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002a6df\U0002a700-\U0002ebef\U0002f800-\U0002fa1f"
_PIECE_RE = re.compile(rf"[{_CJK}]|(?:(?![{_CJK}])[^\W_]|[\u0300-\u036f])+|\S")
_CASED_LETTER = re.compile(r"[^\W\d_]")

# Joining rules for the decoded pieces (spaces come from the writer's source where it settles the case).
_NO_SPACE_BEFORE = frozenset(",.!?;:%)]}…")
_NO_SPACE_AFTER = frozenset("([{$£€¿¡")
_SPACE_AFTER = frozenset(",!?;")
_CONTRACTIONS = frozenset({"t", "s", "m", "re", "ve", "ll", "d"})
_JOINERS = frozenset("-/")


def fold(text: str) -> str:
    """What an uncased BERT normalizer makes of a word: accents stripped, lower case."""
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(c for c in decomposed if unicodedata.category(c) != "Mn").lower()


def pieces(text: str) -> list[re.Match]:
    """The word and symbol pieces of (NFC) text, as regex matches carrying their offsets."""
    return list(_PIECE_RE.finditer(text))


def case_of(word: str) -> str | None:
    """The marker a word needs: ALLCAPS (every cased letter a capital, two or more of them or after a digit, as in
    "NASA", "3D"), CAP (a capital first letter) or None."""
    cased = [c for c in word if c.lower() != c.upper()]
    if not cased:
        return None
    if all(c.isupper() for c in cased) and (len(cased) >= 2 or word[0] != cased[0]):
        return ALLCAPS
    return CAP if word[0].isupper() else None


def mark(text: str) -> str:
    """The text the model reads: its pieces separated by spaces, each cased word after its marker."""
    text = unicodedata.normalize("NFC", text)
    out = []
    for m in _PIECE_RE.finditer(text):
        word = m.group()
        marker = case_of(word)
        if marker is not None:
            out.append(marker)
        out.append(word)
    return " ".join(out)


def _is_mixed(word: str) -> bool:
    """Inner capitals that are not all capitals ("iPhone", "McDonald", "eBay")."""
    cased = [c for c in word if c.lower() != c.upper()]
    return any(c.isupper() for c in word[1:]) and not all(c.isupper() for c in cased)


def _informative(word: str) -> bool:
    """A spelling the folded form loses more of than its case: accents or inner capitals."""
    return word.lower() != fold(word) or _is_mixed(word)


def apply_case(word: str, marker: str | None, spelling: str | None = None) -> str:
    """The decoded (lower-case) word with the model's marker applied, spelled as the writer spelled it when the
    source holds the same word: the marker decides the first letter (or all of them), the source the rest."""
    base = spelling if spelling is not None else word
    if marker == ALLCAPS:
        return base.upper()
    rest = base[1:] if spelling is not None and _is_mixed(spelling) else base[1:].lower()
    first = base[:1].upper() if marker == CAP else base[:1].lower()
    return first + rest


class SourceIndex:
    """What decoding borrows from the source: each word's spelling, which neighbouring pieces the writer wrote
    without a space, and the pieces the vocabulary cannot spell (in order)."""

    def __init__(self, source: str, is_unknown=lambda piece: False):
        source = unicodedata.normalize("NFC", source or "")
        found = pieces(source)
        self.spelling: dict[str, str] = {}
        self.glued: dict[tuple[str, str], bool] = {}
        self.unknown: list[str] = []
        prev = None
        for m in found:
            word = m.group()
            key = fold(word)
            # the first spelling wins, unless a later one holds what folding loses ("jose" then "José")
            old = self.spelling.get(key)
            if old is None or not _informative(old) and _informative(word):
                self.spelling[key] = word
            if is_unknown(word):
                self.unknown.append(word)
            if prev is not None:
                self.glued.setdefault((fold(prev.group()), key), prev.end() == m.start())
            prev = m


def join(words: Sequence[str], glued: dict[tuple[str, str], bool] | None = None) -> str:
    """Text from decoded pieces: punctuation spacing, contractions, numbers, quotes, and wherever these rules
    leave it open, the spacing the writer used between the same two pieces."""
    glued = glued or {}
    words = [w for w in words if w]
    out: list[str] = []
    quotes = {'"': 0, "'": 0}
    for i, w in enumerate(words):
        if not out:
            out.append(w)
            if w in quotes:
                quotes[w] += 1
            continue
        p = words[i - 1] if i > 0 else ""
        pp = words[i - 2] if i > 1 else ""
        nxt = words[i + 1] if i + 1 < len(words) else ""
        glue = _glue(pp, p, w, nxt, glued, quotes)
        out.append(w if glue else " " + w)
    return "".join(out)


def _glue(pp: str, p: str, w: str, nxt: str, glued: dict, quotes: dict) -> bool:
    """Whether ``w`` follows ``p`` (after ``pp``, before ``nxt``) without a space."""
    key = (fold(p), fold(w))
    if p in (".", ",", ":") and pp[-1:].isdigit() and w[:1].isdigit():
        return True  # 3.5, 1,000, 10:30
    if w == "'" and p[-1:].isalnum() and nxt in _CONTRACTIONS:
        return True  # don't, it's, I'm
    if p == "'" and w in _CONTRACTIONS and pp[-1:].isalnum():
        return True
    if w in quotes:
        opening = quotes[w] % 2 == 0
        quotes[w] += 1
        if key in glued:
            return glued[key]
        return p in _NO_SPACE_AFTER if opening else True
    if w in _NO_SPACE_BEFORE:
        return True
    if p in quotes:
        if key in glued:
            return glued[key]
        return quotes[p] % 2 == 1  # an opening quote holds on to the word after it
    if p in _NO_SPACE_AFTER:
        return True
    if p in _SPACE_AFTER:
        return False
    if key in glued:
        return glued[key]
    # compounds: "well-known", "and/or"
    return p in _JOINERS and pp[-1:].isalnum() or w in _JOINERS and p[-1:].isalnum() and nxt[:1].isalnum()


class CaseCodec:
    """Marks text for a tokenizer that holds the marker tokens, and turns generated ids back into cased text."""

    def __init__(self, tokenizer):
        self.tokenizer = tokenizer
        ids = {m: tokenizer.token_to_id(m) for m in MARKERS}
        missing = [m for m, i in ids.items() if i is None]
        if missing:
            raise ValueError(f"the tokenizer has no case marker token {', '.join(missing)}")
        self.marker_ids = {i: m for m, i in ids.items()}
        added = tokenizer.get_added_tokens_decoder()
        self.special_ids = {i for i, t in added.items() if t.special}
        unk = getattr(tokenizer.model, "unk_token", None)
        self.unk_id = tokenizer.token_to_id(unk) if unk else None
        self.continuing = getattr(tokenizer.model, "continuing_subword_prefix", None) or "##"
        self._unknown: dict[str, bool] = {}
        self._indexes: dict[str, SourceIndex] = {}

    mark = staticmethod(mark)

    def is_unknown(self, piece: str) -> bool:
        """True when the vocabulary cannot spell the piece (it becomes the unknown token)."""
        if self.unk_id is None:
            return False
        known = self._unknown.get(piece)
        if known is None:
            known = self.unk_id in self.tokenizer.encode(piece, add_special_tokens=False).ids
            if len(self._unknown) > 100_000:
                self._unknown.clear()
            self._unknown[piece] = known
        return known

    def index(self, source: str) -> SourceIndex:
        """The source's index, kept for the few sources being decoded (every beam hypothesis reads it)."""
        found = self._indexes.get(source)
        if found is None:
            if len(self._indexes) > 256:
                self._indexes.clear()
            found = self._indexes[source] = SourceIndex(source, self.is_unknown)
        return found

    def decode(self, ids: Sequence[int], source: str = "") -> str:
        """Cased text from generated ids (special tokens skipped), spelled and spaced after ``source``, the text
        the model rewrote (before marking)."""
        words: list[list] = []   # [text, marker, unknown]
        pending = None
        for i in ids:
            i = int(i)
            if i in self.marker_ids:
                pending = ALLCAPS if ALLCAPS in (pending, self.marker_ids[i]) else CAP
                continue
            if i == self.unk_id:
                words.append(["", pending, True])
                pending = None
                continue
            if i in self.special_ids:
                continue
            tok = self.tokenizer.id_to_token(i)
            if tok is None:
                continue
            if tok.startswith(self.continuing) and len(tok) > len(self.continuing):
                if words and not words[-1][2] and pending is None:
                    words[-1][0] += tok[len(self.continuing):]
                    continue
                tok = tok[len(self.continuing):]
            words.append([tok, pending, False])
            pending = None
        index = self.index(source)
        unknown = iter(index.unknown)
        out = []
        for text, marker, unk in words:
            if unk:
                out.append(next(unknown, ""))  # what the vocabulary cannot spell comes from the source, or goes
                continue
            out.append(apply_case(text, marker, index.spelling.get(fold(text))))
        return join(out, index.glued)
