/* jieba's cut compiled: the loops of `segment.py` that run a step per character (the best
 * route through the dictionary DAG, the words along it, finalseg's and posseg's Viterbi), with
 * the same floats summed in the same order and the same ties. `segment.py`'s Python functions
 * are the definition and the fallback (tests/test_segment_kernel.py holds them equal). */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

/* The count of `block[start:end]` in jieba's FREQ, borrowed; NULL with no error: no such key
 * (or None, which `FREQ.get` gives alike). */
static PyObject *count_of(PyObject *block, Py_ssize_t start, Py_ssize_t end, PyObject *freq) {
    PyObject *piece = PyUnicode_Substring(block, start, end);
    if (piece == NULL)
        return NULL;
    PyObject *count = PyDict_GetItemWithError(freq, piece);
    Py_DECREF(piece);
    return count == Py_None ? NULL : count;
}

/* `weights[count]` as a double (the table computes a weight it does not hold yet). */
static int weight_of(PyObject *weights, PyObject *count, double *weight) {
    PyObject *value = PyDict_GetItemWithError(weights, count);
    if (value != NULL) {
        *weight = PyFloat_AsDouble(value);
        return *weight == -1.0 && PyErr_Occurred() ? -1 : 0;
    }
    if (PyErr_Occurred() || (value = PyObject_GetItem(weights, count)) == NULL)
        return -1;
    *weight = PyFloat_AsDouble(value);
    Py_DECREF(value);
    return *weight == -1.0 && PyErr_Occurred() ? -1 : 0;
}

/* FREQ's keys with their weights, read without making a string or probing the dict (whose
 * probes miss the cache): one slot per character for single characters below U+10000, an
 * open-addressed table of the characters packed 16 bits each for the other keys of up to four
 * such characters (99.5% of a real route's look-ups), and another of the code points of the
 * rest. `freq_table` makes it as one bytes object, which holds every key of the dict. */
#define ABSENT 0xFFFFFFFFu /* no such key */
#define PREFIX 0xFFFFFFFEu /* count 0: a prefix of a word, not a word */
#define SHORT_KEY 4
#define SINGLES 65536

typedef struct {
    uint64_t key;
    uint32_t length; /* 0: an empty slot */
    uint32_t value;  /* the weight's index, PREFIX */
} Slot;

typedef struct {
    uint32_t start;  /* of the key's code points in the table's characters */
    uint32_t length; /* 0: an empty slot */
    uint32_t value;
    uint32_t hash;
} LongSlot;

typedef struct {
    uint32_t bits, weights, long_bits, characters;
} TableHead;

typedef struct {
    const uint32_t *singles; /* [character]: the weight's index, PREFIX or ABSENT */
    const double *weights;
    const Slot *slots;
    const LongSlot *long_slots;
    const uint32_t *characters;
    uint64_t mask, long_mask;
    int bits, long_bits;
    uint32_t size; /* of characters */
} Table;

static inline uint64_t slot_of(uint64_t key, int bits) { return (key * 0x9E3779B97F4A7C15ull) >> (64 - bits); }

static Py_ssize_t table_size(const TableHead *head) {
    return sizeof(TableHead) + sizeof(uint32_t) * SINGLES + sizeof(double) * head->weights +
           sizeof(Slot) * ((Py_ssize_t)1 << head->bits) + sizeof(LongSlot) * ((Py_ssize_t)1 << head->long_bits) +
           sizeof(uint32_t) * (Py_ssize_t)head->characters;
}

static int read_table(PyObject *object, Table *table) {
    const TableHead *head = (const TableHead *)PyBytes_AS_STRING(object);
    if (PyBytes_GET_SIZE(object) < (Py_ssize_t)sizeof(TableHead) || (uintptr_t)head % 8 || head->bits < 1 ||
        head->bits > 40 || head->long_bits < 1 || head->long_bits > 40 ||
        PyBytes_GET_SIZE(object) != table_size(head)) {
        PyErr_SetString(PyExc_ValueError, "not a table freq_table made");
        return -1;
    }
    table->singles = (const uint32_t *)(head + 1);
    table->weights = (const double *)(table->singles + SINGLES);
    table->slots = (const Slot *)(table->weights + head->weights);
    table->long_slots = (const LongSlot *)(table->slots + ((size_t)1 << head->bits));
    table->characters = (const uint32_t *)(table->long_slots + ((size_t)1 << head->long_bits));
    table->bits = head->bits;
    table->mask = ((uint64_t)1 << head->bits) - 1;
    table->long_bits = head->long_bits;
    table->long_mask = ((uint64_t)1 << head->long_bits) - 1;
    table->size = head->characters;
    return 0;
}

/* The key of `text[start:start + length]` (length 1 to SHORT_KEY); 0: a character at or
 * above U+10000, which the short keys do not hold. */
static inline int pack(int kind, const void *data, Py_ssize_t start, Py_ssize_t length, uint64_t *key) {
    uint64_t packed = 0;
    for (Py_ssize_t k = 0; k < length; k++) {
        Py_UCS4 character = PyUnicode_READ(kind, data, start + k);
        if (character > 0xFFFF)
            return 0;
        packed |= (uint64_t)character << (16 * k);
    }
    *key = packed;
    return 1;
}

/* The table's value for a key of 2 to SHORT_KEY characters (ABSENT: none). */
static inline uint32_t find_slot(const Table *table, uint64_t key, uint32_t length) {
    for (uint64_t at = slot_of(key, table->bits);; at = (at + 1) & table->mask) {
        const Slot *slot = &table->slots[at];
        if (slot->length == 0)
            return ABSENT;
        if (slot->key == key && slot->length == length)
            return slot->value;
    }
}

/* FNV-1a over the code points of `text[start:start + length]`. */
static uint64_t long_hash(int kind, const void *data, Py_ssize_t start, Py_ssize_t length) {
    uint64_t hash = 0xCBF29CE484222325ull;
    for (Py_ssize_t k = 0; k < length; k++)
        hash = (hash ^ PyUnicode_READ(kind, data, start + k)) * 0x100000001B3ull;
    return hash;
}

/* The table's value for a key that is not a short one (ABSENT: none). */
static uint32_t find_long(const Table *table, int kind, const void *data, Py_ssize_t start, Py_ssize_t length) {
    uint64_t hash = long_hash(kind, data, start, length);
    for (uint64_t at = slot_of(hash, table->long_bits);; at = (at + 1) & table->long_mask) {
        const LongSlot *slot = &table->long_slots[at];
        if (slot->length == 0)
            return ABSENT;
        if (slot->hash != (uint32_t)hash || slot->length != length || slot->start > table->size - length)
            continue;
        Py_ssize_t k = 0;
        while (k < length && table->characters[slot->start + k] == PyUnicode_READ(kind, data, start + k))
            k++;
        if (k == length)
            return slot->value;
    }
}

