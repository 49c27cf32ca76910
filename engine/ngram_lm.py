"""An n-gram language model with interpolated modified Kneser-Ney smoothing, trained with numpy, stored as ARPA.

The fluency filter of consistency training scores pseudo-targets by their perplexity under an LM trained on
formal text (Liu et al. 2022 used KenLM). This is the same estimate KenLM's ``lmplz`` makes (modified
Kneser-Ney discounts D1, D2, D3+ per order from the counts of counts, continuation counts for the lower
orders, raw counts for n-grams that start with ``<s>``, interpolation down to a uniform distribution over
the vocabulary), without pruning, written as a standard ARPA file that KenLM itself can load. N-grams are
packed into single int64 keys (id1 * V^(n-1) + ...), so training and querying are vectorised: ~100k
sentences train in seconds and thousands of sentences score per second. No pickle: the ARPA text (or
.arpa.gz) is the only file format.
"""
from __future__ import annotations

import gzip
import re
import zipfile
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np

from engine.errors import InputError, ModelError

UNK, BOS, EOS = "<unk>", "<s>", "</s>"
UNK_ID, BOS_ID, EOS_ID = 0, 1, 2
LOG_ZERO = -99.0  # ARPA convention for log10(0) (<s> is never predicted)
_TOKEN_RE = re.compile(r"\w+(?:'\w+)*|[^\w\s]")


def tokenize(sentence: str, lowercase: bool = True) -> list[str]:
    """Words (keeping inner apostrophes) and single punctuation marks."""
    return _TOKEN_RE.findall(sentence.lower() if lowercase else sentence)


def _discounts(adj: np.ndarray) -> np.ndarray:
    """Modified Kneser-Ney discounts (D0=0, D1, D2, D3+) from the counts of counts (Chen & Goodman 1998)."""
    n = [int(np.count_nonzero(adj == i)) for i in (1, 2, 3, 4)]
    fallback = np.array([0.0, 0.5, 1.0, 1.5])
    if min(n) == 0:
        return fallback  # too little data for the estimate: fixed discounts, still a proper distribution
    y = n[0] / (n[0] + 2 * n[1])
    d = np.array([0.0, 1 - 2 * y * n[1] / n[0], 2 - 3 * y * n[2] / n[1], 3 - 4 * y * n[3] / n[2]])
    if not all(0 < d[i] < i for i in (1, 2)) or not 0 < d[3] < 3:
        return fallback
    return d


