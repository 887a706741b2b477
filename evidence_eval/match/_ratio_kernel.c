/* `ratio_bound`'s bounds of rapidfuzz's `partial_ratio`, compiled: `shared_characters` (the
 * characters two strings share, counted with their multiplicity: the sum over characters of the
 * smaller of the two counts) and `partial_ratio_below` (the same LCS lengths of the needle with the
 * haystack's stretches as `ratio_bound.partial_ratio_below_by_lcs`, bit-parallel, the needle's
 * bit masks made once a pair instead of once a stretch, no Python call a stretch), and
 * `partial_ratio_below_each` (both bounds of one quote against a stage's texts, the quote's table
 * and masks made once). The Python functions are the definitions and the fallback
 * (tests/test_ratio_bound.py holds them equal). */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define STACK_SLOTS 256

/* An open-addressing table of the first string's characters: `left[i]` how many of `key[i]` are
 * not yet matched, -1 for an empty slot. */
static inline size_t slot_of(Py_UCS4 c, size_t mask) { return ((uint32_t)c * 2654435761u >> 7) & mask; }

/* A bit a character's low ten bits: most characters of a haystack are not in the needle, and one
 * bit test says so before the table is probed. */
#define FILTER_WORDS 16
static inline void filter_add(uint64_t *filter, Py_UCS4 c) { filter[(c >> 6) & 15] |= (uint64_t)1 << (c & 63); }
static inline int filter_has(const uint64_t *filter, Py_UCS4 c) { return (filter[(c >> 6) & 15] >> (c & 63)) & 1; }

/* The characters of one string and how many of each (`shared_characters`'s first string), the
 * table open-addressed: `count[i]` of `key[i]`, -1 for an empty slot. */
typedef struct {
    Py_UCS4 *key;
    Py_ssize_t *count;
    Py_ssize_t *left; /* a copy of `count` that a count takes from */
    size_t size, mask;
    Py_ssize_t length;
    uint64_t filter[FILTER_WORDS];
    Py_UCS4 stack_keys[STACK_SLOTS];
    Py_ssize_t stack_count[STACK_SLOTS], stack_left[STACK_SLOTS];
} Counts;

static void counts_free(Counts *t) {
    if (t->key != t->stack_keys) {
        PyMem_Free(t->key);
        PyMem_Free(t->count);
        PyMem_Free(t->left);
    }
}

static int counts_make(Counts *t, PyObject *text) {
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    t->length = n;
    t->size = 16;
    while (t->size < 2 * (size_t)n)
        t->size <<= 1;
    t->mask = t->size - 1;
    t->key = t->stack_keys;
    t->count = t->stack_count;
    t->left = t->stack_left;
    if (t->size > STACK_SLOTS) {
        t->key = PyMem_Malloc(t->size * sizeof(Py_UCS4));
        t->count = PyMem_Malloc(t->size * sizeof(Py_ssize_t));
        t->left = PyMem_Malloc(t->size * sizeof(Py_ssize_t));
        if (t->key == NULL || t->count == NULL || t->left == NULL) {
            PyMem_Free(t->key);
            PyMem_Free(t->count);
            PyMem_Free(t->left);
            t->key = t->stack_keys; /* nothing left to free */
            PyErr_NoMemory();
            return -1;
        }
    }
    for (size_t i = 0; i < t->size; i++)
        t->count[i] = -1;
    memset(t->filter, 0, sizeof t->filter);
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        filter_add(t->filter, c);
        size_t at = slot_of(c, t->mask);
        while (t->count[at] >= 0 && t->key[at] != c)
            at = (at + 1) & t->mask;
        if (t->count[at] < 0) {
            t->key[at] = c;
            t->count[at] = 1;
        } else {
            t->count[at]++;
        }
    }
    return 0;
}

/* The other string's characters taken from the table's counts, for one character width. */
#define SHARED_STEPS(TYPE)                                                                         \
    do {                                                                                           \
        const TYPE *text = (const TYPE *)data;                                                     \
        for (Py_ssize_t j = 0; j < m && shared < t->length; j++) {                                 \
            Py_UCS4 c = text[j];                                                                   \
            if (!filter_has(t->filter, c))                                                         \
                continue;                                                                          \
            size_t at = slot_of(c, t->mask);                                                       \
            while (left[at] >= 0 && t->key[at] != c)                                               \
                at = (at + 1) & t->mask;                                                           \
            if (left[at] > 0) {                                                                    \
                left[at]--;                                                                        \
                shared++;                                                                          \
            }                                                                                      \
        }                                                                                          \
    } while (0)