/* The table's value for `text[start:end]` (ABSENT: none). */
static inline uint32_t table_value(const Table *table, int kind, const void *data, Py_ssize_t start, Py_ssize_t end) {
    uint64_t key;
    if (end - start <= SHORT_KEY && pack(kind, data, start, end - start, &key))
        return end - start == 1 ? table->singles[key] : find_slot(table, key, (uint32_t)(end - start));
    return find_long(table, kind, data, start, end - start);
}

/* What a route reads: FREQ, or the table made of it. */
typedef struct {
    PyObject *block, *freq, *weights;
    int kind;
    const void *data;
    const Table *table; /* NULL: FREQ is probed for every key */
} Route;

enum { NO_KEY = 0, A_PREFIX = 1, A_WORD = 2 };

/* `block[start:end]` in FREQ: NO_KEY, A_PREFIX (count 0) or A_WORD (its weight in *weight,
 * where `weight` is not NULL); -1: an error. */
static int look_up(const Route *route, Py_ssize_t start, Py_ssize_t end, double *weight) {
    if (route->table != NULL) {
        uint32_t value = table_value(route->table, route->kind, route->data, start, end);
        if (value == ABSENT)
            return NO_KEY;
        if (value == PREFIX)
            return A_PREFIX;
        if (weight != NULL)
            *weight = route->table->weights[value];
        return A_WORD;
    }
    PyObject *count = count_of(route->block, start, end, route->freq);
    if (count == NULL)
        return PyErr_Occurred() ? -1 : NO_KEY;
    int truth = PyObject_IsTrue(count);
    if (truth <= 0)
        return truth < 0 ? -1 : A_PREFIX;
    return weight == NULL || weight_of(route->weights, count, weight) == 0 ? A_WORD : -1;
}

/* A route over `block` reading `freq` (a dict, or a table `freq_table` made) or `table` where
 * it is not None; -1: not one of these. */
static int open_route(Route *route, Table *table, PyObject *block, PyObject *freq, PyObject *weights, PyObject *held) {
    *route = (Route){block, freq, weights, PyUnicode_KIND(block), PyUnicode_DATA(block), NULL};
    if (held == Py_None && PyBytes_Check(freq))
        held = freq;
    if (held == Py_None)
        return PyDict_Check(freq) ? 0 : (PyErr_SetString(PyExc_TypeError, "freq: a dict or a table"), -1);
    if (!PyBytes_Check(held) || read_table(held, table) < 0) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_TypeError, "table: bytes freq_table made");
        return -1;
    }
    route->table = table;
    return 0;
}

/* The best word starting at `start` (`_best_route`'s inner loop): sets values[start] and
 * ends[start]. */
static int best_from(const Route *route, Py_ssize_t start, Py_ssize_t size, double alone, double *values,
                     Py_ssize_t *ends) {
    double following = values[start + 1], best = -INFINITY, weight;
    Py_ssize_t chosen = start + 1;
    int found = 0, kind = look_up(route, start, start + 1, &weight);
    if (kind < 0)
        return -1;
    if (kind == NO_KEY) {
        values[start] = alone + following;
        ends[start] = chosen;
        return 0;
    }
    if (kind == A_WORD) {
        best = weight + following;
        found = 1;
    }
    for (Py_ssize_t end = start + 2; end <= size; end++) {
        if ((kind = look_up(route, start, end, &weight)) < 0)
            return -1;
        if (kind == NO_KEY)
            break;
        if (kind == A_PREFIX)
            continue;
        double value = weight + values[end];
        if (value >= best) {
            best = value;
            chosen = end;
            found = 1;
        }
    }
    values[start] = found ? best : alone + following;
    ends[start] = chosen;
    return 0;
}

/* best_route(block, freq, weights, table): `segment._best_route(block, freq.get, weights)`,
 * FREQ's keys read from `table` (`freq_table(freq, weights)`) unless it is None; `freq` may
 * be that table itself. */
static PyObject *best_route(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4 || !PyUnicode_Check(args[0]) || !PyDict_Check(args[2])) {
        PyErr_SetString(PyExc_TypeError, "best_route(block: str, freq: dict | bytes, weights: dict, table: bytes | None)");
        return NULL;
    }
    Table table;
    Route route;
    if (open_route(&route, &table, args[0], args[1], args[2], args[3]) < 0)
        return NULL;
    Py_ssize_t size = PyUnicode_GET_LENGTH(route.block);
    PyObject *one = PyLong_FromLong(1);
    double alone;
    int failed = one == NULL || weight_of(route.weights, one, &alone) < 0;
    Py_XDECREF(one);
    if (failed)
        return NULL;
    double *values = PyMem_Malloc(sizeof(double) * (size + 1));
    Py_ssize_t *ends = PyMem_Malloc(sizeof(Py_ssize_t) * (size + 1));
    PyObject *result = NULL;
    if (values == NULL || ends == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    values[size] = 0.0;
    for (Py_ssize_t start = size - 1; start >= 0; start--)
        if (best_from(&route, start, size, alone, values, ends) < 0)
            goto done;
    if ((result = PyList_New(size)) == NULL)
        goto done;
    for (Py_ssize_t start = 0; start < size; start++) {
        PyObject *end = PyLong_FromSsize_t(ends[start]);
        if (end == NULL) {
            Py_CLEAR(result);
            goto done;
        }
        PyList_SET_ITEM(result, start, end);
    }
done:
    PyMem_Free(values);
    PyMem_Free(ends);
    return result;
}

/* Weight indexes made so far: of small counts in an array, of others in a dict. */
#define SMALL_COUNTS 65536
typedef struct {
    PyObject *weights, *indexes;
    uint32_t *small; /* [count]: its weight's index, ABSENT: none yet */
    double *table;
    uint32_t made, limit;
} Weights;

/* A new weight index for `count`; ABSENT: an error or no room. */
static uint32_t new_weight(Weights *known, PyObject *count) {
    if (known->made >= known->limit || weight_of(known->weights, count, &known->table[known->made]) < 0)
        return ABSENT;
    return known->made++;
}

/* The weight index of `count` (new ones computed from `weights`), PREFIX for 0; ABSENT: an
 * error, or a count that is not an int (no table is made then). */
