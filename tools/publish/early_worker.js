// Added by make lite (tools/publish/make_lite.py, start_kernel_early) to the in-browser kernel's worker: start
// Pyodide as soon as the worker exists, before JupyterLab asks the kernel to start. The page creates this worker
// itself while JupyterLab's front end is still loading (tools/publish/early_page.js), named "adversarial-early "
// followed by the options the kernel will pass (the site's: where Pyodide is, loadPyodideOptions), and hands it to
// the kernel when JupyterLab creates one. Here the worker's constructor calls adversarialEarlyStart, which begins
// the kernel's own first step (initRuntime: loadPyodide, or the snapshot's restore) at once; the kernel's initialize
// then calls adversarialEarlyRuntime instead of initRuntime, which waits for that start if it was made with the
// options the kernel asks for, and otherwise (another site's settings, a failed start) starts Pyodide as before.
const ADVERSARIAL_EARLY = "adversarial-early ";

function adversarialEarlyStart(kernel) {
    const name = typeof self === "undefined" ? "" : self.name || "";
    if (!name.startsWith(ADVERSARIAL_EARLY)) return;
    let options;
    try {
        options = JSON.parse(name.slice(ADVERSARIAL_EARLY.length));
    } catch {
        return;
    }
    // After the constructor (and its subclass's) has returned: initRuntime is the kernel's own method.
    const runtime = Promise.resolve().then(() => kernel.initRuntime(options));
    runtime.catch(() => {});          // reported by adversarialEarlyRuntime, if the kernel comes
    kernel.adversarialEarly = { options, runtime };
}

function adversarialCanonical(value) {
    if (Array.isArray(value)) return `[${value.map(adversarialCanonical).join(",")}]`;
    if (value && typeof value === "object") {
        return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${adversarialCanonical(value[key])}`).join(",")}}`;
    }
    return JSON.stringify(value);
}

function adversarialSameStart(a, b) {
    return a.pyodideUrl === b.pyodideUrl && a.indexUrl === b.indexUrl
        && adversarialCanonical(a.loadPyodideOptions || {}) === adversarialCanonical(b.loadPyodideOptions || {});
}

async function adversarialEarlyRuntime(kernel, options) {
    const early = kernel.adversarialEarly;
    kernel.adversarialEarly = null;
    if (early) {
        let started = false;
        try {
            await early.runtime;
            started = true;
        } catch (error) {
            console.warn(`The kernel's early start failed (${error && error.message}); starting it again.`);
        }
        if (started && adversarialSameStart(early.options, options)) return;
        if (started) console.warn("The kernel was started early with other settings than the site's; starting it again.");
    }
    await kernel.initRuntime(options);
}
