"""Fixtures shared by the tests: both kernel implementations and the public cases."""

from __future__ import annotations

import ast
import inspect
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import settings

from fastpuzzle import use_kernels
from fastpuzzle._common.select import kernel_module

ROOT = Path(__file__).resolve().parent.parent
#: The public cases, copied into the repository (``tests/cases/<puzzle>``, with ``SHA256SUMS``).
CASES = Path(__file__).resolve().parent / "cases"
#: Where the public cases are kept beside the project while it is developed; the copy must match it.
SHARED_CASES = ROOT.parent / "shared" / "cases"
IMPLEMENTATIONS = ("compiled", "twin")

#: Hypothesis profiles, chosen by FASTPUZZLE_HYPOTHESIS_PROFILE; unset, "thorough" under CI
#: (CI set, as CI services and .ci/run set it) and "quick" elsewhere, so that a plain
#: `pytest` stays within minutes:
#: - "thorough": every property test with the examples it asks for (hypothesis's 100 by default);
#: - "quick": a quarter of them, at least 10 (and 25 where a test does not say);
#: - "sanitizer": .ci/run's checked stage, where the kernels run at -O0 under
#:   AddressSanitizer: at most 20 examples per test.
settings.register_profile("thorough", deadline=None, print_blob=True)
settings.register_profile("quick", max_examples=25, deadline=None)
settings.register_profile("sanitizer", max_examples=20, deadline=None, print_blob=True)
HYPOTHESIS_PROFILE = os.environ.get("FASTPUZZLE_HYPOTHESIS_PROFILE") or (
    "thorough" if os.environ.get("CI", "").lower() not in ("", "0", "false") else "quick"
)
settings.load_profile(HYPOTHESIS_PROFILE)


def examples(count: int) -> int:
    """A property test's ``max_examples``: ``count`` in the thorough profile, fewer in the others.

    Tests set their own ``max_examples``, which would override any profile's, so
    they pass it through here: ``@settings(max_examples=examples(300), ...)``.
    """
    if HYPOTHESIS_PROFILE == "thorough":
        return count
    if HYPOTHESIS_PROFILE == "quick":
        return min(count, max(10, count // 4))
    return min(count, settings.get_profile(HYPOTHESIS_PROFILE).max_examples)


def cases_dir(puzzle: str) -> Path:
    """``tests/cases/<puzzle>``: the public cases of ``puzzle``, part of the repository."""
    folder = CASES / puzzle
    assert folder.is_dir(), f"public cases missing at {folder}"
    return folder


def run_cli(*args: str, stdin: str | bytes = b"") -> subprocess.CompletedProcess[str]:
    """``python -m fastpuzzle ARGS`` in a subprocess, with its output decoded."""
    data = stdin.encode() if isinstance(stdin, str) else stdin
    completed = subprocess.run(
        [sys.executable, "-m", "fastpuzzle", *args], input=data, capture_output=True, timeout=120
    )
    return subprocess.CompletedProcess(
        completed.args, completed.returncode, completed.stdout.decode(), completed.stderr.decode()
    )


# A test run started as a background job (`pytest &` in a script) begins with SIGINT ignored, and every
# command it starts would inherit that; the tests that interrupt a command need SIGINT as a terminal
# delivers it. A handler of our own is reset to the default in each command it starts.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


def interrupt_cli(*args: str, after: float = 1.0, signum: int = signal.SIGINT) -> tuple[int, bytes, bytes]:
    """Start ``python -m fastpuzzle ARGS``, send SIGINT (or ``signum``) after ``after`` seconds, return its outcome.

    Fails if the command ends before it can be interrupted, or outlives the
    signal by more than 5 s.
    """
    with subprocess.Popen(
        [sys.executable, "-m", "fastpuzzle", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    ) as process:
        time.sleep(after)
        assert process.poll() is None, "the command finished before it could be interrupted"
        process.send_signal(signum)
        try:
            out, err = process.communicate(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
            raise AssertionError("the signal did not stop the command within 5 s") from None
    return process.returncode, out, err


def kernel_fixture(puzzle: str) -> Any:
    """A session fixture giving the compiled kernel of ``puzzle``, then its pure-Python twin.

    Use it in a test module as ``pixel_kernel = kernel_fixture("pixel")``.
    """

    @pytest.fixture(scope="session", params=IMPLEMENTATIONS, ids=["kernel", "twin"])
    def kernel(request: pytest.FixtureRequest) -> ModuleType:
        return import_module(kernel_module(puzzle, request.param))

    return kernel


def facade_fixture(puzzle: str) -> Any:
    """A fixture giving the facade of ``puzzle`` running on its kernel, then on its twin."""

    @pytest.fixture(params=["compiled", "twin"], ids=["kernel", "twin"])
    def facade(request: pytest.FixtureRequest) -> Iterator[ModuleType]:
        module = import_module(f"fastpuzzle.{puzzle}._facade")
        with use_kernels(request.param):
            yield module

    return facade


def local_cluster(**options: Any) -> Any:
    """A real Dask ``LocalCluster``, by default two worker processes of one thread each; ``options`` override.

    Every server listens on a free port of 127.0.0.1. ``dashboard_address=None``
    turns off the dashboard but not the scheduler's HTTP server (health and
    metrics), which would still try port 8787 and, when anything on the
    machine holds it (another cluster, another test run), warn and move: the
    warning is an error here, so that server gets a free port too. Closing the
    cluster waits for its workers to end.
    """
    from distributed import LocalCluster

    settings: dict[str, Any] = {
        "n_workers": 2,
        "threads_per_worker": 1,
        "processes": True,
        "host": "127.0.0.1",
        "dashboard_address": None,
        "scheduler_kwargs": {"dashboard_address": "127.0.0.1:0"},
    }
    return LocalCluster(**{**settings, **options})  # type: ignore[no-untyped-call]


@contextmanager
def local_dask_client(**options: Any) -> Iterator[Any]:
    """A ``dask.distributed.Client`` of a :func:`local_cluster` made with ``options``, closed with it."""
    from distributed import Client

    with local_cluster(**options) as cluster, Client(cluster) as client:  # type: ignore[no-untyped-call]
        yield client


@pytest.fixture(scope="module")
def dask_client() -> Iterator[Any]:
    """A client of a :func:`local_cluster`: two worker processes, shared by the tests of a module.

    One cluster per test module that asks for it (it starts in about a second),
    shut down after that module, so its scheduler thread never runs beside the
    timing-sensitive thread tests of other modules.
    """
    with local_dask_client() as client:
        yield client


takuzu_kernel = kernel_fixture("takuzu")
takuzu_facade = facade_fixture("takuzu")


#: Marks a parameter without a default in the stub-signature helpers below.
NO_DEFAULT = object()


def stub_parameters(function: ast.FunctionDef) -> list[tuple[str, object]]:
    """A stub function's parameters: (name, default or NO_DEFAULT), in order."""
    arguments = function.args
    positional = arguments.posonlyargs + arguments.args
    defaults = [NO_DEFAULT] * (len(positional) - len(arguments.defaults)) + [
        ast.literal_eval(d) for d in arguments.defaults
    ]
    keyword = [
        (a.arg, NO_DEFAULT if d is None else ast.literal_eval(d))
        for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults)
    ]
    return [(a.arg, d) for a, d in zip(positional, defaults)] + keyword


def runtime_parameters(function: object) -> list[tuple[str, object]] | None:
    """The same for a function of a module, or None if it cannot be introspected (some Cython slots)."""
    try:
        signature = inspect.signature(function)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None
    return [(p.name, NO_DEFAULT if p.default is p.empty else p.default) for p in signature.parameters.values()]
