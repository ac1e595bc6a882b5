"""The kernel a hand-in runs in when it is graded: an ordinary IPython kernel, started with limits.

nbgrader's autograde starts one kernel per hand-in (``tools/grade.py`` names this one in the course's
``nbgrader_config.py``). Before the kernel runs any cell, this file

- limits the kernel process: address space (``--memory`` MB: a hand-in that allocates more gets a
  MemoryError), CPU seconds (``--cpu``: a loop that swallows the interrupt is stopped here) and the size of
  any file it writes (``--file-size`` MB);
- adds an audit hook (PEP 578: once added it cannot be removed from Python) that refuses, when the code
  asking is a notebook cell or a file of the hand-in (not the standard library, an installed package or
  ``adversarial``): writing, removing or renaming a file outside the hand-in's folder and its scratch
  folder (refused when the hand-in's code is anywhere on the stack: a library cannot write for it);
  reaching a frame (``sys._getframe``, ``inspect``, a traceback's ``tb_frame``, a generator's
  frame), tracing (``sys.settrace``/``setprofile``), walking the heap (``gc.get_objects``/``referrers``),
  ``ctypes``, starting a process (``os.fork``, ``subprocess``, and ``_posixsubprocess.fork_exec``, through
  which multiprocessing's spawn and forkserver contexts start a fresh Python without this hook), sending a
  signal, opening a socket;
- turns ``os._exit`` and ``sys.setrecursionlimit`` above 20,000 into errors in the cell, and caps what a
  hand-in can print (``--output`` KB per cell);
- writes the source of each cell it starts to ``$GRADING_PROGRESS`` (a file the grader reads when a kernel
  died: it then grades the hand-in again without the cell that killed it), and each refusal, with the cell
  that asked, to ``$GRADING_REFUSED`` (the grader takes that exercise's points away, even when the hand-in
  caught the error).

What it does not do: it is not a sandbox. A C extension the hand-in loads through an allowed route, a C-only
callable that raises no audit event, or a bug in CPython gets past it. tools/grade.py therefore starts this
kernel inside a bubblewrap sandbox (tools/grading_sandbox.py: no course folder, no network, one writable scratch
folder, a PID namespace) where one can start; this file is the second layer. The hook and the guard are
installed from a private copy of this module (:func:`private_copy`): what they read is out of the hand-in's
reach, even though this module's own functions are not (``os._exit``'s replacement, IPython's callbacks). Before
the hidden tests run the hook also puts the import system back as it was (:func:`restore_imports`); before every
cell IPython parses and runs, IPython's machinery (:func:`restore_shell`: transformers, exception handlers, the
methods that run and show a cell); a locked cell must be compiled as written, by IPython alone; and it tells the
grader each hidden test it heard finish (``FINISHED``: a test it did not hear scores nothing).

    python tools/grading_kernel.py -f CONNECTION_FILE [--memory MB] [--cpu S] [--output KB] [--processes N]
        [...ipykernel args]
"""

from __future__ import annotations

import os
import resource
import sys
from types import CodeType, FunctionType

FRAME_ATTRIBUTES = frozenset({"tb_frame", "gi_frame", "cr_frame", "ag_frame"})
REFUSED_EVENTS = frozenset({
    "sys._getframe", "sys._current_frames", "sys.settrace", "sys.setprofile", "gc.get_objects",
    "gc.get_referrers", "gc.get_referents", "os.kill", "os.killpg", "signal.pthread_kill", "os.system",
    "os.exec", "os.posix_spawn", "os.spawn", "os.fork", "os.forkpty", "subprocess.Popen", "socket.connect",
    "socket.bind", "ctypes.dlopen", "ctypes.dlsym", "ctypes.addressof", "ctypes.cdata", "ctypes.call_function",
    "ctypes.string_at", "ctypes.wstring_at", "ctypes.PyObj_FromPtr", "sys.addaudithook", "cpython.run_command",
})
WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
HELPERS = ("inspect.py", "traceback.py", "shutil.py", "pathlib.py", "os.py", "tempfile.py", "subprocess.py",
           "socket.py", "io.py", "codecs.py", "_pyio.py", "linecache.py", "gc.py", "ctypes/__init__.py")
# multiprocessing's spawn and forkserver start their child through _posixsubprocess.fork_exec, which raises no
# audit event (subprocess.Popen raises its own first); the kernel's fork_exec raises this one (install_audit_hook).
STARTING = "grading.fork_exec"
FORKS = frozenset({"os.fork", "os.forkpty"})
PATH_EVENTS = frozenset({
    "os.remove", "os.rename", "os.rmdir", "os.mkdir", "os.chmod", "os.chown", "os.symlink", "os.link",
    "os.truncate", "os.utime", "shutil.rmtree", "shutil.move", "shutil.copyfile", "shutil.copytree",
})


def detached(function, **names):
    """``function`` with globals of its own, holding only ``names``: what the kernel puts within the hand-in's
    reach (``os._exit``'s replacement, a stream's ``write``, IPython callbacks, the cells' names) leads to none of
    this module's globals, which the audit hook and the guard read (a hand-in that reached them could empty
    ``GUARDED_EVENTS``)."""
    import builtins
    copy = FunctionType(function.__code__, {"__builtins__": builtins, **names}, function.__name__,
                        function.__defaults__, function.__closure__)
    copy.__kwdefaults__ = function.__kwdefaults__
    return copy


