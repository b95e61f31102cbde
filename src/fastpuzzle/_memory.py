"""How much memory this process may still take: the figure memory limits follow.

Linux reports it as ``MemAvailable`` in ``/proc/meminfo`` (memory that can be
given to a new process without swapping). Elsewhere the free physical pages
(``os.sysconf``) stand in for it, or half the physical memory where only that
is known, and a fixed 2 GiB where nothing is.

``FASTPUZZLE_AVAILABLE_MIB`` overrides the figure: to hold fastpuzzle to less
memory than the machine has, and for tests, which pretend the machine is small.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Optional

__all__ = ["ENVIRONMENT_VARIABLE", "FALLBACK_MIB", "available_mib"]

#: Overrides the memory available, in MiB (a whole number).
ENVIRONMENT_VARIABLE = "FASTPUZZLE_AVAILABLE_MIB"
#: The memory taken as available where the system tells nothing.
FALLBACK_MIB = 2048
_MEMINFO = "/proc/meminfo"


def available_mib() -> int:
    """MiB of memory this process may still take without making the machine swap.

    Raises ValueError if ``FASTPUZZLE_AVAILABLE_MIB`` is set to anything but
    a whole number of 0 or more.
    """
    override = os.environ.get(ENVIRONMENT_VARIABLE, "")
    if override:
        if not (override.isascii() and override.isdigit()):
            raise ValueError(f"{ENVIRONMENT_VARIABLE} must be a whole number of MiB, got {override!r}")
        return int(override)
    for source in (_meminfo_available, _sysconf_available):
        found = source()
        if found is not None:
            return found >> 20
    return FALLBACK_MIB


def _meminfo_available(path: str = _MEMINFO) -> Optional[int]:
    """Bytes of ``MemAvailable`` in Linux's ``/proc/meminfo``, or None."""
    try:
        with open(path, "rb") as meminfo:
            for line in meminfo:
                if line.startswith(b"MemAvailable:"):
                    number, unit = line.split()[1:3]
                    return int(number) << 10 if unit == b"kB" else None
    except (OSError, ValueError):
        return None
    return None


def _sysconf_available() -> Optional[int]:
    """Bytes of free physical memory, or half the physical memory, from ``os.sysconf``; or None."""
    sysconf = getattr(os, "sysconf", None)
    if sysconf is None:
        return None
    try:
        page = sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):
        return None
    for name, share in (("SC_AVPHYS_PAGES", 1), ("SC_PHYS_PAGES", 2)):
        try:
            pages = sysconf(name)
        except (OSError, ValueError):
            continue
        if pages > 0 and page > 0:
            return int(pages * page // share)
    return None
