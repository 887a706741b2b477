/* The alignment DP of `align.py` compiled: the same cells, the same trace back (ties broken the
 * same way), the same `Alignment`s. `align.py` packs the tokens as ints (`TextArrays.codes`,
 * `_claim_codes`); this file fills each text's table, walks back from its first least cell of
 * the last row and builds the `Pair`s and the `Alignment` directly, no Python call a cell or a
 * step. `align.py`'s plain-Python/NumPy path is the definition and the fallback
 * (tests/test_align_kernel.py holds them equal). */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

typedef struct {
    int32_t key, stem, category, role, delete; /* role: STOP, CONTENT or CRITICAL */
} ClaimCode;

typedef struct {
    int32_t key, stem, category, insert, word; /* word: the cost of putting it for a content word */
} TextCode;

enum { STOP = 0, CONTENT = 1, CRITICAL = 2 };
enum { DIAGONAL = 0, DOWN = 1, LEFT = 2 };

/* Set once by `configure`: the Python objects the alignments are made of, and two costs. */
static PyObject *pair_type, *alignment_type, *pair_kind;
static PyObject *kind_match, *kind_flip, *kind_conflict, *kind_delete, *kind_insert;
static int32_t conflict_cost, delete_critical_cost;

static inline int same_key(const ClaimCode *c, const TextCode *t) {
    return t->key == c->key || t->stem == c->key || t->key == c->stem;
}

/* The cost of the diagonal step: the claim token put for the text token. */
static inline int32_t substitution(const ClaimCode *c, const TextCode *t) {
    if (same_key(c, t))
        return 0;
    if (c->role == STOP)
        return t->insert + 1;
    if (c->role == CRITICAL)
        return t->category == c->category ? conflict_cost : delete_critical_cost + t->insert;
    return t->word;
}

/* The least cost of aligning the claim's first i tokens with a stretch of the text ending at
 * token j, in table[i * (m + 1) + j]. */
static void fill(const ClaimCode *claim, Py_ssize_t n, const TextCode *text, Py_ssize_t m, int32_t *table) {
    Py_ssize_t width = m + 1;
    memset(table, 0, sizeof(int32_t) * width);
    for (Py_ssize_t i = 1; i <= n; i++) {
        const ClaimCode *said = &claim[i - 1];
        const int32_t *above = table + (i - 1) * width;
        int32_t *row = table + i * width;
        int32_t left = above[0] + said->delete;
        row[0] = left;
        for (Py_ssize_t j = 1; j <= m; j++) {
            int32_t best = above[j - 1] + substitution(said, &text[j - 1]);
            int32_t up = above[j] + said->delete;
            if (up < best)
                best = up;
            left += text[j - 1].insert;
            if (left < best)
                best = left;
            row[j] = best;
            left = best;
        }
    }
}

static PyObject *new_pair(PyObject *claim_index, PyObject *text_index, PyObject *kind) {
    PyTypeObject *type = (PyTypeObject *)pair_type;
    PyObject *pair = type->tp_alloc(type, 3); /* as tuple.__new__(Pair, ...) makes it */
    if (pair == NULL)
        return NULL;
    Py_INCREF(kind);
    PyTuple_SET_ITEM(pair, 0, claim_index);
    PyTuple_SET_ITEM(pair, 1, text_index);
    PyTuple_SET_ITEM(pair, 2, kind);
    return pair;
}

static PyObject *index_or_none(Py_ssize_t index) {
    if (index < 0)
        Py_RETURN_NONE;
    return PyLong_FromSsize_t(index);
}

/* The kind of a diagonal step: as align._pair_kind, which decides the rare case (antonyms). */
static PyObject *kind_of(const ClaimCode *c, const TextCode *t, PyObject *claim, PyObject *text,
                         Py_ssize_t i, Py_ssize_t j) {
    if (t->key == c->key)
        return Py_NewRef(kind_match);
    if (t->stem == c->key || c->stem == t->key)
        return Py_NewRef(kind_flip);
    if (c->role == CRITICAL && c->category == t->category)
        return Py_NewRef(kind_conflict);
    PyObject *said = PySequence_GetItem(claim, i);
    PyObject *found = said ? PySequence_GetItem(text, j) : NULL;
    PyObject *kind = found ? PyObject_CallFunctionObjArgs(pair_kind, said, found, NULL) : NULL;
    Py_XDECREF(said);
    Py_XDECREF(found);
    return kind;
}