static uint32_t weight_index(Weights *known, PyObject *count) {
    if (!PyLong_CheckExact(count))
        return ABSENT;
    long small = PyLong_AsLong(count);
    if (small == 0)
        return PREFIX;
    if (small > 0 && small < SMALL_COUNTS) {
        if (known->small[small] == ABSENT)
            known->small[small] = new_weight(known, count);
        return known->small[small];
    }
    PyErr_Clear(); /* an int too large for a C long */
    PyObject *found = PyDict_GetItemWithError(known->indexes, count);
    if (found != NULL)
        return (uint32_t)PyLong_AsUnsignedLong(found);
    uint32_t made = PyErr_Occurred() ? ABSENT : new_weight(known, count);
    PyObject *index = made == ABSENT ? NULL : PyLong_FromUnsignedLong(made);
    int failed = index == NULL || PyDict_SetItem(known->indexes, count, index) < 0;
    Py_XDECREF(index);
    return failed ? ABSENT : made;
}

/* Whether `key` goes into the short keys (its packed characters in *packed) and how many code
 * points it adds to the long keys' characters otherwise; -1: not a str, never looked up. */
static Py_ssize_t long_length(PyObject *key, uint64_t *packed) {
    if (!PyUnicode_Check(key) || PyUnicode_GET_LENGTH(key) == 0)
        return -1;
    Py_ssize_t length = PyUnicode_GET_LENGTH(key);
    if (length <= SHORT_KEY && pack(PyUnicode_KIND(key), PyUnicode_DATA(key), 0, length, packed))
        return 0;
    return length;
}

/* Each key of FREQ into the table; -1: a count the table cannot hold, or an error. */
static int fill_table(PyObject *freq, Weights *known, TableHead *head) {
    uint32_t *singles = (uint32_t *)(head + 1);
    Slot *slots = (Slot *)(known->table + head->weights);
    LongSlot *long_slots = (LongSlot *)(slots + ((size_t)1 << head->bits));
    uint32_t *characters = (uint32_t *)(long_slots + ((size_t)1 << head->long_bits)), used = 0;
    uint64_t mask = ((uint64_t)1 << head->bits) - 1, long_mask = ((uint64_t)1 << head->long_bits) - 1;
    PyObject *key, *count;
    Py_ssize_t position = 0;
    memset(singles, 0xFF, sizeof(uint32_t) * SINGLES);
    memset(slots, 0, sizeof(Slot) * ((size_t)1 << head->bits));
    memset(long_slots, 0, sizeof(LongSlot) * ((size_t)1 << head->long_bits));
    while (PyDict_Next(freq, &position, &key, &count)) {
        uint64_t packed;
        Py_ssize_t length = long_length(key, &packed);
        if (length < 0)
            continue;
        uint32_t value = weight_index(known, count);
        if (value == ABSENT)
            return -1;
        Py_ssize_t short_length = PyUnicode_GET_LENGTH(key);
        if (length == 0 && short_length == 1) {
            singles[packed] = value;
        } else if (length == 0) {
            uint64_t at = slot_of(packed, head->bits);
            while (slots[at].length != 0)
                at = (at + 1) & mask;
            slots[at] = (Slot){packed, (uint32_t)short_length, value};
        } else {
            int kind = PyUnicode_KIND(key);
            const void *data = PyUnicode_DATA(key);
            uint64_t hash = long_hash(kind, data, 0, length);
            uint64_t at = slot_of(hash, head->long_bits);
            while (long_slots[at].length != 0)
                at = (at + 1) & long_mask;
            long_slots[at] = (LongSlot){used, (uint32_t)length, value, (uint32_t)hash};
            for (Py_ssize_t k = 0; k < length; k++)
                characters[used++] = PyUnicode_READ(kind, data, k);
        }
    }
    return 0;
}

/* The head of the table of `freq`: room for twice as many keys of each kind, plus one. */
static TableHead table_head(PyObject *freq, uint32_t limit) {
    TableHead head = {4, limit, 4, 0};
    Py_ssize_t long_keys = 0, characters = 0, position = 0;
    PyObject *key, *count;
    while (PyDict_Next(freq, &position, &key, &count)) {
        uint64_t packed;
        Py_ssize_t length = long_length(key, &packed);
        long_keys += length > 0;
        characters += length > 0 ? length : 0;
    }
    while (((Py_ssize_t)1 << head.bits) < 2 * PyDict_GET_SIZE(freq) + 2)
        head.bits++;
    while (((Py_ssize_t)1 << head.long_bits) < 2 * long_keys + 2)
        head.long_bits++;
    head.characters = characters < UINT32_MAX ? (uint32_t)characters : UINT32_MAX;
    return head;
}

/* freq_table(freq, weights): the table `best_route` reads FREQ's keys from; None where a count
 * is not a plain int or has no weight (FREQ is then probed for every key). */
static PyObject *freq_table(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2 || !PyDict_Check(args[0]) || !PyDict_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "freq_table(freq: dict, weights: dict)");
        return NULL;
    }
    uint32_t limit = 65536; /* distinct counts (jieba's dictionary: 5,088); more: no table */
    TableHead head = table_head(args[0], limit);
    PyObject *table = head.characters == UINT32_MAX ? NULL : PyBytes_FromStringAndSize(NULL, table_size(&head));
    Weights known = {args[1], PyDict_New(), PyMem_Malloc(sizeof(uint32_t) * SMALL_COUNTS), NULL, 0, limit};
    int made = 0;
    if (table != NULL && known.indexes != NULL && known.small != NULL && (uintptr_t)PyBytes_AS_STRING(table) % 8 == 0) {
        TableHead *written = (TableHead *)PyBytes_AS_STRING(table);
        known.table = (double *)((uint32_t *)(written + 1) + SINGLES);
        memset(known.small, 0xFF, sizeof(uint32_t) * SMALL_COUNTS);
        memset(known.table, 0, sizeof(double) * limit); /* the same bytes for the same dict */
        *written = head;
        made = fill_table(args[0], &known, written) == 0;
    }
    Py_XDECREF(known.indexes);
    PyMem_Free(known.small);
    if (made)
        return table;
    Py_XDECREF(table);
    if (PyErr_Occurred() && PyErr_ExceptionMatches(PyExc_MemoryError))
        return NULL;
    PyErr_Clear();
    Py_RETURN_NONE;
}

/* posseg's word tags as a route reads them: a dict (word -> flag), or a pair (table, flags):
 * a table `freq_table` made of each tagged word's count, its flag's number plus one (0 is a
 * prefix's), and the flags by number (`segment._tag_table`). */
typedef struct {
    PyObject *dict; /* NULL: the table */
    PyObject *flags;
    Table table;
    Route route;
} Tags;

/* `tags` over `block`, a dict or a (table, flags) pair; -1: neither. */
static int open_tags(Tags *tags, PyObject *block, PyObject *object) {
    tags->dict = PyDict_Check(object) ? object : NULL;
    if (tags->dict != NULL)
        return 0;
    if (!PyTuple_Check(object) || PyTuple_GET_SIZE(object) != 2 || !PyTuple_Check(PyTuple_GET_ITEM(object, 1))) {
        PyErr_SetString(PyExc_TypeError, "tags: a dict, or (table: bytes, flags: tuple)");
        return -1;
    }
    tags->flags = PyTuple_GET_ITEM(object, 1);
    return open_route(&tags->route, &tags->table, block, PyTuple_GET_ITEM(object, 0), Py_None, Py_None);
}

