#!/bin/bash
# Issue 18's rows on one lent GPU in one device call (docs/results.md says which rows came from here): 13 training
# processes share the card, each with its own minute budget, and whatever still runs at $LIMIT seconds is stopped.
# What travels (ignored folders named in the call's carry): .whl (wheels of transformers 4.57.6, tokenizers 0.22.2,
# huggingface-hub 0.36.2, platformdirs, tomli-w, nlpaug, gdown, beautifulsoup4, soupsieve, nltk: the device image
# has transformers 5), and .devdata: data.tar.xz (gyafc, gec, unlabeled, lexicons of the data root), tokenizer/
# (the bundle's, from any CPU run folder), base-r11/ (row 1.1's model: `python -m training recover-rewriter
# assets/models/rewriter/member-2 runs/base-r11`, weights in fp16). assets/models stays behind (over 64 MiB).
#   bash tools/gpu_rows.sh          (on the device; $OUT set)
#   DRY=1 RUNS=/tmp/dry OUT=/tmp/dryout KEIGO_DATA=... BT_SOURCES=300 EXTRA="data.max_sentences=200" \
#       bash tools/gpu_rows.sh      (here, CPU, tiny budgets: checks the plumbing in about 4 minutes)
set -u
T0=$(date +%s)
LIMIT=${LIMIT:-535}                  # seconds from T0 at which whatever still runs is stopped
OUT=${OUT:-/tmp/devout}; mkdir -p "$OUT"
R=${RUNS:-/tmp/runs}; L=$R/logs; mkdir -p "$L"
DEV=cuda; M=1
if [ "${DRY:-0}" = 1 ]; then DEV=cpu; M=0.05; fi   # minutes scale for the dry run
m() { python3 -c "print(round($1*$M, 3))"; }       # budget in minutes, scaled

if [ "${DRY:-0}" != 1 ]; then
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl \
    || { echo "wheel install failed"; exit 9; }
  export PYTHONPATH=/tmp/site:$PWD
  mkdir -p /tmp/data && tar -C /tmp/data -xJf .devdata/data.tar.xz || exit 8
  export KEIGO_DATA=/tmp/data
  nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv > "$OUT/gpu.txt" 2>&1
fi
export PYTHONUNBUFFERED=1 TOKENIZERS_PARALLELISM=false OMP_NUM_THREADS=1
python3 -c "import torch, transformers, tokenizers; print('torch', torch.__version__, 'transformers', transformers.__version__, 'tokenizers', tokenizers.__version__, 'cuda', torch.cuda.is_available())" 2>&1 | tee "$L/versions.txt"
echo "setup done at $(( $(date +%s) - T0 )) s"

BASE=$PWD/.devdata/base-r11          # row 1.1's model (bundle member-2, read back from its ONNX graphs)
COMMON="run.device=$DEV run.threads=1 ${EXTRA:-}"
for d in seed1-ptft-mtask seed1-ptft-bt seed2-low-20000; do
  mkdir -p "$R/$d"; cp -r .devdata/tokenizer "$R/$d/tokenizer"   # the bundle's tokenizer, as on the CPU rows
done

job() {  # name, then the command; logs to $L/name.log, exit status to $L/name.rc
  local name=$1; shift
  ( "$@" > "$L/$name.log" 2>&1; echo $? > "$L/$name.rc" ) &
  echo "$!" > "$L/$name.pid"
}
RW="python3 -m training rewriter --config assets/configs/rewriter-cpu-long.toml"
CO="python3 -m training consistency"

# Seed 1, rows 2.3 and 2.1: pre-train on M-Task / BT pairs, fine-tune on GYAFC (the CPU rows' recipe, GPU budgets)
job r23 $RW --run-dir $R/seed1-ptft-mtask rewriter.mode=ptft rewriter.augment=mtask bt.size=cpu pos.size=cpu \
  rewriter.lr_finetune=1e-3 rewriter.pretrain_epochs=3 rewriter.pretrain_minutes=$(m 2) \
  rewriter.finetune_minutes=$(m 5) $COMMON
job r21 $RW --run-dir $R/seed1-ptft-bt rewriter.mode=ptft rewriter.augment=bt bt.size=cpu pos.size=cpu \
  rewriter.lr_finetune=1e-3 rewriter.pretrain_epochs=3 rewriter.pretrain_minutes=$(m 1.25) \
  rewriter.finetune_minutes=$(m 2.75) bt.max_minutes=$(m 1.25) bt.lr=1e-3 bt.warmup_steps=300 bt.max_tokens=3000 \
  bt.valid_every=400 bt.valid_subset=300 bt.batch_size=512 bt.max_sources=${BT_SOURCES:-40000} $COMMON