def options(argv: list[str]) -> tuple[dict, list[str]]:
    limits = {"--memory": 1500, "--cpu": 300, "--output": 200, "--file-size": 20, "--processes": 0}
    rest, args = [], iter(argv)
    for arg in args:
        name, _, value = arg.partition("=")
        if name in limits:
            limits[name] = int(value or next(args))
        else:
            rest.append(arg)
    return {k.lstrip("-"): v for k, v in limits.items()}, rest


def limit_process(limits: dict) -> None:
    mb = 1024 * 1024
    kinds = [(resource.RLIMIT_AS, limits["memory"] * mb), (resource.RLIMIT_CPU, limits["cpu"]),
             (resource.RLIMIT_FSIZE, limits["file-size"] * mb)]
    # Processes (threads count too), only in a sandbox: there the count is the sandbox's own user namespace;
    # outside one it would count every process of the grader's user. Linux does not apply it to root.
    if limits["processes"]:
        kinds.append((resource.RLIMIT_NPROC, limits["processes"]))
    for kind, value in kinds:
        soft, hard = resource.getrlimit(kind)
        value = value if hard == resource.RLIM_INFINITY else min(value, hard)
        resource.setrlimit(kind, (value, hard))


# The package's reference answers: the checks' modules (their private reference models, the worked answers in
# their docstrings) under their own names, and the private copies the hidden tests load (tools/assignments.py).
REFERENCES = ("adversarial.exercises", "_graded_adversarial_")
HANDING_OVER = "adversarial.exercises.student"     # raised by a check just before it calls the hand-in's code
GUARDED_EVENTS = frozenset({"import", "open", "exec", "compile", "code.__new__", HANDING_OVER})
# Raised by the hidden tests' last call (tools/assignments.py's ``_graded``): the test ran to its end, with its points.
FINISHED = "grading.finished"
# How the guard's refusals about a locked cell's own code begin (they are charged to that cell).
LOCKED_CODE = ("running the instructor's cell", "running other code under the name of the instructor's cell")


# What the checks hand over, and lesson 8's at_least, which a hand-in's own driver calls (the hidden tests bind
# their copy's): a module that imports nothing of the checks (tests/test_grading_references.py walks it), so it
# and the hidden tests' copies of it stay in reach.
HANDED = ".exercises.nodes"


def of_the_checks(name) -> bool:
    """Is ``name`` one of the checks' modules (the handed objects' included), or the hidden tests' copy of one?"""
    return type(name) is str and (name == REFERENCES[0] or name.startswith((REFERENCES[0] + ".", REFERENCES[1])))


def is_reference(name) -> bool:
    """... and not the module of the handed objects: what the hand-in may not reach."""
    return of_the_checks(name) and name != "adversarial" + HANDED and not (
        name.startswith(REFERENCES[1]) and name.endswith(HANDED))