/* One step back from cell (i, j): the diagonal when it gave the cell's cost, else down (a
 * claim token left out), else left (a text token added). */
static inline int step_into(const ClaimCode *claim, const TextCode *text, const int32_t *table,
                            Py_ssize_t width, Py_ssize_t i, Py_ssize_t j) {
    int32_t here = table[i * width + j];
    const int32_t *above = table + (i - 1) * width;
    if (j > 0 && here == above[j - 1] + substitution(&claim[i - 1], &text[j - 1]))
        return DIAGONAL;
    return here == above[j] + claim[i - 1].delete ? DOWN : LEFT;
}

/* The pairs from cell (n, end) back to row 0, in order; first and last: the text tokens the
 * claim spans (-1: none). */
static PyObject *walk(const ClaimCode *claim, Py_ssize_t n, const TextCode *text, Py_ssize_t m,
                      const int32_t *table, Py_ssize_t end, PyObject *claim_tokens, PyObject *text_tokens,
                      Py_ssize_t *first, Py_ssize_t *last, Py_ssize_t *path) {
    Py_ssize_t width = m + 1, count = 0, i = n, j = end;
    *first = *last = -1;
    while (i > 0) { /* path: the steps, last first: (claim token or -1, text token or -1) */
        int move = step_into(claim, text, table, width, i, j);
        if (move == DIAGONAL) {
            i--, j--;
            path[2 * count] = i, path[2 * count + 1] = j;
            if (*last < 0)
                *last = j;
            *first = j;
        } else if (move == DOWN) {
            i--;
            path[2 * count] = i, path[2 * count + 1] = -1;
        } else {
            j--;
            path[2 * count] = -1, path[2 * count + 1] = j;
        }
        count++;
    }
    PyObject *pairs = PyTuple_New(count);
    if (pairs == NULL)
        return NULL;
    for (Py_ssize_t k = 0; k < count; k++) {
        Py_ssize_t ci = path[2 * (count - 1 - k)], tj = path[2 * (count - 1 - k) + 1];
        PyObject *kind;
        if (ci < 0)
            kind = Py_NewRef(kind_insert);
        else if (tj < 0)
            kind = Py_NewRef(kind_delete);
        else
            kind = kind_of(&claim[ci], &text[tj], claim_tokens, text_tokens, ci, tj);
        PyObject *claim_index = kind ? index_or_none(ci) : NULL;
        PyObject *text_index = claim_index ? index_or_none(tj) : NULL;
        PyObject *pair = text_index ? new_pair(claim_index, text_index, kind) : NULL;
        Py_XDECREF(kind);
        if (pair == NULL) {
            Py_XDECREF(claim_index);
            Py_XDECREF(text_index);
            Py_DECREF(pairs);
            return NULL;
        }
        PyTuple_SET_ITEM(pairs, k, pair);
    }
    return pairs;
}

static PyObject *one_alignment(const ClaimCode *claim, Py_ssize_t n, const TextCode *text, Py_ssize_t m,
                               int32_t *table, Py_ssize_t *path, PyObject *claim_tokens,
                               PyObject *text_tokens) {
    fill(claim, n, text, m, table);
    const int32_t *last_row = table + n * (m + 1);
    Py_ssize_t end = 0;
    for (Py_ssize_t j = 1; j <= m; j++)
        if (last_row[j] < last_row[end])
            end = j;
    Py_ssize_t first, last;
    PyObject *pairs = walk(claim, n, text, m, table, end, claim_tokens, text_tokens, &first, &last, path);
    if (pairs == NULL)
        return NULL;
    PyObject *args[4] = {pairs, index_or_none(first), index_or_none(last), PyLong_FromLong(last_row[end])};
    PyObject *alignment = NULL;
    if (args[1] && args[2] && args[3])
        alignment = PyObject_Vectorcall(alignment_type, args, 4, NULL);
    for (int k = 0; k < 4; k++)
        Py_XDECREF(args[k]);
    return alignment;
}

static int read_codes(PyObject *codes, Py_ssize_t size, const char **data, Py_ssize_t *count) {
    if (!PyBytes_Check(codes)) {
        PyErr_SetString(PyExc_TypeError, "codes must be bytes");
        return -1;
    }
    Py_ssize_t length = PyBytes_GET_SIZE(codes);
    if (length % size) {
        PyErr_SetString(PyExc_ValueError, "codes of a wrong length");
        return -1;
    }
    *data = PyBytes_AS_STRING(codes);
    *count = length / size;
    return 0;
}

