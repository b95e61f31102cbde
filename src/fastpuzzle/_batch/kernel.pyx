# cython: language_level=3
"""Compiled half of ``--batch`` (its twin: ``_batch_py``): plainly written puzzles split out of a file's
bytes, and the JSON records of a chunk's results, each in one pass with no Python step per puzzle."""

from cpython.bytes cimport PyBytes_FromStringAndSize
from cpython.dict cimport PyDict_GetItem
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from cpython.mem cimport PyMem_Free, PyMem_Realloc
from cpython.ref cimport PyObject
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE
from libc.string cimport memcmp, memcpy

cdef extern from "Python.h":
    ctypedef unsigned char Py_UCS1
    object PyUnicode_New(Py_ssize_t size, Py_UCS4 maxchar)
    void *PyUnicode_DATA(object text)
    object PyUnicode_DecodeASCII(const char *data, Py_ssize_t size, const char *errors)
    object PyLong_FromSsize_t(Py_ssize_t value)
    Py_ssize_t PyLong_AsSsize_t(object value) except? -1
    bint PyLong_CheckExact(object value)
    bint PyFloat_CheckExact(object value)
    bint PyUnicode_CheckExact(object value)
    double PyFloat_AS_DOUBLE(object value)

cdef extern from *:
    """
    /* An instance of type, a subclass of tuple with no fields of its own, holding the five items (as
       tuple.__new__(type, items) makes it, without the tuple of items in between). */
    static PyObject *fp_five(PyTypeObject *type, PyObject *a, PyObject *b, PyObject *c, PyObject *d, PyObject *e) {
        PyObject *made = type->tp_alloc(type, 5);
        if (made == NULL)
            return NULL;
        Py_INCREF(a); PyTuple_SET_ITEM(made, 0, a);
        Py_INCREF(b); PyTuple_SET_ITEM(made, 1, b);
        Py_INCREF(c); PyTuple_SET_ITEM(made, 2, c);
        Py_INCREF(d); PyTuple_SET_ITEM(made, 3, d);
        Py_INCREF(e); PyTuple_SET_ITEM(made, 4, e);
        /* Ints, strs, None and floats hold no references back: the collector need not look at it (as it
           stops looking at such a tuple once it has seen one). */
        if (PyLong_CheckExact(a) && PyUnicode_CheckExact(b) && (c == Py_None || PyUnicode_CheckExact(c))
            && (d == Py_None || PyUnicode_CheckExact(d)) && PyFloat_CheckExact(e))
            PyObject_GC_UnTrack(made);
        return made;
    }
    """
    object fp_five(type kind, object a, object b, object c, object d, object e)

cdef extern from "_fp_text.h":
    const Py_UCS1 *fp_ascii_text(object text, Py_ssize_t *length)

from json.encoder import encode_basestring_ascii as _quoted

#: How plain_puzzles stopped: at data it has not got yet, at something not plainly written, after most puzzles.
RAN_OUT, NOT_PLAIN, FULL = 0, 1, 2


cdef struct Line:
    Py_ssize_t start   # its first byte
    Py_ssize_t stop    # one past its last byte (its end of line excluded)
    Py_ssize_t after   # the start of the next line
    bint blank         # nothing but spaces and tabs
    bint plain         # ASCII only, at most limit bytes


cdef extern from *:
    """
    #include <stdint.h>
    #include <string.h>
    /* The index of the first '\\n' or '\\r' in data[at:end], or end; *seen gets the OR of the bytes before
       it. Eight bytes at a time while none of them ends the line. */
    static inline Py_ssize_t fp_line_stop(const unsigned char *data, Py_ssize_t at, Py_ssize_t end,
                                          unsigned char *seen) {
        const uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
        uint64_t word, newline, carriage, all = 0;
        unsigned char tail = 0;
        while (at + 8 <= end) {
            memcpy(&word, data + at, 8);
            newline = word ^ (ones * 10);
            carriage = word ^ (ones * 13);
            if (((newline - ones) & ~newline & highs) | ((carriage - ones) & ~carriage & highs))
                break;
            all |= word;
            at += 8;
        }
        while (at < end && data[at] != 10 && data[at] != 13)
            tail |= data[at++];
        all |= all >> 32;
        all |= all >> 16;
        all |= all >> 8;
        *seen = (unsigned char)all | tail;
        return at;
    }

    /* FNV-1a of a line (in C: it multiplies modulo 2**64 on purpose). */
    static inline uint64_t fp_first_line_hash(const unsigned char *chars, Py_ssize_t length) {
        uint64_t value = 14695981039346656037ULL;
        Py_ssize_t i;
        for (i = 0; i < length; i++)
            value = (value ^ chars[i]) * 1099511628211ULL;
        return value;
    }
    """
    Py_ssize_t fp_line_stop(const unsigned char *data, Py_ssize_t at, Py_ssize_t end, unsigned char *seen) nogil
    unsigned long long fp_first_line_hash(const unsigned char *chars, Py_ssize_t length) nogil


