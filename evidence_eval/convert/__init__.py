"""Readers of other tools' formats, and the annotation helpers init / anchor / migrate.

Everything made here from another tool's data is marked `draft` (set) or `needs_review`
(sub-question): numbers from it are named `+draft` in a report's signature.
"""