class ReferenceGuard:
    """Keeps the package's reference answers out of the hand-in's reach while its code runs (the audit hook
    calls :meth:`event`; it holds the only reference to this object, so nothing of it is reachable from a cell).

    The instructor's locked cells (their sources' names, from ``$GRADING_LOCKED``, written by
    tools/grading_preprocessors.py after nbgrader restored them) load the checks as usual. Before any other
    cell runs, and each time a check hands the hand-in's own function a case (``sys.audit(HANDING_OVER)``, in
    adversarial/exercises/core.py and the few checks that call it directly), the check modules leave
    ``sys.modules`` and ``adversarial.exercises``, and the names bound to them leave the notebook's namespace (a
    check function, ``verdict``, ``variant``); they come back for the next locked cell, or when trusted code
    imports them again. Meanwhile the hand-in's own code (anywhere on the stack) may not import them (any route:
    ``import``, ``importlib``, ``__import__``, the hidden tests' loader), read their files (to ``exec`` them or
    read a docstring), compile code under a trusted file's name or a locked cell's, or make code objects: each
    is a refusal, which costs the exercise its points. (Compiling and making code objects are refused when the
    hand-in's code asks itself: the import system compiles a library's source for it, under the library's name.)"""

    def __init__(self, locked_hashes: list[str], folder: str, package, namespace, holders=lambda: ()):
        from ipykernel.compiler import get_tmp_directory
        cells = get_tmp_directory()
        self.cells = (cells + os.sep, os.path.realpath(cells) + os.sep)
        # Each entry "NAME:SHA256" (tools/grading_preprocessors.py's locked_cells): the name is ipykernel's hash of
        # the cell's source (32 bits, murmur2: a hand-in can make a text of its own with a locked cell's name),
        # the digest is the source's SHA-256, which it cannot.
        pairs = [h.partition(":")[::2] for h in locked_hashes]
        self.locked = {cell + f"{h}.py" for cell in self.cells for h, _ in pairs}
        self.digests = {cell + f"{h}.py": d for cell in self.cells for h, d in pairs if d}
        self.folder = (folder + os.sep, os.path.realpath(folder) + os.sep)
        self.package, self.namespace, self.holders = package, namespace, holders
        self.modules, self.names = {}, {}
        self.audit = sys.audit

    def _from_reference(self, value) -> bool:
        """Does ``value`` come from a check module (a module, class, function or instance)? Read without running
        any of the hand-in's code (no ``getattr`` on its objects)."""
        kind = type(value)
        if kind is type(sys):
            return is_reference(value.__dict__.get("__name__"))
        if kind is type(is_reference):
            return is_reference(type(is_reference).__dict__["__module__"].__get__(value))
        owner = value if isinstance(value, type) else kind
        try:
            return is_reference(type.__dict__["__module__"].__get__(owner))
        except Exception:  # noqa: BLE001
            return False

    def named_by(self, source, name: str) -> bool:
        """Is ``source`` (a cell IPython compiles, after its input transformers added a last newline) the cell
        named ``name``, a hash of its source? A hand-in that changes how the kernel names cells (IPython's
        ``get_code_name``, reachable through ``get_ipython()``) would otherwise pass its own cell for a locked
        one."""
        import hashlib

        from ipykernel.compiler import get_tmp_hash_seed, murmur2_x86
        text = source.decode("utf-8", "replace") if type(source) is bytes else source
        texts = (text, text[:-1]) if text.endswith("\n") else (text,)
        digest = self.digests.get(name)
        return any(name.endswith(os.sep + f"{murmur2_x86(t, get_tmp_hash_seed())}.py") and
                   (digest is None or hashlib.sha256(t.encode("utf-8", "surrogatepass")).hexdigest() == digest)
                   for t in texts)

    def locked_code(self, source, name: str, handins_code_on_stack) -> str | None:
        """Is what IPython compiles under the name of a locked cell that cell, as the instructor wrote it? Its
        text must hash to the name (a cell an input transformer rewrote no longer does), and none of the hand-in's
        code may be on the stack (its own ``run_cell``, ``run_ast_nodes`` or compiler running the cell). (What
        IPython does with the text next, its AST transformers, the kernel has put back as it was by then.)"""
        if handins_code_on_stack():
            return f"running the instructor's cell {name} through its own code (IPython's machinery replaced)"
        if type(source) in (str, bytes) and not self.named_by(source, name):
            return (f"running other code under the name of the instructor's cell {name} (code that is not that "
                    "cell: rewritten by an input transformer, named by a changed get_code_name, or written to have "
                    "its name)")
        return None

    def hide(self) -> None:
        for name in [m for m in list(sys.modules) if is_reference(m)]:
            self.modules[name] = sys.modules.pop(name)
        if "exercises" in self.package.__dict__:
            self.modules[None] = self.package.__dict__.pop("exercises")
        namespace = self.namespace()
        for name, value in list(namespace.items()):
            if self._from_reference(value):
                self.names[name] = namespace.pop(name)
        self.forget_outputs(namespace)

    def forget_outputs(self, namespace) -> None:
        """The checks' verdicts among the outputs IPython keeps: ``Out`` and its display hook's last three
        (``get_ipython().displayhook._``), from which a verdict's class would lead to the checks' core."""
        outputs = namespace.get("Out")
        if type(outputs) is dict:
            for number, value in list(outputs.items()):
                if self._from_reference(value):
                    del outputs[number]
        for holder in self.holders():
            kept = getattr(holder, "__dict__", None)
            for name in ("_", "__", "___"):
                if type(kept) is dict and self._from_reference(kept.get(name)):
                    kept[name] = ""

    def bring_back_modules(self) -> None:
        for name, module in self.modules.items():
            if name is None:
                self.package.__dict__.setdefault("exercises", module)
            else:
                sys.modules.setdefault(name, module)
        self.modules.clear()

    def bring_back_names(self) -> None:
        namespace = self.namespace()
        for name, value in self.names.items():
            namespace.setdefault(name, value)
        self.names.clear()
        sys.audit = self.audit

    def event(self, event, args, handins_code_on_stack, handins_code_asks, resolved) -> str | None:
        """What to refuse (a description), or None."""
        if event == "exec":
            name = args[0].co_filename if type(args[0]) is CodeType else None
            if type(name) is str and name.startswith(self.cells) and not handins_code_on_stack():
                if name in self.locked:
                    self.bring_back_names()
                else:
                    self.hide()
            return None
        if event == HANDING_OVER:
            self.hide()
            return None
        if event == "import":
            if not is_reference(args[0]):
                return None
            if handins_code_on_stack():
                return f"importing {args[0]} (the checks and their reference answers)"
            self.bring_back_modules()
            return None
        if event == "open":
            path = args[0]
            if isinstance(path, bytes):
                path = os.fsdecode(path)
            if type(path) is not str or "exercises" not in path:
                return None
            if resolved(os.path.abspath(path)).startswith(self.folder) and handins_code_on_stack():
                return f"reading {path} (the checks and their reference answers)"
            return None
        if event == "compile":
            name = args[1]
            if isinstance(name, bytes):
                name = os.fsdecode(name)
            if type(name) is not str or not name.startswith(os.sep):
                return None
            real = resolved(name)
            locked = name in self.locked or real in self.locked
            if (locked or real.startswith(self.trusted)) and handins_code_asks():
                return f"compiling code under the name {name} (not the hand-in's)"
            return self.locked_code(args[0], name, handins_code_on_stack) if locked else None
        if event == "code.__new__" and handins_code_asks():
            return "making a code object"
        return None


