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

/* A text's tokens, and a claim's: six columns of C ints (`codes`), then what the DP reads,
 * worked out from them once a call. */
#define COLUMNS 6
typedef struct {
    Py_ssize_t size;
    const int32_t *key, *stem, *category, *weight, *critical;
    const int32_t *antonymous; /* the key has an antonym (`align.ANTONYMS`): 1, else 0 */
    int32_t *insert, *word;  /* a text: the cost of adding each token, of putting it for a content word */
    int32_t *role, *delete;  /* a claim: STOP, CONTENT or CRITICAL; the cost of leaving each out */
} Tokens;

enum { STOP = 0, CONTENT = 1, CRITICAL = 2 };
enum { DIAGONAL = 0, DOWN = 1, LEFT = 2 };

/* Set once by `configure`: the Python objects the alignments are made of, and the costs. */
static PyObject *pair_type, *alignment_type, *pair_kind, *antonym_keys;
static PyObject *kind_match, *kind_flip, *kind_conflict, *kind_substitute, *kind_delete, *kind_insert;
static int32_t substitute_cost, conflict_cost, delete_cost, insert_cost, delete_critical_cost;

static inline int same_key(const Tokens *claim, Py_ssize_t i, const Tokens *text, Py_ssize_t j) {
    int32_t key = claim->key[i];
    return text->key[j] == key || text->stem[j] == key || text->key[j] == claim->stem[i];
}

/* The cost of the diagonal step: claim token i put for text token j (`_align_small`'s costs). */
static inline int32_t substitution(const Tokens *claim, Py_ssize_t i, const Tokens *text, Py_ssize_t j) {
    if (same_key(claim, i, text, j))
        return 0;
    switch (claim->role[i]) {
    case STOP:
        return text->insert[j] + 1;
    case CRITICAL:
        return text->category[j] == claim->category[i] ? conflict_cost : delete_critical_cost + text->insert[j];
    default:
        return text->word[j];
    }
}

/* The least cost of aligning the claim's first i tokens with a stretch of the text ending at
 * token j, in table[i * (m + 1) + j]. */
