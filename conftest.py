"""nbval set-up for every notebook under notebooks/.

nbval compares every stored output with a fresh run. SVG drawings are skipped:
their bytes depend on the Graphviz build, and each drawing's text/plain summary
(node count, pruned leaves, root value) is compared instead.
"""


def pytest_collectstart(collector):
    if collector.fspath and collector.fspath.ext == ".ipynb":
        collector.skip_compare += ("image/svg+xml",)