cdef bint next_line(const unsigned char *data, Py_ssize_t at, Py_ssize_t end, bint final, Py_ssize_t limit,
                    Line *line) noexcept nogil:
    """The line starting at data[at] into *line; 0 if its end is not in data[:end] yet (a \\r at the very end
    is no whole end until final: a \\n may follow)."""
    cdef unsigned char seen
    cdef Py_ssize_t i = fp_line_stop(data, at, end, &seen), j
    if i >= end:
        return False
    line.start, line.stop = at, i
    line.blank = True
    for j in range(at, i):  # a line that starts with neither is no blank line: one look, mostly
        if data[j] != 32 and data[j] != 9:
            line.blank = False
            break
    line.plain = seen < 0x80 and i - at <= limit
    if data[i] == 13:
        if i + 1 >= end:
            if not final:
                return False
            line.after = i + 1
        else:
            line.after = i + 2 if data[i + 1] == 10 else i + 1
    else:
        line.after = i + 1
    return True


cdef enum:
    SEEN_SLOTS = 1024  # first lines plain_puzzles remembers, by hash: sudoku's 512 first rows fit


cdef struct Seen:
    Py_ssize_t start   # where in data the first line is
    Py_ssize_t length  # its length; -1: no first line here yet
    Py_ssize_t count   # the lines of a puzzle it starts


def plain_puzzles(bytes data not None, Py_ssize_t at, bint final, dict known not None, Py_ssize_t limit,
                  Py_ssize_t line, Py_ssize_t most, list texts not None, list first_lines not None,
                  object puzzle_lines=None, Py_ssize_t most_known=0):
    """Plainly written puzzles of ``data`` from byte ``at`` on (the start of line number ``line``), at most
    ``most``: each one's text (its lines joined by ``"\\n"``, then ``"\\n"``) onto ``texts`` and its first
    line's number onto ``first_lines``. ``final``: no byte follows ``data``.

    A plainly written puzzle is blank lines (spaces and tabs only), then a first line that ``known`` maps to
    the puzzle's count of lines, then the rest of those lines, none blank; each line ASCII, at most
    ``limit`` bytes, and ended (by ``\\n``, ``\\r\\n`` or ``\\r``). A first line ``known`` does not hold
    is given to ``puzzle_lines`` (if given) as a str: the count it returns goes into ``known`` while that
    holds fewer than ``most_known`` lines; if it raises, the puzzle is not plainly written. Returns (at,
    line, how) just past the last puzzle taken; ``how``: RAN_OUT (the next puzzle is not all in ``data``),
    NOT_PLAIN or FULL.
    """
    cdef const unsigned char *bytes_of = <const unsigned char *>data
    cdef Py_ssize_t end = len(data), taken = 0, count, size, first_number, _row
    cdef Py_ssize_t puzzle_start, puzzle_after, length
    cdef Seen seen[SEEN_SLOTS]
    cdef Seen *slot
    cdef bint newlines_only
    cdef int slot_index
    cdef Line current
    cdef PyObject *found
    cdef object text, first, counted
    cdef char *out
    if at < 0 or at > end:
        raise ValueError(f"at must be from 0 to {end}, got {at}")
    for slot_index in range(SEEN_SLOTS):
        seen[slot_index].length = -1
    while taken < most:
        first_number = line
        puzzle_start = at
        while True:
            if not next_line(bytes_of, puzzle_start, end, final, limit, &current):
                return at, line, RAN_OUT
            if not current.blank:
                break
            puzzle_start = current.after
            first_number += 1
        if not current.plain:
            return at, line, NOT_PLAIN
        length = current.stop - current.start
        # A batch's first lines repeat: those seen in this call are looked up without making their bytes.
        slot = &seen[fp_first_line_hash(bytes_of + current.start, length) % SEEN_SLOTS]
        if slot.length == length and memcmp(bytes_of + current.start, bytes_of + slot.start, length) == 0:
            count = slot.count
        else:
            first = PyBytes_FromStringAndSize(<const char *>bytes_of + current.start, length)
            found = PyDict_GetItem(known, first)
            if found != NULL:
                counted = <object>found
            elif puzzle_lines is None:
                return at, line, NOT_PLAIN
            else:
                try:
                    counted = puzzle_lines(PyUnicode_DecodeASCII(<const char *>bytes_of + current.start, length, NULL))
                except Exception:  # read a line at a time, the puzzle says what is wrong with it
                    return at, line, NOT_PLAIN
                if len(known) < most_known:
                    known[first] = counted
            if not PyLong_CheckExact(counted):
                return at, line, NOT_PLAIN
            count = PyLong_AsSsize_t(counted)
            if count < 1:
                return at, line, NOT_PLAIN
            slot.start, slot.length, slot.count = current.start, length, count
        puzzle_start = current.start
        size = length + 1
        newlines_only = bytes_of[current.stop] == 10
        for _row in range(1, count):
            if not next_line(bytes_of, current.after, end, final, limit, &current):
                return at, line, RAN_OUT
            if current.blank or not current.plain:
                return at, line, NOT_PLAIN
            size += current.stop - current.start + 1
            newlines_only = newlines_only and bytes_of[current.stop] == 10
        puzzle_after = current.after
        text = PyUnicode_New(size, 127)
        out = <char *>PyUnicode_DATA(text)
        if newlines_only:  # the text is the bytes as they are
            memcpy(out, bytes_of + puzzle_start, size)
        else:
            current.after = puzzle_start
            for _row in range(count):
                next_line(bytes_of, current.after, end, final, limit, &current)
                memcpy(out, bytes_of + current.start, current.stop - current.start)
                out += current.stop - current.start
                out[0] = 10
                out += 1
        texts.append(text)
        first_lines.append(PyLong_FromSsize_t(first_number))
        at, line = puzzle_after, first_number + count
        taken += 1
    return at, line, FULL


