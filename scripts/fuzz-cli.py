#!/usr/bin/env python3
"""A longer seeded-random fuzz run of the roadtrip binary than the test suite makes (not part of
CI): mutated NDJSON, JSON and CSV documents for `import`, and random values for `set`, `add` and
`list`. Every run must end with an exit code the contract allows (never a signal, never a hang),
say `roadtrip: error: ...` when it fails, change nothing when it fails, and leave a database that
passes `db check`. Failing inputs are kept in the output folder.

usage: scripts/fuzz-cli.py [--binary PATH] [--runs 2000] [--seed 1] [--keep DIR]
"""
import argparse
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile

TOKENS = ["\x00", '"', "\\", "\\u0000", "\\ud800", "NaN", "Infinity", "1e999", "-1", "[", "{", "]", "}", ",", "\n",
          "\r", "'; DROP TABLE journey; --", "\uffff", "null", "true", "9" * 40, '"duration":', '"id":"x",', "\xff",
          "2026-02-30", "+275760-09-13T00:00:00Z", "0x10", "1:60", "\u202e", "[" * 1000]
VALUES = ["", "0", "1", "-1", "1.5", "nan", "inf", "1e309", "0x10", "1h30m", "1:30:00", "90s", "2d", "now",
          "2026-11-21", "2026-11-21T08:00:00Z", "2026-11-21T08:00", "10000-01-01", "-0001-01-01", "bike", "Shared Ride",
          "walkOrRun", "x" * 100_000, "'; DROP TABLE journey; --", "\u0301", "🚲", "a\tb", "a\nb"]
FIELDS = ["name", "transport", "transportationType", "start", "startDate", "duration", "endDate", "id", "bogus", ""]


def valid_document(kind):
    journeys = [{"name": "Journey %d" % i, "transportationType": "bike", "startDate": "2026-11-21T08:00:00Z",
                 "duration": 90.5} for i in range(4)]
    if kind == "ndjson":
        return "".join(json.dumps(j) + "\n" for j in journeys).encode()
    if kind == "json":
        return json.dumps(journeys).encode()
    return ("name,transportationType,startDate,duration\r\n"
            + "".join('"%s",%s,%s,%s\r\n' % (j["name"], j["transportationType"], j["startDate"], j["duration"])
                      for j in journeys)).encode()


def mutate(data, rng):
    data = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        if not data:
            break
        at = rng.randrange(len(data))
        choice = rng.randrange(5)
        if choice == 0:
            data[at] = rng.randrange(256)
        elif choice == 1:
            data[at:at] = rng.choice(TOKENS).encode("utf-8", "surrogatepass")
        elif choice == 2:
            del data[at]
        elif choice == 3:
            del data[at:]
        else:
            data[at:at] = data[at:at + 40]
    return bytes(data)


def state(database):
    if not os.path.exists(database):
        return None
    connection = sqlite3.connect(database)
    rows = connection.execute("SELECT * FROM journey ORDER BY id").fetchall()
    batches = connection.execute("SELECT count(*) FROM batch").fetchone()[0]
    connection.close()
    return rows, batches


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(os.path.dirname(__file__), "..", ".build", "release", "roadtrip"))
    parser.add_argument("--runs", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", default=None)
    options = parser.parse_args()
    binary = os.path.abspath(options.binary)
    rng = random.Random(options.seed)
    folder = tempfile.mkdtemp(prefix="roadtrip-fuzz-")
    keep = options.keep or os.path.join(folder, "failures")
    os.makedirs(keep, exist_ok=True)
    database = os.path.join(folder, "journeys.sqlite")
    environment = {"PATH": "/usr/bin:/bin", "HOME": folder, "ROADTRIP_DB": database, "TZ": "UTC", "LANG": "C.UTF-8"}
    first = subprocess.run([binary, "add", "Seed"], env=environment, capture_output=True)
    seed_id = first.stdout.decode().strip()
    allowed = {"import": {0, 65}, "set": {0, 64, 66}, "add": {0, 64}, "list": {0, 64}}
    problems = 0
    counts = {}
    for run in range(options.runs):
        command = rng.choice(["import", "import", "set", "add", "list"])
        stdin = subprocess.DEVNULL
        if command == "import":
            kind = rng.choice(["ndjson", "json", "csv"])
            path = os.path.join(folder, "input." + kind)
            with open(path, "wb") as out:
                out.write(mutate(valid_document(kind), rng))
            arguments = ["import", path, "--on-conflict", "skip"]
        elif command == "set":
            pairs = ["%s=%s" % (rng.choice(FIELDS), rng.choice(VALUES)) for _ in range(rng.randint(1, 3))]
            arguments = ["set", rng.choice([seed_id, seed_id[:4], "ffff", "'", "-"])] + pairs
        elif command == "add":
            if rng.random() < 0.5:
                arguments = ["add", "--", rng.choice(VALUES)]
            else:
                arguments = ["add", "x", "--transport", rng.choice(VALUES), "--start", rng.choice(VALUES),
                             "--duration", rng.choice(VALUES)]
        else:
            arguments = ["list", "--since", rng.choice(VALUES), "--format", rng.choice(["ids", "json", "csv", "bogus"])]
        arguments = [a.replace("\x00", "") for a in arguments]
        before = state(database)
        try:
            done = subprocess.run([binary] + arguments, env=environment, stdin=stdin, capture_output=True, timeout=60)
            code, error = done.returncode, done.stderr.decode(errors="replace")
        except subprocess.TimeoutExpired:
            code, error = "hang", ""
        counts[code] = counts.get(code, 0) + 1
        wrong = code not in allowed[command]
        if code != 0 and not error.startswith("roadtrip: error: "):
            wrong = True
        if code != 0 and code != "hang" and state(database) != before:
            wrong = True
        if wrong:
            problems += 1
            name = os.path.join(keep, "run-%d" % run)
            with open(name + ".args", "w") as out:
                out.write(repr(arguments) + "\n" + repr(code) + "\n" + error)
            if command == "import":
                os.replace(path, name + ".input")
    check = subprocess.run([binary, "db", "check"], env=environment, capture_output=True)
    print("fuzzed %d runs (seed %d): exit codes %s; problems: %d; db check: %s" % (
        options.runs, options.seed, dict(sorted(counts.items(), key=str)), problems,
        "ok" if check.returncode == 0 else check.stdout.decode()))
    if problems:
        print("failing inputs kept in " + keep)
    elif not options.keep:
        shutil.rmtree(folder, ignore_errors=True)
    sys.exit(1 if problems or check.returncode != 0 else 0)


if __name__ == "__main__":
    main()