/* The flag of `block[start:end]` (`word`, that text), borrowed; NULL with no error: untagged. */
static PyObject *tag_of(const Tags *tags, PyObject *word, Py_ssize_t start, Py_ssize_t end) {
    if (tags->dict != NULL)
        return PyDict_GetItemWithError(tags->dict, word);
    double number;
    if (look_up(&tags->route, start, end, &number) != A_WORD)
        return NULL;
    if (!(number >= 0 && number < (double)PyTuple_GET_SIZE(tags->flags))) {
        PyErr_SetString(PyExc_ValueError, "tags: a flag number the flags do not hold");
        return NULL;
    }
    return PyTuple_GET_ITEM(tags->flags, (Py_ssize_t)number);
}

/* Appends `block[start:end]` to `words`, as (word, its tag or "x") where `tags` is not NULL. */
static int add_word(PyObject *words, PyObject *block, Py_ssize_t start, Py_ssize_t end, const Tags *tags,
                    PyObject *untagged) {
    PyObject *word = PyUnicode_Substring(block, start, end);
    if (word == NULL)
        return -1;
    PyObject *item = word;
    if (tags != NULL) {
        PyObject *tag = tag_of(tags, word, start, end);
        if (tag == NULL && PyErr_Occurred()) {
            Py_DECREF(word);
            return -1;
        }
        item = PyTuple_Pack(2, word, tag == NULL ? untagged : tag);
        Py_DECREF(word);
        if (item == NULL)
            return -1;
    }
    int failed = PyList_Append(words, item);
    Py_DECREF(item);
    return failed;
}

/* `_add_run`: a run of single characters onto `words`. */
static int add_run(const Route *route, Py_ssize_t start, Py_ssize_t end, PyObject *hmm_cut, const Tags *tags,
                   PyObject *untagged, PyObject *words) {
    PyObject *block = route->block;
    if (end - start == 1)
        return add_word(words, block, start, end, tags, untagged);
    int found = look_up(route, start, end, NULL);
    if (found < 0)
        return -1;
    if (found == A_WORD) {
        for (Py_ssize_t index = start; index < end; index++)
            if (add_word(words, block, index, index + 1, tags, untagged) < 0)
                return -1;
        return 0;
    }
    PyObject *run = PyUnicode_Substring(block, start, end);
    PyObject *cut = run == NULL ? NULL : PyObject_CallOneArg(hmm_cut, run);
    Py_XDECREF(run);
    if (cut == NULL)
        return -1;
    Py_ssize_t size = PyList_GET_SIZE(words);
    int failed = PyList_SetSlice(words, size, size, cut); /* words += cut: any iterable */
    Py_DECREF(cut);
    return failed;
}

/* route_words(block, route, freq, hmm_cut, tags): `segment._route_words` as a new list, each
 * dictionary word as (word, its tag or "x") where `tags` (a dict, or a (table, flags) pair) is
 * not None; `freq` FREQ or the table `freq_table` made of it. */
static PyObject *route_words(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 5 || !PyUnicode_Check(args[0]) || !PyList_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "route_words(block: str, route: list, freq: dict | bytes, hmm_cut, "
                                         "tags: dict | tuple | None)");
        return NULL;
    }
    PyObject *block = args[0], *route = args[1], *hmm_cut = args[3];
    Table table;
    Route lexicon;
    Tags tag_table, *tags = args[4] == Py_None ? NULL : &tag_table;
    if (open_route(&lexicon, &table, block, args[2], Py_None, Py_None) < 0 ||
        (tags != NULL && open_tags(tags, block, args[4]) < 0))
        return NULL;
    Py_ssize_t size = PyUnicode_GET_LENGTH(block), position = 0, run = -1;
    if (PyList_GET_SIZE(route) != size) {
        PyErr_SetString(PyExc_ValueError, "route_words: a route of another length");
        return NULL;
    }
    PyObject *words = PyList_New(0), *untagged = PyUnicode_FromString("x");
    if (words == NULL || untagged == NULL)
        goto failed;
    while (position < size) {
        Py_ssize_t end = PyLong_AsSsize_t(PyList_GET_ITEM(route, position));
        if (end == -1 && PyErr_Occurred())
            goto failed;
        if (end <= position || end > size) {
            PyErr_SetString(PyExc_ValueError, "route_words: a route that does not go forward");
            goto failed;
        }
        if (end - position == 1) {
            if (run < 0)
                run = position;
        } else {
            if (run >= 0 && add_run(&lexicon, run, position, hmm_cut, tags, untagged, words) < 0)
                goto failed;
            run = -1;
            if (add_word(words, block, position, end, tags, untagged) < 0)
                goto failed;
        }
        position = end;
    }
    if (run >= 0 && add_run(&lexicon, run, size, hmm_cut, tags, untagged, words) < 0)
        goto failed;
    Py_DECREF(untagged);
    return words;
failed:
    Py_XDECREF(words);
    Py_XDECREF(untagged);
    return NULL;
}

static PyObject *untagged_flag; /* "x": posseg's flag of a word without a tag */

/* Appends (start, end) to `spans` where `tag` (NULL: "x") is wanted. */
static int add_name(PyObject *spans, Py_ssize_t start, Py_ssize_t end, PyObject *tag, PyObject *wanted) {
    int found = PySet_Contains(wanted, tag == NULL ? untagged_flag : tag);
    if (found <= 0)
        return found;
    PyObject *span = Py_BuildValue("(nn)", start, end);
    int failed = span == NULL || PyList_Append(spans, span) < 0;
    Py_XDECREF(span);
    return failed ? -1 : 0;
}

/* The tagged words of an unknown run, of two characters or more, whose tag is wanted; 1: the
 * words do not cover the run (the caller finds names another way), -1: an error. */
static int run_names(PyObject *run, Py_ssize_t start, PyObject *tagged_run, PyObject *wanted, PyObject *spans) {
    PyObject *pairs = PyObject_CallOneArg(tagged_run, run);
    if (pairs == NULL)
        return -1;
    PyObject *fast = PySequence_Fast(pairs, "tagged_run: not a sequence");
    Py_DECREF(pairs);
    if (fast == NULL)
        return -1;
    Py_ssize_t position = start, result = 0;
    for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(fast) && result == 0; k++) {
        PyObject *pair = PySequence_Fast_GET_ITEM(fast, k);
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2 || !PyUnicode_Check(PyTuple_GET_ITEM(pair, 0))) {
            result = 1;
            break;
        }
        Py_ssize_t length = PyUnicode_GET_LENGTH(PyTuple_GET_ITEM(pair, 0));
        if (length >= 2)
            result = add_name(spans, position, position + length, PyTuple_GET_ITEM(pair, 1), wanted);
        position += length;
    }
    Py_DECREF(fast);
    return result == 0 && position != start + PyUnicode_GET_LENGTH(run) ? 1 : (int)result;
}