static void fill(const Tokens *claim, const Tokens *text, int32_t *table) {
    Py_ssize_t n = claim->size, m = text->size, width = m + 1;
    memset(table, 0, sizeof(int32_t) * width);
    for (Py_ssize_t i = 1; i <= n; i++) {
        const int32_t *above = table + (i - 1) * width;
        int32_t *row = table + i * width;
        int32_t delete = claim->delete[i - 1];
        int32_t left = above[0] + delete;
        row[0] = left;
        for (Py_ssize_t j = 1; j <= m; j++) {
            int32_t best = above[j - 1] + substitution(claim, i - 1, text, j - 1);
            int32_t up = above[j] + delete;
            if (up < best)
                best = up;
            left += text->insert[j - 1];
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
#if PY_VERSION_HEX >= 0x030E0000
    ((PyTupleObject *)pair)->ob_hash = -1; /* 3.14 caches a tuple's hash: -1 is "not yet" */
#endif
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

/* The kind of a diagonal step: as align._pair_kind, which decides when both keys have
 * antonyms (a conflict if they are each other's). */
static PyObject *kind_of(const Tokens *claim, Py_ssize_t i, const Tokens *text, Py_ssize_t j,
                         PyObject *claim_tokens, PyObject *text_tokens) {
    if (text->key[j] == claim->key[i])
        return Py_NewRef(kind_match);
    if (text->stem[j] == claim->key[i] || claim->stem[i] == text->key[j])
        return Py_NewRef(kind_flip);
    if (claim->role[i] == CRITICAL && claim->category[i] == text->category[j])
        return Py_NewRef(kind_conflict);
    if (!claim->antonymous[i] || !text->antonymous[j])
        return Py_NewRef(kind_substitute);
    PyObject *said = PySequence_GetItem(claim_tokens, i);
    PyObject *found = said ? PySequence_GetItem(text_tokens, j) : NULL;
    PyObject *kind = found ? PyObject_CallFunctionObjArgs(pair_kind, said, found, NULL) : NULL;
    Py_XDECREF(said);
    Py_XDECREF(found);
    return kind;
}

/* One step back from cell (i, j): the diagonal when it gave the cell's cost, else down (a
 * claim token left out), else left (a text token added). */
static inline int step_into(const Tokens *claim, const Tokens *text, const int32_t *table, Py_ssize_t i,
                            Py_ssize_t j) {
    Py_ssize_t width = text->size + 1;
    int32_t here = table[i * width + j];
    const int32_t *above = table + (i - 1) * width;
    if (j > 0 && here == above[j - 1] + substitution(claim, i - 1, text, j - 1))
        return DIAGONAL;
    return here == above[j] + claim->delete[i - 1] ? DOWN : LEFT;
}

/* The pairs from cell (n, end) back to row 0, in order; first and last: the text tokens the
 * claim spans (-1: none). */
static PyObject *walk(const Tokens *claim, const Tokens *text, const int32_t *table, Py_ssize_t end,
                      PyObject *claim_tokens, PyObject *text_tokens, Py_ssize_t *first, Py_ssize_t *last,
                      Py_ssize_t *path) {
    Py_ssize_t count = 0, i = claim->size, j = end;
    *first = *last = -1;
    while (i > 0) { /* path: the steps, last first: (claim token or -1, text token or -1) */
        int move = step_into(claim, text, table, i, j);
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
            kind = kind_of(claim, ci, text, tj, claim_tokens, text_tokens);
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

static PyObject *one_alignment(const Tokens *claim, const Tokens *text, int32_t *table, Py_ssize_t *path,
                               PyObject *claim_tokens, PyObject *text_tokens) {
    fill(claim, text, table);
    Py_ssize_t m = text->size, end = 0;
    const int32_t *last_row = table + claim->size * (m + 1);
    for (Py_ssize_t j = 1; j <= m; j++)
        if (last_row[j] < last_row[end])
            end = j;
    Py_ssize_t first, last;
    PyObject *pairs = walk(claim, text, table, end, claim_tokens, text_tokens, &first, &last, path);
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

/* The columns of `codes` (bytes: COLUMNS * size C ints) into `tokens`. */
static int read_codes(PyObject *codes, Tokens *tokens) {
    if (!PyBytes_Check(codes) || PyBytes_GET_SIZE(codes) % (COLUMNS * sizeof(int32_t))) {
        PyErr_SetString(PyExc_TypeError, "codes: bytes of six columns of C ints");
        return -1;
    }
    const int32_t *data = (const int32_t *)PyBytes_AS_STRING(codes);
    Py_ssize_t size = PyBytes_GET_SIZE(codes) / (COLUMNS * sizeof(int32_t));
    tokens->size = size;
    tokens->key = data, tokens->stem = data + size, tokens->category = data + 2 * size;
    tokens->weight = data + 3 * size, tokens->critical = data + 4 * size, tokens->antonymous = data + 5 * size;
    return 0;
}

/* A text's costs (`_text_lists`) into scratch[0 : 2 * size]. */
static void text_costs(Tokens *text, int32_t *scratch) {
    text->insert = scratch, text->word = scratch + text->size;
    for (Py_ssize_t j = 0; j < text->size; j++) {
        int32_t weight = text->weight[j];
        text->insert[j] = weight ? insert_cost : 0;
        text->word[j] = weight == 1 && !text->critical[j] ? substitute_cost : delete_cost + text->insert[j];
    }
}

/* A claim's roles and delete costs (`_align_small`'s three cases) into scratch[0 : 2 * size]. */
static void claim_costs(Tokens *claim, int32_t *scratch) {
    claim->role = scratch, claim->delete = scratch + claim->size;
    for (Py_ssize_t i = 0; i < claim->size; i++) {
        if (!claim->weight[i])
            claim->role[i] = STOP, claim->delete[i] = 1; /* a tie goes to the match */
        else if (claim->critical[i])
            claim->role[i] = CRITICAL, claim->delete[i] = delete_critical_cost;
        else
            claim->role[i] = CONTENT, claim->delete[i] = delete_cost;
    }
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
    Tokens claim;
    Py_ssize_t texts = PyList_GET_SIZE(args[2]), most = 0;
    if (read_codes(args[0], &claim) < 0)
        return NULL;
    for (Py_ssize_t k = 0; k < texts; k++) {
        PyObject *item = PyList_GET_ITEM(args[2], k);
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 2 || !PyBytes_Check(PyTuple_GET_ITEM(item, 0))) {
            PyErr_SetString(PyExc_TypeError, "texts: (codes, tokens) pairs");
            return NULL;
        }
        Py_ssize_t m = PyBytes_GET_SIZE(PyTuple_GET_ITEM(item, 0)) / (Py_ssize_t)(COLUMNS * sizeof(int32_t));
        if (m > most)
            most = m;
    }
    Py_ssize_t n = claim.size;
    int32_t *table = PyMem_Malloc(sizeof(int32_t) * ((n + 1) * (most + 1) + 2 * n + 2 * most));
    Py_ssize_t *path = PyMem_Malloc(sizeof(Py_ssize_t) * 2 * (n + most + 1));
    PyObject *alignments = PyList_New(texts);
    if (table == NULL || path == NULL || alignments == NULL) {
        PyMem_Free(table);
        PyMem_Free(path);
        Py_XDECREF(alignments);
        return PyErr_NoMemory();
    }
    int32_t *scratch = table + (n + 1) * (most + 1);
    claim_costs(&claim, scratch);
    for (Py_ssize_t k = 0; k < texts; k++) {
        PyObject *item = PyList_GET_ITEM(args[2], k);
        Tokens text;
        PyObject *alignment = NULL;
        if (read_codes(PyTuple_GET_ITEM(item, 0), &text) == 0) {
            text_costs(&text, scratch + 2 * n);
            alignment = one_alignment(&claim, &text, table, path, args[1], PyTuple_GET_ITEM(item, 1));
        }
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

/* The id of `key` in `ids` (a `KeyIds`): a new key gets the next one, len(ids), as
 * `KeyIds.__missing__` gives it. -1 on an error. */
static long key_id(PyObject *ids, PyObject *key) {
    PyObject *found = PyDict_GetItemWithError(ids, key);
    if (found != NULL)
        return PyLong_AsLong(found);
    if (PyErr_Occurred())
        return -1;
    PyObject *value = PyLong_FromSsize_t(PyDict_GET_SIZE(ids));
    if (value == NULL || PyDict_SetItem(ids, key, value) < 0) {
        Py_XDECREF(value);
        return -1;
    }
    long id = PyLong_AsLong(value);
    Py_DECREF(value);
    return id;
}

enum { BY_ID, AS_INT, IN_SET }; /* how an attribute becomes a code */

static long code_of(PyObject *value, int how, PyObject *ids) {
    if (how == BY_ID)
        return key_id(ids, value);
    if (how == IN_SET)
        return PySet_Contains(antonym_keys, value);
    return PyLong_AsLong(value);
}

/* One int column of the codes: an attribute of each token, made a code `how`. */
static int code_column(PyObject *tokens, PyObject *name, int how, PyObject *ids, int32_t *column) {
    Py_ssize_t size = PySequence_Fast_GET_SIZE(tokens);
    PyObject **items = PySequence_Fast_ITEMS(tokens);
    for (Py_ssize_t j = 0; j < size; j++) {
        PyObject *value = PyObject_GetAttr(items[j], name);
        if (value == NULL)
            return -1;
        long code = code_of(value, how, ids);
        Py_DECREF(value);
        if (code == -1 && PyErr_Occurred())
            return -1;
        column[j] = (int32_t)code;
    }
    return 0;
}

static PyObject *column_names[COLUMNS]; /* key, stem, category, weight, critical, key */
static const int column_hows[COLUMNS] = {BY_ID, BY_ID, BY_ID, AS_INT, AS_INT, IN_SET};

/* codes(tokens, ids): the tokens as `align` reads them, six columns of C ints: key ids, stem ids,
 * category ids (`ids`, a `KeyIds`: a new key gets the next id), weights, critical (0 or 1), and
 * whether the key has an antonym (0 or 1). */
static PyObject *codes(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2 || !PyDict_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "codes(tokens, ids: dict)");
        return NULL;
    }
    if (antonym_keys == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "configure() first");
        return NULL;
    }
    PyObject *tokens = PySequence_Fast(args[0], "tokens: a sequence");
    if (tokens == NULL)
        return NULL;
    Py_ssize_t size = PySequence_Fast_GET_SIZE(tokens);
    PyObject *result = PyBytes_FromStringAndSize(NULL, COLUMNS * size * sizeof(int32_t));
    if (result != NULL) {
        int32_t *column = (int32_t *)PyBytes_AS_STRING(result);
        for (int k = 0; k < COLUMNS; k++)
            if (code_column(tokens, column_names[k], column_hows[k], args[1], column + k * size) < 0) {
                Py_CLEAR(result);
                break;
            }
    }
    Py_DECREF(tokens);
    return result;
}

/* configure(Pair, Alignment, pair_kind, antonym_keys, (match, flip, conflict, substitute, delete,
 * insert), (SUBSTITUTE, CONFLICT, DELETE, INSERT, DELETE_CRITICAL)) */
static PyObject *configure(PyObject *module, PyObject *args) {
    PyObject *pair, *alignment_class, *kind_function, *antonyms;
    PyObject *match, *flip, *conflict, *substitute, *delete, *insert;
    int substitute_value, conflict_value, delete_value, insert_value, delete_critical_value;
    if (!PyArg_ParseTuple(args, "O!OOO!(UUUUUU)(iiiii)", &PyType_Type, &pair, &alignment_class, &kind_function,
                          &PyFrozenSet_Type, &antonyms, &match, &flip, &conflict, &substitute, &delete, &insert,
                          &substitute_value, &conflict_value, &delete_value, &insert_value,
                          &delete_critical_value))
        return NULL;
    if (!PyType_IsSubtype((PyTypeObject *)pair, &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError, "Pair must be a tuple type");
        return NULL;
    }
    Py_XSETREF(pair_type, Py_NewRef(pair));
    Py_XSETREF(alignment_type, Py_NewRef(alignment_class));
    Py_XSETREF(pair_kind, Py_NewRef(kind_function));
    Py_XSETREF(antonym_keys, Py_NewRef(antonyms));
    Py_XSETREF(kind_substitute, Py_NewRef(substitute));
    Py_XSETREF(kind_match, Py_NewRef(match));
    Py_XSETREF(kind_flip, Py_NewRef(flip));
    Py_XSETREF(kind_conflict, Py_NewRef(conflict));
    Py_XSETREF(kind_delete, Py_NewRef(delete));
    Py_XSETREF(kind_insert, Py_NewRef(insert));
    substitute_cost = substitute_value, conflict_cost = conflict_value, delete_cost = delete_value;
    insert_cost = insert_value, delete_critical_cost = delete_critical_value;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"align", (PyCFunction)(void (*)(void))align, METH_FASTCALL,
     "align(claim_codes, claim, texts): the claim's Alignment with each (codes, tokens) text."},
    {"codes", (PyCFunction)(void (*)(void))codes, METH_FASTCALL,
     "codes(tokens, ids): the tokens as align() reads them, six columns of C ints."},
    {"configure", configure, METH_VARARGS, "The Pair and Alignment types, the keys with antonyms, the pair kinds and the costs."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_align_kernel", NULL, -1, methods};

PyMODINIT_FUNC PyInit__align_kernel(void) {
    const char *names[COLUMNS] = {"key", "stem", "category", "weight", "critical", "key"};
    for (int k = 0; k < COLUMNS; k++)
        if ((column_names[k] = PyUnicode_InternFromString(names[k])) == NULL)
            return NULL;
    return PyModule_Create(&module);
}
