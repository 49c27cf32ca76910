"""Suite-wide test environment: no user data touched, no hub access, headless Qt, one BLAS thread."""
import os
import tempfile
from pathlib import Path

# Set before any test module imports Qt, tokenizers or torch.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
os.environ.setdefault("OMP_NUM_THREADS", "1")
if "KEIGO_HOME" not in os.environ:
    # A test that forgets its own KEIGO_HOME must never write into the developer's real data dir.
    os.environ["KEIGO_HOME"] = tempfile.mkdtemp(prefix="keigo-test-home-")

REPO = Path(__file__).resolve().parent.parent
SHARED_DATA = REPO.parent / "shared" / "data"


def pytest_collection_modifyitems(config, items):
    import pytest

    if SHARED_DATA.is_dir() or os.environ.get("KEIGO_DATA"):
        return
    skip = pytest.mark.skip(reason="needs ../shared/data (research corpora), absent here")
    for item in items:
        if "data" in item.keywords:
            item.add_marker(skip)