/* The characters `other` shares with the table's string (the table is left as it was). */
static Py_ssize_t counts_shared(Counts *t, PyObject *other) {
    Py_ssize_t m = PyUnicode_GET_LENGTH(other);
    if (t->length == 0 || m == 0)
        return 0;
    Py_ssize_t *left = t->left;
    memcpy(left, t->count, t->size * sizeof(Py_ssize_t));
    Py_ssize_t shared = 0;
    int kind = PyUnicode_KIND(other);
    const void *data = PyUnicode_DATA(other);
    if (kind == PyUnicode_1BYTE_KIND)
        SHARED_STEPS(Py_UCS1);
    else if (kind == PyUnicode_2BYTE_KIND)
        SHARED_STEPS(Py_UCS2);
    else
        SHARED_STEPS(Py_UCS4);
    return shared;
}

static PyObject *shared_characters(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2 || !PyUnicode_Check(args[0]) || !PyUnicode_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "shared_characters(str, str)");
        return NULL;
    }
    Counts t;
    if (counts_make(&t, args[0]) < 0)
        return NULL;
    Py_ssize_t shared = counts_shared(&t, args[1]);
    counts_free(&t);
    return PyLong_FromSsize_t(shared);
}

/* The needle's bit masks (Hyyrö's LCS): `words` 64-bit words a character, a row per character of
 * the needle; characters below 256 have rows 0..255, the others rows found by an open-addressing
 * table. */
typedef struct {
    Py_ssize_t words;
    uint64_t *rows;   /* (256 + others) * words */
    Py_UCS4 *keys;    /* the table of the others: key, row (-1: empty) */
    Py_ssize_t *row_of;
    size_t mask;
    uint64_t filter[FILTER_WORDS]; /* of the characters from 256 on */
} Masks;

static void masks_free(Masks *m) {
    PyMem_Free(m->rows);
    PyMem_Free(m->keys);
    PyMem_Free(m->row_of);
}

static inline const uint64_t *row_for(const Masks *m, Py_UCS4 c) {
    if (c < 256)
        return m->rows + (size_t)c * m->words;
    if (!filter_has(m->filter, c))
        return NULL;
    size_t at = slot_of(c, m->mask);
    while (m->row_of[at] >= 0) {
        if (m->keys[at] == c)
            return m->rows + (size_t)m->row_of[at] * m->words;
        at = (at + 1) & m->mask;
    }
    return NULL;
}

static int masks_make(Masks *m, int kind, const void *data, Py_ssize_t n) {
    m->words = (n + 63) / 64;
    size_t size = 16;
    while (size < 2 * (size_t)n)
        size <<= 1;
    m->mask = size - 1;
    m->rows = PyMem_Calloc((size_t)(256 + n) * m->words, sizeof(uint64_t));
    m->keys = PyMem_Malloc(size * sizeof(Py_UCS4));
    m->row_of = PyMem_Malloc(size * sizeof(Py_ssize_t));
    if (m->rows == NULL || m->keys == NULL || m->row_of == NULL) {
        masks_free(m);
        PyErr_NoMemory();
        return -1;
    }
    for (size_t i = 0; i < size; i++)
        m->row_of[i] = -1;
    memset(m->filter, 0, sizeof m->filter);
    Py_ssize_t others = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        Py_ssize_t row;
        if (c < 256) {
            row = (Py_ssize_t)c;
        } else {
            filter_add(m->filter, c);
            size_t at = slot_of(c, m->mask);
            while (m->row_of[at] >= 0 && m->keys[at] != c)
                at = (at + 1) & m->mask;
            if (m->row_of[at] < 0) {
                m->keys[at] = c;
                m->row_of[at] = 256 + others++;
            }
            row = m->row_of[at];
        }
        m->rows[(size_t)row * m->words + (size_t)(i / 64)] |= (uint64_t)1 << (i % 64);
    }
    return 0;
}

/* One character's step of Hyyrö's recurrence on the `n` words of V at `x`, the carry taken across
 * words. */
