/* The characters two strings share, counted with their multiplicity (the sum over characters of
 * the smaller of the two counts), compiled: `ratio_bound.shared_characters` is the definition and
 * the fallback (tests/test_ratio_bound.py holds them equal). A bound of rapidfuzz's
 * `partial_ratio` reads it for a quote and each item of a stage: one pass over the item, no
 * Python object a character. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define STACK_SLOTS 256

/* An open-addressing table of the first string's characters: `left[i]` how many of `key[i]` are
 * not yet matched, -1 for an empty slot. */
static inline size_t slot_of(Py_UCS4 c, size_t mask) { return ((uint32_t)c * 2654435761u >> 7) & mask; }

static PyObject *shared_characters(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2 || !PyUnicode_Check(args[0]) || !PyUnicode_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "shared_characters(str, str)");
        return NULL;
    }
    PyObject *first = args[0], *second = args[1];
    Py_ssize_t n = PyUnicode_GET_LENGTH(first), m = PyUnicode_GET_LENGTH(second);
    if (n == 0 || m == 0)
        return PyLong_FromSsize_t(0);
    size_t size = 16;
    while (size < 2 * (size_t)n)
        size <<= 1;
    Py_UCS4 stack_keys[STACK_SLOTS];
    Py_ssize_t stack_left[STACK_SLOTS];
    Py_UCS4 *key = stack_keys;
    Py_ssize_t *left = stack_left;
    if (size > STACK_SLOTS) {
        key = PyMem_Malloc(size * sizeof(Py_UCS4));
        left = PyMem_Malloc(size * sizeof(Py_ssize_t));
        if (key == NULL || left == NULL) {
            PyMem_Free(key);
            PyMem_Free(left);
            return PyErr_NoMemory();
        }
    }
    size_t mask = size - 1;
    for (size_t i = 0; i < size; i++)
        left[i] = -1;
    int kind = PyUnicode_KIND(first);
    const void *data = PyUnicode_DATA(first);
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        size_t at = slot_of(c, mask);
        while (left[at] >= 0 && key[at] != c)
            at = (at + 1) & mask;
        if (left[at] < 0) {
            key[at] = c;
            left[at] = 1;
        } else {
            left[at]++;
        }
    }
    Py_ssize_t shared = 0;
    kind = PyUnicode_KIND(second);
    data = PyUnicode_DATA(second);
    for (Py_ssize_t j = 0; j < m && shared < n; j++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, j);
        size_t at = slot_of(c, mask);
        while (left[at] >= 0 && key[at] != c)
            at = (at + 1) & mask;
        if (left[at] > 0) {
            left[at]--;
            shared++;
        }
    }
    if (key != stack_keys) {
        PyMem_Free(key);
        PyMem_Free(left);
    }
    return PyLong_FromSsize_t(shared);
}

static PyMethodDef methods[] = {
    {"shared_characters", (PyCFunction)(void (*)(void))shared_characters, METH_FASTCALL,
     "shared_characters(s1, s2): the characters the two strings share, with multiplicity."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_ratio_kernel", NULL, -1, methods};

PyMODINIT_FUNC PyInit__ratio_kernel(void) { return PyModule_Create(&module); }
