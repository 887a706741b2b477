"""Execution: the only package that reads trace lines into scores, forks workers, controls the
garbage collector, spools per-query results or holds digests.

- `run`: one scoring run on this machine (`score`, and `prepare_scoring`: the inputs opened
  and checked, what every run does before its first trace);
- `engine`: the per-trace scorer and `score_traces` (traces -> Report);
- `scaleout`: partial reports of shards and merging them (`partial`, `merge`); `dask`: the
  same partials on a Dask cluster;
- `retrieval_run`: TREC qrels + run -> RetrievalReport;
- `spool`: per-query results in a temporary file, written back as the JSON report;
- `workers`: an ordered map over forked processes;
- `heap`: keeping the cycle collector off data that only grows; `caches`: the matcher's
  per-text caches, emptied after a run;
- `signature`: the report's signature from the options and components.
"""
