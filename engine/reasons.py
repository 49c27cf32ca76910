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

Measured on GYAFC tune informal sources (``python -m training eval-reasons``; numbers in the issue notes).
"""
from __future__ import annotations

from collections.abc import Iterable

from engine.types import WordWeight

DEFAULT_THRESHOLD = 1.0

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


def informal_words(weights: Iterable[WordWeight], threshold: float = DEFAULT_THRESHOLD) -> list[WordWeight]:
    """The words worth underlining, in sentence order (see the module docstring for the rules)."""
    if not threshold >= 0:  # also refuses NaN
        raise ValueError(f"threshold must be a number >= 0, not {threshold!r}")
    return [w for w in weights
            if w.weight <= -threshold and not is_function_word(w.word) and not is_neutral_punctuation(w.word)]
