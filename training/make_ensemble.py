"""Build an ensemble rewriter directory from two or more exported rewriters trained with the same tokenizer.

    python -m training make-ensemble MEMBER_DIR MEMBER_DIR [...] --out TARGET --version V [--weights 1,1]
        [--measure-subset 300 --beams 1,4] [--latency 30]

The members are copied into TARGET/member-1, member-2, ... (their own manifests dropped: TARGET's manifest
covers every file); TARGET/rewriter.json holds ``"ensemble": {"members": [...], "weights": [...]}`` and the
members' shared input options, so engine.FormalRewriter.from_dir loads one rewriter that searches with the
members' averaged log-probabilities (issue 12: a 2-model ensemble). The card states the members and, with
--measure-subset, the tune BLEU of the ensemble beside each member's, and with --latency the rewrite p50 of each
on one thread, measured in the same run. `attach-rerank` then gives it the faithfulness reranker like any
rewriter directory.
"""
from __future__ import annotations

import argparse
import json
import shutil
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from engine.errors import InputError, ModelError
from engine.fsio import atomic_replace_dir
from engine.manifest import MANIFEST_NAME, build_manifest, load_manifest, verify_dir, write_manifest
from engine.rewriter import FormalRewriter

# the member options the ensemble takes over: they decide how input is prepared and how much is generated
SHARED_OPTIONS = ("max_source_tokens", "max_new_tokens", "prefix", "preprocess")


def _members(dirs: Sequence[Path]) -> list[tuple[Path, dict, dict]]:
    """(dir, manifest, rewriter.json) of each member, refusing what cannot be ensembled."""
    out = []
    for d in dirs:
        d = Path(d)
        problems = verify_dir(d, load_onnx=False)
        if problems:
            raise InputError(f"{d}: {'; '.join(problems)}")
        options = json.loads((d / "rewriter.json").read_text(encoding="utf-8"))
        if "ensemble" in options:
            raise InputError(f"{d} is itself an ensemble; give its members instead")
        out.append((d, load_manifest(d), options))
    first = out[0][2]
    for d, _, o in out[1:]:
        for k in ("prefix", "preprocess"):
            if o.get(k) != first.get(k):
                raise InputError(f"{d}: rewriter.json {k} is {o.get(k)!r}, {out[0][0]} has {first.get(k)!r}; "
                                 "ensemble members must prepare their input the same way")
    return out


def _p50_ms(rw: FormalRewriter, sentences: Sequence[str], beam: int) -> float:
    times = []
    for s in sentences:
        t0 = time.perf_counter()
        rw.rewrite([s], beam=beam, max_new_tokens=64)
        times.append((time.perf_counter() - t0) * 1000.0)
    return statistics.median(times)


def measure(target: Path, data_root: Path, *, subset: int, beams: Sequence[int], latency: int) -> dict:
    """Tune BLEU of the ensemble and of each member (the same sentences), and one-thread rewrite p50."""
    from training.evaluate import corpus_bleu
    from training.export_rewriter import _tune_sets

    sets = _tune_sets(data_root, subset)
    opts = json.loads((target / "rewriter.json").read_text(encoding="utf-8"))
    systems = {"ensemble": FormalRewriter.from_dir(target, threads=1)}
    for name in opts["ensemble"]["members"]:
        systems[name] = FormalRewriter.from_dir(target / name, threads=1)
    out: dict = {"subset": subset, "beams": list(beams), "bleu": {}, "p50_ms": {}}
    for name, rw in systems.items():
        row = {}
        for beam in beams:
            for v in sets:
                hyps = [r.candidates[0].text for r in rw.rewrite(v.sources, beam=beam, batch_size=32,
                                                                   max_new_tokens=64)]
                row[f"{v.name}_beam{beam}"] = round(corpus_bleu(hyps, v.refs), 2)
        out["bleu"][name] = row
        if latency:
            out["p50_ms"][name] = {f"beam{b}": round(_p50_ms(rw, sets[0].sources[:latency], b), 1) for b in beams}
        print(json.dumps({"system": name, "bleu": row, "p50_ms": out["p50_ms"].get(name)}), flush=True)
    return out


def card(version: str, members: list[tuple[Path, dict, dict]], names: list[str], weights: list[float],
         measured: dict | None, notes: Sequence[str] = ()) -> str:
    lines = [f"# Keigo formal rewriter ({version}): an ensemble of {len(members)} models", "",
             ("The engine searches with the members' log-probabilities averaged at every step (a log-linear "
              "ensemble; greedy, beam and n-best as for one model). Each member is a complete rewriter "
              "directory below this one, with its own model card (data, configuration, CPU-hours, metrics, "
              "licence terms)."), "", "| member | version | weight |", "|---|---|---|"]
    lines += [f"| {n} | {m[1].get('version')} | {w:g} |" for n, m, w in zip(names, members, weights)]
    if measured:
        beams = measured["beams"]
        cols = [f"{d}_beam{b}" for b in beams for d in ("em", "fr")]
        lines += ["", ("GYAFC tune BLEU (sacreBLEU, 4 references), "
                       + (f"the first {measured['subset']} sentences" if measured["subset"] else "all the sentences")
                       + " of each domain, plain model search through the engine (no reranker)"
                       + (", and the rewrite p50 per sentence on one thread" if measured["p50_ms"] else "")
                       + ", measured side by side in one run (`python -m training make-ensemble`):"), "",
                  "| system | " + " | ".join(c.replace("_beam", " beam ") for c in cols)
                  + (" | " + " | ".join(f"p50 ms beam {b}" for b in beams) if measured["p50_ms"] else "") + " |",
                  "|---|" + "---|" * (len(cols) + (len(beams) if measured["p50_ms"] else 0))]
        for name, row in measured["bleu"].items():
            cells = [f"{row[c]:.2f}" for c in cols]
            if measured["p50_ms"]:
                cells += [f"{measured['p50_ms'][name][f'beam{b}']:.1f}" for b in beams]
            lines.append(f"| {name} | " + " | ".join(cells) + " |")
    if notes:
        lines += ["", "## Data, training, licence and cost", ""] + [f"- {n}" for n in notes]
    lines += ["", "## Configuration", "", "```json",
              json.dumps({"ensemble": {"members": names, "weights": weights}}, indent=1), "```", ""]
    return "\n".join(lines)


