"""Which words to show a writer as making a sentence informal (the editor's wavy underlines).

The scorer's occlusion weights (``FormalityScorer.explain``, log-odds) say how much each word moves the
score, but a raw "weight below zero" rule underlines "the", "if" and "meeting": the classifier leans on
function words as context, and small weights are noise. A writer can act only on a word that is itself
informal, so an underline needs all of:

- a pull towards informal of at least ``threshold`` log-odds (default 1.0: removing the word makes the
  sentence at least e ≈ 2.7 times more likely to read as formal);
- a word that is not a function word in its standard form (articles, prepositions, pronouns, auxiliaries:
  never informal by themselves; the lowercase pronoun "i" is not standard and stays eligible);
- not a lone neutral punctuation mark (".", ",", "(", "-": "!!!" and emoticons stay eligible).

Occlusion weights are also noisy for ordinary words: in "dont worry about it" the classifier's evidence sits on
the pair, and "worry" gets the pull of "dont"; in "cuz tickets doubled" the plain noun "tickets" does. And in
a sentence full of informal words each one's own weight is small ("gonna" in "gonna need more ppl ... cuz"):
removing one leaves the sentence as informal as before. So, with the shipped lexicons and word list
(``Vocabulary``):

- a word the lexicons list as informal by itself ("gonna", "thx", "dont", "u") is underlined whenever its
  weight pulls towards informal at all: the lexicon says why, the hover card offers its formal form;
- a standard English word (in the word list, lower case or capitalised, not a lexicon word, no stretched
  letters) needs a much stronger pull, ``STANDARD_THRESHOLD`` (3.0 log-odds): "dude" passes, "worry",
  "tickets", "pretty" do not;
- everything else (non-words such as "ppl", stretched "sooo", shouting, "!!!", emoticons) keeps ``threshold``.

Measured on GYAFC tune informal sources (``python -m training eval-reasons``; numbers in the issue notes).
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from engine.errors import ModelError
from engine.types import WordWeight

DEFAULT_THRESHOLD = 1.0
STANDARD_THRESHOLD = 3.0

# Closed-class English words in their standard spelling. Contractions, "ok", "yeah", "like", "well", "oh",
# "gonna" and friends are deliberately absent: those are what a writer may want to change.
FUNCTION_WORDS = frozenset(["a", "an", "the", "this", "that", "these", "those", "some", "any", "each", "every", "either", "neither", "both", "all", "no", "none", "another", "other", "such", "and", "or", "but", "nor", "so", "yet", "for", "because", "although", "though", "while", "whereas", "if", "unless", "whether", "than", "as", "since", "until", "of", "in", "on", "at", "to", "from", "by", "with", "without", "within", "about", "above", "below", "over", "under", "into", "onto", "upon", "off", "out", "up", "down", "through", "during", "before", "after", "between", "among", "against", "along", "across", "around", "behind", "beyond", "near", "toward", "towards", "via", "per", "despite", "except", "including", "i", "me", "my", "mine", "myself", "you", "your", "yours", "yourself", "yourselves", "he", "him", "his", "himself", "she", "her", "hers", "herself", "it", "its", "itself", "we", "us", "our", "ours", "ourselves", "they", "them", "their", "theirs", "themselves", "one", "ones", "who", "whom", "whose", "which", "what", "that", "is", "am", "are", "was", "were", "be", "been", "being", "have", "has", "had", "having", "do", "does", "did", "doing", "will", "would", "shall", "should", "can", "could", "may", "might", "must", "not", "there", "here", "where", "when", "why", "how", "then", "also", "very", "too", "only", "just", "even", "still", "already", "again", "ever", "never", "always", "often", "sometimes", "more", "most", "less", "least", "much", "many", "few", "several"])

# Single characters that carry no register on their own.
NEUTRAL_PUNCTUATION = frozenset(".,;:()[]{}-–—/\"'‘’“”&*%#@+=<>")


def is_function_word(word: str) -> bool:
    """A standard-form function word ("The", "if", "I"); lowercase "i" is not one: it is a marker."""
    return word != "i" and word.lower() in FUNCTION_WORDS


def is_neutral_punctuation(word: str) -> bool:
    return len(word) == 1 and word in NEUTRAL_PUNCTUATION


_PLAIN_WORD = re.compile(r"[A-Za-z]+(?:['’][A-Za-z]+)*")
_STRETCHED = re.compile(r"(.)\1\1")


class Vocabulary:
    """What the underline rule knows about a word beyond its weight: the lexicons' informal words and the
    English word list (engine.rules, engine.faithful: both ship in assets/lexicons)."""

    def __init__(self, lexicon_words: Iterable[str], known) -> None:
        self.lexicon = frozenset(w.lower() for w in lexicon_words)
        self._known = known  # word -> bool

    def is_lexicon_word(self, word: str) -> bool:
        return word.lower().replace("’", "'") in self.lexicon

    def is_standard(self, word: str) -> bool:
        """A plain English word in its standard shape: letters (an inner apostrophe allowed), lower case or
        capitalised, known to the word list, not a lexicon word, no letter three times in a row; lowercase
        "i" is not standard."""
        if word == "i" or not _PLAIN_WORD.fullmatch(word) or _STRETCHED.search(word.lower()):
            return False
        if not (word.islower() or (word[:1].isupper() and (len(word) == 1 or word[1:].islower()))):
            return False
        return not self.is_lexicon_word(word) and bool(self._known(word))


@lru_cache(maxsize=1)
def default_vocabulary() -> Vocabulary | None:
    """The shipped lexicons and word list; None when they cannot be read (the plain threshold rule then)."""
    from engine.faithful import default_wordlist
    from engine.rules import RuleFormalizer

    try:
        return Vocabulary(RuleFormalizer().lexicon_words(), default_wordlist().known)
    except (ModelError, OSError):
        return None


_DEFAULT = object()


def informal_words(weights: Iterable[WordWeight], threshold: float = DEFAULT_THRESHOLD, *,
                   vocabulary: Vocabulary | None | object = _DEFAULT,
                   standard_threshold: float = STANDARD_THRESHOLD) -> list[WordWeight]:
    """The words worth underlining, in sentence order (see the module docstring for the rules).
    ``vocabulary=None`` applies the threshold alone to every eligible word (the rule before the lexicon gate)."""
    if not threshold >= 0:  # also refuses NaN
        raise ValueError(f"threshold must be a number >= 0, not {threshold!r}")
    if not standard_threshold >= threshold:
        raise ValueError(f"standard_threshold must be a number >= threshold, not {standard_threshold!r}")
    vocab = default_vocabulary() if vocabulary is _DEFAULT else vocabulary
    out = []
    for w in weights:
        if is_function_word(w.word) or is_neutral_punctuation(w.word):
            continue
        if vocab is None:
            need = threshold
        elif vocab.is_lexicon_word(w.word):
            need = 0.0
        elif vocab.is_standard(w.word):
            need = standard_threshold
        else:
            need = threshold
        if w.weight < 0 and w.weight <= -need:
            out.append(w)
    return out
