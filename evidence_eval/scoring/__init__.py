"""Execution: the only package that reads trace lines into scores, forks workers, controls the
garbage collector, spools per-query results or holds digests.

- `engine`: the per-trace scorer and `score_traces` (traces -> Report);
- `retrieval_run`: TREC qrels + run -> RetrievalReport;
- `spool`: per-query results in a temporary file, written back as the JSON report;
- `workers`: an ordered map over forked processes;
- `heap`: keeping the cycle collector off data that only grows;
- `signature`: the report's signature from the options and components.
"""
