"""Pictures from image files, for pixel puzzles made from them (Pillow)."""

from __future__ import annotations

from fastpuzzle._common.grid import checked_count, checked_fraction
from fastpuzzle.errors import ArgumentError

from ._facade import _check_size

TYPE_CHECKING = False

if TYPE_CHECKING:
    import os
    from typing import Any, Union

__all__ = ["image_picture", "image_size"]


def image_size(size: Any) -> tuple[int, int]:
    """``size`` checked: a pair ``(width, height)`` of whole numbers from 1 on, with at most MAX_CELLS cells."""
    if isinstance(size, (str, bytes)) or not hasattr(size, "__len__") or len(size) != 2:
        raise TypeError(f"size must be a pair (width, height), got {type(size).__name__}")
    width, height = (checked_count(side, "size", 1) for side in size)
    _check_size(height, width, "size", wide_first=True)
    return width, height


def image_picture(path: Union[str, os.PathLike[str]], width: int, height: int, threshold: float = 0.5) -> list[str]:
    """The image at ``path`` scaled to ``width`` x ``height`` cells: ``height`` rows of ``width`` cells,
    ``'1'`` where darker than ``threshold`` (0 black to 1 white): what :func:`from_image` makes a
    puzzle of. Needs Pillow."""
    import os
    import stat

    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a str or a path, got {type(path).__name__}")
    m, n = image_size((width, height))
    threshold = checked_fraction(threshold, "threshold")
    try:
        from PIL import Image
    except ImportError:
        raise ArgumentError("reading an image needs Pillow: pip install fastpuzzle[image]") from None
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # a pipe would be waited on, a device read without end
            raise OSError("not a regular file (a folder, a device or a pipe)")
        with Image.open(path) as image:
            grey = image.convert("L").resize((m, n), Image.Resampling.BOX)
    except Exception as error:  # a decoder's error of any kind (broken PNG: SyntaxError, zlib.error, ...)
        raise ArgumentError(f"cannot read the image {os.fsdecode(path)}: {error}") from None
    levels = grey.tobytes()
    cut = threshold * 255
    return ["".join("1" if levels[r * m + c] < cut else "0" for c in range(m)) for r in range(n)]
