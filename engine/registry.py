"""Model registry: versioned model directories per role, a current.json pointer swapped atomically, verify and rollback.

Layout (docs/architecture.md): ``<root>/<role>/<version>/`` (each with manifest.json) and
``<root>/<role>/current.json`` = ``{"version": ..., "history": [older, ...]}``. The bundled models in
``assets/models/<role>/`` are the version "bundled", the fallback when nothing else is chosen.
"""
from __future__ import annotations

import json
import logging
import os
import re
import shutil
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from engine import paths
from engine.errors import ModelError, ModelNotInstalled
from engine.manifest import load_manifest, verify_dir, write_json_atomic
from engine.types import ModelInfo

log = logging.getLogger("keigo.engine")

KNOWN_ROLES = ("scorer", "scorer-accurate", "rewriter")
BUNDLED = "bundled"
_VERSION_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._+-]{0,127}$")
_HISTORY_MAX = 20
_ROLE_NAMES = {"scorer": "formality scorer", "scorer-accurate": "accurate formality scorer",
               "rewriter": "formal rewriter"}


@dataclass(frozen=True)
class ModelVersion:
    role: str
    version: str
    path: Path
    kind: str = "unknown"
    created: str = ""
    metrics: dict = field(default_factory=dict)
    bundled: bool = False
    current: bool = False
    problem: str | None = None   # set when the manifest cannot be read

    def info(self, provider: str = "CPUExecutionProvider") -> ModelInfo:
        return ModelInfo(role=self.role, version=self.version, path=self.path, kind=self.kind,
                         provider=provider, metrics=dict(self.metrics))


@dataclass(frozen=True)
class VerifyResult:
    role: str
    version: str
    path: Path
    problems: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.problems


def _check_name(kind: str, name: str) -> None:
    if not isinstance(name, str) or not _VERSION_RE.match(name):
        raise ModelError(f"invalid {kind} name {name!r} (letters, digits, '.', '_', '+', '-'; no path separators)")


