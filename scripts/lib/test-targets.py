#!/usr/bin/env python3
"""Which of the root package's test targets to run, as a `swift test --filter` pattern (one line, empty for none).

    test-targets.py folder Services Modules/FlightSearch   the test targets whose sources are in these folders
    test-targets.py changed FILE…                          the test targets a change to these files can fail: those
                                                           whose own sources changed, and those that depend, directly
                                                           or not, on a target whose sources changed
    test-targets.py all                                    every test target but the end-to-end suite

EndToEndTests is never in `changed` or `all`: it drives the built `flights` binary, whatever changed, and
scripts/test runs it (or, with --quick, a short story from it) as a step of its own. A change to Package.swift
counts as a change to every target. Files outside every target (scripts, docs, the README) select nothing.
"""
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
END_TO_END = "EndToEndTests"


def targets():
    result = subprocess.run(["swift", "package", "--package-path", str(ROOT), "dump-package"],
                            capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"test-targets: the root Package.swift cannot be read:\n{result.stderr}")
    found = {}
    for target in json.loads(result.stdout)["targets"]:
        default = ("Tests/" if target["type"] == "test" else "Sources/") + target["name"]
        dependencies = set()
        for dependency in target["dependencies"]:
            kind, value = next(iter(dependency.items()))
            if kind in ("byName", "target"):
                dependencies.add(value[0])
        found[target["name"]] = {"type": target["type"], "path": target.get("path") or default,
                                 "dependencies": dependencies}
    return found


def within(path, folder):
    return path == folder or path.startswith(folder + "/")


def tests(found):
    return sorted(name for name, target in found.items() if target["type"] == "test" and name != END_TO_END)


def in_folders(found, folders):
    folders = [folder.rstrip("/") for folder in folders]
    return [name for name in tests(found)
            if any(within(found[name]["path"], folder) for folder in folders)]


def changed(found, files):
    if any(file == "Package.swift" for file in files):
        return tests(found)
    touched = {name for name, target in found.items() for file in files if within(file, target["path"])}

    def reaches(name, seen):
        if name in touched:
            return True
        for dependency in found.get(name, {}).get("dependencies", ()):
            if dependency not in seen:
                seen.add(dependency)
                if reaches(dependency, seen):
                    return True
        return False

    return [name for name in tests(found) if reaches(name, set())]


def pattern(names):
    return f"^({'|'.join(names)})\\." if names else ""


def main(argv):
    if not argv or argv[0] not in ("folder", "changed", "all"):
        sys.exit(__doc__)
    found = targets()
    if argv[0] == "folder":
        names = in_folders(found, argv[1:])
    elif argv[0] == "changed":
        names = changed(found, argv[1:])
    else:
        names = tests(found)
    print(pattern(names))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