def install_audit_hook(writable: tuple[str, ...], trusted: tuple[str, ...], refused_log: str | None,
                       current: list, guard: ReferenceGuard | None = None, shell=None) -> None:
    """Refuse the events above when the code asking is the hand-in's (see the module's docstring); each
    refusal is written to ``refused_log`` with the cell that ran (``current[0]``), for the grader. With
    ``guard``, also keep the package's reference answers from the hand-in (:class:`ReferenceGuard`).

    Also here, where the hand-in cannot reach them: the cell that runs (its code's name, a hash of its source,
    logged beside ``current[0]`` with each refusal: a hand-in that changes ``current`` or removes the kernel's
    IPython callbacks cannot pass a refusal off as another cell's), the import machinery put back before the
    hidden tests (:func:`restore_imports`), and the one way to start a process that raises no audit event of its
    own, ``_posixsubprocess.fork_exec`` (multiprocessing's spawn and forkserver contexts; their child would be a
    fresh Python without this hook): replaced by one that raises ``STARTING``, refused like ``os.fork``, while
    the real one stays in this hook's closure. Call this on a private copy of the module (:func:`private_copy`):
    what it reads then is out of the hand-in's reach even when the module's own globals are not."""
    import _posixsubprocess
    import sys as _sys
    getframe = _sys._getframe
    busy = [False]
    realpath, fsdecode, sep, devnull = os.path.realpath, os.fsdecode, os.sep, os.devnull
    standard = tuple({p + sep for p in (sys.base_prefix, realpath(sys.base_prefix))})
    real = {}
    from ipykernel.compiler import get_tmp_directory
    cells = tuple({get_tmp_directory() + sep, realpath(get_tmp_directory()) + sep})
    cell = [None]
    imports = saved_imports()
    # The file the kernel reports refusals and finished tests to the grader in lies in the hand-in's scratch
    # folder: its code may not write it (erase a refusal, or make up a finished test).
    reports = frozenset(realpath(p) for p in (refused_log,) if p)
    machinery = shell_state(shell) if shell is not None else None
    sealed = {}         # the checks' classes (the hidden tests' fresh copy) as a check first handed over a case
    spawner = _posixsubprocess.fork_exec
    popen_file = realpath(__import__("subprocess").__file__)

    def resolved(name: str) -> str:
        """A code's file as its real path (once per file): a library is trusted by where it really is, however
        it was reached (a virtual environment that is a symbolic link)."""
        if name not in real:
            real[name] = realpath(name) if name.startswith(sep) else name
        return real[name]

    def asking_code_is_students(anywhere: bool) -> bool:
        """Walk out from the code that raised the event: the standard library's helpers (inspect.stack(),
        shutil.move, the import system) act for their caller; the first other code decides. For a write
        (``anywhere``), any of the hand-in's code on the stack decides: a library writing for it is refused."""
        frame = getframe(2)          # 0: this function, 1: the hook, 2: the code that raised the event
        while frame is not None:
            name = resolved(frame.f_code.co_filename)
            helper = name.startswith("<frozen") or (name.startswith(standard) and name.endswith(HELPERS))
            if not helper and not name.startswith(trusted):
                return True
            if not helper and not anywhere:
                return False
            frame = frame.f_back
        return False

    def outside(path) -> bool:
        try:
            where = realpath(fsdecode(path)) if not isinstance(path, int) else None
        except Exception:  # noqa: BLE001
            return True
        return where is not None and where != devnull and (not where.startswith(writable) or where in reports)

    locked = guard.locked if guard is not None else frozenset()

    def handins_code_on_stack() -> bool:
        """Is any of the hand-in's code on the stack (a notebook cell that is not one of the instructor's
        locked cells, or a file of the hand-in's)? Library code called by it acts for it."""
        frame = getframe(1)
        while frame is not None:
            name = resolved(frame.f_code.co_filename)
            helper = name.startswith("<frozen") or (name.startswith(standard) and name.endswith(HELPERS))
            if not helper and not name.startswith(trusted) and name not in locked:
                return True
            frame = frame.f_back
        return False

    here = os.path.realpath(__file__)

    def handins_code_asks() -> bool:
        """Is the code that raised the event (the first frame outside this file) the hand-in's own? Not the
        import system compiling a library it imports for the hand-in, nor a library making code objects."""
        frame = getframe(1)
        while frame is not None and resolved(frame.f_code.co_filename) == here:
            frame = frame.f_back
        if frame is None:
            return False
        name = resolved(frame.f_code.co_filename)
        return not (name.startswith("<frozen") or name.startswith(trusted) or name in guard.locked)

    def unhooked(function, *args):
        """``function(*args)`` with this hook off: its own stack walks and its log's writes raise events too."""
        busy[0] = True
        try:
            return function(*args)
        finally:
            busy[0] = False

    def log(line):
        with open(refused_log, "a", encoding="utf-8") as report:
            report.write(repr(line) + "\n")

    def log_refusal(what):
        log((what, current[0], cell[0]))

    def finished(code, points) -> None:
        """A locked cell's ``_graded`` (tools/assignments.py's hidden tests, their last call; ``code``, the code
        that raised the event) says its test ran to its end: written for the grader, when that cell's own code
        is the one that says it, alone, and the checks' classes are as they were when the checks first handed
        the hand-in's code a case (else a refusal, charged to that test)."""
        if type(code) is CodeType and code.co_name == "_graded" and code.co_filename in locked and \
                not handins_code_on_stack() and (points is None or type(points) in (int, float)) and refused_log:
            changed = classes_changed(sealed)
            if changed:
                return changed
            log((FINISHED, None, code.co_filename, points))
        return None

    def refuse(what):
        if refused_log:
            unhooked(log_refusal, what)
        raise PermissionError(f"graded hand-ins may not do this ({what}): the grader refused it")

    def starts_a_cell(code) -> bool:
        """Is ``code`` (being ``exec``-ed) a cell the kernel starts: named like a cell, no hand-in code running?"""
        name = code.co_filename if type(code) is CodeType else None
        return type(name) is str and name.startswith(cells) and not handins_code_on_stack()

    def start_process(box):
        """``box``: ``[fork_exec's arguments]``, from the kernel's fork_exec. subprocess.Popen (its event judged
        its caller already) passes; any other caller with the hand-in's code on the stack is refused (the
        standard library's multiprocessing acts for the hand-in here); else the real fork_exec runs."""
        def students_start_it() -> bool:
            frame = getframe(1)          # past this file's frames (the hook, the kernel's fork_exec) to its caller
            while frame is not None and resolved(frame.f_code.co_filename) == here:
                frame = frame.f_back
            popen = frame is not None and resolved(frame.f_code.co_filename) == popen_file
            return not popen and handins_code_on_stack()

        if unhooked(students_start_it):
            refuse("starting a process outside subprocess (multiprocessing's spawn or forkserver context, "
                   "_posixsubprocess.fork_exec): its child would run without the grader's guard")
        box.append(spawner(*box[0]))

    def hook(event, args):
        if busy[0]:
            return
        if event == STARTING:
            box = args[0] if args else None
            if type(box) is list and len(box) == 1 and type(box[0]) is tuple:
                start_process(box)
            return
        if event == FINISHED:
            changed = unhooked(finished, getframe(1).f_code, args[0]) if len(args) == 1 else None  # (1: its caller)
            if changed:
                refuse(changed)
            return
        if event == HANDING_OVER:
            unhooked(seal_classes, sealed)
        if event == "object.__setattr__" and len(args) == 3 and args[1] == "__class__" and \
                of_the_checks(type.__dict__["__module__"].__get__(type(args[0]))) and unhooked(handins_code_on_stack):
            refuse("changing the class of an object a check handed it")
        if event == "exec" and machinery is not None and type(args[0]) is CodeType and \
                args[0].co_filename.startswith(cells):           # any cell's code (the hand-in may run cells
            unhooked(restore_shell, machinery)                   # itself): IPython's machinery as it was, so a
        if event == "exec" and unhooked(starts_a_cell, args[0]):    # change reaches the next cell at most
            cell[0] = args[0].co_filename
            if mentions(args[0], "_graded_adversarial_"):        # the hidden tests: imports as they were
                unhooked(restore_imports, imports)
                sealed.clear()                                   # (this test's checks are kept afresh)
        if event == "import" and type(args[0]) is str and args[0].rpartition(".")[2] == "_posixsubprocess":
            if unhooked(handins_code_on_stack):
                refuse("loading _posixsubprocess afresh (a way to start processes without the grader's guard)")
        if event == "compile" and machinery is not None and type(args[1]) is str and args[1].startswith(cells):
            unhooked(restore_shell, machinery)      # IPython parses a cell: its AST transformers as they were
        if event == "compile" and type(args[0]) not in (str, bytes) and unhooked(handins_code_on_stack):
            # A syntax tree: the event does not name the file its code will claim (a trusted one?), nor the cell
            # IPython compiles it for, when the hand-in's own code (its run_cell) asks it to.
            if machinery is not None:
                unhooked(restore_shell, machinery)
            refuse("compiling a syntax tree with its own code running (its own run_cell, or code that would claim "
                   "another file's name)")
        if guard is not None and event in GUARDED_EVENTS:
            what = unhooked(guard.event, event, args, handins_code_on_stack, handins_code_asks, resolved)
            if what and event == "compile" and what.startswith(LOCKED_CODE) and machinery is not None:
                unhooked(restore_shell, machinery)      # (charged to the cell that ran last: the one that set it up)
            if what:
                refuse(what)
            if event != "open":
                return
        if event == "object.__getattr__" and args[1] not in FRAME_ATTRIBUTES:
            return
        if event == "open":
            path, mode, flags = args
            writes = (isinstance(mode, str) and any(c in mode for c in "wax+")) or \
                (isinstance(flags, int) and flags & WRITE_FLAGS)
            if path is None or not writes:
                return
            if not outside(path):
                return
        elif event in PATH_EVENTS:
            if not any(outside(a) for a in args[:2] if isinstance(a, (str, bytes, os.PathLike))):
                return
        elif event not in REFUSED_EVENTS and not event.startswith("object.__getattr__"):
            return
        busy[0] = True
        try:        # (called here, not through unhooked: it counts its frames from the hook's)
            # A write or a fork is refused with any of the hand-in's code on the stack: a library cannot write for it,
            # nor fork for it (multiprocessing's fork context: its child would run on as a second kernel).
            students = asking_code_is_students(event == "open" or event in PATH_EVENTS or event in FORKS)
        finally:
            busy[0] = False
        if students:
            refuse(f"{event} {args[0]!r}" if event == "open" or event in PATH_EVENTS else event)

    _sys.addaudithook(hook)

    def fork_exec(*args, _audit=_sys.audit, _starting=STARTING):
        box = [args]
        _audit(_starting, box)      # the hook refuses, or runs the real one and puts its result in the box
        try:
            return box[1]
        except IndexError:
            raise PermissionError("the grader did not start this process") from None
    _posixsubprocess.fork_exec = detached(fork_exec)


