"""Where parallel work runs: a thread pool of our own, a caller's executor, or a Dask cluster.

fastpuzzle never schedules work itself. It hands module-level functions of
picklable arguments to a ``concurrent.futures.Executor``; a
``dask.distributed.Client`` is used through its own ``concurrent.futures``
view (``Client.get_executor``), so one code path serves threads, processes and
a cluster. Dask is an optional extra: ``pip install "fastpuzzle[dask]"``.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import threading
import time

from fastpuzzle._contract.registry import MAX_JOBS
from fastpuzzle.errors import ArgumentError

from .text import shown

TYPE_CHECKING = False

if TYPE_CHECKING:
    from collections.abc import Callable
    from concurrent.futures import Executor, Future
    from typing import Any, Optional

#: Seconds between two looks at a stop event while tasks run (see :func:`run_chunks`).
POLL_SECONDS = 0.1
#: What to install for --scheduler.
DASK_EXTRA = 'pip install "fastpuzzle[dask]"'


def usable_cpus() -> int:
    """The CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def checked_jobs(jobs: object) -> Optional[int]:
    """``jobs`` if it is None or a whole number from 1 to MAX_JOBS; an ArgumentError otherwise."""
    if jobs is not None and (isinstance(jobs, bool) or not isinstance(jobs, int) or not 1 <= jobs <= MAX_JOBS):
        raise ArgumentError(f"jobs must be a whole number from 1 to {MAX_JOBS}, got {shown(jobs)}")
    return jobs


def is_dask_client(executor: object) -> bool:
    """Whether ``executor`` is a ``dask.distributed.Client`` (told without importing Dask)."""
    kind = type(executor)
    return kind.__name__ == "Client" and kind.__module__.split(".")[0] == "distributed"


def as_executor(executor: Any) -> Executor:
    """``executor`` as a ``concurrent.futures.Executor``: a Dask client through its executor view.

    Dask's view runs each task as an impure task (``pure=False``): two parts
    with equal arguments are still two tasks, and nothing hashes the arguments.
    """
    if is_dask_client(executor):
        view: Executor = executor.get_executor(pure=False)
        return view
    if not callable(getattr(executor, "submit", None)):
        raise TypeError(
            f"expected a concurrent.futures.Executor or a dask.distributed.Client, found {type(executor).__name__}"
        )
    return executor  # type: ignore[no-any-return]


def workers_of(executor: Any, jobs: Optional[int]) -> int:
    """How many tasks ``executor`` runs at once: ``jobs`` if given, else what it reports, else the CPUs.

    ``executor`` may be a Dask client or its executor view (:func:`as_executor`): the threads of its workers.
    """
    if jobs is not None:
        return jobs
    if type(executor).__module__.split(".")[0] == "distributed" and is_dask_client(getattr(executor, "_client", None)):
        executor = executor._client  # the view's client
    if is_dask_client(executor):
        return max(1, int(sum(executor.nthreads().values())))
    reported: Optional[int] = getattr(executor, "_max_workers", None)  # the pools of concurrent.futures
    return reported or usable_cpus()


#: The schemes of a scheduler another process can reach (``inproc://`` is one process's own).
SCHEMES = ("tcp", "tls", "ws", "wss", "ucx")
#: A host: a name or an IPv4 address (letters, digits, dots, dashes), or an IPv6 address in brackets.
_HOST = re.compile(r"[A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+(%[A-Za-z0-9._-]+)?\]")
#: Seconds a scheduler has to answer before the command gives up.
CONNECT_SECONDS = 10
#: Seconds the first look at a scheduler's address waits: long enough for a refusal to come back.
PROBE_SECONDS = 1.0
#: The schemes whose scheduler listens on a TCP port that a plain connection can be tried on.
_TCP_SCHEMES = ("tcp", "tls", "ws", "wss")