/* route_names(block, route, freq, tagged_run, tags, wanted, offset): [start, end) (plus
 * `offset`) of each word along the route as `segment._tagged_block` tags it, of two
 * characters or more, whose tag is in `wanted`; None: the words of an unknown run do not
 * cover it. `freq`: FREQ or the table `freq_table` made of it; `tags`: a dict, or a
 * (table, flags) pair (`route_words`). */
static PyObject *route_names(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 7 || !PyUnicode_Check(args[0]) || !PyList_Check(args[1]) || !PyAnySet_Check(args[5])) {
        PyErr_SetString(PyExc_TypeError, "route_names(block: str, route: list, freq: dict | bytes, tagged_run, "
                                         "tags: dict | tuple, wanted: set, offset: int)");
        return NULL;
    }
    PyObject *block = args[0], *route = args[1], *tagged_run = args[3];
    Table table;
    Route lexicon;
    Tags tags;
    if (open_route(&lexicon, &table, block, args[2], Py_None, Py_None) < 0 || open_tags(&tags, block, args[4]) < 0)
        return NULL;
    PyObject *wanted = args[5], *spans = PyList_New(0);
    Py_ssize_t size = PyUnicode_GET_LENGTH(block), offset = PyLong_AsSsize_t(args[6]), position = 0, run = -1;
    if (spans == NULL || (offset == -1 && PyErr_Occurred()) || PyList_GET_SIZE(route) != size)
        goto failed;
    while (position <= size) {
        Py_ssize_t end = size + 1;
        if (position < size) {
            end = PyLong_AsSsize_t(PyList_GET_ITEM(route, position));
            if (end <= position || end > size) {
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "route_names: a route that does not go forward");
                goto failed;
            }
            if (end - position == 1) {
                run = run < 0 ? position : run;
                position = end;
                continue;
            }
        }
        if (run >= 0 && position - run > 1) { /* a run of one character, or of a known word's: no name */
            int known = look_up(&lexicon, run, position, NULL), found = 0;
            PyObject *piece = known == NO_KEY || known == A_PREFIX ? PyUnicode_Substring(block, run, position) : NULL;
            if (piece != NULL)
                found = run_names(piece, offset + run, tagged_run, wanted, spans);
            Py_XDECREF(piece);
            if (known < 0 || (known != A_WORD && piece == NULL) || found < 0)
                goto failed;
            if (found == 1) {
                Py_DECREF(spans);
                Py_RETURN_NONE;
            }
        }
        run = -1;
        if (position == size)
            break;
        PyObject *word = PyUnicode_Substring(block, position, end);
        PyObject *tag = word == NULL ? NULL : tag_of(&tags, word, position, end);
        Py_XDECREF(word);
        if (word == NULL || PyErr_Occurred() || add_name(spans, offset + position, offset + end, tag, wanted) < 0)
            goto failed;
        position = end;
    }
    return spans;
failed:
    Py_XDECREF(spans);
    return NULL;
}

/* finalseg's states in the order of `segment._finalseg_route`'s back pointers. */
enum { B = 0, M = 1, E = 2, S = 3 };

typedef struct {
    PyObject *emit[4];
    double start[4], eb, es, sb, ss, mm, me, bm, be, min_float;
} Finalseg;

static int read_finalseg(PyObject *tables, Finalseg *model) {
    if (!PyTuple_Check(tables) || PyTuple_GET_SIZE(tables) != 17) {
        PyErr_SetString(PyExc_TypeError, "finalseg tables: a tuple of 4 emission dicts and 13 floats");
        return -1;
    }
    for (int k = 0; k < 4; k++)
        if (!PyDict_Check(model->emit[k] = PyTuple_GET_ITEM(tables, k))) {
            PyErr_SetString(PyExc_TypeError, "finalseg tables: an emission table that is not a dict");
            return -1;
        }
    double *floats[13] = {&model->start[B], &model->start[M], &model->start[E], &model->start[S],
                          &model->eb, &model->es, &model->sb, &model->ss, &model->mm, &model->me,
                          &model->bm, &model->be, &model->min_float};
    for (int k = 0; k < 13; k++) {
        *floats[k] = PyFloat_AsDouble(PyTuple_GET_ITEM(tables, 4 + k));
        if (*floats[k] == -1.0 && PyErr_Occurred())
            return -1;
    }
    return 0;
}

/* `emit.get(char, MIN_FLOAT)` for each of the four states. */
static int finalseg_emissions(const Finalseg *model, PyObject *obs, Py_ssize_t index, double emit[4]) {
    PyObject *piece = PyUnicode_Substring(obs, index, index + 1);
    if (piece == NULL)
        return -1;
    for (int k = 0; k < 4; k++) {
        PyObject *value = PyDict_GetItemWithError(model->emit[k], piece);
        if (value == NULL) {
            if (PyErr_Occurred())
                break;
            emit[k] = model->min_float;
        } else if ((emit[k] = PyFloat_AsDouble(value)) == -1.0 && PyErr_Occurred())
            break;
    }
    Py_DECREF(piece);
    return PyErr_Occurred() ? -1 : 0;
}

/* The better of two (value, state) candidates: the first where it is at least the second. */
static inline double better(double first, char first_state, double second, char second_state, char *state) {
    if (first >= second) {
        *state = first_state;
        return first;
    }
    *state = second_state;
    return second;
}

/* Appends `sentence[start:end]` to `words` (-1: an error). */
static int append_piece(PyObject *words, PyObject *sentence, Py_ssize_t start, Py_ssize_t end) {
    PyObject *word = PyUnicode_Substring(sentence, start, end);
    int failed = word == NULL || PyList_Append(words, word) < 0;
    Py_XDECREF(word);
    return failed ? -1 : 0;
}

/* The words of a B/M/E/S route (finalseg's `__cut`). */
static PyObject *route_cut(PyObject *sentence, const char *route, Py_ssize_t size) {
    PyObject *words = PyList_New(0);
    Py_ssize_t begin = 0, following = 0;
    for (Py_ssize_t index = 0; words != NULL && index < size; index++) {
        char state = route[index];
        if (state == 'B')
            begin = index;
        if (state != 'E' && state != 'S')
            continue;
        if (append_piece(words, sentence, state == 'E' ? begin : index, index + 1) < 0)
            Py_CLEAR(words);
        following = index + 1;
    }
    if (words != NULL && following < size && append_piece(words, sentence, following, size) < 0)
        Py_CLEAR(words);
    return words;
}