# Seed 2, rows 7.7 then 7.8: 20,000 pairs per domain, then consistency training on them
( $RW --run-dir $R/seed2-low-20000 rewriter.train_limit=20000 rewriter.finetune_minutes=$(m 3.5) $COMMON \
    > "$L/r77.log" 2>&1; echo $? > "$L/r77.rc"
  $CO --run-dir $R/seed2-low-20000 consistency.max_pairs=20000 consistency.perturbation=spell \
    consistency.filters=content consistency.max_steps=3000 consistency.max_minutes=$(m 2.25) \
    consistency.valid_subset=300 consistency.export=false $COMMON > "$L/r78.log" 2>&1; echo $? > "$L/r78.rc" ) &
echo "$!" > "$L/r77.pid"
# Seed 2, Tables 3 and 4 from row 1.1's model (style-filter rows need the scorer, which does not travel: not here)
for spec in 31:none: 32:spell: 33:swap: 34:drop: 35:mask: 37:tfidf: 42:spell:content 44:spell:fluency \
            47:spell:content,fluency; do
  IFS=: read -r row pert filt <<< "$spec"
  dir=seed2-pert-$pert; [ -n "$filt" ] && dir=seed2-filter-${filt//,/-}
  job c$row $CO --config assets/configs/cpu.toml --run-dir $R/$dir consistency.init=$BASE \
    consistency.perturbation=$pert consistency.filters=$filt consistency.max_minutes=$(m 5.5) \
    consistency.export=false $COMMON
done

pack() {  # small files of every run + logs; fp16 weights of the models worth bringing back
  tar -C "$R" -cJf "$OUT/meta.tar.xz" --exclude='*.safetensors' --exclude='*.pt' --exclude='*.bin' \
      --exclude='reverse_model' --exclude='tfidf' --exclude='*.arpa.gz' . 2>/dev/null
  python3 - "$R" "$OUT" <<'EOF'
import json, sys
from pathlib import Path
R, OUT = Path(sys.argv[1]), Path(sys.argv[2])
from safetensors.torch import load_file, save_file
def half(src, name):
    f = src / "model.safetensors"
    if f.is_file():
        save_file({k: v.half().contiguous() for k, v in load_file(str(f)).items()}, str(OUT / name),
                  metadata={"format": "pt", "from": str(src.relative_to(R))})
        print("packed", src, "->", name)
for run, name in (("seed1-ptft-mtask", "w-r23.safetensors"), ("seed1-ptft-bt", "w-r21.safetensors")):
    if (R / run / "rewriter" / "DONE.json").is_file():
        for phase in ("finetune", "train"):
            if (R / run / "rewriter" / phase / "best").is_dir():
                half(R / run / "rewriter" / phase / "best", name)
                break
best = None
for res in R.glob("seed2-*/consistency/result.json"):
    if not res.parent.parent.name.startswith(("seed2-pert", "seed2-filter")):
        continue
    r = json.loads(res.read_text())
    full = r.get("tune_bleu_full", {})
    if r.get("improved") and full and (best is None or full["best"]["mean"] > best[0]):
        best = (full["best"]["mean"], res.parent)
if best:
    half(best[1] / "best", "w-cons.safetensors")
EOF
}

while :; do
  left=0
  for p in "$L"/*.pid; do kill -0 "$(cat "$p")" 2>/dev/null && left=$((left + 1)); done
  now=$(( $(date +%s) - T0 ))
  [ "$left" = 0 ] && break
  if [ "$now" -ge "$LIMIT" ]; then
    echo "limit reached at $now s with $left jobs running: stopped"
    all=""
    for p in "$L"/*.pid; do
      pid=$(cat "$p"); kids=$(pgrep -P "$pid"); all="$all $kids"; kill -TERM "$pid" $kids 2>/dev/null
    done
    sleep 12; kill -KILL $all 2>/dev/null; break
  fi
  sleep 5
done
echo "jobs done at $(( $(date +%s) - T0 )) s"; for f in "$L"/*.rc; do echo "$(basename "$f" .rc) rc=$(cat "$f")"; done
nvidia-smi --query-gpu=memory.used --format=csv 2>/dev/null | tail -1
pack; echo "packed at $(( $(date +%s) - T0 )) s"; ls -la "$OUT"
