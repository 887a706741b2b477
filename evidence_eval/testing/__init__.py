"""Helpers the project's tests and benchmarks share (not part of the API): generated `score`
inputs, a synthetic report for the HTML page's budget, a Chromium driver. Nothing else in the
package imports them."""
