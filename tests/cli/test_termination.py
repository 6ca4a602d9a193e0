"""SIGTERM ends a command as an interrupt: its daemon workers (a bulk load's staging workers,
started by a forkserver) end with it instead of running on after it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from ownergraph.cli.termination import EXIT_TERMINATED

SCRIPT = textwrap.dedent("""
    import multiprocessing as mp, sys, time
    from pathlib import Path

    def work(out):
        Path(out).write_text(str(__import__("os").getpid()))
        time.sleep(120)

    if __name__ == "__main__":
        if sys.argv[2] == "handled":
            from ownergraph.cli.termination import exit_on_sigterm
            exit_on_sigterm()
        ctx = mp.get_context("forkserver")
        proc = ctx.Process(target=work, args=(sys.argv[1],), daemon=True)
        proc.start()
        try:
            time.sleep(120)
        finally:
            Path(sys.argv[1] + ".unwound").write_text("yes")
""")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie is dead
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except FileNotFoundError:
        return False


def _run(tmp_path: Path, mode: str) -> tuple[int, int, bool]:
    script, out = tmp_path / "cmd.py", tmp_path / f"worker-{mode}"
    script.write_text(SCRIPT)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    proc = subprocess.Popen([sys.executable, str(script), str(out), mode], env=env)
    deadline = time.monotonic() + 60
    while not out.exists() or not out.read_text():
        assert time.monotonic() < deadline, "the worker did not start"
        time.sleep(0.1)
    worker = int(out.read_text())
    proc.send_signal(signal.SIGTERM)
    code = proc.wait(timeout=30)
    deadline = time.monotonic() + 10
    while _alive(worker) and time.monotonic() < deadline:
        time.sleep(0.1)
    return code, worker, Path(str(out) + ".unwound").exists()


def test_a_terminated_command_unwinds_and_its_workers_end(tmp_path: Path) -> None:
    code, worker, unwound = _run(tmp_path, "handled")
    assert code == EXIT_TERMINATED
    assert unwound, "the command's finally block did not run"
    assert not _alive(worker), "the daemon worker outlived the terminated command"


def test_without_the_handler_the_worker_outlives_the_command(tmp_path: Path) -> None:
    """What the handler is for: Python's default dies at once and leaves the worker running."""
    code, worker, unwound = _run(tmp_path, "default")
    try:
        assert code == -signal.SIGTERM and not unwound
        if not _alive(worker):
            pytest.skip("this platform's forkserver ended the worker by itself")
        assert _alive(worker)
    finally:
        if _alive(worker):
            os.kill(worker, signal.SIGKILL)
