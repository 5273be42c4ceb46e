"""Shared helpers: the repository's paths and the `dlx` command, when it is built."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any, List, Optional

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def dlx_binary() -> Optional[str]:
    """The `dlx` command to compare with: $DLX_BIN, else a build in the workspace's target
    folder (release first), else one on PATH."""
    named = os.environ.get("DLX_BIN")
    if named:
        return named
    for profile in ("release", "debug"):
        path = ROOT / "target" / profile / "dlx"
        if path.is_file():
            return str(path)
    return shutil.which("dlx")


@pytest.fixture(scope="session")
def dlx():
    """Runs the `dlx` command and returns (status, stdout, stderr); skips without one."""
    binary = dlx_binary()
    if binary is None:
        pytest.skip("no `dlx` command built (cargo build -p dlx-cli, or set DLX_BIN)")

    def run(*args: str, stdin: Optional[str] = None) -> "subprocess.CompletedProcess[str]":
        return subprocess.run(
            [binary, *args], input=stdin, capture_output=True, text=True, timeout=600
        )

    return run


def cli_json(dlx: Any, *args: str, stdin: Optional[str] = None) -> Any:
    """The JSON object a `dlx ... --json` command prints."""
    done = dlx(*args, "--json", stdin=stdin)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def sorted_solutions(solutions: Any) -> List[List[int]]:
    return sorted(sorted(s) for s in solutions)
