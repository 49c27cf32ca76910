"""Content that carries no style, made uniform before a sentence is scored.

"omg the demo for client 280 was sooo bad." and the same sentence with 285 must score the same, and so must
"Susan is a cool mom." and "Mary is a cool mom.". A classifier trained on a few hundred thousand sentences
has seen some numbers and names more often in informal text than in formal text, and lets that leak into
the score. The scorer therefore reads a canonical copy of each sentence:

- every number written as a word of its own ("280", "1,500", "3.5", "80's") has each digit replaced by
  ``5``: its length and shape stay (a year still looks like a year), its value goes. Standalone "2" and "4"
  stay as written: in informal English they are often words ("2 go", "4 u"), which is style;
  digits inside a word ("b4", "2nite") are spelling, and stay too;
- every capitalised word that the English word list knows only as a proper noun ("Susan", "Texas",
  "Tokyo"), or not at all, is replaced by ``Alex``: capitalisation (a formality cue) stays, identity goes.
  Inside a sentence, a capitalised word the list knows both ways ("Mike", "Mark") counts as a name too; at
  a sentence's start it does only before another name ("Emma Watson"; but "Will you ...": the list cannot tell). Words that carry register
  themselves ("God", "Mom", "Sir") are never replaced.

Double quotation marks are read as spaces by every scorer, canonical or not (``neutral_quotes``): GYAFC's informal
side holds none (0 of 52,595 E&M and 0 of 51,967 F&R train sentences; 3,160 and 913 of their formal rewrites hold
one), so a classifier trained on it reads a quotation mark as formality itself: 'i told him "no way" and he just
laughed' scored 0.93 formal, the same sentence without the marks 0.006, and the rewriter left it as it was.

The copy is never shown: offsets, explanations and rewrites work on the writer's text. Training code
that fits a scorer applies the same function to its inputs, so the model learns on what it will read.
"""
from __future__ import annotations

import gzip
import re
from functools import lru_cache
from pathlib import Path

from engine.errors import ModelError
from engine.paths import assets_dir

NAME_PLACEHOLDER = "Alex"
NUMBER = re.compile(r"\b\d+(?:[.,]\d+)*\b")
_CAPITALISED = re.compile(r"\b[A-Z][a-z]+\b")
# capitalised words that carry register themselves ("oh my God", "Mom"), never replaced
STYLE_WORDS = frozenset(["God", "Lord", "Jesus", "Christ", "Mom", "Mum", "Dad", "Mama", "Papa", "Sir", "Madam", "Miss", "Mr", "Mrs", "Ms", "Dr"])
STYLE_NUMBERS = frozenset({"2", "4"})  # numbers that are often words: "2 go", "4 u"


class ProperNouns:
    """Capitalised words of the shipped word list that never appear in lower case there, plus a test
    for words the list does not know."""

    def __init__(self, path: Path | None = None):
        path = Path(path) if path is not None else assets_dir() / "lexicons" / "english_words.txt.gz"
        try:
            words = gzip.decompress(path.read_bytes()).decode("utf-8").split("\n")
        except FileNotFoundError:
            raise ModelError(f"English word list not found: {path}") from None
        except (OSError, EOFError, UnicodeDecodeError, gzip.BadGzipFile) as exc:
            raise ModelError(f"{path}: not a readable word list ({exc})") from None
        lower = {w for w in words if w and w[0].islower()}
        self.lower = frozenset(lower)
        self.capitalised = frozenset(w for w in words if w[:1].isupper())
        self.proper = frozenset(w for w in self.capitalised if w.lower() not in lower)
        if len(self.lower) < 1000:
            raise ModelError(f"{path}: only {len(self.lower)} lower-case words; the word list is damaged")

    def is_name(self, word: str, mid_sentence: bool = False) -> bool:
        """A proper noun: known only capitalised, or unknown; inside a sentence, also a word the list knows
        both ways ("Mike", "Emma"), since an ordinary word is rarely capitalised there."""
        if word in STYLE_WORDS:
            return False
        if word in self.proper or word.lower() not in self.lower:
            return True
        return mid_sentence and word in self.capitalised


@lru_cache(maxsize=1)
def default_proper_nouns() -> ProperNouns:
    return ProperNouns()


def _number(m: re.Match) -> str:
    s = m.group()
    return s if s in STYLE_NUMBERS else re.sub(r"\d", "5", s)


def canonicalize(text: str, nouns: ProperNouns | None = None) -> str:
    """The copy of `text` the scorer reads (see the module docstring). Linear in the text's length."""
    if not text:
        return text
    nouns = nouns or default_proper_nouns()
    text = NUMBER.sub(_number, text)

    def name(m: re.Match) -> str:
        before = text[max(0, m.start() - 64):m.start()].rstrip(" \t\"'“‘(")
        mid = bool(before) and before[-1] not in ".!?\n:"
        if not mid:  # "Emma Watson ..." at a sentence's start: a first name before a surname
            nxt = _CAPITALISED.match(text, m.end() + 1) if text[m.end():m.end() + 1] == " " else None
            mid = nxt is not None and nouns.is_name(nxt.group(), True)
        return NAME_PLACEHOLDER if nouns.is_name(m.group(), mid) else m.group()

    return _CAPITALISED.sub(name, text)


_DOUBLE_QUOTES = re.compile("[\"\u201c\u201d\u201e\u201f\u00ab\u00bb]")


def neutral_quotes(text: str) -> str:
    """`text` with each double quotation mark (straight, curly, low, guillemet) read as a space: same length."""
    return _DOUBLE_QUOTES.sub(" ", text) if text else text


def scorer_view(text: str, canonical: bool) -> str:
    """What a scorer reads of ``text``: double quotation marks as spaces, then (for a scorer trained on it) the
    canonical copy. The engine's FormalityScorer and the training stage that fits a scorer both call this, so a model
    learns on exactly what it will read."""
    text = neutral_quotes(text)
    return canonicalize(text) if canonical else text
