"""Graphviz layout in the browser: the same drawings, laid out by a WebAssembly Graphviz.

In JupyterLite the kernel is Python compiled to WebAssembly (Pyodide) running in a
web worker: there is no layout program to start. There, :func:`adversarial.drawing.dot.pipe`
hands the DOT source to this module, which lays it out with ``@viz-js/viz`` (Graphviz
compiled to WebAssembly). Its JavaScript travels in the small ``adversarial_viz``
wheel that ``make lite`` builds beside the package's own, so the site needs nothing
from the internet. The drawing API does not change: ``draw(...)`` shows as SVG.

The JavaScript module loads asynchronously. The first drawing waits for it with
``pyodide.ffi.run_sync``, which needs the browser's JavaScript Promise Integration
(present in current Chromium-based browsers). Where it is missing, run
``await adversarial.dot_browser.load()`` (the old short path: it still imports) in a cell once before drawing.
"""

from __future__ import annotations

from importlib import resources

# Import the module from its own text: a blob URL works wherever the worker runs (no path to guess). Then lay out a
# two-node graph once: Graphviz's first layout is several times slower than the next ones (its WebAssembly code is
# compiled as it is first run), and it is better spent here, while the reader has not yet asked for a drawing.
_LOAD = """(source) => {
    const url = URL.createObjectURL(new Blob([source], {type: "text/javascript"}));
    return import(url).then(module => module.instance()).then(viz => {
        try { viz.render("digraph { a -> b }", {format: "svg", engine: "dot"}); } catch (error) { }
        return viz;
    });
}"""

_viz = None
_loading = None         # the load under way (a JavaScript promise), from preload() or the first load()


def _source() -> str:
    try:
        return resources.files("adversarial_viz").joinpath("viz.js").read_text(encoding="utf-8")
    except ModuleNotFoundError:
        raise RuntimeError("Drawing in the browser needs the `adversarial_viz` wheel (Graphviz for "
                           "WebAssembly), which `make lite` puts into the JupyterLite site. Build the "
                           "site with `make lite`, or install that wheel with %pip.") from None


def preload() -> None:
    """Start loading the WebAssembly Graphviz and return at once: the in-browser edition's kernel calls this as
    it starts, so that the first drawing finds Graphviz loaded, or waits only for what is left of this load."""
    global _loading
    if _viz is None and _loading is None:
        from pyodide.code import run_js
        _loading = run_js(_LOAD)(_source())


async def load():
    """Load the WebAssembly Graphviz (once, or finish the load preload() began); later drawings reuse it."""
    global _viz, _loading
    if _viz is None:
        preload()
        try:
            _viz = await _loading
        finally:
            _loading = None     # loaded, or failed: a later call tries again
    return _viz


def _instance():
    if _viz is not None:
        return _viz
    from pyodide.ffi import can_run_sync, run_sync
    if not can_run_sync():
        raise RuntimeError("This browser cannot wait for Graphviz to load inside a drawing call. Run "
                           "`import adversarial.dot_browser; await adversarial.dot_browser.load()` in a "
                           "cell once, then draw.")
    return run_sync(load())


# The WebAssembly Graphviz writes text formats only: no pictures made of pixels (it has no cairo).
PIXEL_FORMATS = ("png", "jpg", "jpeg", "gif", "bmp", "pdf", "webp")


def pipe(source: str, fmt: str = "svg", engine: str = "dot") -> bytes:
    """Lay out DOT ``source`` with the WebAssembly Graphviz (``engine``: "dot", or "nop2" for a drawing whose
    nodes are already placed, as ``neato -n2``); errors are explained as with the program."""
    if fmt.split(":")[0].lower() in PIXEL_FORMATS:
        raise ValueError(f"the in-browser edition's Graphviz (WebAssembly) writes SVG but not {fmt.upper()}: "
                         "save SVG files (format='svg'), or save PNG and PDF in JupyterLab or Colab")
    from js import Object
    from pyodide.ffi import to_js
    result = _instance().render(source, to_js({"format": fmt, "engine": engine},
                                              dict_converter=Object.fromEntries))
    if result.status != "success":
        message = "; ".join(str(e.message) for e in result.errors)
        raise RuntimeError(f"Graphviz (WebAssembly) could not lay out the drawing: {message}")
    return str(result.output).encode("utf-8")
