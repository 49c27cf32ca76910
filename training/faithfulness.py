"""Faithfulness harness and reranker fit: how much a rewriter damages meaning, on both GYAFC tune sets.

    python -m training eval-faithfulness --rewriter DIR [--scorer DIR] [--out DIR] [--limit N] [--fit]

For each system (copy the input, the rules, the model's top candidate at beam 4 and greedy, and the
reranked engine (engine.faithful.SafeRewriter) at beam 4 and greedy) it prints one table:

- tune BLEU: sacreBLEU corpus, cased, 13a, the 4 references;
- garble rate: share of outputs holding a word in neither the source nor the English word list;
- dropped-content rate: share of outputs that lose a content word of the source that is not an informal
  marker (engine.faithful.check: not a function word, not in the rule lexicons, kept by the rules;
  numbers and negations counted too);
- formal input kept: the tune references (ref0) given as input: share returned unchanged, self-BLEU;
- style accuracy: share of outputs the scorer calls formal (P >= 0.5).

Everything runs through the engine (ONNX, as shipped). The expensive parts (the model's n-best pools) are
cached in --out, so a second run, or a fit, only re-ranks. With --fit, the reranker's weights and the
formality target are chosen on half A of each tune set (alternate sentences) by corpus BLEU, reported
on half B, and written to --out/rerank.json (copy them into rewriter.json's "rerank").
"""
from __future__ import annotations

import argparse
import json
import math
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from engine.errors import KeigoError
from engine.faithful import CHECK_NAMES, FEATURES, HARD_CHECKS, Checks, SafeRewriter, check, length_gap, words
from engine.fsio import atomic_temp_path, atomic_write_text
from engine.overlap import tokenize_13a
from engine.paths import assets_dir
from engine.rewriter import FormalRewriter
from engine.scorer import FormalityScorer
from training.evaluate import corpus_bleu, read_gyafc_tune, source_bleu
from training.protocol import shared_data_dir

DOMAINS = ("em", "fr")
TARGETS = (0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99, 1.01)   # 1.01 = never skip a sentence as already formal
FIT_TARGETS = (0.6, 0.7, 0.8, 0.85, 0.9, 0.95)               # the formality targets the fit chooses among


# ------------------------------------------------------------------------------------------ BLEU statistics

def bleu_stats(hyp: str, refs: Sequence[str]) -> np.ndarray:
    """sacreBLEU's sufficient statistics of one hypothesis: [hyp len, closest ref len, 4 x (matches, total)]."""
    h = tokenize_13a(hyp)
    rs = [tokenize_13a(r) for r in refs]
    out = np.zeros(10, dtype=np.float64)
    out[0] = len(h)
    # closest reference length, the shorter on a tie (sacrebleu's rule)
    out[1] = min((abs(len(r) - len(h)), len(r)) for r in rs)[1]
    for n in range(1, 5):
        hc = Counter(tuple(h[i:i + n]) for i in range(len(h) - n + 1))
        maxref: Counter = Counter()
        for r in rs:
            for g, c in Counter(tuple(r[i:i + n]) for i in range(len(r) - n + 1)).items():
                maxref[g] = max(maxref[g], c)
        out[2 * n] = sum(min(c, maxref[g]) for g, c in hc.items())
        out[2 * n + 1] = max(0, len(h) - n + 1)
    return out


def bleu_from_stats(total: np.ndarray) -> float:
    """Corpus BLEU from summed statistics (sacreBLEU defaults: no smoothing for the corpus score)."""
    hyp_len, ref_len = total[0], total[1]
    if any(total[2 * n] == 0 for n in range(1, 5)):
        return 0.0
    logp = sum(math.log(total[2 * n] / total[2 * n + 1]) for n in range(1, 5)) / 4
    bp = 1.0 if hyp_len > ref_len else math.exp(1 - ref_len / max(hyp_len, 1))
    return 100 * bp * math.exp(logp)


# ------------------------------------------------------------------------------------------ pools

