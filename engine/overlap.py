"""Sentence-level BLEU (sacreBLEU's definition: 13a tokenization, exp smoothing, effective order), pure Python.

The engine uses it for the rewriter's faithfulness guard: how much of a reference text (the rule-based
rewrite, or the writer's own sentence) a model rewrite keeps. It is computed here rather than through
sacrebleu so the shipped app does not carry the evaluation toolkit; tests check it against sacrebleu.
"""
from __future__ import annotations

import math
import re
from collections import Counter
from functools import lru_cache

MAX_ORDER = 4

_RULES_13A = (
    (re.compile(r"([\{-\~\[-\` -\&\(-\+\:-\@\/])"), r" \1 "),
    (re.compile(r"([^0-9])([\.,])"), r"\1 \2 "),
    (re.compile(r"([\.,])([^0-9])"), r" \1 \2"),
    (re.compile(r"([0-9])(-)"), r"\1 \2 "),
)


@lru_cache(maxsize=4096)
def tokenize_13a(line: str) -> tuple[str, ...]:
    """mteval-v13a tokenization, as sacrebleu's default tokenizer does it."""
    line = line.replace("<skipped>", "").replace("-\n", "").replace("\n", " ")
    if "&" in line:
        line = line.replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
    line = f" {line} "
    for pattern, repl in _RULES_13A:
        line = pattern.sub(repl, line)
    return tuple(line.split())


def _ngrams(tokens: tuple[str, ...], n: int) -> Counter:
    return Counter(tokens[i:i + n] for i in range(len(tokens) - n + 1))


@lru_cache(maxsize=4096)
def _counts(line: str) -> tuple[int, tuple[Counter, ...]]:
    """The token count and the 1..4-gram counts of a line (cached: the reranker compares every candidate with
    every other one; the counters are only read)."""
    tokens = tokenize_13a(line)
    return len(tokens), tuple(_ngrams(tokens, n) for n in range(1, MAX_ORDER + 1))


def sentence_bleu(hypothesis: str, reference: str) -> float:
    """BLEU of one hypothesis against one reference, 0..100 (= sacrebleu.sentence_bleu(h, [r]).score)."""
    (sys_len, hyp), (ref_len, ref) = _counts(hypothesis), _counts(reference)
    correct, total = [], []
    for n in range(1, MAX_ORDER + 1):
        h, r = hyp[n - 1], ref[n - 1]
        correct.append(sum(min(c, r[g]) for g, c in h.items()))
        total.append(max(0, sys_len - n + 1))
    if not any(correct):
        return 0.0
    bp = 1.0 if sys_len >= ref_len else (math.exp(1 - ref_len / sys_len) if sys_len > 0 else 0.0)
    precisions = [0.0] * MAX_ORDER
    smooth, order = 1.0, MAX_ORDER
    for n in range(1, MAX_ORDER + 1):
        if total[n - 1] == 0:
            break
        order = n
        if correct[n - 1] == 0:
            smooth *= 2
            precisions[n - 1] = 100.0 / (smooth * total[n - 1])
        else:
            precisions[n - 1] = 100.0 * correct[n - 1] / total[n - 1]
    logs = [math.log(p) if p > 0 else -9999999999 for p in precisions[:order]]
    return bp * math.exp(sum(logs) / order)
