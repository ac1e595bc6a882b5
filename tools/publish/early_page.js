// Added by make lite (tools/publish/make_lite.py, start_kernel_early) to the site's pages: when the page opens a
// notebook (?path=....ipynb), create the in-browser kernel's worker now, so that Pyodide starts (fetching and
// compiling the interpreter, restoring the snapshot) while JupyterLab's front end loads, instead of after it. The
// worker is named after the options the kernel will give it (tools/publish/early_worker.js starts from them);
// JupyterLab's kernel takes it instead of creating its own (the kernel's initWorker, patched). A page that never
// starts that kernel stops the worker after a while.
(function () {
    const settings = /*ADVERSARIAL_EARLY_SETTINGS*/null;
    try {
        const path = new URLSearchParams(window.location.search).get("path") || "";
        if (!settings || !path.endsWith(".ipynb") || typeof Worker === "undefined") return;
        const config = document.getElementById("jupyter-config-data");
        const root = new URL(((config && config.dataset.jupyterLiteRoot) || ".") + "/", window.location.href);
        const kind = window.crossOriginIsolated ? "coincident" : "comlink";
        const pyodideUrl = new URL(settings.pyodideUrl, root).href;
        const loadPyodideOptions = { ...settings.loadPyodideOptions };
        for (const [key, value] of Object.entries(loadPyodideOptions)) {      // as the kernel's extension does
            if (key.endsWith("URL") && typeof value === "string") loadPyodideOptions[key] = new URL(value, root).href;
        }
        const options = {
            pyodideUrl,
            indexUrl: pyodideUrl.slice(0, pyodideUrl.lastIndexOf("/") + 1),
            loadPyodideOptions,
        };
        const worker = new Worker(new URL(settings.workers[kind], root),
                                  { type: "module", name: "adversarial-early " + JSON.stringify(options) });
        const early = { worker, kind, taken: false };
        window.adversarialEarlyKernel = early;
        setTimeout(() => {
            if (!early.taken) {
                early.taken = true;
                worker.terminate();
            }
        }, settings.unusedSeconds * 1000);
    } catch (error) {
        console.warn(`The kernel was not started early (${error && error.message}): it starts with the notebook.`);
    }
})();