static int finalseg_walk(const Finalseg *model, PyObject *obs, Py_ssize_t size, char *steps, char *route) {
    double emit[4], v[4];
    if (finalseg_emissions(model, obs, 0, emit) < 0)
        return -1;
    for (int k = 0; k < 4; k++)
        v[k] = model->start[k] + emit[k];
    for (Py_ssize_t index = 1; index < size; index++) {
        if (finalseg_emissions(model, obs, index, emit) < 0)
            return -1;
        char *back = steps + 4 * (index - 1);
        double next[4];
        next[B] = better(v[S] + model->sb + emit[B], 'S', v[E] + model->eb + emit[B], 'E', &back[B]);
        next[M] = better(v[M] + model->mm + emit[M], 'M', v[B] + model->bm + emit[M], 'B', &back[M]);
        next[S] = better(v[S] + model->ss + emit[S], 'S', v[E] + model->es + emit[S], 'E', &back[S]);
        next[E] = better(v[M] + model->me + emit[E], 'M', v[B] + model->be + emit[E], 'B', &back[E]);
        memcpy(v, next, sizeof v);
    }
    char state = v[S] >= v[E] ? 'S' : 'E';
    for (Py_ssize_t index = size - 1; index >= 0; index--) {
        route[index] = state;
        if (index > 0)
            state = steps[4 * (index - 1) + (state == 'B' ? B : state == 'M' ? M : state == 'E' ? E : S)];
    }
    return 0;
}

/* finalseg_cut(obs, tables): `segment._route_cut(obs, segment._finalseg_route(obs))`, the
 * tables (B, M, E, S emissions; B, M, E, S starts; E>B, E>S, S>B, S>S, M>M, M>E, B>M, B>E;
 * MIN_FLOAT) as `segment._finalseg_tables` gives them. */
static PyObject *finalseg_cut(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    Finalseg model;
    if (nargs != 2 || !PyUnicode_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "finalseg_cut(obs: str, tables: tuple)");
        return NULL;
    }
    if (read_finalseg(args[1], &model) < 0)
        return NULL;
    PyObject *obs = args[0];
    Py_ssize_t size = PyUnicode_GET_LENGTH(obs);
    if (size == 0)
        return PyList_New(0);
    char *steps = PyMem_Malloc(4 * size + size), *route = steps + 4 * size;
    if (steps == NULL)
        return PyErr_NoMemory();
    PyObject *words = finalseg_walk(&model, obs, size, steps, route) < 0 ? NULL : route_cut(obs, route, size);
    PyMem_Free(steps);
    return words;
}

/* posseg's HMM: n states numbered in their sort order, so that the larger state of a tie is
 * the larger number. Sets of states are bitsets of `words` 64-bit words. */
typedef struct {
    Py_ssize_t n, words;
    const double *trans;   /* [from * n + to] */
    const uint64_t *follows; /* [from * words + word]: the states there is a transition to */
    const char *moves;     /* [state]: 1 where it has any transition */
    const double *start;   /* [state] */
    PyObject *states;      /* [state]: posseg's own */
    PyObject *emit;        /* [state]: posseg's emission dict */
    PyObject *seen_in;     /* char -> (the states posseg has seen it in, their emissions), or None */
    double min_float;
} Posseg;

static int read_bytes(PyObject *object, Py_ssize_t size, const void **data) {
    if (!PyBytes_Check(object) || PyBytes_GET_SIZE(object) != size) {
        PyErr_SetString(PyExc_ValueError, "posseg model: a table of another size");
        return -1;
    }
    *data = PyBytes_AS_STRING(object);
    return 0;
}

static int read_posseg(PyObject *tables, Posseg *model) {
    if (!PyTuple_Check(tables) || PyTuple_GET_SIZE(tables) != 8 || !PyList_Check(PyTuple_GET_ITEM(tables, 0)) ||
        !PyList_Check(PyTuple_GET_ITEM(tables, 5))) {
        PyErr_SetString(PyExc_TypeError, "posseg model: (states, trans, follows, moves, start, emit, seen_in, min_float)");
        return -1;
    }
    model->states = PyTuple_GET_ITEM(tables, 0);
    Py_ssize_t n = model->n = PyList_GET_SIZE(model->states);
    model->words = (n + 63) / 64;
    model->emit = PyTuple_GET_ITEM(tables, 5);
    model->seen_in = PyTuple_GET_ITEM(tables, 6);
    if (n == 0 || n > 65535 || PyList_GET_SIZE(model->emit) != n) {
        PyErr_SetString(PyExc_ValueError, "posseg model: no state, too many, or emissions of another number");
        return -1;
    }
    for (Py_ssize_t y = 0; y < n; y++)
        if (!PyDict_Check(PyList_GET_ITEM(model->emit, y))) {
            PyErr_SetString(PyExc_TypeError, "posseg model: an emission table that is not a dict");
            return -1;
        }
    model->min_float = PyFloat_AsDouble(PyTuple_GET_ITEM(tables, 7));
    if (model->min_float == -1.0 && PyErr_Occurred())
        return -1;
    if (read_bytes(PyTuple_GET_ITEM(tables, 1), sizeof(double) * n * n, (const void **)&model->trans) < 0 ||
        read_bytes(PyTuple_GET_ITEM(tables, 2), 8 * n * model->words, (const void **)&model->follows) < 0 ||
        read_bytes(PyTuple_GET_ITEM(tables, 3), n, (const void **)&model->moves) < 0 ||
        read_bytes(PyTuple_GET_ITEM(tables, 4), sizeof(double) * n, (const void **)&model->start) < 0)
        return -1;
    return 0;
}

/* A character as one step reads it. */
typedef struct {
    PyObject *piece;   /* the character */
    uint64_t *allowed; /* the states posseg has seen it in (all: never seen) */
    double *emit;      /* [state]: its emission, where `known` */
    uint64_t *known;
} Char;

/* `emit_P[state].get(char, MIN_FLOAT)` (-1: an error). */
static int emission(const Posseg *model, Char *ch, Py_ssize_t state, double *value) {
    if (ch->known[state / 64] >> (state % 64) & 1) {
        *value = ch->emit[state];
        return 0;
    }
    PyObject *found = PyDict_GetItemWithError(PyList_GET_ITEM(model->emit, state), ch->piece);
    if (found == NULL) {
        *value = model->min_float;
        return PyErr_Occurred() ? -1 : 0;
    }
    *value = PyFloat_AsDouble(found);
    return *value == -1.0 && PyErr_Occurred() ? -1 : 0;
}

/* The states the character was seen in and their emissions, from `seen_in(char)`: None (never
 * seen: any state), or uint16 states followed by their float64 emissions. */
