"""Model directory manifests: sha256 of every file, ONNX input/output signatures, and their verification."""
from __future__ import annotations

import hashlib
import json
import os
import platform
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from engine.errors import ModelError

SCHEMA_VERSION = 1
MANIFEST_NAME = "manifest.json"

# Only these kinds of files may sit in a model directory: ONNX graphs (and their external weights),
# JSON (configs, tokenizers), text/markdown (vocabularies, model cards), sentencepiece protobufs.
# Anything else (pickles, torch checkpoints) is refused so that nothing executable is ever loaded.
# .npz: numpy arrays (the rewriter's fluency LM), read with allow_pickle=False, so no code can ride along.
ALLOWED_SUFFIXES = (".onnx", ".onnx_data", ".data", ".json", ".txt", ".md", ".model", ".npz")

_ORT_DTYPES = {
    "tensor(float)": "float32",
    "tensor(float16)": "float16",
    "tensor(double)": "float64",
    "tensor(int64)": "int64",
    "tensor(int32)": "int32",
    "tensor(int8)": "int8",
    "tensor(uint8)": "uint8",
    "tensor(bool)": "bool",
    "tensor(string)": "string",
}


def file_digest(path) -> tuple[str, int]:
    """sha256 hex digest and size in bytes of a file, read in chunks (model files can be large)."""
    h = hashlib.sha256()
    size = 0
    with open(path, "rb") as f:
        while True:
            chunk = f.read(1 << 20)
            if not chunk:
                break
            h.update(chunk)
            size += len(chunk)
    return h.hexdigest(), size


def _ort_session(path):
    import onnxruntime as ort

    opts = ort.SessionOptions()
    opts.log_severity_level = 3
    # Reading a signature needs no optimisation; skipping it keeps verification of large models quick.
    opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_DISABLE_ALL
    return ort.InferenceSession(str(path), sess_options=opts, providers=["CPUExecutionProvider"])


def _shape(shape) -> list:
    return [d if isinstance(d, int) else (str(d) if d is not None else None) for d in shape]


def onnx_io(path) -> dict:
    """Input and output names, dtypes and shapes of an ONNX file, read with onnxruntime (ModelError if it does not load)."""
    path = Path(path)
    if not path.is_file():
        raise ModelError(f"model file {path} is missing")
    try:
        sess = _ort_session(path)
    except Exception as e:  # onnxruntime raises several unrelated exception types for a bad file
        raise ModelError(f"{path} does not load as an ONNX model: {_short(e)}") from e
    return {
        "inputs": [{"name": i.name, "dtype": _ORT_DTYPES.get(i.type, i.type), "shape": _shape(i.shape)}
                   for i in sess.get_inputs()],
        "outputs": [{"name": o.name, "dtype": _ORT_DTYPES.get(o.type, o.type), "shape": _shape(o.shape)}
                    for o in sess.get_outputs()],
    }


def _short(e: Exception) -> str:
    msg = str(e).strip().splitlines()
    return msg[0][:300] if msg else type(e).__name__


def _model_files(model_dir: Path) -> list[Path]:
    return sorted(p for p in model_dir.rglob("*") if p.is_file() and p.name != MANIFEST_NAME
                  and not p.name.startswith(f".{MANIFEST_NAME}"))


def _rel(p: Path, root: Path) -> str:
    return p.relative_to(root).as_posix()


def build_manifest(model_dir, *, role: str, version: str, kind: str, config: dict, metrics: dict,
                   data, runtime: dict | None = None) -> dict:
    """The manifest of a finished model directory: every file (except manifest.json) with sha256 and size."""
    model_dir = Path(model_dir)
    if not model_dir.is_dir():
        raise ModelError(f"model directory {model_dir} does not exist")
    files = {}
    onnx = {}
    for p in _model_files(model_dir):
        rel = _rel(p, model_dir)
        sha, size = file_digest(p)
        files[rel] = {"sha256": sha, "size": size}
        if p.suffix == ".onnx":
            onnx[rel] = onnx_io(p)
    if runtime is None:
        import onnxruntime

        runtime = {"onnxruntime": onnxruntime.__version__, "python": platform.python_version()}
    return {
        "schema_version": SCHEMA_VERSION,
        "role": role,
        "version": version,
        "kind": kind,
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
        "files": files,
        "onnx": onnx,
        "config": config or {},
        "metrics": metrics or {},
        "data": list(data or []),
        "runtime": runtime,
    }


