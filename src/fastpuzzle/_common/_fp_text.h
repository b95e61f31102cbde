/* What the kernels' bulk readers of contest texts share (solve_plain_texts, count_texts): they
   read only texts written plainly, exact and compact ASCII strs, and never raise; anything else
   is left to the facade's Python reader, which names the problem. Include after Python.h. */
#ifndef FP_TEXT_H
#define FP_TEXT_H

/* A cell code that rejects its character in fp_grid_rows. */
#define FP_TEXT_NOT_A_CELL 254

/* The characters of text, its length into *length, when it is an exact str of ASCII only (then
   compact: its characters follow its header); else NULL. */
static inline const Py_UCS1 *fp_ascii_text(PyObject *text, Py_ssize_t *length) {
    if (!PyUnicode_CheckExact(text) || !PyUnicode_IS_COMPACT_ASCII(text))
        return NULL;
    *length = PyUnicode_GET_LENGTH(text);
    return (const Py_UCS1 *)(((PyASCIIObject *)text) + 1);
}

/* A number of one to three digits, no leading zero, from chars[*at] on (*at moves past it); -1
   if none starts there. */
static inline int fp_text_number(const Py_UCS1 *chars, Py_ssize_t length, Py_ssize_t *at) {
    int value = 0, digits = 0;
    if (*at >= length || chars[*at] < '1' || chars[*at] > '9')
        return -1;
    while (*at < length && digits < 3 && chars[*at] >= '0' && chars[*at] <= '9') {
        value = 10 * value + (chars[*at] - '0');
        (*at)++;
        digits++;
    }
    return value;
}

/* Whether chars[at], ... is a grid's rows and then nothing but newlines: rows lines of width
   characters, each but the last ending in '\n', each character's code (codes[character], not
   FP_TEXT_NOT_A_CELL) into cells, row by row. */
static inline int fp_grid_rows(const Py_UCS1 *chars, Py_ssize_t length, Py_ssize_t at, int rows, int width,
                               const unsigned char *codes, unsigned char *cells) {
    int r, c;
    if (length - at < (Py_ssize_t)rows * (width + 1) - 1)
        return 0;
    for (r = 0; r < rows; r++) {
        for (c = 0; c < width; c++) {
            unsigned char code = codes[chars[at++] & 0x7F];
            if (code == FP_TEXT_NOT_A_CELL)
                return 0;
            cells[r * width + c] = code;
        }
        if (r < rows - 1 && chars[at++] != '\n')
            return 0;
    }
    for (; at < length; at++)
        if (chars[at] != '\n')
            return 0;
    return 1;
}

#endif
