"""Files written whole or not at all: a new file beside the target, renamed over it once complete."""

from __future__ import annotations

import contextlib
import os
import secrets
import stat

TYPE_CHECKING = False

if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import BinaryIO, Union

    PathLike = Union[str, "os.PathLike[str]"]


@contextlib.contextmanager
def whole_file(path: PathLike) -> Iterator[BinaryIO]:
    """A binary stream whose bytes replace ``path`` at once when the block ends without an error.

    The bytes go to a new file in the same folder, written to the disk (fsync)
    and renamed over ``path`` (``os.replace``, atomic); on any error the new
    file is removed, and an existing ``path`` is left as it was. The file keeps
    the permissions of the one it replaces; a new one gets the umask's.
    """
    target = os.fspath(path)
    folder, name = os.path.split(os.path.abspath(target))
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = None
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    while True:
        temporary = os.path.join(folder, f".{name}.{secrets.token_hex(6)}.tmp")
        try:
            descriptor = os.open(temporary, flags, 0o666)
            break
        except FileExistsError:
            continue
    try:
        with os.fdopen(descriptor, "wb") as stream:
            yield stream
            stream.flush()
            os.fsync(stream.fileno())
        if mode is not None:
            os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