/* align(claim_codes, claim, texts): texts a list of (codes, tokens), none empty; the claim not
 * empty. */
static PyObject *align(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3 || !PyList_Check(args[2])) {
        PyErr_SetString(PyExc_TypeError, "align(claim_codes, claim, texts: list)");
        return NULL;
    }
    if (pair_type == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "configure() first");
        return NULL;
    }
    const char *claim_data;
    Py_ssize_t n, texts = PyList_GET_SIZE(args[2]), most = 0;
    if (read_codes(args[0], sizeof(ClaimCode), &claim_data, &n) < 0)
        return NULL;
    for (Py_ssize_t k = 0; k < texts; k++) {
        PyObject *item = PyList_GET_ITEM(args[2], k);
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 2 || !PyBytes_Check(PyTuple_GET_ITEM(item, 0))) {
            PyErr_SetString(PyExc_TypeError, "texts: (codes, tokens) pairs");
            return NULL;
        }
        Py_ssize_t m = PyBytes_GET_SIZE(PyTuple_GET_ITEM(item, 0)) / (Py_ssize_t)sizeof(TextCode);
        if (m > most)
            most = m;
    }
    int32_t *table = PyMem_Malloc(sizeof(int32_t) * (n + 1) * (most + 1));
    Py_ssize_t *path = PyMem_Malloc(sizeof(Py_ssize_t) * 2 * (n + most + 1));
    PyObject *alignments = PyList_New(texts);
    if (table == NULL || path == NULL || alignments == NULL) {
        PyMem_Free(table);
        PyMem_Free(path);
        Py_XDECREF(alignments);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t k = 0; k < texts; k++) {
        PyObject *item = PyList_GET_ITEM(args[2], k);
        const char *text_data;
        Py_ssize_t m;
        PyObject *alignment = NULL;
        if (read_codes(PyTuple_GET_ITEM(item, 0), sizeof(TextCode), &text_data, &m) == 0)
            alignment = one_alignment((const ClaimCode *)claim_data, n, (const TextCode *)text_data, m,
                                      table, path, args[1], PyTuple_GET_ITEM(item, 1));
        if (alignment == NULL) {
            Py_CLEAR(alignments);
            break;
        }
        PyList_SET_ITEM(alignments, k, alignment);
    }
    PyMem_Free(table);
    PyMem_Free(path);
    return alignments;
}

/* configure(Pair, Alignment, pair_kind, (match, flip, conflict, delete, insert), CONFLICT,
 * DELETE_CRITICAL) */
static PyObject *configure(PyObject *module, PyObject *args) {
    PyObject *pair, *alignment_class, *kind_function;
    PyObject *match, *flip, *conflict, *delete, *insert;
    int conflict_value, delete_critical_value;
    if (!PyArg_ParseTuple(args, "O!OO(UUUUU)ii", &PyType_Type, &pair, &alignment_class, &kind_function, &match,
                          &flip, &conflict, &delete, &insert, &conflict_value, &delete_critical_value))
        return NULL;
    if (!PyType_IsSubtype((PyTypeObject *)pair, &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError, "Pair must be a tuple type");
        return NULL;
    }
    Py_XSETREF(pair_type, Py_NewRef(pair));
    Py_XSETREF(alignment_type, Py_NewRef(alignment_class));
    Py_XSETREF(pair_kind, Py_NewRef(kind_function));
    Py_XSETREF(kind_match, Py_NewRef(match));
    Py_XSETREF(kind_flip, Py_NewRef(flip));
    Py_XSETREF(kind_conflict, Py_NewRef(conflict));
    Py_XSETREF(kind_delete, Py_NewRef(delete));
    Py_XSETREF(kind_insert, Py_NewRef(insert));
    conflict_cost = conflict_value;
    delete_critical_cost = delete_critical_value;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"align", (PyCFunction)(void (*)(void))align, METH_FASTCALL,
     "align(claim_codes, claim, texts): the claim's Alignment with each (codes, tokens) text."},
    {"configure", configure, METH_VARARGS, "The Pair and Alignment types, the pair kinds and two costs."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_align_kernel", NULL, -1, methods};

PyMODINIT_FUNC PyInit__align_kernel(void) { return PyModule_Create(&module); }