def guard_exits() -> None:
    import posix

    def refuse_exit(*args, **kwargs):
        raise RuntimeError("os._exit is not allowed in a graded hand-in: the grader refused it")
    os._exit = posix._exit = refuse_exit
    set_limit = sys.setrecursionlimit

    def capped(limit):
        if limit > 20_000:
            raise RecursionError("a graded hand-in may raise the recursion limit to 20,000 at most")
        set_limit(limit)
    sys.setrecursionlimit = capped


def cap_output(shell, limit: int) -> None:
    """Each cell may print ``limit`` characters per stream; the rest is replaced by one line."""
    for stream in (sys.stdout, sys.stderr):
        write = stream.write
        state = {"count": 0}

        def capped(text, write=write, state=state):
            if state["count"] > limit:
                return len(text)
            state["count"] += len(text)
            if state["count"] > limit:
                write(text[: max(0, limit - state["count"] + len(text))])
                write(f"\n[the grader cut this cell's output at {limit:,} characters]\n")
                return len(text)
            return write(text)
        stream.write = capped
        shell.events.register("pre_run_cell", lambda info, state=state: state.update(count=0))


# What decides which code IPython runs for a cell, and how its errors are shown: the shell's input and AST
# transformers, its compiler, its custom exception handlers, and the methods of these objects' classes.
SHELL_LISTS = ("input_transformers_cleanup", "input_transformers_post", "ast_transformers")
MANAGER_LISTS = ("cleanup_transforms", "line_transforms", "token_transformers")
SHELL_VALUES = ("input_transformer_manager", "compile", "custom_exceptions", "CustomTB", "ast_node_interactivity",
                "displayhook", "display_pub", "display_trap", "builtin_trap", "kernel")
