"""Symbol graphs read from modules a build already made.

`swift-symbolgraph-extract` reads a built module (its .swiftmodule) in a fraction of a second, where
`swift package dump-symbol-graph` and swift-docc-plugin plan and build the package again first (several seconds a
target, one target after another). It needs what the compiler was given to find the module's own imports: the
build's Modules folder, and for a module that imports C (CCurl, NIO's shims, SQLite) each C module's map and headers,
which SwiftPM passes as `-Xcc` options. Those are read from the build's own plan (debug.yaml: the target's compile
command), so the extraction sees exactly what the compile saw.

Used by scripts/check-public-api (each module's public face) and scripts/docs (the documentation site).
"""
import functools
import json
import subprocess
from pathlib import Path


class SymbolGraphError(Exception):
    """A module that is not built, or whose symbols could not be read; the message says which and why."""


@functools.cache
def target_triple():
    """The triple the toolchain builds for (SwiftPM names the build's folder after it), asked once."""
    result = subprocess.run(["swiftc", "-print-target-info"], capture_output=True, text=True, check=True)
    return json.loads(result.stdout)["target"]["triple"]


@functools.cache
def _compile_commands(plan):
    """Each target's compile arguments in a build plan (SwiftPM's llbuild file): {target: [argument, …]}.

    A command's entry is `  "C.<Target>-<triple>-debug.module":`, with its `args: [...]` (JSON) a few lines below."""
    commands = {}
    lines = Path(plan).read_text().splitlines()
    for number, line in enumerate(lines):
        if not (line.startswith('  "C.') and line.endswith('-debug.module":')):
            continue
        target = line[len('  "C.'):-len('-debug.module":')].removesuffix(f"-{target_triple()}")
        for following in lines[number + 1:number + 16]:
            stripped = following.strip()
            if stripped.startswith("args: ["):
                commands[target] = json.loads(stripped[len("args: "):])
                break
    return commands


def c_module_options(scratch, module):
    """The `-Xcc` options the build compiled `module` with (C module maps and header folders), in order. The plan is
    that of the last package built in the folder: when it does not compile `module` (another package was built there
    since), none; a module that needs them then fails to load, with the compiler's own error."""
    plan = Path(scratch) / "debug.yaml"
    arguments = _compile_commands(str(plan)).get(module) if plan.is_file() else None
    if arguments is None:
        return []
    options = []
    for index, argument in enumerate(arguments[:-1]):
        if argument == "-Xcc":
            options += ["-Xcc", arguments[index + 1]]
    return options


def extract(scratch, module, output, *, skip_synthesized=False, extension_blocks=False):
    """Writes the public symbol graph files of `module`, as the debug build in `scratch` made it, into `output`."""
    modules = Path(scratch) / "debug" / "Modules"
    if not (modules / f"{module}.swiftmodule").exists():
        raise SymbolGraphError(f"{module} is not built in {modules}: build the root package first "
                               "(swift build --build-tests, as scripts/test does)")
    command = ["swift-symbolgraph-extract", "-module-name", module, "-target", target_triple(),
               "-I", str(modules), *c_module_options(scratch, module),
               "-output-dir", str(output), "-minimum-access-level", "public"]
    if skip_synthesized:
        command.append("-skip-synthesized-members")
    if extension_blocks:
        command.append("-emit-extension-block-symbols")
    Path(output).mkdir(parents=True, exist_ok=True)
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise SymbolGraphError(f"the symbol graph of {module} could not be extracted:\n{result.stdout}{result.stderr}")
