"""Shared fixtures: the repository root, the corpora, and the `iriscan` CLI
binary (built with cargo once per session unless IRISCAN_BIN names one)."""

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
CORPORA = sorted((ROOT / "corpora").glob("*.txt"))


@pytest.fixture(scope="session")
def iriscan_bin() -> Path:
    given = os.environ.get("IRISCAN_BIN")
    if given:
        return Path(given)
    subprocess.run(["cargo", "build", "--quiet", "-p", "iriscan-cli"], cwd=ROOT, check=True)
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    return target / "debug" / "iriscan"