ROUTINES = (FunctionType, staticmethod, classmethod, property, type(len), type(str.join), type(dict.__dict__["get"]))


def shell_state(shell) -> dict:
    """IPython's machinery as it is before any hand-in code runs (:func:`restore_shell` puts it back): the
    shell's transformers (its lists, and the lists of its input transformer manager), the objects it runs and
    shows cells with, the compiler's ``get_code_name`` (the guard's), and every method of their classes (those
    of IPython, ipykernel and jupyter_client), and which attributes of theirs shadow none."""
    manager = shell.input_transformer_manager
    owners = [shell, manager, shell.compile, shell.displayhook, shell.display_pub]
    kernel = getattr(shell, "kernel", None)
    owners += [kernel, getattr(kernel, "session", None)] if kernel is not None else []
    classes = {}
    for owner in owners:
        for kind in type(owner).__mro__:
            if kind.__module__.split(".")[0] in ("IPython", "ipykernel", "jupyter_client") and kind not in classes:
                classes[kind] = {k: v for k, v in vars(kind).items() if isinstance(v, ROUTINES)}
    return {"shell": shell, "lists": [(shell, n, getattr(shell, n), list(getattr(shell, n))) for n in SHELL_LISTS] +
            [(manager, n, getattr(manager, n), list(getattr(manager, n))) for n in MANAGER_LISTS],
            "values": [(shell, n, getattr(shell, n)) for n in SHELL_VALUES if hasattr(shell, n)] +
            [(shell.compile, "get_code_name", shell.compile.__dict__.get("get_code_name"))],
            "owners": [(o, set(vars(o))) for o in owners if o is not None and hasattr(o, "__dict__")],
            "classes": classes}


def restore_shell(state: dict) -> None:
    """Put IPython's machinery back as :func:`shell_state` saw it: what a hand-in's cell changed there (an input
    or AST transformer, a custom exception handler that hides a failure, a method replaced on an object or its
    class) is undone before each of the instructor's locked cells runs, so it reaches no later test."""
    for owner, name, kept, items in state["lists"]:
        if getattr(owner, name, None) is not kept:
            setattr(owner, name, kept)
        kept[:] = items
    for owner, name, value in state["values"]:
        if value is None:
            continue
        now = owner.__dict__.get(name) if name == "get_code_name" else getattr(owner, name, None)
        if now is not value:
            setattr(owner, name, value)
    for owner, names in state["owners"]:
        own = vars(owner)
        for name in [n for n in own if n not in names and
                     any(isinstance(k.__dict__.get(n), ROUTINES) for k in type(owner).__mro__)]:
            del own[name]               # a method put on the object itself, over its class's
    for kind, methods in state["classes"].items():
        for name, method in methods.items():
            if kind.__dict__.get(name) is not method:
                setattr(kind, name, method)
        for name in [n for n, v in vars(kind).items() if n not in methods and isinstance(v, ROUTINES)]:
            delattr(kind, name)


# The modules the import system and the hidden tests' loader (tools/assignments.py's FRESH_LOADER) run on: their
# functions and classes (and the methods of those classes) are put back before the hidden tests.
IMPORT_MODULES = ("importlib", "importlib._bootstrap", "importlib._bootstrap_external", "importlib.machinery",
                  "importlib.util", "importlib.abc", "zipimport", "types", "secrets", "random", "os", "posixpath",
                  "genericpath", "stat", "marshal", "_imp", "io", "codecs", "abc", "_weakref", "_thread")
BUILTINS_KEPT = ("__import__", "compile", "exec", "eval", "open", "isinstance", "issubclass", "type", "getattr",
                 "hasattr", "setattr", "len", "list", "dict", "tuple", "str", "super", "object", "any", "all",
                 "iter", "next", "map", "zip", "sorted", "min", "max", "sum", "print", "repr", "vars", "id", "hash")
KINDS = ROUTINES + (type, type(sys))


def _routines(namespace) -> dict:
    return {k: v for k, v in namespace.items() if isinstance(v, KINDS)}