@dataclass
class PoolRow:
    domain: str
    index: int
    source: str
    p_source: float
    texts: list[str]
    features: list[list[float]]        # which candidates pass the checks is derived from these (passing())
    stats: list[list[float]] | None      # per candidate, against the references (informal inputs only)


def build_pools(safe: SafeRewriter, sources: Sequence[str], refs: Sequence[Sequence[str]] | None, *,
                beam: int, domain: str, batch: int = 16, log=print) -> list[PoolRow]:
    """The engine's candidate pools (SafeRewriter.analyse) for every source, with BLEU statistics."""
    p_src = safe._score(list(sources))
    rows = []
    pool_beam = safe.config.pool_beam if beam > 1 else 1
    t0 = time.time()
    for b in range(0, len(sources), batch):
        chunk = list(sources[b:b + batch])
        inner = safe.model.rewrite(chunk, beam=max(pool_beam, beam), nbest=max(pool_beam, beam))
        for k, r in enumerate(inner):
            i = b + k
            ps = None if p_src is None else float(p_src[i])
            if set(r.flags) & {"empty", "too_long"}:
                texts, f = [r.source], np.zeros((1, len(FEATURES)))
            else:
                pool = safe.analyse(r, ps)
                texts, f = list(pool.texts), pool.features
            stats = [bleu_stats(t, refs[i]).tolist() for t in texts] if refs is not None else None
            rows.append(PoolRow(domain, i, r.source, -1.0 if ps is None else ps, texts,
                                np.asarray(f).tolist(), stats))
        if (b // batch) % 20 == 0:
            log(f"  {domain}: {min(b + batch, len(sources))}/{len(sources)} pools ({time.time() - t0:.0f} s)")
    return rows


def stale_rows(rows: Sequence[PoolRow], safe: SafeRewriter) -> list[int]:
    """The cached pools whose rule rewrite is no longer what the rules give: their rule candidate is out of date
    and, for a rules-first model, so is the model's input and n-best. A pool of the sentence alone (empty, too long)
    never is."""
    ri = FEATURES.index("is_rules")
    out = []
    for i, r in enumerate(rows):
        if len(r.texts) == 1 and r.texts[0] == r.source:
            continue
        ruled = [t for t, f in zip(r.texts, r.features) if len(f) > ri and f[ri] == 1.0]
        if safe.rules.formalize(r.source) not in ruled:
            out.append(i)
    return out


def rebuild_stale(rows: list[PoolRow], safe: SafeRewriter, refs: Sequence[Sequence[str]] | None, *, beam: int,
                  domain: str, log=print) -> int:
    """Build again, in place, the pools ``stale_rows`` finds (after a change to the rules: a few hundred pools,
    not all of them); returns how many. ``refs`` are all the domain's references, by row index."""
    stale = stale_rows(rows, safe)
    if not stale:
        return 0
    fresh = build_pools(safe, [rows[i].source for i in stale],
                        None if refs is None else [refs[rows[i].index] for i in stale], beam=beam, domain=domain,
                        log=log)
    for i, row in zip(stale, fresh):
        row.index = rows[i].index
        rows[i] = row
    return len(stale)


def refresh_checks(rows: Sequence[PoolRow], safe: SafeRewriter) -> None:
    """Recompute the check features (non-words, dropped, inserted, the length gap) of cached pools with the current code and
    markers, as the engine makes them (``SafeRewriter.checks``): the cache keeps what needs the model
    (likelihoods), the checks are cheap to redo."""
    cols = [FEATURES.index(k) for k in ("nonwords", "dropped", "inserted", "critical")]
    li = FEATURES.index("length")
    for r in rows:
        for f in r.features:   # pools cached before a feature was added get it appended
            f.extend([0.0] * (len(FEATURES) - len(f)))
            f[FEATURES.index("keep")] = f[FEATURES.index("is_source")] * max(r.p_source, 0.0)
        if len(r.texts) == 1 and r.texts[0] == r.source:
            continue
        rules_text = safe.rules.formalize(r.source)
        for k, g in enumerate(length_gap(r.texts, rules_text)):
            r.features[k][li] = float(g)
        for k, c in enumerate(safe.checks(r.source, r.texts, rules_text)):
            r.features[k][cols[0]], r.features[k][cols[1]], r.features[k][cols[2]], r.features[k][cols[3]] = \
                len(c.nonwords), len(c.dropped), len(c.inserted), len(c.critical)


def refresh_fluency(rows: Sequence[PoolRow], safe: SafeRewriter) -> None:
    """Recompute the fluency feature (the n-gram LM the rewriter directory names) of cached pools: pools built
    before the LM was attached to a new model, or with another LM, then fit with the LM the engine will use."""
    if safe.lm is None:
        return
    li = FEATURES.index("lm")
    for r in rows:
        for f, v in zip(r.features, safe._fluency(r.texts)):
            f[li] = float(v)


def refresh_scores(rows: Sequence[PoolRow], safe: SafeRewriter) -> None:
    """Recompute what the live scorer gives cached pools (the source's P(formal), each candidate's gain, keep)
    with the current scorer: a scorer change (e.g. canonical input) then needs no new pools. Cheap: one batched
    scoring of every candidate."""
    ps = safe._score([r.source for r in rows])
    if ps is None:
        return
    texts = [t for r in rows for t in r.texts]
    p = np.asarray(safe.scorer.score(texts), dtype=np.float64)
    gi, ki, si = FEATURES.index("gain"), FEATURES.index("keep"), FEATURES.index("is_source")
    k = 0
    for r, psrc in zip(rows, ps):
        psrc = float(psrc)
        r.p_source = psrc
        for f in r.features:
            f[gi] = float(np.nan_to_num(p[k] - psrc))
            f[ki] = f[si] * max(psrc, 0.0)
            k += 1


def save_rows(path: Path, rows: Sequence[PoolRow]) -> None:
    with atomic_temp_path(path) as tmp, open(tmp, "w", encoding="utf-8") as fh:
        fh.writelines(json.dumps(r.__dict__, ensure_ascii=False) + "\n" for r in rows)


def load_rows(path: Path) -> list[PoolRow]:
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line:
            rec = json.loads(line)
            rec.pop("clean", None)  # pools cached before the pass/fail flags were derived from the features
            rows.append(PoolRow(**rec))
    return rows


_HARD_COLUMNS = {h: FEATURES.index(h) for h in CHECK_NAMES}


def passing(features: np.ndarray, hard: Sequence[str]) -> np.ndarray:
    """Which candidates pass the hard checks, from their feature rows (the counts of non-words, dropped words); the
    writer's own sentence always does (SafeRewriter.order)."""
    f = np.asarray(features)
    ok = np.ones(f.shape[:-1], dtype=bool)
    for h in hard:
        ok &= f[..., _HARD_COLUMNS[h]] == 0
    return ok | (f[..., FEATURES.index("is_source")] == 1)


def choose(rows: Sequence[PoolRow], weights: np.ndarray, target: float, hard: Sequence[str]) -> list[int]:
    """The engine's choice per row (SafeRewriter.order): the source when already formal, else the candidates
    passing the hard checks first, then w . f."""
    out = []
    for r in rows:
        if r.p_source >= target or len(r.texts) == 1:
            out.append(r.texts.index(r.source) if r.source in r.texts else 0)
            continue
        s = np.asarray(r.features) @ weights
        ok = passing(r.features, hard)
        out.append(min(range(len(r.texts)), key=lambda k: (not ok[k], -s[k], k)))
    return out


# ------------------------------------------------------------------------------------------ fitting

def _pack(rows: Sequence[PoolRow], hard: Sequence[str]):
    K = max(len(r.texts) for r in rows)
    n, d = len(rows), len(FEATURES)
    F = np.zeros((n, K, d))
    valid = np.zeros((n, K), dtype=bool)
    clean = np.zeros((n, K), dtype=bool)
    S = np.zeros((n, K, 10))
    src = np.zeros(n, dtype=np.int64)
    ps = np.array([r.p_source for r in rows])
    for i, r in enumerate(rows):
        k = len(r.texts)
        F[i, :k], valid[i, :k], clean[i, :k] = r.features, True, passing(r.features, hard)
        if r.stats is not None:
            S[i, :k] = r.stats
        src[i] = r.texts.index(r.source) if r.source in r.texts else 0
    return F, valid, clean, S, src, ps


def _picks(packed, w: np.ndarray, target: float) -> np.ndarray:
    """The engine's choice per row, vectorised: the source when already formal, else passing first, then w . f."""
    F, valid, clean, _S, src, ps = packed
    score = F @ w - 1e6 * (~clean) - 1e12 * (~valid)
    return np.where(ps >= target, src, np.argmax(score, axis=1))   # ties: the first (pool order)


def _corpus_bleu(packed, w: np.ndarray, target: float) -> float:
    pick = _picks(packed, w, target)
    return bleu_from_stats(packed[3][np.arange(len(pick)), pick].sum(axis=0))


def _kept_share(packed_formal, w: np.ndarray, target: float) -> float:
    return float(np.mean(_picks(packed_formal, w, target) == packed_formal[4]))


def _dropped_share(packed, w: np.ndarray, target: float) -> float:
    pick = _picks(packed, w, target)
    return float(np.mean(packed[0][np.arange(len(pick)), pick, FEATURES.index("dropped")] > 0))


def fit_weights(rows: dict[str, Sequence[PoolRow]], start: dict, hard: Sequence[str], *, target: float,
                formal: dict[str, Sequence[PoolRow]] | Sequence[PoolRow] = (), min_kept: float = 0.9,
                max_dropped: float | None = None, passes: int = 4, log=print) -> tuple[np.ndarray, float]:
    """Coordinate ascent over the weights, for one formality target, on half-A pools.

    Objective: the mean over domains of corpus BLEU, minus twice any domain's loss against the model's own
    first candidate (no domain may pay for another's gain), minus 100 x the shortfall of formal inputs
    returned unchanged below ``min_kept`` in each domain (``formal``: pools per domain, or one list), minus
    1000 x the excess of outputs that drop content above ``max_dropped`` in each domain (when given: a cap, not
    a trade)."""
    packs = {d: _pack(rs, hard) for d, rs in rows.items()}
    base = {}
    for d, rs in rows.items():
        base[d] = bleu_from_stats(np.sum([r.stats[0] for r in rs], axis=0))
    formal_sets = formal.values() if isinstance(formal, dict) else ([formal] if formal else [])
    packed_formal = [_pack(f, hard) for f in formal_sets if f]

    def objective(w):
        bl = {d: _corpus_bleu(p, w, target) for d, p in packs.items()}
        obj = sum(bl.values()) / len(bl) - 2.0 * sum(max(0.0, base[d] - bl[d]) for d in bl)
        for pf in packed_formal:
            obj -= 100.0 * max(0.0, min_kept - _kept_share(pf, w, target))
        if max_dropped is not None:
            obj -= 1000.0 * sum(max(0.0, _dropped_share(p, w, target) - max_dropped) for p in packs.values())
        return obj

    w = np.array([start.get(k, 0.0) for k in FEATURES], dtype=np.float64)
    best = objective(w)
    log(f"  fit (target {target}): start {best:.2f}")
    grid = np.concatenate([-np.logspace(-3, 1.5, 28)[::-1], [0.0], np.logspace(-3, 1.5, 28)])
    for p in range(passes):
        improved = False
        for j in range(len(FEATURES)):
            for v in grid:
                trial = w.copy()
                trial[j] = v
                b = objective(trial)
                if b > best + 1e-9:
                    best, w, improved = b, trial, True
        log(f"  fit: pass {p + 1} {best:.2f}  " + " ".join(f"{k}={x:.3g}" for k, x in zip(FEATURES, w)))
        if not improved:
            break
    return w, best


# ------------------------------------------------------------------------------------------ metrics

def garbled(output: str, source: str, wordlist) -> bool:
    allowed = set(words(source))
    return any(w not in allowed and not wordlist.known(w) for w in words(output))


def faithfulness_metrics(outputs: Sequence[str], sources: Sequence[str], safe: SafeRewriter) -> dict:
    n = len(outputs)
    g = d = 0
    for o, s in zip(outputs, sources):
        g += garbled(o, s, safe.wordlist)
        c: Checks = check(o, s, safe.rules.formalize(s), safe.wordlist, safe.source_markers(s))
        d += bool(c.dropped)
    return {"garble_rate": 100 * g / n, "dropped_rate": 100 * d / n}


def style_accuracy(outputs: Sequence[str], scorer) -> float | None:
    if scorer is None:
        return None
    p = np.asarray(scorer.score(list(outputs)))
    return float(100 * np.mean(p >= 0.5))


def kept(outputs: Sequence[str], inputs: Sequence[str]) -> dict:
    same = sum(o == i for o, i in zip(outputs, inputs))
    return {"formal_kept": 100 * same / len(inputs), "self_bleu": source_bleu(list(outputs), list(inputs))}


# ------------------------------------------------------------------------------------------ command

def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m training eval-faithfulness", description=__doc__.split("\n\n")[0])
    ap.add_argument("--rewriter", type=Path, required=True, help="a rewriter directory (e.g. assets/models/rewriter)")
    ap.add_argument("--scorer", type=Path, default=None, help="the live scorer directory (default: the bundled one)")
    ap.add_argument("--data", type=Path, default=None)
    ap.add_argument("--out", type=Path, default=Path("runs/faithfulness"))
    ap.add_argument("--limit", type=int, default=0, help="first N tune sentences per domain (0 = all)")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--fit", action="store_true", help="fit the reranker on half A, report on half B")
    ap.add_argument("--min-kept", type=float, default=0.9,
                    help="with --fit: share of formal inputs to return unchanged (default 0.9)")
    ap.add_argument("--max-dropped", type=float, default=0.06,
                    help="with --fit: largest share of outputs that may drop a content word, in each domain, when "
                         "dropped content is not a hard check (default 0.06)")
    ap.add_argument("--systems", default="copy,rules,model4,model1,safe4,safe1")
    ap.add_argument("--fit-beams", default="4,1", help="with --fit: the beams to fit the reranker for")
    args = ap.parse_args(argv)
    data_root = args.data or shared_data_dir()
    if data_root is None:
        print("eval-faithfulness: no data: pass --data DIR or set KEIGO_DATA (needs gyafc/em, gyafc/fr)")
        return 4
    try:
        model = FormalRewriter.from_dir(args.rewriter, threads=args.threads)
        scorer = FormalityScorer.from_dir(args.scorer or assets_dir() / "models" / "scorer", threads=args.threads)
        safe = SafeRewriter.for_model(model, scorer=scorer)
    except KeigoError as exc:
        print(f"eval-faithfulness: {exc}")
        return 3
    out = args.out
    out.mkdir(parents=True, exist_ok=True)
    systems = [s for s in args.systems.split(",") if s]
    report: dict = {"rewriter": str(args.rewriter), "scorer": str(args.scorer or "bundled"), "limit": args.limit,
                    "weights": dict(zip(FEATURES, safe.w.tolist())), "pool_beam": safe.config.pool_beam,
                    "formal_target": safe.config.formal_target, "systems": {}}
    data = {}
    for d in DOMAINS:
        src, refs = read_gyafc_tune(data_root, d)
        if args.limit:
            src, refs = src[:args.limit], refs[:args.limit]
        data[d] = (src, refs, [r[0] for r in refs])

    def cached(name: str, make):
        path = out / f"{name}.jsonl"
        if path.is_file():
            return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
        t0 = time.time()
        lines = make()
        atomic_write_text(path, "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines))
        print(f"{name}: {len(lines)} outputs in {time.time() - t0:.0f} s", flush=True)
        return lines

    loaded: dict[tuple[str, str, int], list[PoolRow]] = {}

    def pools(d: str, kind: str, beam: int) -> list[PoolRow]:
        if (d, kind, beam) in loaded:
            return loaded[(d, kind, beam)]
        path = out / f"pools.{kind}.{d}.beam{beam}.jsonl"
        if path.is_file():
            rows = load_rows(path)
            src, refs, _ = data[d]
            t0 = time.time()
            if n := rebuild_stale(rows, safe, refs if kind == "informal" else None, beam=beam, domain=d):
                save_rows(path, rows)
                print(f"pools {kind} {d} beam {beam}: {n} of {len(rows)} built again (their rule rewrite changed)"
                      f" in {time.time() - t0:.0f} s", flush=True)
            refresh_checks(rows, safe)
            refresh_scores(rows, safe)
            refresh_fluency(rows, safe)
            loaded[(d, kind, beam)] = rows
            return rows
        src, refs, formal = data[d]
        t0 = time.time()
        rows = build_pools(safe, src if kind == "informal" else formal, refs if kind == "informal" else None,
                           beam=beam, domain=d)
        save_rows(path, rows)
        print(f"pools {kind} {d} beam {beam}: {len(rows)} in {time.time() - t0:.0f} s", flush=True)
        loaded[(d, kind, beam)] = rows
        return rows

    if args.fit:
        fit = {}
        fit_beams = [int(b) for b in args.fit_beams.split(",") if b.strip()]
        hard_sets = (HARD_CHECKS, ("nonwords", "critical"), ("nonwords",))
        for beam, hard in [(b, h) for b in fit_beams for h in hard_sets]:
            rows = {d: pools(d, "informal", beam) for d in DOMAINS}
            formal_rows = {d: pools(d, "formal", beam) for d in DOMAINS}
            a = {d: [r for r in rows[d] if r.index % 2 == 0] for d in DOMAINS}
            fa = {d: [r for r in formal_rows[d] if r.index % 2 == 0] for d in DOMAINS}
            name = f"beam{beam}.{'+'.join(hard)}"
            print(f"{name}:", flush=True)
            lp_only = {k: float(k == "lp") for k in FEATURES}
            best = None
            for target in FIT_TARGETS:
                # two starts (the configured weights; the model's likelihood alone), the better kept
                for start in (dict(zip(FEATURES, safe.w.tolist())), lp_only):
                    w, obj = fit_weights(a, start, hard, target=target, formal=fa, min_kept=args.min_kept,
                                         max_dropped=None if "dropped" in hard else args.max_dropped,
                                         log=lambda *_: None)
                    if best is None or obj > best[2]:
                        best = (w, target, obj)
            w, target, obj = best
            per_target = {}
            for t in TARGETS:
                rec = {}
                for half, parity in (("A", 0), ("B", 1)):
                    bl = []
                    for d in DOMAINS:
                        rs = [r for r in rows[d] if r.index % 2 == parity]
                        pick = choose(rs, w, t, hard)
                        bl.append(bleu_from_stats(np.sum([rs[k].stats[pick[k]] for k in range(len(rs))], axis=0)))
                        rec[f"{half}_top_{d}"] = bleu_from_stats(np.sum([r.stats[0] for r in rs], axis=0))
                        di = FEATURES.index("dropped")
                        rec[f"{half}_dropped_{d}"] = 100 * float(np.mean([rs[k].features[pick[k]][di] > 0
                                                                           for k in range(len(rs))]))
                        fr = [r for r in formal_rows[d] if r.index % 2 == parity]
                        fp = choose(fr, w, t, hard)
                        rec[f"{half}_kept_{d}"] = 100 * float(np.mean([fr[k].texts[fp[k]] == fr[k].source
                                                                        for k in range(len(fr))]))
                        rec[f"{half}_bleu_{d}"] = bl[-1]
                    rec[f"{half}_bleu_mean"] = sum(bl) / len(bl)
                per_target[str(t)] = rec
            fit[name] = {"weights": dict(zip(FEATURES, w.tolist())), "objective_A": obj, "hard": list(hard),
                         "min_kept": args.min_kept,
                         "target": target, "per_target": per_target}
            print(f"{name}: target {target}, objective on A {obj:.2f}; weights "
                  + " ".join(f"{k}={x:.3g}" for k, x in zip(FEATURES, w)), flush=True)
            print("   B at target: " + json.dumps({k: round(v, 2) for k, v in per_target[str(target)].items()
                                                   if k.startswith("B")}), flush=True)
        (out / "rerank.json").write_text(json.dumps(fit, indent=1), encoding="utf-8")
        return 0

    for name in systems:
        rec: dict = {}
        for d in DOMAINS:
            src, refs, formal = data[d]
            if name == "copy":
                hyps, fhyps = src, formal
            elif name == "rules":
                hyps = [safe.rules.formalize(s) for s in src]
                fhyps = [safe.rules.formalize(s) for s in formal]
            elif name == "model1":
                # the greedy pools start with the model's greedy rewrite: the same call, already made
                hyps = [r.texts[0] for r in pools(d, "informal", 1)]
                fhyps = [r.texts[0] for r in pools(d, "formal", 1)]
            elif name.startswith("model"):
                beam = int(name[5:])
                hyps = [x["text"] for x in cached(f"{name}.informal.{d}", lambda xs=src, b=beam: [
                    {"text": r.best} for r in model.rewrite(xs, beam=b, nbest=1)])]
                fhyps = [x["text"] for x in cached(f"{name}.formal.{d}", lambda xs=formal, b=beam: [
                    {"text": r.best} for r in model.rewrite(xs, beam=b, nbest=1)])]
            elif name.startswith("safe"):
                beam = int(name[4:])
                irows, frows = pools(d, "informal", beam), pools(d, "formal", beam)
                cfg = safe.config
                # offered as the engine offers them: the rule rewrite tells which words the rules spelled out
                hyps = [safe.offered(r.texts[k], r.texts, r.source, safe.rules.formalize(r.source))
                        for r, k in zip(irows, choose(irows, safe.w, cfg.formal_target, cfg.hard))]
                fhyps = [safe.offered(r.texts[k], r.texts, r.source, safe.rules.formalize(r.source))
                         for r, k in zip(frows, choose(frows, safe.w, cfg.formal_target, cfg.hard))]
            else:
                print(f"eval-faithfulness: unknown system {name!r}")
                return 2
            m = {"bleu": corpus_bleu(hyps, refs), **faithfulness_metrics(hyps, src, safe), **kept(fhyps, formal),
                 "style_accuracy": style_accuracy(hyps, scorer)}
            rec[d] = {k: (round(v, 2) if isinstance(v, float) else v) for k, v in m.items()}
        report["systems"][name] = rec
        print(name, json.dumps(rec), flush=True)
    (out / "report.json").write_text(json.dumps(report, indent=1), encoding="utf-8")
    print(format_table(report))
    return 0


def format_table(report: dict) -> str:
    head = ("| system | BLEU E&M | BLEU F&R | garbled % | dropped % | formal kept % | self-BLEU | style % |\n"
            "|---|---|---|---|---|---|---|---|")
    lines = [head]
    for name, rec in report["systems"].items():
        em, fr = rec["em"], rec["fr"]

        def mean(k, em=em, fr=fr):
            a, b = em.get(k), fr.get(k)
            return "–" if a is None or b is None else f"{(a + b) / 2:.2f}"
        lines.append(f"| {name} | {em['bleu']:.2f} | {fr['bleu']:.2f} | {mean('garble_rate')} | "
                     f"{mean('dropped_rate')} | {mean('formal_kept')} | {mean('self_bleu')} | "
                     f"{mean('style_accuracy')} |")
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
