"""A small jieba dictionary, for the tests of how jieba's default dictionary is cached and
read (test_startup, test_posseg_tags_unread), where its size is not the subject."""

from __future__ import annotations

from pathlib import Path


def write_small_dictionary(path: Path, texts: tuple[str, ...]) -> Path:
    """A dictionary in jieba's format at `path`, for jieba's default one where what is tested
    is how it is cached and read, not its size: every 100th line of jieba's dictionary, the
    first line of each of its 55 tags, and the line of each word found in `texts`, so that
    each of them has the DAG (the words to route through) it has in jieba's own: some 3,500
    words of 349,046."""
    import jieba

    lines = Path(jieba.__file__).with_name(jieba.DEFAULT_DICT_NAME).read_bytes().splitlines(keepends=True)
    pieces = {
        text[start:end].encode("utf-8")
        for text in texts
        for end in range(len(text) + 1)
        for start in range(end)
    }
    tags, kept = set(), []
    for number, line in enumerate(lines):
        word, _, tag = line.split()
        if number % 100 == 0 or tag not in tags or word in pieces:
            kept.append(line)
            tags.add(tag)
    path.write_bytes(b"".join(kept))
    return path
