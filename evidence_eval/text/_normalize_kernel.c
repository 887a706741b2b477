/* `normalize.py`'s normalised text and origin map in one pass over the code points: each
 * character folded by the fold table (`normalize._TABLE`, learnt from it on first sight of a
 * character and kept here as ints), each whitespace run dropped or kept as one " " by the
 * classes of its neighbours (whitespace, glue, other: `normalize._is_glue`, also learnt once a
 * character). `normalize.py`'s whole-string Python path is the definition and the fallback
 * (tests/test_normalize_kernel.py holds them equal). */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

enum { UNKNOWN = 0, SPACE = 1, GLUE = 2, OTHER = 3 };

#define PAGE_BITS 8
#define PAGE_SIZE (1 << PAGE_BITS)
#define PAGES ((0x10FFFF >> PAGE_BITS) + 1)
/* A fold entry of a source character: 0 not learnt yet; else the one code point it folds to
 * with that one's class at CLASS_SHIFT; else MANY | an index into `many` (a fold of another
 * length than one, its code points in `pool`). */
#define MANY 0x80000000u
#define CLASS_SHIFT 21
#define CODE_MASK ((1u << CLASS_SHIFT) - 1)

typedef struct {
    uint32_t start, length;
} Stretch;

/* Set by `configure`: the fold table (code point -> str), the glue test (str -> bool) and the
 * characters a list marker is (`normalize._MARKER_FORMS`). */
static PyObject *fold_table, *is_glue, *markers;
static uint32_t *fold_pages[PAGES];
static uint8_t *class_pages[PAGES];
static Stretch *many;
static size_t many_count, many_capacity;
static Py_UCS4 *pool;
static size_t pool_count, pool_capacity;