def write_json_atomic(path, data: dict) -> Path:
    """Write JSON so that a reader sees the old file or the new one, never half of it (temp + os.replace)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        # mkstemp creates the file private; a manifest or pointer is read by anyone who may read the model
        os.chmod(tmp, 0o644)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=2, sort_keys=False, ensure_ascii=False)
            f.write("\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    return path


def write_manifest(model_dir, manifest: dict) -> Path:
    """Write manifest.json atomically; call it after every other file of the model is written."""
    return write_json_atomic(Path(model_dir) / MANIFEST_NAME, manifest)


def load_manifest(model_dir) -> dict:
    """The parsed manifest.json of a model directory; ModelError when it is missing, corrupt or of another schema."""
    path = Path(model_dir) / MANIFEST_NAME
    if not path.is_file():
        raise ModelError(f"{path} is missing")
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ModelError(f"{path} is not valid JSON: {_short(e)}") from e
    if not isinstance(manifest, dict):
        raise ModelError(f"{path} is not a JSON object")
    if manifest.get("schema_version") != SCHEMA_VERSION:
        raise ModelError(f"{path} has schema_version {manifest.get('schema_version')!r}, expected {SCHEMA_VERSION}")
    for key in ("role", "version", "kind", "files"):
        if key not in manifest:
            raise ModelError(f"{path} lacks the field {key!r}")
    # Every reader (models list, verify, the app's Models panel) trusts these types; one wrong type must make
    # this one version INVALID, never break a command for every version.
    for key, types, what in _FIELD_TYPES:
        if key in manifest and not isinstance(manifest[key], types):
            raise ModelError(f"{path}: {key!r} must be {what}, not {type(manifest[key]).__name__}")
    for rel, meta in manifest["files"].items():
        if not isinstance(meta, dict) or not isinstance(meta.get("sha256"), str) \
                or isinstance(meta.get("size"), bool) or not isinstance(meta.get("size"), int):
            raise ModelError(f"{path}: the entry for {rel!r} in 'files' needs a sha256 string and a size number")
    for rel, sig in manifest.get("onnx", {}).items():
        if not isinstance(sig, dict):
            raise ModelError(f"{path}: the entry for {rel!r} in 'onnx' is not an object")
    return manifest


_FIELD_TYPES = (
    ("role", str, "a string"), ("version", str, "a string"), ("kind", str, "a string"),
    ("created", str, "a string"), ("files", dict, "an object"), ("onnx", dict, "an object"),
    ("config", dict, "an object"), ("metrics", dict, "an object"), ("data", list, "a list"),
    ("runtime", dict, "an object"),
)


def _names(signature, key: str) -> list | None:
    """The names of a manifest's recorded ONNX inputs or outputs; None when the record is malformed."""
    items = signature.get(key, []) if isinstance(signature, dict) else None
    if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
        return None
    return [i.get("name") for i in items]


def verify_dir(model_dir, *, load_onnx: bool = True) -> list[str]:
    """Problems of a model directory (missing/extra/changed files, disallowed file types, ONNX that does not load); [] means OK."""
    model_dir = Path(model_dir)
    if not model_dir.is_dir():
        return [f"{model_dir} does not exist"]
    try:
        manifest = load_manifest(model_dir)
    except ModelError as e:
        return [str(e)]
    problems: list[str] = []
    listed = manifest["files"]
    for rel, meta in listed.items():
        p = model_dir / rel
        if ".." in Path(rel).parts or Path(rel).is_absolute():
            problems.append(f"{rel}: file name escapes the model directory")
            continue
        if not p.is_file():
            problems.append(f"{p} is missing")
            continue
        if not isinstance(meta, dict) or "sha256" not in meta or "size" not in meta:
            problems.append(f"{rel}: manifest entry lacks sha256/size")
            continue
        sha, size = file_digest(p)
        if size != meta["size"]:
            problems.append(f"{p} has {size} bytes, the manifest says {meta['size']}")
        elif sha != meta["sha256"]:
            problems.append(f"{p} has a wrong checksum (sha256 {sha[:12]}..., expected {str(meta['sha256'])[:12]}...)")
    for p in _model_files(model_dir):
        rel = _rel(p, model_dir)
        if rel not in listed:
            problems.append(f"{p} is not listed in the manifest")
        if not p.name.endswith(ALLOWED_SUFFIXES):
            problems.append(f"{p} is not an allowed file type (only ONNX, JSON, tokenizer, text and numpy .npz files)")
    if load_onnx and not problems:
        expected = manifest.get("onnx") or {}
        for rel in listed:
            if not rel.endswith(".onnx"):
                continue
            try:
                io = onnx_io(model_dir / rel)
            except ModelError as e:
                problems.append(str(e))
                continue
            want = expected.get(rel)
            if want:
                got_in = [i["name"] for i in io["inputs"]]
                got_out = [o["name"] for o in io["outputs"]]
                want_in, want_out = _names(want, "inputs"), _names(want, "outputs")
                if got_in != want_in or got_out != want_out:
                    problems.append(f"{model_dir / rel}: inputs/outputs {got_in}/{got_out} differ from the "
                                    f"manifest's {want_in}/{want_out}")
    return problems
