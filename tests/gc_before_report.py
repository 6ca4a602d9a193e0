"""pytest plugin (registered by tests/conftest.py): collect garbage before a failure is rendered.

Why: pytest renders a failure by parsing source with ``ast.parse``. If the garbage collector
runs inside that parse and finalises an object whose ``__del__`` raises, pytest's unraisable
hook formats the error's traceback, and on CPython 3.11 the traceback formatter parses source
again. The AST converter keeps its recursion counter in interpreter-wide state, so the nested
parse leaves the outer one with "SystemError: AST constructor recursion depth mismatch": an
INTERNALERROR that ended the whole session (a half-built openai client did it, 300 tests never
ran). Collecting first runs such finalisers here, where their errors are ordinary warnings.
"""

from __future__ import annotations

import gc
from collections.abc import Generator
from typing import Any

import pytest


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]) -> Generator[None, Any, Any]:
    if call.excinfo is not None:
        gc.collect()
    return (yield)