class NgramLM:
    """ARPA-backed n-gram LM: ``perplexity(sentences)``, ``log10_prob(sentences)``; ``train`` / ``save`` / ``load``."""

    def __init__(self, vocab: list[str], keys: list[np.ndarray], logp: list[np.ndarray], bow: list[np.ndarray],
                 lowercase: bool = True):
        self.vocab = vocab
        self.index = {w: i for i, w in enumerate(vocab)}
        for special, want in ((UNK, UNK_ID), (BOS, BOS_ID), (EOS, EOS_ID)):
            if self.index.get(special) != want:
                raise ModelError(f"n-gram LM vocabulary must start with {UNK}, {BOS}, {EOS}")
        self.V = len(vocab)
        self.order = len(keys)
        self.keys, self.logp, self.bow = keys, logp, bow
        self.lowercase = lowercase

    # ------------------------------------------------------------------ training
    @classmethod
    def train(cls, sentences: Iterable[str], order: int = 3, lowercase: bool = True) -> NgramLM:
        if order < 1:
            raise ValueError(f"order must be >= 1, got {order}")
        counts: dict[str, int] = {}
        tokenized = []
        for s in sentences:
            toks = tokenize(s, lowercase)
            if not toks:
                continue
            tokenized.append(toks)
            for t in toks:
                counts[t] = counts.get(t, 0) + 1
        if not tokenized:
            raise InputError("cannot train an n-gram LM: no non-empty sentences")
        vocab = [UNK, BOS, EOS] + sorted((w for w in counts if w not in (UNK, BOS, EOS)),
                                         key=lambda w: (-counts[w], w))
        V = len(vocab)
        if float(V) ** order >= 2.0**62:
            raise InputError(f"vocabulary of {V} words too large for order {order} packed keys; lower the order")
        index = {w: i for i, w in enumerate(vocab)}
        lens = np.fromiter((len(t) + 2 for t in tokenized), dtype=np.int64, count=len(tokenized))
        ids = np.empty(int(lens.sum()), dtype=np.int64)
        starts = np.concatenate([[0], np.cumsum(lens)[:-1]])
        pos = 0
        for toks in tokenized:
            ids[pos] = BOS_ID
            ids[pos + 1:pos + 1 + len(toks)] = [index[t] for t in toks]
            ids[pos + 1 + len(toks)] = EOS_ID
            pos += len(toks) + 2
        sent = np.repeat(np.arange(len(tokenized)), lens)
        del starts

        def grams(k: int) -> np.ndarray:
            m = len(ids) - k + 1
            if m <= 0:
                return np.empty(0, dtype=np.int64)
            valid = sent[:m] == sent[k - 1:k - 1 + m]
            key = np.zeros(m, dtype=np.int64)
            for j in range(k):
                key = key * V + ids[j:j + m]
            return key[valid]

        uniq: list[np.ndarray] = [None] * (order + 1)  # type: ignore[list-item]
        adj: list[np.ndarray] = [None] * (order + 1)  # type: ignore[list-item]
        for k in range(order, 0, -1):
            u, raw = np.unique(grams(k), return_counts=True)
            if k == order:
                a = raw
            else:
                suffix = uniq[k + 1] % (V ** k)
                su, sc = np.unique(suffix, return_counts=True)
                where = np.searchsorted(su, u)
                where = np.minimum(where, len(su) - 1)
                found = su[where] == u if len(su) else np.zeros(len(u), dtype=bool)
                cont = np.where(found, sc[where] if len(su) else 0, 0)
                starts_bos = (u // (V ** (k - 1))) == BOS_ID
                a = np.where(starts_bos, raw, cont)
                if np.any(a == 0):
                    raise AssertionError("n-gram without a continuation count")  # cannot happen: see module doc
            uniq[k], adj[k] = u, a.astype(np.float64)

        keys, logp, bow = [], [], []
        lower_p: np.ndarray | None = None
        for k in range(1, order + 1):
            u, a = uniq[k], adj[k]
            if k == 1:
                # <s> is a context only; <unk> gets the interpolated uniform mass
                keep = u != BOS_ID
                D = _discounts(a[keep])
                disc = D[np.minimum(a, 3).astype(int)]
                total = a[keep].sum()
                gamma = float(sum(D[i] * np.count_nonzero(a[keep] == i) for i in (1, 2))
                              + D[3] * np.count_nonzero(a[keep] >= 3)) / total
                n_types = int(keep.sum()) + (0 if UNK_ID in u else 1)
                p = (a - disc) / total + gamma / n_types
                if UNK_ID not in u:
                    u = np.concatenate([[UNK_ID], u])
                    p = np.concatenate([[gamma / n_types], p])
                p = np.where(u == BOS_ID, 0.0, p)
                lp = np.where(p > 0, np.log10(np.maximum(p, 1e-300)), LOG_ZERO)
                keys.append(u)
                logp.append(lp.astype(np.float32))
                bow.append(np.zeros(len(u), dtype=np.float32))
                lower_p = p
                continue
            D = _discounts(a)
            ctx = u // V
            cu, inv = np.unique(ctx, return_inverse=True)
            total = np.bincount(inv, weights=a)
            gamma = (D[1] * np.bincount(inv, weights=(a == 1)) + D[2] * np.bincount(inv, weights=(a == 2))
                     + D[3] * np.bincount(inv, weights=(a >= 3))) / total
            disc = D[np.minimum(a, 3).astype(int)]
            suffix = u % (V ** (k - 1))
            lower_keys = keys[k - 2]
            si = np.searchsorted(lower_keys, suffix)
            if np.any(si >= len(lower_keys)) or np.any(lower_keys[np.minimum(si, len(lower_keys) - 1)] != suffix):
                raise AssertionError("lower-order suffix missing")
            p = (a - disc) / total[inv] + gamma[inv] * lower_p[si]
            # the contexts' backoff weights live on the lower-order entries
            ci = np.searchsorted(lower_keys, cu)
            bow[k - 2][ci] = np.log10(gamma).astype(np.float32)
            keys.append(u)
            logp.append(np.log10(p).astype(np.float32))
            bow.append(np.zeros(len(u), dtype=np.float32))
            lower_p = p
        return cls(vocab, keys, logp, bow, lowercase)

    # ------------------------------------------------------------------ querying
    def _ids(self, sentence: str) -> list[int]:
        get = self.index.get
        return [BOS_ID] + [get(t, UNK_ID) for t in tokenize(sentence, self.lowercase)] + [EOS_ID]

    def _lookup(self, k: int, key: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        table = self.keys[k - 1]
        i = np.minimum(np.searchsorted(table, key), len(table) - 1)
        return table[i] == key, i

    def token_log10_probs(self, sentences: Sequence[str]) -> list[np.ndarray]:
        """Per sentence, log10 p of each word and of </s> (ARPA backoff semantics)."""
        seqs = [self._ids(s) for s in sentences]
        if not seqs:
            return []
        lens = np.array([len(s) for s in seqs], dtype=np.int64)
        ids = np.fromiter((i for s in seqs for i in s), dtype=np.int64, count=int(lens.sum()))
        starts = np.concatenate([[0], np.cumsum(lens)[:-1]])
        pos = np.arange(len(ids)) - np.repeat(starts, lens)
        target = np.nonzero(pos >= 1)[0]
        tpos = pos[target]
        out = np.zeros(len(target))
        acc = np.zeros(len(target))
        done = np.zeros(len(target), dtype=bool)
        V = self.V
        for k in range(self.order, 0, -1):
            sel = np.nonzero(~done & (tpos >= k - 1))[0]
            if len(sel) == 0:
                continue
            j = target[sel]
            key = np.zeros(len(sel), dtype=np.int64)
            for m in range(k):
                key = key * V + ids[j - k + 1 + m]
            found, idx = self._lookup(k, key)
            hit = sel[found]
            out[hit] = acc[hit] + self.logp[k - 1][idx[found]]
            done[hit] = True
            miss = sel[~found]
            if k > 1 and len(miss):
                jm = target[miss]
                ckey = np.zeros(len(miss), dtype=np.int64)
                for m in range(k - 1):
                    ckey = ckey * V + ids[jm - k + 1 + m]
                cf, ci = self._lookup(k - 1, ckey)
                acc[miss] += np.where(cf, self.bow[k - 2][ci], 0.0)
        bounds = np.cumsum(lens - 1)[:-1]
        return np.split(out, bounds)

    def cond_log10(self, history: Sequence[str], word: str) -> float:
        """log10 p(word | history) by plain ARPA backoff (one lookup at a time: for checks, not speed)."""
        ids = [self.index.get(w, UNK_ID) for w in history][-(self.order - 1):] if self.order > 1 else []
        w = self.index.get(word, UNK_ID)
        acc = 0.0
        for start in range(len(ids) + 1):
            gram = ids[start:] + [w]
            key = 0
            for i in gram:
                key = key * self.V + i
            found, idx = self._lookup(len(gram), np.array([key]))
            if found[0]:
                return acc + float(self.logp[len(gram) - 1][idx[0]])
            ctx = ids[start:]
            ckey = 0
            for i in ctx:
                ckey = ckey * self.V + i
            cf, ci = self._lookup(len(ctx), np.array([ckey]))
            if cf[0]:
                acc += float(self.bow[len(ctx) - 1][ci[0]])
        raise AssertionError("unigram table lacks <unk>")  # every word maps to a unigram or <unk>

    def log10_prob(self, sentences: Sequence[str]) -> np.ndarray:
        return np.array([float(t.sum()) for t in self.token_log10_probs(sentences)])

    def perplexity(self, sentences: Sequence[str]) -> np.ndarray:
        """Per-sentence perplexity over its words and </s>, as KenLM reports it."""
        return np.array([10.0 ** (-float(t.sum()) / len(t)) for t in self.token_log10_probs(sentences)])

    # ------------------------------------------------------------------ ARPA files
    def save(self, path: str | Path) -> Path:
        """Write ARPA text (gzip when the name ends in .gz), via a temp file and os.replace."""
        import os

        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp")
        V = self.V
        if path.suffix == ".gz":
            fh_ctx = gzip.open(tmp, "wt", encoding="utf-8", newline="\n", compresslevel=1)  # noqa: SIM115
        else:
            fh_ctx = open(tmp, "w", encoding="utf-8", newline="\n")  # noqa: SIM115
        with fh_ctx as fh:
            fh.write(f"# keigo n-gram LM, interpolated modified Kneser-Ney, lowercase={str(self.lowercase).lower()}\n")
            fh.write("\\data\\\n")
            for k in range(1, self.order + 1):
                fh.write(f"ngram {k}={len(self.keys[k - 1])}\n")
            for k in range(1, self.order + 1):
                fh.write(f"\n\\{k}-grams:\n")
                cols = []
                rest = self.keys[k - 1].copy()
                for _ in range(k):
                    cols.append(rest % V)
                    rest //= V
                cols.reverse()
                words = [[self.vocab[i] for i in c.tolist()] for c in cols]
                lps = self.logp[k - 1].tolist()
                bws = self.bow[k - 1].tolist()
                has_bow = k < self.order
                for r in range(len(lps)):
                    gram = " ".join(w[r] for w in words)
                    if has_bow:
                        fh.write(f"{lps[r]:.6g}\t{gram}\t{bws[r]:.6g}\n")
                    else:
                        fh.write(f"{lps[r]:.6g}\t{gram}\n")
            fh.write("\n\\end\\\n")
        os.replace(tmp, path)
        return path

    @classmethod
    def load(cls, path: str | Path) -> NgramLM:
        """Read an ARPA file (plain or .gz); ModelError naming the file when it is not one."""
        path = Path(path)
        if not path.is_file():
            raise ModelError(f"n-gram LM file not found: {path}")
        try:
            raw = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
            text = raw.decode("utf-8")
        except (OSError, EOFError, UnicodeDecodeError, gzip.BadGzipFile) as exc:
            raise ModelError(f"{path}: not a readable ARPA file ({exc})") from None
        lowercase = "lowercase=false" not in text[:200]
        lines = text.split("\n")
        # section boundaries: "\\data\\", "\\N-grams:", "\\end\\" (scanning only lines that start with a backslash)
        marks = [(i, ln.strip()) for i, ln in enumerate(lines) if ln.startswith("\\")]
        if not marks or marks[0][1] != "\\data\\" or marks[-1][1] != "\\end\\":
            raise ModelError(f"{path}: not an ARPA file (no \\data\\ ... \\end\\ sections; truncated?)")
        counts = []
        for ln in lines[marks[0][0] + 1:marks[1][0]]:
            if ln.strip():
                m = re.fullmatch(r"ngram (\d+)=(\d+)", ln.strip())
                if not m:
                    raise ModelError(f"{path}: bad \\data\\ line {ln[:60]!r}")
                counts.append(int(m.group(2)))
        sections = []
        for j, (i, mark) in enumerate(marks[1:-1], 1):
            m = re.fullmatch(r"\\(\d+)-grams:", mark)
            if not m or int(m.group(1)) != j:
                raise ModelError(f"{path}: line {i + 1}: expected \\{j}-grams:, got {mark[:40]!r}")
            sections.append([ln.split() for ln in lines[i + 1:marks[j + 1][0]] if ln.strip()])
        if not sections or [len(x) for x in sections] != counts:
            raise ModelError(f"{path}: ARPA header counts {counts} do not match the sections "
                             f"{[len(x) for x in sections]} (truncated file?)")
        for k, rows in enumerate(sections, 1):
            if any(len(r) not in (k + 1, k + 2) for r in rows):
                raise ModelError(f"{path}: a {k}-gram line lacks its words or log prob")
        words = [r[1] for r in sections[0]]
        vocab = [UNK, BOS, EOS] + [w for w in words if w not in (UNK, BOS, EOS)]
        if len(set(vocab)) != len(vocab) or not {UNK, BOS, EOS} <= set(words):
            raise ModelError(f"{path}: unigrams must hold {UNK}, {BOS}, {EOS} once each")
        index = {w: i for i, w in enumerate(vocab)}
        V = len(vocab)
        keys, logp, bow = [], [], []
        for k, rows in enumerate(sections, 1):
            key = np.zeros(len(rows), dtype=np.int64)
            try:
                for j in range(k):
                    key = key * V + np.fromiter((index[r[1 + j]] for r in rows), dtype=np.int64, count=len(rows))
                lp = np.array([float(r[0]) for r in rows], dtype=np.float32)
                bw = np.array([float(r[k + 1]) if len(r) == k + 2 else 0.0 for r in rows], dtype=np.float32)
            except KeyError as exc:
                raise ModelError(f"{path}: a {k}-gram uses {exc.args[0]!r}, absent from the unigrams") from None
            except ValueError as exc:
                raise ModelError(f"{path}: bad number in the {k}-grams ({exc})") from None
            order = np.argsort(key, kind="stable")
            keys.append(key[order])
            logp.append(lp[order])
            bow.append(bw[order])
        return cls(vocab, keys, logp, bow, lowercase)


def save_npz(lm: NgramLM, path: str | Path) -> Path:
    """The LM as numpy arrays (vocabulary, packed keys, log probs, backoffs): loads in milliseconds, no pickle.

    The engine ships this form; ARPA stays the exchange format (KenLM reads it)."""
    import os

    path = Path(path)
    arrays = {"vocab": np.array(lm.vocab, dtype=str), "lowercase": np.array(lm.lowercase)}
    for k in range(lm.order):
        arrays[f"keys{k + 1}"], arrays[f"logp{k + 1}"], arrays[f"bow{k + 1}"] = lm.keys[k], lm.logp[k], lm.bow[k]
    tmp = path.with_name(path.name + ".tmp.npz")
    np.savez_compressed(tmp, **arrays)
    os.replace(tmp, path)
    return path


def load_npz(path: str | Path) -> NgramLM:
    """Read save_npz's file; ModelError naming the file when it is not one."""
    path = Path(path)
    try:
        with np.load(path, allow_pickle=False) as z:
            order = sum(1 for name in z.files if name.startswith("keys"))
            if order < 1 or "vocab" not in z.files:
                raise ModelError(f"{path}: not a Keigo n-gram LM (no vocab/keys arrays)")
            vocab = [str(w) for w in z["vocab"].tolist()]
            keys = [z[f"keys{k}"].astype(np.int64) for k in range(1, order + 1)]
            logp = [z[f"logp{k}"].astype(np.float32) for k in range(1, order + 1)]
            bow = [z[f"bow{k}"].astype(np.float32) for k in range(1, order + 1)]
            lowercase = bool(z["lowercase"]) if "lowercase" in z.files else True
    except ModelError:
        raise
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as exc:
        raise ModelError(f"{path}: not a readable n-gram LM ({exc})") from None
    if any(len(a) != len(b) or len(a) != len(c) for a, b, c in zip(keys, logp, bow)):
        raise ModelError(f"{path}: n-gram LM arrays of different lengths")
    if any(np.any(np.diff(k) < 0) for k in keys):
        raise ModelError(f"{path}: n-gram LM keys are not sorted")
    return NgramLM(vocab, keys, logp, bow, lowercase)


def train_formal_lm(sentences: Iterable[str], out_path: str | Path, order: int = 3) -> NgramLM:
    """Train on formal sentences and write the ARPA file; returns the model."""
    lm = NgramLM.train(sentences, order=order)
    lm.save(out_path)
    return lm
