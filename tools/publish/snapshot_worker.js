// Added by make lite (tools/publish/make_lite.py) to the in-browser kernel's worker: start Pyodide from the memory
// snapshot made at build time (tools/publish/make_snapshot.mjs) when the site's settings name one
// (loadPyodideOptions.snapshot: its memory, its files, and "start", Python to run once it is restored). The
// worker's own code calls these two functions around its loadPyodide.
const adversarialSnapshotHolder = {};

async function adversarialSnapshotOptions(indexURL, options) {
    const snapshot = options && options.snapshot;
    if (!snapshot) return {};
    const bytes = (name) => fetch(indexURL + name).then((response) => {
        if (!response.ok) throw new Error(`${name}: ${response.status}`);
        return response.arrayBuffer();
    }).then((buffer) => new Uint8Array(buffer));
    // Nothing is awaited here: loadPyodide starts fetching the interpreter at once, while these arrive.
    let size = 0;           // the snapshot's, known before the module is made (loadPyodide awaits the snapshot first)
    const memory = bytes(snapshot.memory).then((data) => { size = data.length; return data; });
    const files = bytes(snapshot.files);
    const createModule = import(indexURL + "pyodide.asm.mjs").then((module) => module.default);
    const holder = adversarialSnapshotHolder;
    // A JavaScript object the kernel's modules held at build time, named by its path from the pyodide API: the
    // API of this start, once loadPyodide has returned it (nothing calls these before).
    const deserializer = ({ pyodide: path, kind }) => {
        const target = () => path.reduce((object, key) => object[key], holder.pyodide);
        if (kind === "function") {
            const parent = () => path.slice(0, -1).reduce((object, key) => object[key], holder.pyodide);
            return (...args) => parent()[path[path.length - 1]](...args);
        }
        return new Proxy({}, { get: (_, key) => Reflect.get(target(), key),
                               set: (_, key, value) => Reflect.set(target(), key, value),
                               has: (_, key) => Reflect.has(target(), key) });
    };
    return {
        packages: [],               // in the snapshot's files already
        _loadSnapshot: memory,
        _snapshotDeserializer: deserializer,
        createPyodideModule: async (settings) => (await createModule)({
            ...settings, preRun: [...settings.preRun, (module) => adversarialBeforeRestore(module, size)] }),
        async fsInit(FS) {
            const bundle = await files;
            const length = new DataView(bundle.buffer, bundle.byteOffset).getUint32(0, true);
            const index = JSON.parse(new TextDecoder().decode(bundle.subarray(4, 4 + length)));
            const data = bundle.subarray(4 + length);
            for (const dir of index.dirs) FS.mkdirTree(dir);
            // canOwn: each file keeps its part of the bundle as it is (no copy; Emscripten copies on a later write).
            for (const [path, offset, bytes_] of index.files) {
                FS.writeFile(path, data.subarray(offset, offset + bytes_), { canOwn: true });
            }
        },
    };
}

// Run as the module's last step before Python would start, in place of it.
function adversarialBeforeRestore(module, size) {
    // The heap is restored into the module's memory, which is the wasm's own (exported: loadPyodide's
    // INITIAL_MEMORY does not reach it): grow it to the snapshot's size first.
    module.growMemory(size);
    // CPython calls functions through a trampoline it picks at this start from what the JavaScript engine offers
    // (a WebAssembly one where it can: the only kind JSPI can suspend across, which run_sync needs), and Pyodide
    // writes its address into the heap before Python starts; the snapshot would bring back the one picked at build
    // time in Node.js. Keep this start's.
    const where = (module.__PyRuntime + module.HEAP32[module.__PyEM_EMSCRIPTEN_TRAMPOLINE_OFFSET / 4]) / 4;
    const trampoline = module.HEAP32[where];
    const restore = module.API.restoreSnapshot;
    module.API.restoreSnapshot = (bytes) => {
        const restored = restore(bytes);
        module.HEAP32[where] = trampoline;
        return restored;
    };
}

async function adversarialSnapshotRestored(pyodide, options) {
    if (!(options && options.snapshot)) return;
    // Slot 6 of the table of JavaScript references is pyodide.loadedPackages (Python's modules hold it from there):
    // the snapshot brings it back as a new empty object; put the real one back and fill it from the packages'
    // metadata in site-packages, as Pyodide's loader does at every start. Then make what the snapshot froze fresh:
    // the random module's seed (the same numbers at every start otherwise) and tempfile's names.
    adversarialSnapshotHolder.pyodide = pyodide;
    pyodide._module.__hiwire_set(6, pyodide.loadedPackages);
    pyodide.runPython(`
import random as _random, tempfile as _tempfile
import pyodide._package_loader as _loader
_loader.init_loaded_packages()
_random.seed()
_tempfile._name_sequence = None
del _random, _tempfile, _loader
`);
    if (options.snapshot.start) pyodide.runPython(options.snapshot.start);     // the site's own first steps
}
