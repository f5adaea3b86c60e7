#!/usr/bin/env python3
"""Writes the seed inputs of every fuzz target into OUT/<target>/, one input a file (scripts/fuzz runs it).

The Duffel decoders start from the repository's own answers: the recorded responses under
Fixtures/Sources/FixtureServices/Responses and Duffel's published ones under Fixtures/conformance, minified, and each
list cut down to single items (a small input mutates and runs far faster than a 120 kB search). The text targets
start from the lines of Fuzz/Seeds/<target>.txt; the bookings file from Fuzz/Seeds/bookings-file.json.

    Fuzz/make-seeds.py OUT
"""
import hashlib
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
LARGEST = 16 * 1024  # bytes; scripts/fuzz gives the decoders the same -max_len


def write(folder, data):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)


def compact(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def duffel_pieces(body):
    """The body itself, and its lists cut to one item: pages, offers inside an offer request, orders."""
    yield body
    data = body.get("data") if isinstance(body, dict) else None
    if isinstance(data, list):
        for item in data[:4]:
            yield {"data": [item], "meta": {"limit": 1, "after": None, "before": None}}
            yield {"data": item}
    elif isinstance(data, dict):
        for key, value in data.items():
            if isinstance(value, list) and len(value) > 1:
                for item in value[:3]:
                    yield {"data": {**data, key: [item]}}
                    if key == "offers":
                        yield {"data": item}


def main():
    out = pathlib.Path(sys.argv[1])
    files = sorted((ROOT / "Fixtures/Sources/FixtureServices/Responses").glob("*.json"))
    files += sorted((ROOT / "Fixtures/conformance").glob("*/*.json"))
    for path in files:
        for piece in duffel_pieces(json.loads(path.read_text(encoding="utf-8"))):
            data = compact(piece)
            if len(data) <= LARGEST:
                write(out / "duffel-decoders", data)
    for target in ("date-reader", "place-text", "typed-commands"):
        for line in (ROOT / f"Fuzz/Seeds/{target}.txt").read_text(encoding="utf-8").splitlines():
            write(out / target, line.encode())
    write(out / "bookings-file", (ROOT / "Fuzz/Seeds/bookings-file.json").read_bytes())


if __name__ == "__main__":
    main()
