"""Report: building it from the layers below, its signature, and its renderings."""