static int grow(void **buffer, size_t *capacity, size_t needed, size_t item) {
    if (needed <= *capacity)
        return 0;
    size_t wanted = *capacity ? *capacity : 64;
    while (wanted < needed)
        wanted *= 2;
    void *grown = PyMem_Realloc(*buffer, wanted * item);
    if (grown == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    *buffer = grown;
    *capacity = wanted;
    return 0;
}

static int in_cjk_block(Py_UCS4 code) {
    return (0x3040 <= code && code <= 0x30FF) || (0x3400 <= code && code <= 0x4DBF) ||
           (0x4E00 <= code && code <= 0x9FFF) || (0xAC00 <= code && code <= 0xD7AF) ||
           (0xF900 <= code && code <= 0xFAFF) || (0x20000 <= code && code <= 0x2FFFF);
}

static int learn_class(Py_UCS4 code) {
    uint8_t **page = &class_pages[code >> PAGE_BITS];
    if (*page == NULL && (*page = PyMem_Calloc(PAGE_SIZE, 1)) == NULL) {
        PyErr_NoMemory();
        return UNKNOWN;
    }
    int kind;
    if (Py_UNICODE_ISSPACE(code)) {
        kind = SPACE;
    } else if (in_cjk_block(code)) {
        kind = GLUE;
    } else {
        PyObject *glue = PyObject_CallFunction(is_glue, "C", (int)code);
        if (glue == NULL)
            return UNKNOWN;
        int truth = PyObject_IsTrue(glue);
        Py_DECREF(glue);
        if (truth < 0)
            return UNKNOWN;
        kind = truth ? GLUE : OTHER;
    }
    (*page)[code & (PAGE_SIZE - 1)] = (uint8_t)kind;
    return kind;
}

static inline int class_of(Py_UCS4 code) {
    uint8_t *page = class_pages[code >> PAGE_BITS];
    int kind = page ? page[code & (PAGE_SIZE - 1)] : UNKNOWN;
    return kind ? kind : learn_class(code);
}

static uint32_t learn_fold(Py_UCS4 code) {
    uint32_t **page = &fold_pages[code >> PAGE_BITS];
    if (*page == NULL && (*page = PyMem_Calloc(PAGE_SIZE, sizeof(uint32_t))) == NULL) {
        PyErr_NoMemory();
        return 0;
    }
    PyObject *key = PyLong_FromUnsignedLong(code);
    if (key == NULL)
        return 0;
    PyObject *fold = PyObject_GetItem(fold_table, key);
    Py_DECREF(key);
    if (fold == NULL)
        return 0;
    if (!PyUnicode_Check(fold)) {
        Py_DECREF(fold);
        PyErr_SetString(PyExc_TypeError, "a fold is a str");
        return 0;
    }
    Py_ssize_t length = PyUnicode_GET_LENGTH(fold);
    uint32_t entry = 0;
    if (length == 1) {
        Py_UCS4 folded = PyUnicode_READ_CHAR(fold, 0);
        int kind = class_of(folded);
        if (kind != UNKNOWN)
            entry = folded | ((uint32_t)kind << CLASS_SHIFT);
    } else if (grow((void **)&many, &many_capacity, many_count + 1, sizeof(Stretch)) == 0 &&
               grow((void **)&pool, &pool_capacity, pool_count + length, sizeof(Py_UCS4)) == 0) {
        for (Py_ssize_t i = 0; i < length; i++)
            pool[pool_count + i] = PyUnicode_READ_CHAR(fold, i);
        many[many_count] = (Stretch){(uint32_t)pool_count, (uint32_t)length};
        pool_count += length;
        entry = MANY | (uint32_t)many_count++;
    }
    Py_DECREF(fold);
    (*page)[code & (PAGE_SIZE - 1)] = entry;
    return entry;
}

/* One pass's output: the normalised code points and, when asked for, each one's index in the
 * source; `same` is 1 when each source character gave exactly its own one. The whitespace
 * rule's state between folded characters: the class of the last character kept (UNKNOWN at the
 * start), and whether a run is open and where it began. */
typedef struct {
    Py_UCS4 *text;
    int64_t *origin;
    size_t length, capacity;
    int same, previous, in_run;
    Py_ssize_t run_start;
} Pass;

/* One folded character `code` of class `kind`, from source index `index`. */
static inline void take(Pass *pass, Py_UCS4 code, int kind, Py_ssize_t index, int with_origin) {
    if (kind == SPACE) {
        if (!pass->in_run) {
            pass->in_run = 1;
            pass->run_start = index;
        }
        return;
    }
    size_t length = pass->length;
    if (pass->in_run) {
        pass->in_run = 0;
        if (pass->previous == OTHER && kind == OTHER) {
            pass->text[length] = ' ';
            if (with_origin)
                pass->origin[length] = pass->run_start;
            length++;
        }
    }
    pass->previous = kind;
    pass->text[length] = code;
    if (with_origin)
        pass->origin[length] = index;
    pass->length = length + 1;
}

/* Room for a fold of `extra` characters at source index `index` and one character for each
 * source character after it. */
static int make_room(Pass *pass, size_t extra, size_t left, int with_origin) {
    size_t needed = pass->length + extra + left + 1;
    if (needed <= pass->capacity)
        return 0;
    size_t capacity = needed * 2;
    Py_UCS4 *text = PyMem_Realloc(pass->text, capacity * sizeof(Py_UCS4));
    if (text == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    pass->text = text;
    if (with_origin) {
        int64_t *origin = PyMem_Realloc(pass->origin, capacity * sizeof(int64_t));
        if (origin == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        pass->origin = origin;
    }
    pass->capacity = capacity;
    return 0;
}

static int take_many(Pass *pass, uint32_t entry, Py_ssize_t index, size_t left, int with_origin) {
    Stretch stretch = many[entry & ~MANY];
    pass->same = 0;
    if (make_room(pass, stretch.length, left, with_origin) < 0)
        return -1;
    for (uint32_t k = 0; k < stretch.length; k++) {
        Py_UCS4 code = pool[stretch.start + k];
        int kind = class_of(code);
        if (kind == UNKNOWN)
            return -1;
        take(pass, code, kind, index, with_origin);
    }
    return 0;
}

/* Each character of `data` (code units of type T) folded and the whitespace rule applied; the
 * output has room for one character a source character (`take_many` makes room for more).
 * `take`'s state is kept in locals here (the output's stores could alias a struct's ints);
 * `same` is worked out at the end. */
#define FOLD_ALL(NAME, T, WITH_ORIGIN)                                                                   \
    static int NAME(const T *data, Py_ssize_t length, Pass *pass) {                                     \
        Py_UCS4 *out = pass->text;                                                                      \
        int64_t *origin = pass->origin;                                                                 \
        size_t taken = 0;                                                                               \
        int previous = UNKNOWN, in_run = 0;                                                             \
        Py_ssize_t run_start = 0;                                                                       \
        for (Py_ssize_t i = 0; i < length; i++) {                                                       \
            Py_UCS4 code = data[i];                                                                     \
            uint32_t *page = fold_pages[code >> PAGE_BITS];                                             \
            uint32_t entry = page ? page[code & (PAGE_SIZE - 1)] : 0;                                   \
            if (entry == 0 && (entry = learn_fold(code)) == 0)                                          \
                return -1;                                                                              \
            if (entry & MANY) {                                                                         \
                pass->length = taken, pass->previous = previous;                                        \
                pass->in_run = in_run, pass->run_start = run_start;                                     \
                if (take_many(pass, entry, i, (size_t)(length - i - 1), WITH_ORIGIN) < 0)               \
                    return -1;                                                                          \
                out = pass->text, origin = pass->origin, taken = pass->length;                          \
                previous = pass->previous, in_run = pass->in_run, run_start = pass->run_start;          \
                continue;                                                                               \
            }                                                                                           \
            /* Without a branch on the class (they mispredict on real text): the space of a kept  \
             * run and the character are stored at `taken` and counted only when they stay; a run \
             * is open when the last character was whitespace (`run_start` is read only then). */ \
            int class = (int)(entry >> CLASS_SHIFT);                                                    \
            int kept = class != SPACE;                                                                  \
            int space = kept & in_run & (previous == OTHER) & (class == OTHER);                         \
            out[taken] = ' ';                                                                           \
            if (WITH_ORIGIN) {                                                                          \
                origin[taken] = run_start;                                                              \
                run_start = in_run ? run_start : i;                                                     \
            }                                                                                           \
            taken += (size_t)space;                                                                     \
            out[taken] = entry & CODE_MASK;                                                             \
            if (WITH_ORIGIN)                                                                            \
                origin[taken] = i;                                                                      \
            taken += (size_t)kept;                                                                      \
            previous ^= (previous ^ class) & -kept;                                                     \
            in_run = !kept;                                                                             \
        }                                                                                               \
        pass->length = taken;                                                                           \
        pass->same = pass->same && taken == (size_t)length;                                             \
        return 0;                                                                                       \
    }

FOLD_ALL(fold_1, Py_UCS1, 0)
FOLD_ALL(fold_2, Py_UCS2, 0)
FOLD_ALL(fold_4, Py_UCS4, 0)
FOLD_ALL(fold_origin_1, Py_UCS1, 1)
FOLD_ALL(fold_origin_2, Py_UCS2, 1)
FOLD_ALL(fold_origin_4, Py_UCS4, 1)

static int fold_all(PyObject *text, Pass *pass, int with_origin) {
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t length = PyUnicode_GET_LENGTH(text);
    switch (PyUnicode_KIND(text)) {
    case PyUnicode_1BYTE_KIND:
        return with_origin ? fold_origin_1(data, length, pass) : fold_1(data, length, pass);
    case PyUnicode_2BYTE_KIND:
        return with_origin ? fold_origin_2(data, length, pass) : fold_2(data, length, pass);
    default:
        return with_origin ? fold_origin_4(data, length, pass) : fold_4(data, length, pass);
    }
}

static PyObject *normalized(PyObject *text, int with_origin) {
    if (fold_table == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "_normalize_kernel is not configured");
        return NULL;
    }
    Py_ssize_t length = PyUnicode_GET_LENGTH(text);
    Pass pass = {NULL, NULL, 0, (size_t)length + 1, 1, UNKNOWN, 0, 0};
    pass.text = PyMem_Malloc(pass.capacity * sizeof(Py_UCS4));
    if (with_origin)
        pass.origin = PyMem_Malloc(pass.capacity * sizeof(int64_t));
    PyObject *result = NULL;
    if (pass.text == NULL || (with_origin && pass.origin == NULL)) {
        PyErr_NoMemory();
    } else if (!with_origin) {
        if (fold_all(text, &pass, 0) == 0)
            result = PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, pass.text, (Py_ssize_t)pass.length);
    } else if (fold_all(text, &pass, 1) == 0) {
        if (pass.same)
            result = Py_NewRef(Py_None);
        else
            result = PyBytes_FromStringAndSize((const char *)pass.origin, (Py_ssize_t)(pass.length * sizeof(int64_t)));
    }
    PyMem_Free(pass.text);
    PyMem_Free(pass.origin);
    return result;
}

/* A line break of `str.splitlines` (`normalize.LINE_BREAKS`). */
static int is_line_break(Py_UCS4 code) {
    return code == '\n' || code == '\r' || code == 0x0b || code == 0x0c || (code >= 0x1c && code <= 0x1e) ||
           code == 0x85 || code == 0x2028 || code == 0x2029;
}

/* Whether `text` may hold a list marker for `normalize._unmarked` to blank: a line break, or a
 * marker form first but for whitespace (what its pattern can match at the start). */
static int may_hold_marker(PyObject *text) {
    Py_ssize_t length = PyUnicode_GET_LENGTH(text);
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    for (Py_ssize_t i = 0; i < length; i++)
        if (is_line_break(PyUnicode_READ(kind, data, i)))
            return 1;
    for (Py_ssize_t i = 0; i < length; i++) {
        Py_UCS4 code = PyUnicode_READ(kind, data, i);
        if (!Py_UNICODE_ISSPACE(code))
            return PyUnicode_FindChar(markers, code, 0, PyUnicode_GET_LENGTH(markers), 1) != -1;
    }
    return 0;
}

static PyObject *text_of(PyObject *self, PyObject *const *args, Py_ssize_t count) {
    if (count != 2 || !PyUnicode_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "text_of takes a str and whether its list markers are blanked");
        return NULL;
    }
    int unmarked = PyObject_IsTrue(args[1]);
    if (unmarked < 0)
        return NULL;
    if (!unmarked && may_hold_marker(args[0]))
        Py_RETURN_NONE;
    return normalized(args[0], 0);
}

