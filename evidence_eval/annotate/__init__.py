"""Making and keeping annotation sets: `workflow` (init -> anchor -> Label Studio -> review
queue -> apply the decisions -> promote, and migrate to a new snapshot), with `anchoring`
(quotes placed in the snapshot), `labelstudio` (tasks out, marks back), `review` (what needs a
human, and the human's decisions applied) and `validate` (every problem of a set against its
snapshot: what `check` lists and every scoring run refuses)."""
