"""Files written whole or not at all: a new file beside the target, renamed over it once complete."""

from __future__ import annotations

import contextlib
import errno
import io
import os
import secrets
import stat

TYPE_CHECKING = False

if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import BinaryIO, Union

    PathLike = Union[str, "os.PathLike[str]"]


def real_path(path: PathLike) -> str:
    """The file ``path`` names, through any symbolic links (a link is followed, never replaced)."""
    return os.path.realpath(os.fspath(path))


@contextlib.contextmanager
def whole_file(path: PathLike) -> Iterator[BinaryIO]:
    """A binary stream whose bytes replace ``path`` at once when the block ends without an error.

    The bytes go to a new file in the same folder, written to the disk (fsync)
    and renamed over ``path`` (``os.replace``, atomic); on any error the new
    file is removed, and an existing ``path`` is left as it was. The file keeps
    the permissions of the one it replaces; a new one gets the umask's. A
    symbolic link is followed: the file it names is replaced, the link stays.
    A device or a named pipe (``/dev/null``, a FIFO) cannot be replaced: the
    bytes, complete, are written to it in one go once the block ends (a pipe
    with no reader is an error, not a wait). An OSError names ``path``.
    """
    shown = os.fspath(path)
    target = real_path(path)
    try:
        status = os.stat(target)
    except FileNotFoundError:
        status = None
    except (OSError, ValueError) as error:
        raise _naming(error, shown) from None
    if status is not None and stat.S_ISDIR(status.st_mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), shown)
    if status is not None and not stat.S_ISREG(status.st_mode):
        buffer = io.BytesIO()
        yield buffer
        try:
            _write_special(target, buffer.getvalue())
        except OSError as error:
            raise _naming(error, shown) from None
        return
    folder, name = os.path.split(target)
    mode = None if status is None else stat.S_IMODE(status.st_mode)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    while True:
        temporary = os.path.join(folder, f".{name}.{secrets.token_hex(6)}.tmp")
        try:
            descriptor = os.open(temporary, flags, 0o666)
            break
        except FileExistsError:
            continue
        except OSError as error:
            raise _naming(error, shown) from None
    try:
        with os.fdopen(descriptor, "wb") as stream:
            yield stream
            stream.flush()
            os.fsync(stream.fileno())
        if mode is not None:
            os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(error, OSError):
            raise _naming(error, shown) from None
        raise


def _write_special(target: str, data: bytes) -> None:
    """Write ``data`` to the device or pipe ``target``; a pipe nobody reads is ENXIO at once."""
    descriptor = os.open(target, os.O_WRONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with contextlib.suppress(AttributeError, OSError):
        os.set_blocking(descriptor, True)  # a reader is there: wait for it as it reads
    with os.fdopen(descriptor, "wb") as stream:
        stream.write(data)


def _naming(error: BaseException, path: str) -> OSError:
    """``error`` (an OSError, or ValueError for a NUL in a path) as an OSError of its kind that names ``path``."""
    if not isinstance(error, OSError):
        return OSError(errno.EINVAL, str(error), path)
    if error.errno is None:
        return error
    return type(error)(error.errno, error.strerror or os.strerror(error.errno), path)
