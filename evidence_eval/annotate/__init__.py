"""Making and keeping annotation sets: `workflow` (init -> anchor -> Label Studio -> review
queue -> apply the decisions -> promote, and migrate to a new snapshot), with `anchoring`
(quotes placed in the snapshot), `labelstudio` (tasks out, marks back) and `review` (what
needs a human, from scored traces, and the human's decisions applied)."""