def seal_classes(sealed: dict) -> None:
    """Keep, for each class of the checks' modules loaded afresh by the hidden tests (and not kept yet), what
    its namespace holds: called when a check is about to run the hand-in's code (:func:`classes_changed` compares
    later). Their names are the loader's (``_graded_adversarial_...``); the modules are read from ``sys.modules``
    or, hidden from the hand-in, the guard's store."""
    for name, module in list(sys.modules.items()):
        if type(name) is str and name.startswith(REFERENCES[1]) and type(module) is type(sys):
            for value in list(vars(module).values()):
                if type(value) is type and value not in sealed and \
                        type.__dict__["__module__"].__get__(value) == name:
                    sealed[value] = dict(vars(value))


def classes_changed(sealed: dict) -> str | None:
    """What the hand-in changed in a class the checks hand its code (an attribute put on it, replaced or
    removed since :func:`seal_classes` kept it), or None."""
    for kind, kept in sealed.items():
        now = vars(kind)
        names = [n for n in set(now) | set(kept) if n not in kept or n not in now or now[n] is not kept[n]]
        if names:
            return (f"changing the class {kind.__name__} of the checks' objects while a check ran "
                    f"({', '.join(sorted(names)[:3])})")
    return None


def saved_imports() -> dict:
    """The import machinery as it is before any hand-in code runs (:func:`restore_imports` puts it back): the
    functions and classes of the import system's modules and of those the hidden tests' loader calls
    (``IMPORT_MODULES``: importlib and its bootstrap, ``types``, ``secrets``, ``os.path``...), the methods of
    those classes and of the finders on ``sys.meta_path``, the builtins they use, ``sys.modules`` (the dict, and
    those modules in it), ``sys.path``, ``sys.meta_path``, ``sys.path_hooks``, ``sys.pycache_prefix`` and
    ``sys.implementation``."""
    import builtins
    import importlib.abc  # noqa: F401
    import importlib.machinery  # noqa: F401
    import importlib.util  # noqa: F401
    import random  # noqa: F401
    import secrets  # noqa: F401
    import zipimport  # noqa: F401
    modules = {name: sys.modules[name] for name in IMPORT_MODULES if name in sys.modules}
    classes = {}
    finders = [f if isinstance(f, type) else type(f) for f in sys.meta_path + sys.path_hooks]
    for kind in [v for m in modules.values() for v in vars(m).values() if isinstance(v, type)] + finders:
        if kind not in classes and not kind.__module__ == "builtins":
            classes[kind] = _routines(vars(kind))
    for finder in finders:          # an editable install's finder: its module too
        module = sys.modules.get(finder.__module__)
        if module is not None and finder.__module__ not in modules:
            modules[finder.__module__] = module
    return {"modules": {name: (module, _routines(vars(module))) for name, module in modules.items()},
            "classes": classes, "builtins": {k: vars(builtins)[k] for k in BUILTINS_KEPT},
            "sys": (sys.modules, list(sys.path), list(sys.meta_path), list(sys.path_hooks), sys.pycache_prefix,
                    dict(vars(sys.implementation)), sys.dont_write_bytecode)}


def restore_imports(saved: dict) -> None:
    """Put back the import machinery (:func:`saved_imports`): the audit hook does it as the hidden tests start
    (the cell that loads the checks afresh, tools/assignments.py's FRESH_LOADER), so a hand-in that changed it
    to hand the fresh checks a doctored module (an import hook, a finder or loader patched, its own package
    first on ``sys.path``, a fake module waiting in ``sys.modules`` under the name the loader will draw) is
    undone. The hook runs it, not an IPython callback: a hand-in can remove those through ``get_ipython()``, never
    the audit hook. (``sys.path`` stays as it was before the hand-in ran: a folder it added is gone.)"""
    import builtins
    modules, path, meta_path, path_hooks, prefix, implementation, no_bytecode = saved["sys"]
    if sys.modules is not modules:
        sys.modules = modules
    for name in [n for n in list(modules) if n.startswith("_graded_adversarial_")]:
        del modules[name]           # (the loader makes its copy under a new name: nothing there is the grader's)
    for name, (module, kept) in saved["modules"].items():
        modules[name] = module
        restore_namespace(vars(module), kept, lambda key, value, module=module: vars(module).__setitem__(key, value),
                          lambda key, module=module: vars(module).__delitem__(key))
    for kind, kept in saved["classes"].items():
        restore_namespace(vars(kind), kept, lambda key, value, kind=kind: setattr(kind, key, value),
                          lambda key, kind=kind: delattr(kind, key))
    space = vars(builtins)
    for key, value in saved["builtins"].items():
        if space.get(key) is not value:
            space[key] = value
    sys.path[:], sys.meta_path[:], sys.path_hooks[:] = path, meta_path, path_hooks
    sys.pycache_prefix, sys.dont_write_bytecode = prefix, no_bytecode
    vars(sys.implementation).clear()
    vars(sys.implementation).update(implementation)
    sys.path_importer_cache.clear()


def restore_namespace(space, kept: dict, put, remove) -> None:
    """A module's or class's functions, classes and modules as ``kept``: changed ones put back, new functions and
    classes removed (new modules stay: the import system adds a package's submodules to it)."""
    for key, value in kept.items():
        if space.get(key) is not value:
            put(key, value)
    for key in [k for k, v in space.items() if k not in kept and isinstance(v, ROUTINES + (type,))]:
        remove(key)