static inline void lcs_step(uint64_t *x, const uint64_t *row, Py_ssize_t n) {
    uint64_t carry = 0;
    for (Py_ssize_t w = 0; w < n; w++) {
        uint64_t u = x[w] & row[w];
        uint64_t sum = x[w] + u;
        uint64_t next_carry = sum < u;
        sum += carry;
        next_carry |= sum < carry;
        x[w] = sum | (x[w] - u);
        carry = next_carry;
    }
}

/* The steps over text[lo:hi] for one character width and `N` words of V, with `N` a constant: the
 * words are kept in a local copy, in registers (`v` may alias a row, so steps on `v` itself load
 * and store each word a character). A needle of up to 192 characters, most quotes, takes one of
 * these. */
#define LCS_FIXED_STEPS(TYPE, N)                                                                   \
    do {                                                                                           \
        const TYPE *text = (const TYPE *)data;                                                     \
        uint64_t r[N];                                                                             \
        for (int w = 0; w < N; w++)                                                                \
            r[w] = v[w];                                                                           \
        for (Py_ssize_t j = lo; j < hi; j++) {                                                     \
            const uint64_t *row = row_for(m, text[j]);                                             \
            if (row != NULL) /* else no bit of the needle: V stays */                              \
                lcs_step(r, row, N);                                                               \
        }                                                                                          \
        for (int w = 0; w < N; w++)                                                                \
            v[w] = r[w];                                                                           \
    } while (0)

/* The steps for any number of words (a macro: the loop reads the characters as they are stored,
 * no test of the width a character), V in memory. */
#define LCS_STEPS(TYPE)                                                                            \
    do {                                                                                           \
        if (words == 1) {                                                                          \
            LCS_FIXED_STEPS(TYPE, 1);                                                              \
            break;                                                                                 \
        }                                                                                          \
        if (words == 2) {                                                                          \
            LCS_FIXED_STEPS(TYPE, 2);                                                              \
            break;                                                                                 \
        }                                                                                          \
        if (words == 3) {                                                                          \
            LCS_FIXED_STEPS(TYPE, 3);                                                              \
            break;                                                                                 \
        }                                                                                          \
        const TYPE *text = (const TYPE *)data;                                                     \
        for (Py_ssize_t j = lo; j < hi; j++) {                                                     \
            const uint64_t *row = row_for(m, text[j]);                                             \
            if (row != NULL) /* else no bit of the needle: V stays */                              \
                lcs_step(v, row, words);                                                           \
        }                                                                                          \
    } while (0)

static inline void lcs_reset(const Masks *m, uint64_t *v) {
    for (Py_ssize_t w = 0; w < m->words; w++)
        v[w] = ~(uint64_t)0;
}

/* Hyyrö's bit-vector recurrence V' = (V + (V & M)) | (V & ~M), the carry taken across words, over
 * haystack[lo:hi], from V as it is: after `lcs_reset`, V of the LCS with haystack[lo:hi]; after a
 * run up to `lo`, V of the LCS with all the characters run. */
static void lcs_run(const Masks *m, int kind, const void *data, Py_ssize_t lo, Py_ssize_t hi, uint64_t *v) {
    Py_ssize_t words = m->words;
    if (kind == PyUnicode_1BYTE_KIND)
        LCS_STEPS(Py_UCS1);
    else if (kind == PyUnicode_2BYTE_KIND)
        LCS_STEPS(Py_UCS2);
    else
        LCS_STEPS(Py_UCS4);
}

/* The LCS that V stands for: the count of zeros among the needle's n bits. */
static Py_ssize_t lcs_zeros(const Masks *m, Py_ssize_t n, const uint64_t *v) {
    Py_ssize_t words = m->words, zeros = 0;
    for (Py_ssize_t w = 0; w < words; w++) {
        uint64_t valid = (w == words - 1 && n % 64) ? (((uint64_t)1 << (n % 64)) - 1) : ~(uint64_t)0;
        zeros += __builtin_popcountll(~v[w] & valid);
    }
    return zeros;
}

/* LCS(needle, haystack[lo:hi]). */
static Py_ssize_t lcs(const Masks *m, Py_ssize_t n, int kind, const void *data, Py_ssize_t lo, Py_ssize_t hi,
                      uint64_t *v) {
    lcs_reset(m, v);
    lcs_run(m, kind, data, lo, hi, v);
    return lcs_zeros(m, n, v);
}

/* `_edge_below`: no window inside haystack[lo:hi] reaches `reach`. */
static inline int edge_below(Py_ssize_t common, Py_ssize_t width, double reach) {
    return (double)(200 * common) < reach * (double)(width + common);
}

