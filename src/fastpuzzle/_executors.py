"""Where parallel work runs: a thread pool of our own, a caller's executor, or a Dask cluster.

fastpuzzle never schedules work itself. It hands module-level functions of
picklable arguments to a ``concurrent.futures.Executor``; a
``dask.distributed.Client`` is used through its own ``concurrent.futures``
view (``Client.get_executor``), so one code path serves threads, processes and
a cluster. Dask is an optional extra: ``pip install "fastpuzzle[dask]"``.
"""

from __future__ import annotations

import os

from ._registry import MAX_JOBS
from .errors import ArgumentError

TYPE_CHECKING = False

if TYPE_CHECKING:
    from concurrent.futures import Executor
    from typing import Any, Optional

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
        raise ArgumentError(f"jobs must be a whole number from 1 to {MAX_JOBS}, got {jobs!r}")
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
    """How many tasks ``executor`` runs at once: ``jobs`` if given, else what it reports, else the CPUs."""
    if jobs is not None:
        return jobs
    if is_dask_client(executor):
        return max(1, int(sum(executor.nthreads().values())))
    reported: Optional[int] = getattr(executor, "_max_workers", None)  # the pools of concurrent.futures
    return reported or usable_cpus()


def connect(address: str) -> Any:
    """A ``dask.distributed.Client`` of the scheduler at ``address``.

    An ArgumentError, with the line to install it, when Dask is not installed,
    and naming the address when no scheduler answers there (in 10 s).
    """
    try:
        from distributed import Client
    except ImportError:
        raise ArgumentError(f"--scheduler needs Dask distributed: {DASK_EXTRA}") from None
    try:
        return Client(address, timeout="10s")  # type: ignore[no-untyped-call]
    except OSError as error:  # Dask's time-out is an OSError
        raise ArgumentError(f"cannot reach the Dask scheduler at {address}: {error}") from None


class pool:
    """The executor for ``jobs`` workers or a Dask ``scheduler`` address, closed on exit.

    ``with pool(jobs, scheduler) as (executor, workers):`` gives a thread pool
    of ``jobs`` workers (default: the usable CPUs), or a client of the Dask
    scheduler at ``scheduler``. The kernels release the GIL, so threads run
    them side by side.
    """

    def __init__(self, jobs: Optional[int] = None, scheduler: Optional[str] = None) -> None:
        self.jobs = checked_jobs(jobs)
        self.scheduler = scheduler
        self.client: Any = None
        self.threads: Any = None

    def __enter__(self) -> tuple[Executor, int]:
        if self.scheduler is not None:
            self.client = connect(self.scheduler)
            return as_executor(self.client), workers_of(self.client, self.jobs)
        from concurrent.futures import ThreadPoolExecutor

        workers = self.jobs or usable_cpus()
        self.threads = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="fastpuzzle")
        return self.threads, workers

    def __exit__(self, kind: Optional[type], *exc_info: object) -> None:
        """Cancel what has not started; on an exception (Ctrl-C), do not wait for running tasks."""
        if self.threads is not None:
            self.threads.shutdown(wait=kind is None, cancel_futures=True)
        if self.client is not None:
            self.client.close()