static PyObject *origin_of(PyObject *self, PyObject *text) {
    if (!PyUnicode_Check(text)) {
        PyErr_SetString(PyExc_TypeError, "origin_of takes a str");
        return NULL;
    }
    return normalized(text, 1);
}

static PyObject *configure(PyObject *self, PyObject *args) {
    PyObject *table, *glue, *marker_chars;
    if (!PyArg_ParseTuple(args, "OOU:configure", &table, &glue, &marker_chars))
        return NULL;
    Py_XSETREF(fold_table, Py_NewRef(table));
    Py_XSETREF(is_glue, Py_NewRef(glue));
    Py_XSETREF(markers, Py_NewRef(marker_chars));
    for (size_t page = 0; page < PAGES; page++) {
        PyMem_Free(fold_pages[page]);
        PyMem_Free(class_pages[page]);
        fold_pages[page] = NULL;
        class_pages[page] = NULL;
    }
    many_count = pool_count = 0;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"configure", configure, METH_VARARGS,
     "configure(fold_table, is_glue, markers): what the folds and classes are learnt from, what a list marker is."},
    {"text_of", (PyCFunction)(void (*)(void))text_of, METH_FASTCALL,
     "text_of(text, unmarked): the normalised text of a text whose list markers are blanked (`unmarked`), or "
     "of a text without any (else None)."},
    {"origin_of", origin_of, METH_O,
     "origin_of(text): each normalised character's index in `text` as int64 bytes (without the end), "
     "or None when each character stays as it is."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_normalize_kernel", NULL, -1, methods};

PyMODINIT_FUNC PyInit__normalize_kernel(void) { return PyModule_Create(&module); }