/* `partial_ratio_below_by_lcs` of the needle of `m` (`width` characters, at least one) and a
 * haystack no shorter: the same LCS lengths (the same conjunction of their tests, in another
 * order), the prefix's read on the way through the first block, whose first `width` steps are
 * the prefix's. */
static int pair_below(const Masks *m, Py_ssize_t width, PyObject *haystack, double reach, int whole_first,
                      uint64_t *v) {
    int kind = PyUnicode_KIND(haystack);
    const void *data = PyUnicode_DATA(haystack);
    Py_ssize_t length = PyUnicode_GET_LENGTH(haystack);
    if (whole_first && edge_below(lcs(m, width, kind, data, 0, length, v), width, reach))
        return 1;
    if (!edge_below(lcs(m, width, kind, data, length - width, length, v), width, reach))
        return 0;
    lcs_reset(m, v);
    lcs_run(m, kind, data, 0, width, v);
    if (!edge_below(lcs_zeros(m, width, v), width, reach))
        return 0;
    /* Full windows start at 0 .. length - width; a block of 2·width - 1 characters holds `width` of them. */
    for (Py_ssize_t start = 0; start <= length - width; start += width) {
        Py_ssize_t end = start + 2 * width - 1 < length ? start + 2 * width - 1 : length;
        if (start == 0) {
            lcs_run(m, kind, data, width, end, v); /* the prefix's steps taken */
        } else {
            lcs_reset(m, v);
            lcs_run(m, kind, data, start, end, v);
        }
        if ((double)(100 * lcs_zeros(m, width, v)) >= reach * (double)width)
            return 0;
    }
    return 1;
}

/* `pair_below` of the shorter string (the needle: the first of two of one length) in the other;
 * -1 with an exception set. */
static int strings_below(PyObject *first, PyObject *second, double reach, int whole_first) {
    PyObject *needle = first, *haystack = second;
    if (PyUnicode_GET_LENGTH(needle) > PyUnicode_GET_LENGTH(haystack)) {
        needle = second;
        haystack = first;
    }
    Py_ssize_t width = PyUnicode_GET_LENGTH(needle);
    if (width == 0)
        return 0;
    Masks m;
    if (masks_make(&m, PyUnicode_KIND(needle), PyUnicode_DATA(needle), width) < 0)
        return -1;
    uint64_t *v = PyMem_Malloc((size_t)m.words * sizeof(uint64_t));
    if (v == NULL) {
        masks_free(&m);
        PyErr_NoMemory();
        return -1;
    }
    int below = pair_below(&m, width, haystack, reach, whole_first, v);
    PyMem_Free(v);
    masks_free(&m);
    return below;
}

static PyObject *partial_ratio_below(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4 || !PyUnicode_Check(args[0]) || !PyUnicode_Check(args[1]) || !PyFloat_Check(args[2])) {
        PyErr_SetString(PyExc_TypeError, "partial_ratio_below(str, str, float, bool)");
        return NULL;
    }
    int whole_first = PyObject_IsTrue(args[3]);
    if (whole_first < 0)
        return NULL;
    double reach = PyFloat_AS_DOUBLE(args[2]) - 1e-6; /* ratio_bound._MARGIN */
    int below = strings_below(args[0], args[1], reach, whole_first);
    if (below < 0)
        return NULL;
    return PyBool_FromLong(below);
}

/* `characters_below` of the quote (counted once) and `text`. */
static int characters_below(Counts *quote, PyObject *text, double reach) {
    Py_ssize_t length = PyUnicode_GET_LENGTH(text);
    Py_ssize_t width = quote->length < length ? quote->length : length;
    if (width == 0)
        return 0;
    Py_ssize_t shared = counts_shared(quote, text); /* as many either way round */
    return (double)(200 * shared) < reach * (double)(width + shared);
}

/* For each text, `characters_below` (when `characters_first`) or `partial_ratio_below` of the
 * quote and the text: the quote's tables made once, for every text at least as long as it. */