cdef struct Buffer:
    char *chars
    Py_ssize_t size
    Py_ssize_t capacity


cdef int grow(Buffer *buffer, Py_ssize_t more) except -1:
    """Room for ``more`` characters at the end of ``buffer``."""
    cdef Py_ssize_t capacity
    cdef char *chars
    if buffer.size + more <= buffer.capacity:
        return 0
    capacity = max(2 * buffer.capacity, buffer.size + more, 4096)
    chars = <char *>PyMem_Realloc(buffer.chars, capacity)
    if chars == NULL:
        raise MemoryError()
    buffer.chars, buffer.capacity = chars, capacity
    return 0


cdef int add(Buffer *buffer, const char *chars, Py_ssize_t length) except -1:
    grow(buffer, length)
    memcpy(buffer.chars + buffer.size, chars, length)
    buffer.size += length
    return 0


cdef int add_text(Buffer *buffer, object text) except -1:
    """The characters of ``text``, an ASCII str (checked by the caller)."""
    cdef Py_ssize_t length = 0
    cdef const Py_UCS1 *chars = fp_ascii_text(text, &length)
    if chars == NULL:
        raise TypeError("expected an ASCII str")
    return add(buffer, <const char *>chars, length)


cdef int add_number(Buffer *buffer, Py_ssize_t value) except -1:
    cdef char digits[24]
    cdef int at = 24
    cdef bint negative = value < 0
    cdef size_t magnitude = <size_t>(-value) if negative else <size_t>value
    while True:
        at -= 1
        digits[at] = <char>(48 + magnitude % 10)
        magnitude //= 10
        if magnitude == 0:
            break
    if negative:
        at -= 1
        digits[at] = 45
    return add(buffer, digits + at, 24 - at)


cdef const char *HEX = b"0123456789abcdef"


cdef int add_quoted(Buffer *buffer, object text) except -1:
    """``text`` as ``json.encoder.encode_basestring_ascii`` writes it."""
    cdef Py_ssize_t length, i
    cdef const Py_UCS1 *chars = fp_ascii_text(text, &length)
    cdef unsigned char c
    cdef char *out
    if chars == NULL:
        return add_text(buffer, _quoted(text))
    grow(buffer, 6 * length + 2)
    out = buffer.chars + buffer.size
    out[0] = 34
    out += 1
    for i in range(length):
        c = chars[i]
        if 32 <= c <= 126 and c != 34 and c != 92:
            out[0] = <char>c
            out += 1
            continue
        out[0] = 92
        if c == 34 or c == 92:
            out[1] = <char>c
        elif c == 10:
            out[1] = 110
        elif c == 13:
            out[1] = 114
        elif c == 9:
            out[1] = 116
        elif c == 8:
            out[1] = 98
        elif c == 12:
            out[1] = 102
        else:
            out[1] = 117
            out[2] = 48
            out[3] = 48
            out[4] = HEX[c >> 4]
            out[5] = HEX[c & 15]
            out += 4
        out += 2
    out[0] = 34
    out += 1
    buffer.size = out - buffer.chars
    return 0


