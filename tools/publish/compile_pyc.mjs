// Compile the in-browser edition's Python to bytecode once, at build time, with the site's own Pyodide.
//
//     node tools/publish/compile_pyc.mjs <pyodide folder> <zip or wheel> ...
//
// Pyodide imports with sys.dont_write_bytecode set, and the npm package's standard library (python_stdlib.zip)
// and the wheels from the Python registry hold sources only: without this, every module the kernel imports is
// parsed and compiled in WebAssembly at every start (benchmarks/bench_lite_start.py measures the difference).
// Each archive is rewritten in place with its sources kept (tracebacks show them) and, beside each, the
// compiled module: next to it in the standard library's zip (where zipimport looks), in __pycache__ in a wheel
// (where the import system looks once the wheel is installed). The pycs are "unchecked hash-based" ones (PEP
// 552): valid whatever the files' dates after unpacking, and only the Pyodide that wrote them reads them (the
// magic number names the Python version).
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [folder, ...archives] = process.argv.slice(2);
if (!folder || archives.length === 0) {
    console.error("usage: node compile_pyc.mjs <pyodide folder> <zip or wheel> ...");
    process.exit(2);
}
const base = folder.endsWith("/") ? folder : folder + "/";
const { loadPyodide } = await import(pathToFileURL(base + "pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: base });
pyodide.runPython(`
import base64, hashlib, importlib.util, io, warnings, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def _digest(data):
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()

def with_bytecode(data, stdlib):
    """The archive 'data' with a compiled module beside each source; and how many were compiled."""
    data = data.to_bytes()                  # from JavaScript's Uint8Array
    source = zipfile.ZipFile(io.BytesIO(data))
    names = set(source.namelist())
    out, added, record = io.BytesIO(), 0, None
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        extra = []
        for info in source.infolist():
            body = source.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                record = (info, body)
                continue
            target.writestr(info, body)
            if not info.filename.endswith(".py") or info.is_dir():
                continue
            if stdlib:
                name = info.filename[:-3] + ".pyc"
                where = "/lib/python314.zip/" + info.filename
            else:
                name = importlib.util.cache_from_source(info.filename)
                where = "/lib/python3.14/site-packages/" + info.filename
            if name in names:
                continue
            try:
                with warnings.catch_warnings():     # invalid escapes in other projects' tests: not ours to fix
                    warnings.simplefilter("ignore")
                    code = compile(body, where, "exec", dont_inherit=True, optimize=0)
            except SyntaxError:         # a test file or template that is not Python 3.14: left as source
                continue
            pyc = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(body), checked=False))
            target.writestr(zipfile.ZipInfo(name, date_time=info.date_time), pyc, zipfile.ZIP_DEFLATED)
            extra.append(f"{name},sha256={_digest(pyc)},{len(pyc)}\\n")
            added += 1
        if record is not None:
            info, body = record
            target.writestr(info, body + "".join(extra).encode())
    return out.getvalue(), added
`);
const withBytecode = pyodide.globals.get("with_bytecode");
for (const path of archives) {
    const stdlib = !path.endsWith(".whl");
    let result;
    try {
        result = withBytecode(new Uint8Array(readFileSync(path)), stdlib);
    } catch (error) {                       // Python's traceback, not the whole of pyodide.asm.mjs
        console.error(`compiling ${path}: ${error.message}`);
        process.exit(1);
    }
    const [data, added] = result.toJs();
    result.destroy();
    writeFileSync(path, data);
    console.log(`${path.split("/").pop()}: ${added} modules compiled`);
}