def checked_address(address: str) -> str:
    """``address`` as ``SCHEME://HOST:PORT``; an ArgumentError for anything a scheduler cannot be at.

    ``HOST:PORT`` alone means ``tcp://``; the port is 1 to 65535 (8786, Dask's, when left out).
    """
    text = address.strip()
    scheme, separator, rest = text.partition("://")
    if not separator:
        scheme, rest = "tcp", text
    host, colon, port = rest.rpartition(":")
    if not colon or host.endswith(":"):  # no port, or a bare IPv6 address
        host, port = rest, "8786"
    valid_port = port.isascii() and port.isdigit() and 1 <= int(port[:6]) <= 65535
    if scheme not in SCHEMES or not _HOST.fullmatch(host) or not valid_port:
        raise ArgumentError(
            f"cannot use {address!r} as a Dask scheduler's address: expected tcp://HOST:PORT "
            f"(or {', '.join(scheme + '://' for scheme in SCHEMES[1:])})"
        )
    return f"{scheme}://{host}:{port}"


def refused(target: str) -> bool:
    """Whether a TCP connection to the checked address ``target`` (``SCHEME://HOST:PORT``) is refused: nothing
    listens there, known at once. False when one is made, or when no answer comes within PROBE_SECONDS (a
    host that drops what it is sent is left to Dask's own time-out), or for a scheme that is not TCP's."""
    import socket

    scheme, _, rest = target.partition("://")
    host, _, port = rest.rpartition(":")
    if scheme not in _TCP_SCHEMES:
        return False
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=PROBE_SECONDS):
            return False
    except ConnectionRefusedError:
        return True
    except OSError:  # no answer in time, no route, a name that does not resolve: Dask's to report
        return False


def one_line(text: str) -> str:
    """``text`` with every run of white space (line ends too) as one space: a message of Dask's on one line."""
    return " ".join(text.split())


def connect(address: str, verbose: bool = False) -> Any:
    """A ``dask.distributed.Client`` of the scheduler at ``address`` (checked first).

    An ArgumentError, with the line to install it, when Dask is not installed,
    and naming the address when no scheduler answers there: at once when the
    connection is refused (nothing listens there), else within CONNECT_SECONDS
    (a peer that speaks another protocol, or one that never answers: the client
    is made in a thread that is given up on).
    Dask's own log lines are silenced unless ``verbose``. The CONNECT_SECONDS
    run from the call, Dask's import included.
    """
    began = time.monotonic()
    target = checked_address(address)
    address = address.strip()
    try:
        from distributed import Client
    except ImportError:
        raise ArgumentError(f"--scheduler needs Dask distributed: {DASK_EXTRA}") from None
    if refused(target):
        raise ArgumentError(
            f"cannot reach the Dask scheduler at {address}: connection refused (nothing listens there; "
            "is the scheduler started, and is the port right?)"
        )
    made: list[Any] = []
    failed: list[BaseException] = []

    def make() -> None:
        try:
            made.append(Client(target, timeout=f"{CONNECT_SECONDS}s"))  # type: ignore[no-untyped-call]
        except BaseException as error:
            failed.append(error)

    # Dask's own log lines (reconnecting, a lost scheduler's tracebacks) are not the command's words.
    for name in ["distributed", "tornado", "asyncio", *logging.root.manager.loggerDict]:
        if not verbose and name.split(".")[0] in ("distributed", "tornado", "asyncio"):
            logging.getLogger(name).setLevel(logging.CRITICAL + 1)
    maker = threading.Thread(target=make, name="fastpuzzle-connect", daemon=True)
    maker.start()
    maker.join(max(0.0, began + CONNECT_SECONDS - time.monotonic()))
    if made:
        return made[0]
    if failed:
        error = failed[0]
        if isinstance(error, ImportError):
            raise ArgumentError(f"--scheduler needs Dask distributed: {DASK_EXTRA}") from None
        reason = one_line(str(error)) or type(error).__name__
        if isinstance(error, MemoryError):
            reason = "it does not speak Dask's protocol"
        raise ArgumentError(f"cannot reach the Dask scheduler at {address}: {reason}") from None
    raise ArgumentError(f"cannot reach the Dask scheduler at {address}: no answer in {CONNECT_SECONDS} s")


