"""The checkpoint of a split count: a file that records each finished part, so that a count resumes.

JSON Lines: a header naming the count exactly (its first field ``"fastpuzzle"``
says what kind of count), then one line per finished part, with the part's
number, its key (what the part is), its result (a list of counts) and a
checksum. Reversi's split counts and the 01 game's split counts write it.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import warnings

from fastpuzzle._common.files import real_path, whole_file
from fastpuzzle.errors import ArgumentError, CheckpointWarning

TYPE_CHECKING = False

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any, BinaryIO, Optional, Union

    Result = tuple[int, ...]
    PathLike = Union[str, "os.PathLike[str]"]


class Checkpoint:
    """A checkpoint file, open for appending and locked: the header, then one line per finished part.

    ``finished`` holds the parts read back from an earlier run. Each part's line
    carries a checksum of the header and of itself; a line that fails it (or
    cannot be read) is dropped, its part counted again, the file rewritten
    without it, and a :class:`~fastpuzzle.errors.CheckpointWarning` says how many.
    The checksum catches accidents (a changed digit, a flipped bit, a cut or
    spliced line), not forgery: anyone can compute it. A part's line cut short at
    the end of the file counts as damaged too. A second run on the same file is
    refused while the first holds its lock (``FILE.lock`` beside the file a
    symbolic link names, so that every name of one file shares one lock).
    """

    def __init__(self, path: PathLike, header: dict[str, Any], keys: Sequence[list[Any]], result_size: int) -> None:
        self.path = os.fspath(path)  # as the user named it, for messages
        self.file = real_path(path)  # the file itself, through symbolic links: what is locked, read and replaced
        self.header = header
        self.header_line = _line(header)[:-1]
        #: How every header of this kind of count begins (its first field, as _line writes it).
        self.marker = _line({"fastpuzzle": header["fastpuzzle"]})[:-2]
        self.keys = keys
        self.result_size = result_size
        self.finished: dict[int, Result] = {}
        self.dropped = 0
        self.stream: Optional[BinaryIO] = None
        exists = _check_regular(self.file, self.path)  # before the lock, which is a file beside it
        #: Whether an earlier run's file is taken up (the count resumes from ``finished``).
        self.resumed = exists
        self.lock = lock(self.file, self.path)
        try:
            self._open(exists)
        except OSError as error:
            self.lock.release()
            raise ArgumentError(f"cannot use checkpoint {self.path}: {error.strerror or error}") from None
        except BaseException:
            self.lock.release()
            raise
        if self.dropped:
            try:
                warnings.warn(
                    CheckpointWarning(
                        f"checkpoint {self.path}: {self.dropped} damaged line{'s' if self.dropped > 1 else ''} "
                        "dropped; their parts are counted again"
                    ),
                    stacklevel=2,
                )
            except BaseException:  # warnings made errors: the file and its lock are not left open
                self.close(quiet=True)
                raise

    def _open(self, exists: bool) -> None:
        """Read back what an earlier run wrote (if ``exists``), rewrite it if it needs to, open it for appending."""
        lines: list[bytes] = []
        torn = b""
        if exists:
            with open(self.file, "rb") as existing:
                lines, torn = _bounded_lines(existing)
        if not lines and not self.header_line.startswith(torn):
            # Only a header cut short by a kill may be written over, never another file's line.
            raise ArgumentError(self._refusal(torn))
        kept = self._read(lines)
        if torn and lines:
            self.dropped += 1  # a part's line cut short: damage like any other, said so
        if self.dropped or torn or not lines:
            # Rewrite whole: the header and the parts kept, in a new file renamed over the old one.
            with whole_file(self.file) as stream:
                stream.writelines(line + b"\n" for line in (self.header_line, *kept))
        self.stream = open(self.file, "ab")  # noqa: SIM115 - kept open for the parts to come

    def _read(self, lines: list[bytes]) -> list[bytes]:
        """Check the lines of an earlier run, keep its finished parts; the part lines kept, as read."""
        kept: list[bytes] = []
        for number, raw in enumerate(lines, start=1):
            if number == 1:
                if raw != self.header_line:
                    raise ArgumentError(self._refusal(raw))
                continue
            record = self._record(raw)
            if record is None:
                self.dropped += 1
                continue
            index, result = record
            if self.finished.get(index, result) != result:
                raise ArgumentError(
                    f"checkpoint {self.path}, line {number}: part {index} has another result on an earlier line"
                )
            if index not in self.finished:
                self.finished[index] = result
                kept.append(raw)
        return kept

    def _refusal(self, raw: bytes) -> str:
        """Why the checkpoint is refused, its first line being ``raw`` (not this count's header line): the
        header of another count, or no whole header at all (cut short, a part's line, another file)."""
        broken_at: Optional[int] = None  # where the line stops being JSON
        try:
            record = json.loads(raw.decode("utf-8"))
        except json.JSONDecodeError as error:
            record, broken_at = None, error.pos
        except (ValueError, RecursionError):  # not UTF-8, or nested too deep
            record = None
        ours = self.header
        if isinstance(record, dict) and record.get("fastpuzzle") == ours["fastpuzzle"]:
            missing = [name for name in ours if name not in record]
            if not missing or record.get("version", ours["version"]) != ours["version"]:
                # A whole header (or one of another version of the format): another count's.
                fields = [name for name in ours if record.get(name) != ours[name]]
                fields += [name for name in record if name not in ours]
                if fields:
                    return f"checkpoint {self.path} belongs to another count (differs in {', '.join(fields)})"
                found = "this count's header written otherwise (spacing, order of the fields: edited)"
            else:
                found = f"a header without {', '.join(missing)} (cut short, or edited)"
        elif isinstance(record, dict) and {"part", "check"} <= set(record):
            found = "a part's line: the header is missing"
        elif not raw:
            found = "an empty line"
        elif broken_at is not None and self.marker.startswith(raw[: len(self.marker)]):
            # JSON that ends too soon (or in a string never closed) is a line cut short; else damage inside.
            cut = broken_at >= len(raw) or raw.find(b'"', broken_at + 1) < 0
            found = (
                f"a header cut short after {len(raw)} character{'s' if len(raw) > 1 else ''}"
                if cut or self.header_line.startswith(raw)
                else f"a damaged header (not JSON from column {broken_at + 1})"
            )
        else:
            text = raw.decode("utf-8", "replace")
            found = repr(text[:20] + "..." if len(text) > 20 else text) + " (not a checkpoint)"
        return (
            f"checkpoint {self.path}, line 1: expected the header naming the count "
            f"({self.marker.decode()}, ...), found {found}"
        )

    def _record(self, raw: bytes) -> Optional[tuple[int, Result]]:
        """A part's line read back: (part, result), or None if it is damaged in any way."""
        try:
            record = json.loads(raw.decode("ascii"))
        except (ValueError, RecursionError):
            return None
        if not (isinstance(record, dict) and set(record) == {"part", "key", "result", "check"}):
            return None
        index, key, result, check = record["part"], record["key"], record["result"], record["check"]
        if not (
            whole(index)
            and 0 <= index < len(self.keys)
            and key == self.keys[index]
            and isinstance(result, list)
            and len(result) == self.result_size
            and all(whole(count) and count >= 0 for count in result)
            and check == self._check(index, result)
        ):
            return None
        return index, tuple(result)

    def _check(self, index: int, result: Sequence[int]) -> str:
        """The checksum of a part's line: BLAKE2b (64 bits) over the header's line and the part's fields."""
        fields = json.dumps([index, self.keys[index], list(result)], separators=(",", ":"))
        return hashlib.blake2b(self.header_line + fields.encode("ascii"), digest_size=8).hexdigest()

    def record(self, index: int, result: Result) -> None:
        """Append one finished part's line, whole, and flush it."""
        assert self.stream is not None
        line = {
            "part": index,
            "key": self.keys[index],
            "result": list(result),
            "check": self._check(index, result),
        }
        try:
            self.stream.write(_line(line))
            self.stream.flush()
        except OSError as error:
            raise ArgumentError(f"cannot write checkpoint {self.path}: {error.strerror or error}") from None

    def close(self, quiet: bool = False) -> None:
        """Write what is left to the disk (fsync), close the file and release the lock.

        A failure raises ArgumentError naming the checkpoint, unless ``quiet`` (an error already on its way).
        """
        stream, self.stream = self.stream, None
        try:
            if stream is not None:
                try:
                    stream.flush()
                    os.fsync(stream.fileno())
                finally:
                    stream.close()
        except OSError as error:
            if not quiet:
                raise ArgumentError(f"cannot write checkpoint {self.path}: {error.strerror or error}") from None
        finally:
            self.lock.release()


#: The longest line a checkpoint is read with; a longer one is damage.
MAX_LINE = 1 << 16


def _check_regular(file: str, path: str) -> bool:
    """Whether the checkpoint ``file`` (named ``path``) exists; ArgumentError if it is not a regular file
    (a device, a pipe, a folder)."""
    try:
        status = os.stat(file)
    except FileNotFoundError:
        if not os.path.isdir(os.path.dirname(file)):
            raise ArgumentError(f"cannot use checkpoint {path}: No such file or directory") from None
        return False
    except OSError as error:
        raise ArgumentError(f"cannot use checkpoint {path}: {error.strerror or error}") from None
    if not stat.S_ISREG(status.st_mode):
        raise ArgumentError(f"checkpoint {path} is not a regular file")
    return True


def lock(file: str, path: str) -> Any:
    """The lock of the checkpoint ``file`` (``FILE.lock``; ``path`` names it), taken at once or ArgumentError:
    another run holds it."""
    from filelock import FileLock, Timeout

    lock = FileLock(file + ".lock")
    try:
        lock.acquire(timeout=0)
    except Timeout:
        raise ArgumentError(f"checkpoint {path} is in use by another run (its lock {file}.lock is held)") from None
    except OSError as error:
        raise ArgumentError(f"cannot use checkpoint {path}: {error.strerror or error}") from None
    return lock


def _bounded_lines(stream: BinaryIO) -> tuple[list[bytes], bytes]:
    """The lines of a checkpoint (ends of lines dropped), none longer than MAX_LINE (a longer one is
    read as b"" and so as damage); and the last line's bytes if it has no end of line (torn by a kill)."""
    lines: list[bytes] = []
    while True:
        raw = stream.readline(MAX_LINE + 1)
        if not raw:
            return lines, b""
        if not raw.endswith(b"\n"):
            if len(raw) <= MAX_LINE:
                return lines, raw  # the end of the file, in the middle of a line
            while raw and not raw.endswith(b"\n"):
                raw = stream.readline(MAX_LINE)
            lines.append(b"")
            continue
        lines.append(raw[:-1])


def _line(record: dict[str, Any]) -> bytes:
    """One line of the checkpoint: ASCII JSON and a newline."""
    return (json.dumps(record) + "\n").encode("ascii")


def whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def take_up(
    path: PathLike, header: dict[str, Any], keys: Sequence[list[Any]], result_size: int, desc: str, progress: Any
) -> Checkpoint:
    """The checkpoint of a split count, opened; one line on standard error when it takes up an earlier run's
    parts (``fastpuzzle: DESC: resuming: 176 of 1773 parts done``), unless ``progress`` is False."""
    from .progress import note

    book = Checkpoint(path, header, keys, result_size)
    if book.resumed:
        note(desc, f"resuming: {len(book.finished)} of {len(keys)} parts done", show=progress)
    return book
