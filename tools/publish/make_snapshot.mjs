// The in-browser kernel's start, done once at build time: a memory snapshot of Pyodide with the kernel loaded.
//
//     node tools/publish/make_snapshot.mjs <pyodide folder> <settings.json>
//
// settings.json: {"packages": [...], "code": "...", "memory": "<file>", "files": "<file>"}. This starts the site's
// own Pyodide as the kernel's worker would (loading the same packages from the same folder), runs ``code`` (the
// kernel's imports: piplite, pyodide_kernel, the package), then writes two files into the folder:
//
// - ``memory``: Pyodide's memory snapshot (``pyodide.makeMemorySnapshot``): the interpreter's whole heap, every
//   module imported, the kernel's objects made. The worker restores it (``loadPyodide({_loadSnapshot})``) instead
//   of starting Python, unpacking the wheels and importing, which is most of the kernel's start.
// - ``files``: the file system the snapshot expects (Emscripten keeps files in JavaScript, outside the heap): every
//   file the wheels unpacked (and the few the kernel wrote), as a JSON index and the files' bytes one after another.
//   The worker writes them back before Python runs (``fsInit``): a copy, not an unzip.
//
// Pyodide 314.0.6's snapshot has three gaps the worker fills (tools/publish/snapshot_worker.js): the heap it restores
// must fit in the module's memory, which is the wasm's own (exported) and does not take ``INITIAL_MEMORY``, so the
// worker grows it first; slot 6 of its table of JavaScript references, ``pyodide.loadedPackages``, comes back as a
// new empty object; and JavaScript objects the kernel's modules hold that are not reached from ``globalThis`` (parts
// of the ``pyodide`` API itself) need a serializer: each is written down here as its path from the API.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [folder, settingsPath] = process.argv.slice(2);
if (!folder || !settingsPath) {
    console.error("usage: node make_snapshot.mjs <pyodide folder> <settings.json>");
    process.exit(2);
}
const base = folder.endsWith("/") ? folder : folder + "/";
const settings = JSON.parse(readFileSync(settingsPath, "utf8"));
const { loadPyodide } = await import(pathToFileURL(base + "pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: base, _makeSnapshot: true, packages: settings.packages });
try {
    await pyodide.runPythonAsync(settings.code);
} catch (error) {                       // Python's traceback, not the whole of pyodide.asm.mjs
    console.error(`the kernel's imports failed: ${error.message}`);
    process.exit(1);
}
// Slot 6 must hold an empty object when the snapshot is made (Pyodide checks it); the worker refills it from the
// unpacked packages' metadata, as Pyodide's loader does at every start.
const loaded = Object.keys(pyodide.loadedPackages);
for (const name of loaded) delete pyodide.loadedPackages[name];

function pathFromApi(object) {
    if (object === pyodide) return [];
    for (const key of Object.getOwnPropertyNames(pyodide)) {
        try { if (pyodide[key] === object) return [key]; } catch { /* a getter that throws: not it */ }
    }
    for (const key of Object.getOwnPropertyNames(pyodide._api)) {
        try { if (pyodide._api[key] === object) return ["_api", key]; } catch { /* as above */ }
    }
    return null;
}
const memory = pyodide.makeMemorySnapshot({
    serializer(object) {
        const path = pathFromApi(object);
        if (path === null) {
            throw new Error(`the kernel holds a JavaScript object the snapshot cannot name: ${String(object).slice(0, 80)}`);
        }
        return { pyodide: path, kind: typeof object };
    },
});

const { FS } = pyodide;
const skip = new Set(["/dev", "/proc", "/sys", "/lib/python314.zip"]);    // the zip: written again at every start
// The bytecode of every module the snapshot has imported: Python never reads it again (the module is in memory, and
// its source stays for tracebacks), so it is left out of the files (a reload compiles the source).
for (const cached of pyodide.runPython(
        "import sys\n[m.__cached__ for m in list(sys.modules.values()) if isinstance(getattr(m, '__cached__', None), str)]"
).toJs()) {
    skip.add(cached);
}
const dirs = [], files = [], chunks = [];
let offset = 0;
function walk(dir) {
    for (const name of FS.readdir(dir)) {
        if (name === "." || name === "..") continue;
        const path = (dir === "/" ? "" : dir) + "/" + name;
        if (skip.has(path)) continue;
        const mode = FS.lstat(path).mode;
        if (FS.isDir(mode)) {
            dirs.push(path);
            walk(path);
        } else if (FS.isFile(mode)) {
            const data = FS.readFile(path);
            files.push([path, offset, data.length]);
            chunks.push(data);
            offset += data.length;
        }
    }
}
walk("/");
const index = new TextEncoder().encode(JSON.stringify({ dirs, files }));
const head = new Uint8Array(4);
new DataView(head.buffer).setUint32(0, index.length, true);
writeFileSync(base + settings.memory, memory);
writeFileSync(base + settings.files, Buffer.concat([head, index, ...chunks]));
console.log(`snapshot: ${(memory.length / 1e6).toFixed(1)} MB of memory, ${files.length} files ` +
            `(${(offset / 1e6).toFixed(1)} MB), ${loaded.length} packages`);
