"""Sentence segmentation that keeps character offsets, so the editor can highlight and replace by offset.

Contract (docs/architecture.md): segments come in order, never overlap, text[s.start:s.end] == s.text, none is
empty or whitespace-only or has leading/trailing whitespace, and the gaps between them hold only whitespace
(`SPACE_CHARS`: every character with str.isspace() plus the zero-width spaces), so segments + gaps == text.

Where a sentence ends:
- a blank line (two line breaks with only spaces between; CRLF, lone CR, U+2028 count as one break) always;
- a single line break when it does not look like hard-wrapped prose (`line_continues`, which is: a lowercase
  letter or a comma before the break and a lowercase letter after it, not a lettered list item like "a) ";
  or a capital after a word that never ends a sentence: "I met with\nJohn");
- a run of end marks (. ! ? … and CJK/Arabic ones), with closing quotes/brackets and trailing emoji kept on
  the sentence, when whitespace or the end of the text follows. Needing whitespace after the mark is what keeps
  decimals (3.14), URLs, e-mail addresses and "a.b" together;
- except after a title or Latin abbreviation (Mr., Dr., e.g., i.e.), after an initial (J. Smith), after a list
  number at the start of a sentence (1. Buy milk), and after an ellipsis or an ambiguous abbreviation (etc.,
  U.S., a.m.) unless the next word starts with a capital or a digit.

Every loop is linear: each regex runs once over the text (possessive quantifiers, no backtracking), and the
look-backs are bounded, so a 1 MB text takes a fraction of a second.
"""
from __future__ import annotations

import re

from engine.types import Segment

_ZERO_WIDTH = "\u200b\u2060\ufeff\u180e"
# Every Unicode whitespace character (str.isspace) plus the zero-width spaces, which render as nothing.
SPACE_CHARS = frozenset(
    "".join(chr(c) for c in range(0x3001) if chr(c).isspace()) + _ZERO_WIDTH  # none lies above U+3000
)
_LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
_SPACE_NO_BREAK = "".join(sorted(SPACE_CHARS - set(_LINE_BREAKS)))
_SPACE_NO_BREAK_CLASS = re.escape(_SPACE_NO_BREAK)
_LB_CLASS = re.escape(_LINE_BREAKS)

_END_MARKS = ".!?\u2026\u203c\u203d\u2047\u2048\u2049\u3002\uff01\uff1f\uff0e\u061f\u06d4\u0964\u0965"
_CLOSERS = "\"'\u201d\u2019\u00bb\u203a)]}\u300d\u300f\u3011\u3009\u300b\uff09\u300f"
_EMOJI = (
    "\U0001F000-\U0001FAFF\u2600-\u27BF\u2300-\u23FF\u2B00-\u2BFF\uFE0F\u200D\U000E0020-\U000E007F"
    "\u3030\u303D\u3297\u3299"
)

# One alternation scanned once: a run of line breaks (with spaces between), or a run of end marks with its
# closing quotes/brackets and trailing emoji, followed by a space or the end (so "3.14" and URLs never match).
# Possessive quantifiers and the look-behind (a run is only tried from its first mark) keep it linear.
_BOUNDARY = re.compile(
    rf"(?P<brk>(?:\r\n|[{_LB_CLASS}])(?:[{_SPACE_NO_BREAK_CLASS}]*+(?:\r\n|[{_LB_CLASS}]))*+)"
    rf"|(?<![{re.escape(_END_MARKS)}])(?P<run>[{re.escape(_END_MARKS)}]++)[{re.escape(_CLOSERS)}]*+"
    rf"(?:[ \t]*+[{_EMOJI}])*(?=[{re.escape(''.join(sorted(SPACE_CHARS)))}]|\Z)"
)
_LB_ONE = re.compile(rf"\r\n|[{_LB_CLASS}]")

_INITIALS = re.compile(r"(?:[A-Z]\.){1,2}[A-Z]")  # the token before the last dot: "J.K", "J.R.R"
# Never a sentence end after these (compared lowercased, without the final dot).
_ABBREV_NEVER = frozenset([
    "mr", "mrs", "ms", "mx", "dr", "prof", "sr", "st", "rev", "gen", "col", "capt", "lt", "sgt", "hon",
    "fr", "mt", "messrs", "mme", "mlle", "e.g", "eg", "i.e", "ie", "cf", "vs", "viz", "approx", "dept",
    "fig", "figs", "eq", "vol", "pp", "ca", "al"
])
# A sentence end only when a capital or a digit follows.
_ABBREV_MAYBE = frozenset([
    "etc", "u.s", "u.k", "u.n", "e.u", "a.m", "p.m", "inc", "ltd", "co", "corp", "jr", "bros", "jan",
    "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "tue", "tues", "thu",
    "thur", "thurs", "fri", "ave", "blvd"
])
_OPENERS = "\"'\u201c\u2018\u00ab\u2039([{\u300c\u300e"
_LOOKBACK = 32  # longest token examined before a dot; longer tokens are never abbreviations
_SPACE_STR = "".join(sorted(SPACE_CHARS))
_STRONG_MARKS = frozenset("!?\u203c\u203d\u2047\u2048\u2049\uff01\uff1f\u061f")
_DOTS = frozenset(".\u2026")
_NEXT_VISIBLE = re.compile(rf"[{re.escape(_SPACE_STR)}]*+[{re.escape(_OPENERS)}]{{0,4}}+(.)", re.DOTALL)


def _starts_sentence_like(ch: str) -> bool:
    return ch == "" or ch.isupper() or ch.isdigit() or not ch.isalpha()


def _next_visible(text: str, pos: int) -> str:
    """The first character after pos that is neither a space nor an opening quote ("" at the end)."""
    m = _NEXT_VISIBLE.match(text, pos)
    return m.group(1) if m else ""