static PyObject *partial_ratio_below_each(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 5 || !PyUnicode_Check(args[0]) || !PyFloat_Check(args[2])) {
        PyErr_SetString(PyExc_TypeError, "partial_ratio_below_each(str, sequence of str, float, bool, bool)");
        return NULL;
    }
    int whole_first = PyObject_IsTrue(args[3]), characters_first = PyObject_IsTrue(args[4]);
    if (whole_first < 0 || characters_first < 0)
        return NULL;
    PyObject *texts = PySequence_Fast(args[1], "partial_ratio_below_each: texts must be a sequence");
    if (texts == NULL)
        return NULL;
    PyObject *quote = args[0], *result = NULL;
    double reach = PyFloat_AS_DOUBLE(args[2]) - 1e-6; /* ratio_bound._MARGIN */
    Py_ssize_t width = PyUnicode_GET_LENGTH(quote), count = PySequence_Fast_GET_SIZE(texts);
    Counts counts;
    Masks m;
    uint64_t *v = NULL;
    int made_counts = 0, made_masks = 0;
    if (characters_first) {
        if (counts_make(&counts, quote) < 0)
            goto done;
        made_counts = 1;
    }
    if (width > 0) {
        if (masks_make(&m, PyUnicode_KIND(quote), PyUnicode_DATA(quote), width) < 0)
            goto done;
        made_masks = 1;
        v = PyMem_Malloc((size_t)m.words * sizeof(uint64_t));
        if (v == NULL) {
            PyErr_NoMemory();
            goto done;
        }
    }
    result = PyList_New(count);
    if (result == NULL)
        goto done;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *text = PySequence_Fast_GET_ITEM(texts, i);
        if (!PyUnicode_Check(text)) {
            PyErr_SetString(PyExc_TypeError, "partial_ratio_below_each: texts must be strings");
            Py_CLEAR(result);
            goto done;
        }
        int below = characters_first && characters_below(&counts, text, reach);
        if (!below && width > 0) {
            if (PyUnicode_GET_LENGTH(text) >= width)
                below = pair_below(&m, width, text, reach, whole_first, v);
            else if ((below = strings_below(quote, text, reach, whole_first)) < 0) {
                Py_CLEAR(result);
                goto done;
            }
        }
        PyList_SET_ITEM(result, i, PyBool_FromLong(below));
    }
done:
    if (v != NULL)
        PyMem_Free(v);
    if (made_masks)
        masks_free(&m);
    if (made_counts)
        counts_free(&counts);
    Py_DECREF(texts);
    return result;
}

/* LCS(s1, s2): what `lcs` counts, for the tests (rapidfuzz's `LCSseq.similarity` is the definition). */
static PyObject *lcs_length(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2 || !PyUnicode_Check(args[0]) || !PyUnicode_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "lcs_length(str, str)");
        return NULL;
    }
    Py_ssize_t n = PyUnicode_GET_LENGTH(args[0]);
    if (n == 0)
        return PyLong_FromSsize_t(0);
    Masks m;
    if (masks_make(&m, PyUnicode_KIND(args[0]), PyUnicode_DATA(args[0]), n) < 0)
        return NULL;
    uint64_t *v = PyMem_Malloc((size_t)m.words * sizeof(uint64_t));
    if (v == NULL) {
        masks_free(&m);
        return PyErr_NoMemory();
    }
    Py_ssize_t common =
        lcs(&m, n, PyUnicode_KIND(args[1]), PyUnicode_DATA(args[1]), 0, PyUnicode_GET_LENGTH(args[1]), v);
    PyMem_Free(v);
    masks_free(&m);
    return PyLong_FromSsize_t(common);
}

static PyMethodDef methods[] = {
    {"shared_characters", (PyCFunction)(void (*)(void))shared_characters, METH_FASTCALL,
     "shared_characters(s1, s2): the characters the two strings share, with multiplicity."},
    {"lcs_length", (PyCFunction)(void (*)(void))lcs_length, METH_FASTCALL, "lcs_length(s1, s2): the LCS length."},
    {"partial_ratio_below", (PyCFunction)(void (*)(void))partial_ratio_below, METH_FASTCALL,
     "partial_ratio_below(s1, s2, cutoff, whole_first): ratio_bound.partial_ratio_below_by_lcs."},
    {"partial_ratio_below_each", (PyCFunction)(void (*)(void))partial_ratio_below_each, METH_FASTCALL,
     "partial_ratio_below_each(quote, texts, cutoff, whole_first, characters_first): "
     "ratio_bound.partial_ratio_below_each_by_lcs."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_ratio_kernel", NULL, -1, methods};

PyMODINIT_FUNC PyInit__ratio_kernel(void) { return PyModule_Create(&module); }
