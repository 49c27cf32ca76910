"""The store survives 100 random kill -9 during install and use: after each kill the next registry start leaves
no staging folder and no temp pointer file, every version folder verifies and the pointer names one of them."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FIXTURE = REPO / "tests" / "fixtures" / "models" / "scorer"

# Runs in a fresh interpreter: children are forked from a parent that has created no onnxruntime session
# (forking a process with runtime threads could deadlock the child for reasons unrelated to the store).
DRIVER = r"""
import json, os, random, signal, sys, time
from pathlib import Path
import onnxruntime, tokenizers  # imported before forking so each child starts working at once
from engine.manifest import verify_dir
from engine.registry import ModelRegistry

root, bundled, fixture, kills = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]), int(sys.argv[4])
rng = random.Random(15)
installed = []

def work(i):
    reg = ModelRegistry(root=root, bundled_root=bundled)
    if installed and rng.random() < 0.4:
        reg.switch("scorer", rng.choice(installed))
    else:
        reg.install("scorer", fixture, version=f"v{i}", activate=rng.random() < 0.5)

# a typical operation's duration bounds the random kill points; this first install is made current, so the
# store always has a model to score with afterwards (whether a killed run activated one is up to the timing)
t0 = time.monotonic()
ModelRegistry(root=root, bundled_root=bundled).install("scorer", fixture, version="v-1", activate=True)
span = time.monotonic() - t0
installed.append("v-1")
done = 0
for i in range(kills):
    pid = os.fork()
    if pid == 0:
        try:
            work(i)
        finally:
            os._exit(0)
    time.sleep(rng.uniform(0, span * 1.2))
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    ModelRegistry(root=root, bundled_root=bundled)          # the next start tidies up
    role = root / "scorer"
    left = [p.name for p in role.iterdir() if p.name.startswith(".staging-") or p.name.endswith(".tmp")]
    assert not left, f"kill {i}: leftovers {left}"
    for d in role.iterdir():
        if d.is_dir():
            assert not verify_dir(d, load_onnx=False), f"kill {i}: {d} is half installed"
            if d.name not in installed:
                installed.append(d.name)
    ptr = role / "current.json"
    if ptr.exists():
        assert (role / json.loads(ptr.read_text())["version"]).is_dir(), f"kill {i}: pointer to nothing"
    done += 1
print(json.dumps({"kills": done, "versions": len(installed), "span": span}))
"""


def test_store_survives_100_random_kill_9(tmp_path):
    root, bundled = tmp_path / "home" / "models", tmp_path / "bundled"
    bundled.mkdir()
    env = dict(os.environ, PYTHONPATH=str(REPO), OMP_NUM_THREADS="1")
    t0 = time.monotonic()
    r = subprocess.run([sys.executable, "-c", DRIVER, str(root), str(bundled), str(FIXTURE), "100"], env=env,
                       cwd=REPO, capture_output=True, timeout=600, check=False)
    assert r.returncode == 0, r.stderr.decode()[-3000:]
    stats = json.loads(r.stdout.decode().strip().splitlines()[-1])
    assert stats["kills"] == 100
    # the next command on the store works: list, verify (each version loaded) and score
    env.update(KEIGO_HOME=str(tmp_path / "home"), KEIGO_BUNDLED_MODELS=str(bundled))
    for args in (["models", "list"], ["models", "verify", "scorer"], ["score"]):
        out = subprocess.run([sys.executable, "-m", "keigo", *args], input=b"Thank you.\n", env=env, cwd=REPO,
                             capture_output=True, timeout=300, check=False)
        assert out.returncode == 0, (args, out.stderr.decode())
    print(f"100 kills in {time.monotonic() - t0:.1f} s ({stats['versions']} versions)")