static int read_char(const Posseg *model, PyObject *obs, Py_ssize_t index, Char *ch) {
    Py_ssize_t words = model->words;
    if ((ch->piece = PyUnicode_Substring(obs, index, index + 1)) == NULL)
        return -1;
    PyObject *seen = PyObject_CallOneArg(model->seen_in, ch->piece);
    if (seen == NULL)
        return -1;
    memset(ch->known, 0, 8 * words);
    if (seen == Py_None) {
        memset(ch->allowed, 0, 8 * words);
        for (Py_ssize_t y = 0; y < model->n; y++)
            ch->allowed[y / 64] |= (uint64_t)1 << (y % 64);
        Py_DECREF(seen);
        return 0;
    }
    if (!PyBytes_Check(seen) || PyBytes_GET_SIZE(seen) % 10) {
        PyErr_SetString(PyExc_TypeError, "posseg model: seen_in gives uint16 states and float64 emissions, or None");
        Py_DECREF(seen);
        return -1;
    }
    Py_ssize_t count = PyBytes_GET_SIZE(seen) / 10;
    const char *data = PyBytes_AS_STRING(seen);
    for (Py_ssize_t k = 0; k < count; k++) {
        uint16_t state;
        memcpy(&state, data + 2 * k, 2);
        if (state >= model->n)
            continue;
        memcpy(&ch->emit[state], data + 2 * count + 8 * k, 8);
        ch->known[state / 64] |= (uint64_t)1 << (state % 64);
    }
    memcpy(ch->allowed, ch->known, 8 * words);
    Py_DECREF(seen);
    return 0;
}

/* Scratch arrays of one walk. */
typedef struct {
    Py_ssize_t *backs;    /* [(index - 1) * n + state]: the previous state */
    Py_ssize_t *alive;    /* the live states, ascending */
    Py_ssize_t *previous; /* the live states with a transition */
    double *values, *next;
    uint64_t *expected, *observed;
} Walk;

/* The states of a bitset, ascending, into `states`; their count. */
static Py_ssize_t members(const uint64_t *set, Py_ssize_t words, Py_ssize_t *states) {
    Py_ssize_t count = 0;
    for (Py_ssize_t w = 0; w < words; w++)
        for (uint64_t bits = set[w]; bits; bits &= bits - 1)
            states[count++] = 64 * w + __builtin_ctzll(bits);
    return count;
}

/* One step: the states of the character (into walk->alive, ascending: those expected after a
 * previous state and seen for the character, else all expected ones) and, for each, its best
 * value and previous state. The count of states; -1: an error. */
static Py_ssize_t posseg_step(const Posseg *model, Walk *walk, Py_ssize_t previous_count, Char *ch, Py_ssize_t *backs) {
    Py_ssize_t n = model->n, words = model->words, *previous = walk->previous, any = 0;
    memset(walk->expected, 0, 8 * words);
    for (Py_ssize_t k = 0; k < previous_count; k++)
        for (Py_ssize_t w = 0; w < words; w++)
            walk->expected[w] |= model->follows[previous[k] * words + w];
    for (Py_ssize_t w = 0; w < words; w++)
        any |= (walk->observed[w] = walk->expected[w] & ch->allowed[w]) != 0;
    Py_ssize_t count = members(any ? walk->observed : walk->expected, words, walk->alive);
    for (Py_ssize_t k = 0; k < count; k++) {
        Py_ssize_t y = walk->alive[k], chosen = previous[0];
        double emit;
        if (emission(model, ch, y, &emit) < 0)
            return -1;
        double best = walk->values[previous[0]] + model->trans[previous[0] * n + y] + emit;
        for (Py_ssize_t j = 1; j < previous_count; j++) { /* ascending: a tie goes to the larger */
            double value = walk->values[previous[j]] + model->trans[previous[j] * n + y] + emit;
            if (value >= best) {
                best = value;
                chosen = previous[j];
            }
        }
        walk->next[y] = best;
        backs[y] = chosen;
    }
    for (Py_ssize_t k = 0; k < count; k++)
        walk->values[walk->alive[k]] = walk->next[walk->alive[k]];
    return count;
}

/* The first character's live states and values; their count, -1: an error. */
static Py_ssize_t posseg_first(const Posseg *model, Walk *walk, Char *ch) {
    Py_ssize_t count = members(ch->allowed, model->words, walk->alive);
    for (Py_ssize_t k = 0; k < count; k++) {
        Py_ssize_t y = walk->alive[k];
        double emit;
        if (emission(model, ch, y, &emit) < 0)
            return -1;
        walk->values[y] = model->start[y] + emit;
    }
    return count;
}

/* The Viterbi walk over `obs`: the last state, or -1 (an error), or -2 (a step with no live
 * state that has a transition: jieba's own Viterbi is to run). */
static Py_ssize_t posseg_walk(const Posseg *model, PyObject *obs, Py_ssize_t size, Walk *walk, Char *ch) {
    Py_ssize_t alive_count = -1;
    for (Py_ssize_t index = 0; index < size; index++) {
        Py_ssize_t previous_count = 0;
        for (Py_ssize_t k = 0; k < alive_count; k++)
            if (model->moves[walk->alive[k]])
                walk->previous[previous_count++] = walk->alive[k];
        if (index > 0 && previous_count == 0)
            return -2;
        if (read_char(model, obs, index, ch) < 0) {
            Py_XDECREF(ch->piece);
            return -1;
        }
        alive_count = index == 0 ? posseg_first(model, walk, ch)
                                 : posseg_step(model, walk, previous_count, ch, walk->backs + (index - 1) * model->n);
        Py_CLEAR(ch->piece);
        if (alive_count < 0)
            return -1;
    }
    Py_ssize_t last = walk->alive[0];
    for (Py_ssize_t k = 1; k < alive_count; k++)
        if (walk->values[walk->alive[k]] >= walk->values[last])
            last = walk->alive[k];
    return last;
}

/* posseg_route(obs, model): `segment._viterbi(obs)`'s route (posseg's states), or None where
 * a step has no live state with a transition (jieba's own Viterbi is to say what it does). */
