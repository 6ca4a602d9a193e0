"""A terminated command ends as an interrupted one: SIGTERM becomes ``SystemExit``.

Python's default for SIGTERM is to die at once, without ``finally`` blocks or ``atexit``
handlers, so a bulk load stopped by ``kill`` (or a job scheduler) left its staging workers —
daemon processes started by a forkserver — running on after it. Raised as ``SystemExit`` the
signal unwinds the command: its cleanups run and multiprocessing ends its daemon children.
"""

from __future__ import annotations

import signal
import sys
import threading
from types import FrameType

__all__ = ["EXIT_TERMINATED", "exit_on_sigterm"]

EXIT_TERMINATED = 128 + signal.SIGTERM  # the shell's own status for a process killed by SIGTERM


def _terminated(signum: int, _frame: FrameType | None) -> None:
    sys.exit(EXIT_TERMINATED)


def exit_on_sigterm() -> None:
    """Make SIGTERM raise ``SystemExit`` in the main thread (a no-op off the main thread, where
    Python cannot install handlers, or where a caller already installed its own)."""
    if threading.current_thread() is not threading.main_thread():
        return
    if signal.getsignal(signal.SIGTERM) in (signal.SIG_DFL, None):
        signal.signal(signal.SIGTERM, _terminated)