def _mark_ends_sentence(text: str, run: str, ms: int, cut: int, seg_start: int) -> bool:
    if not _STRONG_MARKS.isdisjoint(run):
        return True
    if run != "." and run != "\uff0e":
        if _DOTS.issuperset(run) and (len(run) > 1 or run == "\u2026"):
            # An ellipsis often trails off mid-sentence ("well... i guess"): split only before a capital.
            return _starts_sentence_like(_next_visible(text, cut))
        return True  # 。 । and friends
    lo = max(seg_start, ms - _LOOKBACK)
    before = text[lo:ms]
    parts = before.rsplit(None, 1)
    if not parts:
        return True
    token = parts[-1]
    if len(parts) == 1 and lo > seg_start and not before[:1].isspace():
        return True  # a token longer than the look-back: a URL or junk, not an abbreviation
    stripped = token.lstrip(_OPENERS)
    low = stripped.lower()
    if not low:
        return True
    if low in _ABBREV_NEVER:
        return False
    if low in ("no", "nos"):
        return not _next_visible(text, cut).isdigit()  # "No. 5", but "I said no. Then"
    if len(stripped) == 1 and stripped.isalpha() and stripped.isupper():
        # an initial: "J. R. R. Tolkien", "Kanye W. is"; after a lower-case word the letter ends a sentence the
        # writer did not capitalise ("a red one in size L. how do I return it?"), but not a list's ("or B. you")
        prev = before[:len(before) - len(token)].split()
        return (_next_visible(text, cut).islower() and bool(prev) and prev[-1][:1].islower()
                and prev[-1].lower() not in ("or", "and"))
    if _INITIALS.fullmatch(stripped) and low not in _ABBREV_MAYBE and low not in ("d.c", "u.s.a", "o.k"):
        return False  # initials run together: "J.K. Rowling", "J.R.R. Tolkien" (but "the U.S. Then ..." may end)
    if stripped.isdigit() and len(stripped) <= 3 and ms - len(token) == seg_start:
        return False  # a list number at the start of a line: "1. Buy milk"
    if low in _ABBREV_MAYBE or (len(low) <= 6 and "." in low and all(p.isalpha() and len(p) <= 2 for p in low.split("."))):
        return _starts_sentence_like(_next_visible(text, cut))
    return True


# Words that do not end a sentence ("come on", "log in" do, so those prepositions are left out): a line ending in
# one carries on even when the next line starts with a capital.
_NEVER_LAST = frozenset([
    "a", "an", "the", "and", "or", "but", "nor", "of", "to", "at", "for", "with", "from",
    "into", "onto", "upon", "than", "my", "your", "his", "our", "their", "its", "mr", "mrs", "ms",
])
_LETTERED_ITEM = re.compile(r"[(\[]?[a-z]{1,3}[.)\]][ \t]")  # "a) ", "(b) ", "iv. ": a list, not prose
_WRAP_LOOK = 64  # characters examined on each side of a line break


def _wrap_continues(before: str, after: str) -> bool:
    """The hard-wrapping rule for a single line break, given the text just before it (trailing spaces removed)
    and the text just after it."""
    last = before[-1:]
    if not (last.islower() or last == ","):
        return False
    m = _NEXT_VISIBLE.match(after)
    first = m.group(1) if m else ""
    if first.islower():
        return not _LETTERED_ITEM.match(after.lstrip(_SPACE_STR))
    if first.isupper() and last.islower():
        word = before.rsplit(None, 1)[-1].lstrip(_OPENERS)
        return word.lower() in _NEVER_LAST
    return False


def line_continues(line: str, next_line: str) -> bool:
    """Whether the sentence at the end of `line` carries on at the start of `next_line` (hard-wrapped prose),
    by the rule split_sentences applies to a single line break. Blank lines never continue; each side is read
    only near the break, so a 1 MB line costs no more than a short one."""
    tail = line[-_WRAP_LOOK:].rstrip(_SPACE_STR)
    if not tail and len(line) > _WRAP_LOOK:
        tail = line.rstrip(_SPACE_STR)[-_WRAP_LOOK:]
    return bool(tail) and _wrap_continues(tail, next_line[:_WRAP_LOOK])


def _emit(text: str, start: int, end: int, out: list[Segment]) -> None:
    piece = text[start:end]
    left = piece.lstrip(_SPACE_STR)
    core = left.rstrip(_SPACE_STR)
    if core:
        s0 = start + len(piece) - len(left)
        out.append(Segment(s0, s0 + len(core), core))


def split_sentences(text: str) -> list[Segment]:
    """Split text into sentences with character offsets; see the module docstring for the rules."""
    if not isinstance(text, str):
        raise TypeError(f"split_sentences needs str, got {type(text).__name__}")
    out: list[Segment] = []
    seg_start = 0
    n = len(text)
    space = SPACE_CHARS
    for m in _BOUNDARY.finditer(text):
        if m.lastgroup == "brk":
            run = m.group()
            if "\u2029" not in run and len(_LB_ONE.findall(run)) == 1:
                k = m.start()
                while k > seg_start and text[k - 1] in space:
                    k -= 1
                # Hard-wrapped prose continues on the next line; anything else (a list, a chat line) is new.
                if k > seg_start and _wrap_continues(text[max(seg_start, k - _WRAP_LOOK):k],
                                                     text[m.end():m.end() + _WRAP_LOOK]):
                    continue
            _emit(text, seg_start, m.start(), out)
            seg_start = m.end()
            continue
        cut = m.end()
        if _mark_ends_sentence(text, m.group("run"), m.start(), cut, seg_start):
            _emit(text, seg_start, cut, out)
            seg_start = cut
    _emit(text, seg_start, n, out)
    return out