class ModelRegistry:
    """Versions of each model role in the user's data directory, plus the bundled fallback."""

    def __init__(self, root: Path | None = None, bundled_root: Path | None = None):
        self.root = Path(root) if root is not None else paths.user_models_dir()
        if bundled_root is None:
            # KEIGO_BUNDLED_MODELS points elsewhere for tests and relocated bundles (e.g. a PyInstaller build).
            env = os.environ.get("KEIGO_BUNDLED_MODELS")
            bundled_root = Path(env) if env else paths.bundled_models_dir()
        self.bundled_root = Path(bundled_root)

    # ------------------------------------------------------------------ lookup

    def _bundled_dir(self, role: str) -> Path | None:
        d = self.bundled_root / role
        return d if (d / "manifest.json").is_file() else None

    def _version_dir(self, role: str, version: str) -> Path | None:
        if version == BUNDLED:
            return self._bundled_dir(role)
        d = self.root / role / version
        return d if d.is_dir() else None

    def roles(self) -> list[str]:
        found = set(KNOWN_ROLES)
        for base in (self.bundled_root, self.root):
            if base.is_dir():
                found.update(p.name for p in base.iterdir() if p.is_dir() and not p.name.startswith((".", "_")))
        extra = sorted(found - set(KNOWN_ROLES))
        return list(KNOWN_ROLES) + extra

    def _pointer(self, role: str) -> dict:
        path = self.root / role / "current.json"
        if not path.is_file():
            return {"version": None, "history": []}
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            version = data.get("version")
            history = [h for h in data.get("history", []) if isinstance(h, str)]
            return {"version": version if isinstance(version, str) else None, "history": history}
        except (OSError, UnicodeDecodeError, json.JSONDecodeError, AttributeError) as e:
            log.warning("%s is unreadable (%s); using the bundled model", path, e)
            return {"version": None, "history": []}

    def _describe(self, role: str, version: str, path: Path, current: str | None) -> ModelVersion:
        try:
            m = load_manifest(path)
            return ModelVersion(role=role, version=version, path=path, kind=str(m.get("kind", "unknown")),
                                created=str(m.get("created", "")), metrics=dict(m.get("metrics") or {}),
                                bundled=version == BUNDLED, current=version == current)
        except ModelError as e:
            return ModelVersion(role=role, version=version, path=path, bundled=version == BUNDLED,
                                current=version == current, problem=str(e))

    def list(self, role: str | None = None) -> list[ModelVersion]:
        """Versions of one role (or all roles): bundled first, then by creation time."""
        out: list[ModelVersion] = []
        for r in ([role] if role else self.roles()):
            cur = self.current(r)
            cur_v = cur.version if cur else None
            if self._bundled_dir(r):
                out.append(self._describe(r, BUNDLED, self._bundled_dir(r), cur_v))
            base = self.root / r
            users = []
            if base.is_dir():
                for p in base.iterdir():
                    if p.is_dir() and not p.name.startswith(".") and p.name != BUNDLED:
                        users.append(self._describe(r, p.name, p, cur_v))
            out += sorted(users, key=lambda v: (v.created, v.version))
        return out

    def current(self, role: str) -> ModelVersion | None:
        """The version in use: current.json's when its directory exists, else bundled, else None."""
        _check_name("role", role)
        version = self._pointer(role)["version"]
        if version:
            path = self._version_dir(role, version)
            if path is not None:
                return self._describe(role, version, path, version)
            log.warning("current model %s/%s is gone; using the bundled one", role, version)
        b = self._bundled_dir(role)
        return self._describe(role, BUNDLED, b, BUNDLED) if b else None

    # ------------------------------------------------------------------ verify / switch

    def _verify_one(self, role: str, version: str, path: Path, load_onnx: bool = True) -> VerifyResult:
        problems = verify_dir(path, load_onnx=load_onnx)
        if not problems:
            m = load_manifest(path)
            if m.get("role") != role:
                problems.append(f"{path / 'manifest.json'} is for role {m.get('role')!r}, not {role!r}")
        return VerifyResult(role=role, version=version, path=path, problems=tuple(problems))

    def verify(self, role: str | None = None, version: str | None = None) -> list[VerifyResult]:
        """Check every (or one) version's files against its manifest and that its ONNX files load."""
        if version is not None and role is None:
            raise ModelError("verify: a version needs a role")
        results = []
        for r in ([role] if role else self.roles()):
            if version is not None:
                path = self._version_dir(r, version)
                if path is None:
                    results.append(VerifyResult(r, version, self.root / r / version,
                                                (f"no version {version!r} of {r} is installed",)))
                    continue
                results.append(self._verify_one(r, version, path))
                continue
            for v in self.list(r):
                results.append(self._verify_one(r, v.version, v.path))
        return results

    def _write_pointer(self, role: str, version: str, history: list[str]) -> None:
        seen, hist = set(), []
        for h in history:
            if h != version and h not in seen:
                seen.add(h)
                hist.append(h)
        write_json_atomic(self.root / role / "current.json", {"version": version, "history": hist[:_HISTORY_MAX]})

    def use(self, role: str, version: str) -> ModelVersion:
        """Make a version current after verifying it; on any problem raise ModelError and change nothing."""
        _check_name("role", role)
        _check_name("version", version)
        path = self._version_dir(role, version)
        if path is None:
            raise ModelError(f"no version {version!r} of {role} is installed")
        res = self._verify_one(role, version, path)
        if not res.ok:
            raise ModelError(f"refusing {role}/{version}: " + "; ".join(res.problems))
        ptr = self._pointer(role)
        cur = self.current(role)
        old = cur.version if cur else None
        if old != version:
            history = ([old] if old else []) + ptr["history"]
            self._write_pointer(role, version, history)
        return self._describe(role, version, path, version)

    def rollback(self, role: str) -> ModelVersion:
        """Go back to the version used before the current one (it is verified first)."""
        _check_name("role", role)
        ptr = self._pointer(role)
        cur = self.current(role)
        history = [h for h in ptr["history"] if not cur or h != cur.version]
        for k, version in enumerate(history):
            path = self._version_dir(role, version)
            if path is None:
                continue  # deleted since: skip it
            res = self._verify_one(role, version, path)
            if not res.ok:
                raise ModelError(f"cannot roll {role} back to {version}: " + "; ".join(res.problems))
            self._write_pointer(role, version, history[k + 1:])
            return self._describe(role, version, path, version)
        raise ModelError(f"no earlier version of {role} to roll back to")

    def install(self, role: str, source_dir: Path, version: str | None = None, activate: bool = False) -> ModelVersion:
        """Copy a finished model directory in (staging dir, verify, rename); optionally make it current."""
        _check_name("role", role)
        source_dir = Path(source_dir)
        problems = verify_dir(source_dir)
        if problems:
            raise ModelError(f"refusing to install {source_dir}: " + "; ".join(problems))
        manifest = load_manifest(source_dir)
        if manifest.get("role") != role:
            raise ModelError(f"{source_dir} holds a {manifest.get('role')!r} model, not {role!r}")
        version = version or str(manifest.get("version"))
        _check_name("version", version)
        if version == BUNDLED:
            raise ModelError("the version name 'bundled' is reserved for the models shipped with Keigo")
        target = self.root / role / version
        if target.exists():
            raise ModelError(f"{role}/{version} is already installed at {target}")
        staging = self.root / role / f".staging-{uuid.uuid4().hex[:12]}"
        staging.parent.mkdir(parents=True, exist_ok=True)
        try:
            shutil.copytree(source_dir, staging)
            problems = verify_dir(staging)
            if problems:
                raise ModelError(f"the copy of {source_dir} does not verify: " + "; ".join(problems))
            os.rename(staging, target)
        finally:
            if staging.exists():
                shutil.rmtree(staging, ignore_errors=True)
        if activate:
            return self.use(role, version)
        return self._describe(role, version, target, None)

    # ------------------------------------------------------------------ loading

    def _load(self, role: str, loader, providers, threads, strict: bool = False):
        """Load the current version; if it fails and strict is off, fall back to the bundled one (logged).
        strict: the current version or a ModelError (an explicit switch must not silently run another model)."""
        cur = self.current(role)
        if cur is None:
            name = _ROLE_NAMES.get(role, role)
            raise ModelNotInstalled(f"no {name} is installed (role {role!r}): train one or install a bundled model")
        tried = []
        candidates = [cur]
        if not strict and cur.version != BUNDLED and self._bundled_dir(role):
            candidates.append(self._describe(role, BUNDLED, self._bundled_dir(role), cur.version))
        for v in candidates:
            # Checksums are re-checked at load: a file changed since activation must not be run.
            res = self._verify_one(role, v.version, v.path, load_onnx=False)
            if not res.ok:
                tried.append(f"{role}/{v.version}: " + "; ".join(res.problems))
                continue
            try:
                model = loader(v.path, providers=providers, threads=threads, info=v.info())
            except ModelError as e:
                tried.append(f"{role}/{v.version}: {e}")
                continue
            if tried:
                log.warning("using %s/%s because %s", role, v.version, tried[0])
            return model
        raise ModelError("; ".join(tried))

    def load_scorer(self, role: str = "scorer", *, providers=None, threads=None, strict: bool = False):
        """The current scorer of a role; ModelNotInstalled when there is none."""
        from engine.scorer import FormalityScorer

        return self._load(role, FormalityScorer.from_dir, providers, threads, strict)

    def load_rewriter(self, role: str = "rewriter", *, providers=None, threads=None, strict: bool = False):
        """The current rewriter model, or the RuleFormalizer (info.kind == "rules") when none is installed."""
        from engine.rewriter import FormalRewriter

        if self.current(role) is None:
            from engine.rules import RuleFormalizer  # lazily: the lexicons are only read when needed

            return RuleFormalizer()
        return self._load(role, FormalRewriter.from_dir, providers, threads, strict)