def build(member_dirs: Sequence[Path], target: Path, *, version: str, weights: Sequence[float] | None = None,
          data_root: Path | None = None, subset: int = 0, beams: Sequence[int] = (1,), latency: int = 0,
          notes: Sequence[str] = ()) -> dict:
    """Write the ensemble directory at ``target`` (replaced atomically); returns its manifest. ``notes`` are the
    card's "Data, training, licence and cost" lines (what the members were trained on, their CPU-hours, the int8
    cost, the licence terms the weights carry)."""
    if len(member_dirs) < 2:
        raise InputError("an ensemble needs at least two member rewriters")
    weights = [1.0] * len(member_dirs) if weights is None else [float(w) for w in weights]
    if len(weights) != len(member_dirs) or any(not w > 0 for w in weights):
        raise InputError(f"--weights must be one positive number per member, got {weights}")
    members = _members(member_dirs)
    names = [f"member-{i + 1}" for i in range(len(members))]
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".staging-", dir=target.parent))
    try:
        staging.chmod(0o755)
        for (d, _, _), name in zip(members, names):
            shutil.copytree(d, staging / name, ignore=shutil.ignore_patterns(MANIFEST_NAME))
        first = members[0][2]
        options = {k: first[k] for k in SHARED_OPTIONS if k in first}
        options["ensemble"] = {"members": names, "weights": weights}
        (staging / "rewriter.json").write_text(json.dumps(options, indent=2) + "\n", encoding="utf-8")
        try:
            FormalRewriter.from_dir(staging, threads=1).rewrite(["hey u there"], beam=1, max_new_tokens=8)
        except ModelError as e:
            raise InputError(f"the members cannot be ensembled: {e}") from e
        measured = None
        if data_root is not None and subset >= 0 and beams:
            measured = measure(staging, data_root, subset=subset, beams=beams, latency=latency)
        (staging / "MODEL_CARD.md").write_text(card(version, members, names, weights, measured, notes), encoding="utf-8")
        metrics: dict = {"members": {n: m[1].get("version") for n, m in zip(names, members)}}
        if measured:
            metrics["ensemble_comparison"] = measured
            # the ensemble's own numbers under the keys an exported rewriter uses (engine.model_summary reads them)
            metrics.update({f"tune_bleu_{k.replace('_beam1', '')}": v for k, v in measured["bleu"]["ensemble"].items()})
            if measured["subset"]:
                metrics["tune_sentences"] = {"em": measured["subset"], "fr": measured["subset"]}
        weights_kind = {(m[1].get("metrics") or {}).get("weights") for m in members}
        if len(weights_kind) == 1 and None not in weights_kind:
            metrics["weights"] = weights_kind.pop()
        config = {"ensemble": {"members": names, "weights": weights},
                  "members": {n: m[1].get("config") or {} for n, m in zip(names, members)}}
        data = list(dict.fromkeys(x for m in members for x in (m[1].get("data") or [])))
        manifest = build_manifest(staging, role="rewriter", version=version, kind="ensemble", config=config,
                                  metrics=metrics, data=data)
        write_manifest(staging, manifest)
        problems = verify_dir(staging)
        if problems:
            raise ModelError(f"the ensemble directory fails verification: {'; '.join(problems)}")
        atomic_replace_dir(staging, target)
        return manifest
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m training make-ensemble", description=__doc__.split("\n\n")[0])
    ap.add_argument("members", nargs="+", type=Path, help="exported rewriter directories (same tokenizer)")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--version", required=True)
    ap.add_argument("--weights", default=None, help="comma-separated, one per member (default: equal)")
    ap.add_argument("--measure-subset", type=int, default=-1, help="tune sentences per domain to compare the "
                    "ensemble with its members (0 = the full tune sets; default: no measurement)")
    ap.add_argument("--beams", default="1", help="beams for the comparison")
    ap.add_argument("--latency", type=int, default=0, help="sentences for the one-thread rewrite p50 (0 = off)")
    ap.add_argument("--data", type=Path, default=None)
    ap.add_argument("--note", action="append", default=[],
                    help="a line of the card's 'Data, training, licence and cost' section (repeatable)")
    args = ap.parse_args(argv)
    try:
        weights = [float(w) for w in args.weights.split(",")] if args.weights else None
        beams = [int(b) for b in args.beams.split(",") if b]
    except ValueError:
        ap.error("--weights and --beams take comma-separated numbers")
    data_root = None
    if args.measure_subset >= 0:
        from training.protocol import shared_data_dir

        data_root = args.data or shared_data_dir()
        if data_root is None or not (Path(data_root) / "gyafc").is_dir():
            ap.error("--measure-subset needs the GYAFC tune sets (--data or KEIGO_DATA)")
    try:
        manifest = build(args.members, args.out, version=args.version, weights=weights, data_root=data_root,
                         subset=max(args.measure_subset, 0), beams=beams, latency=args.latency,
                         notes=args.note)
    except (InputError, ModelError) as e:
        print(f"make-ensemble: {e}")
        return 4 if isinstance(e, InputError) else 3
    print(json.dumps({"dir": str(args.out), "version": manifest["version"], "metrics": manifest["metrics"]}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
