"""How much memory this process may still take: the figure memory limits follow.

Linux reports it as ``MemAvailable`` in ``/proc/meminfo`` (memory that can be
given to a new process without swapping). Elsewhere the free physical pages
(``os.sysconf``) stand in for it, or half the physical memory where only that
is known, and a fixed 2 GiB where nothing is.

``FASTPUZZLE_AVAILABLE_MIB`` overrides the figure: to hold fastpuzzle to less
memory than the machine has, and for tests, which pretend the machine is small.
It is a whole number of MiB in ASCII digits; unset or empty, the figure is
measured. Any other value is the user's mistake: an ArgumentError that names
the variable, what it takes and what it holds, never a bug.
"""

from __future__ import annotations

import os

from fastpuzzle.errors import ArgumentError

TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Optional

__all__ = ["ENVIRONMENT_VARIABLE", "FALLBACK_MIB", "available_mib", "override_mib"]

#: Overrides the memory available, in MiB (a whole number).
ENVIRONMENT_VARIABLE = "FASTPUZZLE_AVAILABLE_MIB"
#: The memory taken as available where the system tells nothing.
FALLBACK_MIB = 2048
#: The most digits the override may have (10**18 MiB is far beyond any machine; longer numbers are
#: refused rather than read: Python refuses to read an int of over 4300 digits).
_MOST_DIGITS = 18
_MEMINFO = "/proc/meminfo"


def available_mib() -> int:
    """MiB of memory this process may still take without making the machine swap.

    ``FASTPUZZLE_AVAILABLE_MIB`` decides it where set (see :func:`override_mib`,
    which raises ArgumentError for a bad value).
    """
    override = override_mib()
    if override is not None:
        return override
    for source in (_meminfo_available, _sysconf_available):
        found = source()
        if found is not None:
            return found >> 20
    return FALLBACK_MIB


def override_mib() -> Optional[int]:
    """The MiB ``FASTPUZZLE_AVAILABLE_MIB`` sets, or None where it is unset or empty.

    Raises :class:`~fastpuzzle.ArgumentError` (a ValueError) naming the variable
    for anything but a whole number in ASCII digits (at most 18 of them):
    ``abc``, ``-5``, ``1.5``, `` 5``, Arabic-Indic digits.
    """
    value = os.environ.get(ENVIRONMENT_VARIABLE, "")
    if not value:
        return None
    if not (value.isascii() and value.isdigit()) or len(value.lstrip("0")) > _MOST_DIGITS:
        found = repr(value[:20] + "..." if len(value) > 20 else value)
        raise ArgumentError(
            f"{ENVIRONMENT_VARIABLE} must be a whole number of MiB in ASCII digits, at most {_MOST_DIGITS} "
            f"of them (unset or empty: the memory measured), got {found}"
        )
    return int(value)


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