def mentions(code, text: str) -> bool:
    """Does ``code`` (or a function defined in it) hold a string constant containing ``text``?"""
    return any((type(c) is str and text in c) or (type(c) is CodeType and mentions(c, text)) for c in code.co_consts)


def private_copy():
    """A copy of this module that is in no ``sys.modules``: the audit hook and the guard are installed from it,
    so their globals (``GUARDED_EVENTS``, ``is_reference``, ``ReferenceGuard``...) are out of the hand-in's
    reach. This module's own globals are not: its functions are (``os._exit``'s replacement, a stream's
    ``write``, IPython's callbacks), and so is the kernel's first ``__main__`` (IPython keeps it)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("_grading_kernel_private", os.path.realpath(__file__))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def reference_guard(shell, package, trusted: tuple[str, ...], locked: str | None) -> ReferenceGuard | None:
    """The guard of the reference answers (:class:`ReferenceGuard`) when the grader named the locked cells
    (nbgrader's autograde with the course's config); cells are named by their source alone (not by
    ``$IPYKERNEL_CELL_NAME``, which the hand-in could set), and the checks start hidden."""
    if locked is None:
        return None
    from ipykernel.compiler import get_tmp_directory, get_tmp_hash_seed, murmur2_x86
    cells, seed = get_tmp_directory() + os.sep, get_tmp_hash_seed()
    shell.compile.get_code_name = detached(lambda raw, transformed, number: f"{cells}{murmur2_x86(raw, seed)}.py",
                                           cells=cells, murmur2_x86=murmur2_x86, seed=seed)
    folder = os.path.dirname(os.path.realpath(package.exercises.__file__))
    guard = ReferenceGuard([h for h in locked.split(",") if h], folder, package, lambda: shell.user_ns,
                           lambda: (shell.displayhook,))
    guard.trusted = trusted
    guard.hide()
    return guard


def record_progress(shell, path: str | None, current: list) -> None:
    def started(info):
        current[0] = info.raw_cell
        if path:
            with open(path, "a", encoding="utf-8") as log:
                log.write(repr(info.raw_cell) + "\n")
    shell.events.register("pre_run_cell", started)


def trusted_paths(package) -> tuple[str, ...]:
    """The folders whose code is not the hand-in's: Python's, the environment's, the package's and this file's,
    as real paths (the audit hook resolves each code's file before comparing)."""
    folders = {os.path.realpath(p) for p in (sys.base_prefix, sys.prefix, sys.exec_prefix)}
    folders |= {os.path.dirname(os.path.realpath(package.__file__)), os.path.dirname(os.path.realpath(__file__))}
    return tuple(sorted(p + os.sep for p in folders))


def make_socket_folder(rest: list[str]) -> None:
    """With Unix-socket transport (tools/assignments.py's config) the sockets' folder must exist."""
    import json
    file = next((b for a, b in zip(rest, rest[1:]) if a in ("-f", "--f")), None)
    try:
        with open(file, encoding="utf-8") as handle:
            info = json.load(handle)
    except (TypeError, OSError, ValueError):
        return
    if info.get("transport") == "ipc":
        os.makedirs(os.path.dirname(os.path.abspath(info["ip"])), mode=0o700, exist_ok=True)


def scratch_home() -> None:
    """Outside a sandbox (which gives the hand-in its own HOME), HOME and the folders libraries write to on
    import (matplotlib's config and font cache, IPython's history) go to the hand-in's scratch folder: a
    library's benign write there is no refusal, and costs the answer nothing."""
    scratch = os.environ.get("GRADING_SCRATCH")
    if not scratch or os.environ.get("GRADING_SANDBOX"):
        return
    from grading_sandbox import font_cache
    home = os.path.join(scratch, "home")
    os.makedirs(home, exist_ok=True)
    font_cache(__import__("pathlib").Path(home))
    os.environ.update(HOME=home, MPLCONFIGDIR=os.path.join(home, ".matplotlib"),
                      IPYTHONDIR=os.path.join(home, ".ipython"))


def main(argv: list[str]) -> None:
    limits, rest = options(argv)
    # The names of the instructor's locked cells (tools/grading_preprocessors.py), read before any cell runs.
    locked = os.environ.pop("GRADING_LOCKED", None)
    make_socket_folder(rest)
    scratch_home()
    here = os.path.realpath(os.getcwd())
    scratch = os.environ.get("GRADING_SCRATCH", "")
    writable = tuple(p + os.sep for p in (here, os.path.realpath(scratch) if scratch else "") if p)
    # No debugger in a graded kernel: a hand-in is graded, not debugged, and importing debugpy was about a fifth
    # of the kernel's start (0.18 of 0.86 CPU-seconds).
    sys.modules["debugpy"] = None
    from ipykernel.kernelapp import IPKernelApp

    import adversarial
    import adversarial.exercises  # noqa: F401  (loaded before any hand-in code runs)
    trusted = trusted_paths(adversarial)
    limit_process(limits)
    sys.dont_write_bytecode = True      # the import system writes no .pyc (a write outside the folder)
    app = IPKernelApp.instance()
    app.initialize(rest)
    shell = app.shell
    current = [None]
    record_progress(shell, os.environ.get("GRADING_PROGRESS"), current)
    cap_output(shell, limits["output"] * 1000)
    guard_exits()
    private = private_copy()
    private.install_audit_hook(writable, trusted, os.environ.get("GRADING_REFUSED"), current,
                               private.reference_guard(shell, adversarial, trusted, locked), shell)
    app.start()


if __name__ == "__main__":
    main(sys.argv[1:])