static PyObject *posseg_route(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    Posseg model;
    if (nargs != 2 || !PyUnicode_Check(args[0]) || PyUnicode_GET_LENGTH(args[0]) == 0) {
        PyErr_SetString(PyExc_TypeError, "posseg_route(obs: str (not empty), model: tuple)");
        return NULL;
    }
    if (read_posseg(args[1], &model) < 0)
        return NULL;
    PyObject *obs = args[0], *route = NULL;
    Py_ssize_t size = PyUnicode_GET_LENGTH(obs), n = model.n;
    Walk walk;
    Char ch;
    Py_ssize_t words = model.words;
    walk.backs = PyMem_Malloc(sizeof(Py_ssize_t) * (n * (size - 1) + 2 * n));
    walk.values = PyMem_Malloc(sizeof(double) * 3 * n);
    walk.expected = PyMem_Malloc(8 * 5 * words);
    if (walk.backs == NULL || walk.values == NULL || walk.expected == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    walk.alive = walk.backs + n * (size - 1);
    walk.previous = walk.alive + n;
    walk.next = walk.values + n;
    ch.emit = walk.values + 2 * n;
    walk.observed = walk.expected + words;
    ch.allowed = walk.expected + 2 * words;
    ch.known = walk.expected + 3 * words;
    ch.piece = NULL;
    Py_ssize_t state = posseg_walk(&model, obs, size, &walk, &ch);
    if (state == -1)
        goto done;
    if (state == -2) {
        route = Py_NewRef(Py_None);
        goto done;
    }
    if ((route = PyList_New(size)) == NULL)
        goto done;
    for (Py_ssize_t index = size - 1; index >= 0; index--) {
        PyList_SET_ITEM(route, index, Py_NewRef(PyList_GET_ITEM(model.states, state)));
        if (index > 0)
            state = walk.backs[(index - 1) * n + state];
    }
done:
    PyMem_Free(walk.backs);
    PyMem_Free(walk.values);
    PyMem_Free(walk.expected);
    return route;
}

/* seen_in(char, char_states, number, emit, min_float): `segment._seen_in(char)`, the states
 * posseg has seen `char` in (uint16 numbers, `number[state]`) and its emission in each
 * (float64, `emit[number].get(char, min_float)`); None: `char_states` has no entry. */
static PyObject *seen_in(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 5 || !PyUnicode_Check(args[0]) || !PyDict_Check(args[1]) || !PyDict_Check(args[2]) ||
        !PyList_Check(args[3])) {
        PyErr_SetString(PyExc_TypeError, "seen_in(char: str, char_states: dict, number: dict, emit: list, min_float: float)");
        return NULL;
    }
    PyObject *seen = PyDict_GetItemWithError(args[1], args[0]);
    if (seen == NULL)
        return PyErr_Occurred() ? NULL : Py_NewRef(Py_None);
    double min_float = PyFloat_AsDouble(args[4]);
    if (min_float == -1.0 && PyErr_Occurred())
        return NULL;
    PyObject *states = PySequence_Fast(seen, "seen_in: the states are not a sequence");
    if (states == NULL)
        return NULL;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(states);
    PyObject *result = PyBytes_FromStringAndSize(NULL, 10 * count);
    for (Py_ssize_t k = 0; result != NULL && k < count; k++) {
        PyObject *found = PyDict_GetItemWithError(args[2], PySequence_Fast_GET_ITEM(states, k));
        long number = found == NULL ? -1 : PyLong_AsLong(found);
        if (number < 0 || number > 65535 || number >= PyList_GET_SIZE(args[3])) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_KeyError, "seen_in: a state without a number");
            Py_CLEAR(result);
            break;
        }
        PyObject *emission = PyDict_GetItemWithError(PyList_GET_ITEM(args[3], number), args[0]);
        double value = emission == NULL ? min_float : PyFloat_AsDouble(emission);
        if (PyErr_Occurred()) {
            Py_CLEAR(result);
            break;
        }
        uint16_t state = (uint16_t)number;
        memcpy(PyBytes_AS_STRING(result) + 2 * k, &state, 2);
        memcpy(PyBytes_AS_STRING(result) + 2 * count + 8 * k, &value, 8);
    }
    Py_DECREF(states);
    return result;
}

/* word_spans(words): [(start, end) for word, start, end in tokens if word.strip()], the
 * tokens of the words in order from 0 (`jieba_tokens`' places). */
static PyObject *word_spans(PyObject *self, PyObject *words) {
    if (!PyList_Check(words)) {
        PyErr_SetString(PyExc_TypeError, "word_spans(words: list[str])");
        return NULL;
    }
    PyObject *spans = PyList_New(0);
    Py_ssize_t start = 0;
    for (Py_ssize_t k = 0; spans != NULL && k < PyList_GET_SIZE(words); k++) {
        PyObject *word = PyList_GET_ITEM(words, k);
        if (!PyUnicode_Check(word)) {
            PyErr_SetString(PyExc_TypeError, "word_spans: a word that is not a str");
            Py_CLEAR(spans);
            break;
        }
        Py_ssize_t length = PyUnicode_GET_LENGTH(word), end = start + length;
        int kind = PyUnicode_KIND(word), blank = 1;
        const void *data = PyUnicode_DATA(word);
        for (Py_ssize_t index = 0; index < length && blank; index++)
            blank = Py_UNICODE_ISSPACE(PyUnicode_READ(kind, data, index));
        PyObject *span = blank ? NULL : Py_BuildValue("(nn)", start, end);
        if (!blank && (span == NULL || PyList_Append(spans, span) < 0))
            Py_CLEAR(spans);
        Py_XDECREF(span);
        start = end;
    }
    return spans;
}

static PyMethodDef methods[] = {
    {"best_route", (PyCFunction)(void (*)(void))best_route, METH_FASTCALL,
     "best_route(block, freq, weights, table): where the word starting at each character ends on jieba's best route."},
    {"freq_table", (PyCFunction)(void (*)(void))freq_table, METH_FASTCALL,
     "freq_table(freq, weights): FREQ's keys and their weights as best_route reads them (None: not made)."},
    {"route_words", (PyCFunction)(void (*)(void))route_words, METH_FASTCALL,
     "route_words(block, route, freq, hmm_cut, tags): the words along the route (tagged where tags is not None)."},
    {"word_spans", word_spans, METH_O, "word_spans(words): [start, end) of each word that is not blank."},
    {"route_names", (PyCFunction)(void (*)(void))route_names, METH_FASTCALL,
     "route_names(block, route, freq, tagged_run, tags, wanted, offset): spans of the words along the route with a wanted tag."},
    {"finalseg_cut", (PyCFunction)(void (*)(void))finalseg_cut, METH_FASTCALL,
     "finalseg_cut(obs, tables): finalseg's words of a run of Chinese characters."},
    {"seen_in", (PyCFunction)(void (*)(void))seen_in, METH_FASTCALL,
     "seen_in(char, char_states, number, emit, min_float): the states posseg saw char in, and its emissions."},
    {"posseg_route", (PyCFunction)(void (*)(void))posseg_route, METH_FASTCALL,
     "posseg_route(obs, model): posseg's Viterbi route (None: jieba's own is to run)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_segment_kernel", NULL, -1, methods};

PyMODINIT_FUNC PyInit__segment_kernel(void) {
    if (untagged_flag == NULL && (untagged_flag = PyUnicode_InternFromString("x")) == NULL)
        return NULL;
    return PyModule_Create(&module);
}