def json_records(str quoted_path not None, Py_ssize_t first_index, list first_lines not None, list items not None,
                 str solved="solved", object share=0.0):
    """The JSON lines of ``items``, the i-th for the puzzle at index ``first_index + i`` of the file whose name
    JSON writes as ``quoted_path``, starting on line ``first_lines[i]``: what ``json.dumps`` writes of each
    record's dict, seconds rounded to the microsecond. An item is a ``Result`` tuple, or a str: the output of a
    puzzle solved in bulk, status ``solved``, ``share`` seconds. None if a field is not of the kinds a batch
    gives (then the caller writes them)."""
    cdef Buffer buffer
    cdef Py_ssize_t i, count = PyList_GET_SIZE(items), length
    cdef object item, status, output, seconds, line, shared
    cdef object last_printed = None
    cdef double spent, last_spent = 0.0
    if len(first_lines) != count:
        raise ValueError("one first line per result")
    if fp_ascii_text(quoted_path, &length) == NULL or fp_ascii_text(solved, &length) == NULL:
        return None
    for i in range(count):
        item = <object>PyList_GET_ITEM(items, i)
        line = <object>PyList_GET_ITEM(first_lines, i)
        if not PyLong_CheckExact(line):
            return None
        if PyUnicode_CheckExact(item):
            continue
        if not isinstance(item, tuple) or PyTuple_GET_SIZE(item) != 5:
            return None
        status = <object>PyTuple_GET_ITEM(item, 1)
        seconds = <object>PyTuple_GET_ITEM(item, 4)
        if fp_ascii_text(status, &length) == NULL or not PyFloat_CheckExact(seconds):
            return None
    shared = repr(round(share, 6))
    buffer.chars, buffer.size, buffer.capacity = NULL, 0, 0
    try:
        for i in range(count):
            item = <object>PyList_GET_ITEM(items, i)
            add(&buffer, b'{"file": ', 9)
            add_text(&buffer, quoted_path)
            add(&buffer, b', "index": ', 11)
            add_number(&buffer, first_index + i)
            add(&buffer, b', "line": ', 10)
            add_number(&buffer, PyLong_AsSsize_t(<object>PyList_GET_ITEM(first_lines, i)))
            add(&buffer, b', "status": "', 13)
            if PyUnicode_CheckExact(item):
                add_text(&buffer, solved)
                add(&buffer, b'", "output": ', 13)
                add_quoted(&buffer, item)
                add(&buffer, b', "seconds": ', 13)
                add_text(&buffer, shared)
                add(&buffer, b'}\n', 2)
                continue
            add_text(&buffer, <object>PyTuple_GET_ITEM(item, 1))
            output = <object>PyTuple_GET_ITEM(item, 2)
            if output is not None:
                add(&buffer, b'", "output": ', 13)
                add_quoted(&buffer, output)
            else:
                add(&buffer, b'", "error": ', 12)
                output = <object>PyTuple_GET_ITEM(item, 3)
                add_quoted(&buffer, output or "")
            seconds = <object>PyTuple_GET_ITEM(item, 4)
            spent = PyFloat_AS_DOUBLE(seconds)
            if last_printed is None or memcmp(&spent, &last_spent, sizeof(double)) != 0:
                last_spent, last_printed = spent, repr(round(seconds, 6))
            add(&buffer, b', "seconds": ', 13)
            add_text(&buffer, last_printed)
            add(&buffer, b'}\n', 2)
        return PyUnicode_DecodeASCII(buffer.chars, buffer.size, NULL)
    finally:
        PyMem_Free(buffer.chars)


def solved_results(type kind not None, Py_ssize_t start, list items not None, str status not None, object seconds):
    """The items of a chunk from index ``start`` as results: for each ``items[i]`` that is a str (the output of
    a puzzle solved in bulk), ``kind(start + i, status, items[i], None, seconds)`` as ``tuple.__new__`` makes it
    (``kind``: a tuple subclass of five fields, no more); any other item as it is."""
    cdef Py_ssize_t i, count = PyList_GET_SIZE(items)
    cdef list results = [None] * count
    cdef object one
    if not issubclass(kind, tuple) or kind.__basicsize__ != tuple.__basicsize__:
        raise TypeError(f"expected a tuple subclass without fields of its own, got {kind!r}")
    for i in range(count):
        one = <object>PyList_GET_ITEM(items, i)
        if PyUnicode_CheckExact(one):
            one = fp_five(kind, PyLong_FromSsize_t(start + i), status, one, None, seconds)
        results[i] = one
    return results


def nones(list items not None):
    """The indices of the items of ``items`` that are None, in order."""
    cdef Py_ssize_t i
    return [i for i in range(PyList_GET_SIZE(items)) if PyList_GET_ITEM(items, i) == <PyObject *>None]