class pool:
    """The executor for ``jobs`` workers or a Dask ``scheduler`` address, closed on exit.

    ``with pool(jobs, scheduler) as (executor, workers):`` gives a thread pool
    of ``jobs`` workers (default: the usable CPUs), or a client of the Dask
    scheduler at ``scheduler``. The kernels release the GIL, so threads run
    them side by side.
    """

    def __init__(self, jobs: Optional[int] = None, scheduler: Optional[str] = None, verbose: bool = False) -> None:
        self.jobs = checked_jobs(jobs)
        self.scheduler = scheduler
        self.verbose = verbose
        self.client: Any = None
        self.threads: Any = None

    def __enter__(self) -> tuple[Executor, int]:
        if self.scheduler is not None:
            self.client = connect(self.scheduler, self.verbose)
            _wait_for_a_worker(self.client, self.scheduler.strip())
            return as_executor(self.client), workers_of(self.client, self.jobs)
        from concurrent.futures import ThreadPoolExecutor

        workers = self.jobs or usable_cpus()
        self.threads = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="fastpuzzle")
        return self.threads, workers

    def __exit__(self, kind: Optional[type], error: Optional[BaseException], *traceback: object) -> None:
        """Cancel what has not started; on an exception (Ctrl-C), do not wait for running tasks.

        A scheduler lost on the way (its tasks cancelled, its connection closed) is an ArgumentError
        naming it, not the client's own error.
        """
        if self.threads is not None:
            self.threads.shutdown(wait=kind is None, cancel_futures=True)
        if self.client is not None:
            with contextlib.suppress(Exception):
                self.client.close(timeout=CONNECT_SECONDS)
            if kind is not None and _lost_scheduler(error):
                reason = one_line(str(error)) or "its tasks were cancelled, its connection closed"
                raise ArgumentError(f"lost the Dask scheduler at {str(self.scheduler).strip()}: {reason}") from None


def _wait_for_a_worker(client: Any, address: str) -> None:
    """Return once the scheduler has a worker; an ArgumentError if none joins within CONNECT_SECONDS."""
    try:
        client.wait_for_workers(1, timeout=CONNECT_SECONDS)
    except Exception:
        client.close()
        raise ArgumentError(
            f"the Dask scheduler at {address} has no workers: none joined in {CONNECT_SECONDS} s"
        ) from None


def _lost_scheduler(error: Optional[BaseException]) -> bool:
    """Whether ``error`` says the scheduler went away: a cancelled task or a closed connection of Dask's."""
    from concurrent.futures import CancelledError

    if isinstance(error, CancelledError):
        return True
    return type(error).__module__.split(".")[0] in ("distributed", "tornado") or isinstance(
        error, (ConnectionError, EOFError)
    )


def run_chunks(
    chunks: list[list[int]],
    submit: Callable[[list[int]], Future[Any]],
    finished: Callable[[int, Any], None],
    poll: Optional[Callable[[], None]] = None,
) -> None:
    """Run each chunk of part numbers as one task (``submit(chunk)`` returns its future, whose result is the
    chunk's results in order) and hand each part's result to ``finished(part, result)`` as its chunk ends.

    ``poll`` is called at least every POLL_SECONDS while the tasks run (it may raise, to stop them). On any
    failure (a task's error, Ctrl-C, ``poll``'s) the tasks not yet started are cancelled and the error raised.
    """
    from concurrent.futures import FIRST_COMPLETED, BrokenExecutor, wait

    futures: dict[Future[Any], list[int]] = {}
    try:
        for chunk in chunks:
            futures[submit(chunk)] = chunk
        pending = set(futures)
        while pending:
            done, pending = wait(pending, timeout=POLL_SECONDS, return_when=FIRST_COMPLETED)
            for future in done:
                chunk = futures[future]
                results = list(future.result())
                if len(results) != len(chunk):
                    raise RuntimeError(f"a chunk of {len(chunk)} parts came back with {len(results)} results")
                for index, result in zip(chunk, results):
                    finished(index, result)
            if poll is not None:
                poll()
    except BaseException as error:
        # A broken pool fails its futures itself (and CPython 3.11's process pool trips over a future
        # cancelled meanwhile).
        if not isinstance(error, BrokenExecutor):
            for future in futures:
                future.cancel()
        raise
