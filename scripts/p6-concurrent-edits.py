#!/usr/bin/env python3
"""P6: 8 roadtrip processes editing one database at once, 200 edits each, with the default busy
timeout. Every edit is one `roadtrip set` or `roadtrip transport` process; a third of them edit
the writer's own journey, a third one field of a journey shared by all writers (each writer its
own field: different fields of the same journey), a third the name of one journey (the same
field). Then it checks that every command succeeded, that the change log holds every edit (one
update row per edit, one batch per command, chained old -> new per field) and that the final
state is the last write, and reports the throughput.

usage: scripts/p6-concurrent-edits.py [--binary PATH] [--writers 8] [--edits 200] [--journeys 1000]
Build first: swift build -c release -Xswiftc -static-executable
"""
import argparse
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time

TYPES = ["walk-or-run", "skateboard", "scooter", "bike", "car", "hired-car", "bus", "light-rail"]
FIELDS = ["name", "duration", "startDate", "transportationType"]


def journey_id(index):
    return "e6e6%04x-0000-4000-8000-000000000000" % index


def plan(writer, edits):
    """The commands of one writer, with (journey, field, stored value) for each."""
    own, shared, same = journey_id(writer), journey_id(100), journey_id(101)
    field = FIELDS[writer % 4]
    commands = []
    for k in range(edits):
        kind = k % 3
        if kind == 0:
            value = "w%d-own-%d" % (writer, k)
            commands.append((["set", own, "name=" + value], own, "name", value))
        elif kind == 1:
            # Writers 0-3 and 4-7 share the four fields of two journeys.
            target = journey_id(100 + 2 * (writer // 4))
            if field == "name":
                value = "w%d-field-%d" % (writer, k)
                commands.append((["set", target, "name=" + value], target, field, value))
            elif field == "duration":
                value = float(k + 1)
                commands.append((["set", target, "duration=%ds" % (k + 1)], target, field, value))
            elif field == "startDate":
                # Seconds since 2001-01-01; 2026-11-21T00:00:00Z is 816_912_000.
                seconds = 816_912_000 + 60 * k
                text = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds + 978_307_200))
                commands.append((["set", target, "start=" + text], target, field, float(seconds)))
            else:
                value = TYPES[(k // 3) % 7]  # never "light-rail", the seeded type; consecutive differ
                commands.append((["transport", target, value], target, field, value))
        else:
            value = "w%d-same-%d" % (writer, k)
            commands.append((["set", same, "name=" + value], same, "name", value))
    return commands


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(os.path.dirname(__file__), "..", ".build", "release", "roadtrip"))
    parser.add_argument("--writers", type=int, default=8)
    parser.add_argument("--edits", type=int, default=200)
    parser.add_argument("--journeys", type=int, default=1000)
    options = parser.parse_args()
    binary = os.path.abspath(options.binary)
    if not os.access(binary, os.X_OK):
        sys.exit("no roadtrip at %s; build it with: swift build -c release -Xswiftc -static-executable" % binary)

    folder = tempfile.mkdtemp(prefix="roadtrip-p6-")
    database = os.path.join(folder, "journeys.sqlite")
    environment = {"PATH": "/usr/bin:/bin", "HOME": folder, "ROADTRIP_DB": database, "TZ": "UTC", "LANG": "C.UTF-8"}
    seed = os.path.join(folder, "seed.ndjson")
    with open(seed, "w") as out:
        for index in list(range(options.writers)) + [100, 101, 102, 103] + list(range(1000, 1000 + options.journeys)):
            out.write('{"id":"%s","name":"Seed %d","transportationType":"light-rail","startDate":"2026-01-01T00:00:00Z","duration":0}\n'
                      % (journey_id(index), index))
    subprocess.run([binary, "import", seed], env=environment, check=True, stderr=subprocess.DEVNULL)
    connection = sqlite3.connect(database)
    first_batch = connection.execute("SELECT max(id) FROM batch").fetchone()[0]
    connection.close()

    plans = [plan(writer, options.edits) for writer in range(options.writers)]
    results = [[] for _ in plans]

    def run(writer):
        for arguments, *_ in plans[writer]:
            started = time.monotonic()
            done = subprocess.run([binary] + arguments, env=environment, stdin=subprocess.DEVNULL,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
            results[writer].append((done.returncode, done.stderr.decode(errors="replace"), time.monotonic() - started))

    started = time.monotonic()
    threads = [threading.Thread(target=run, args=(writer,)) for writer in range(options.writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started

    total = options.writers * options.edits
    outcomes = [outcome for writer in results for outcome in writer]
    failures = [(code, error) for code, error, _ in outcomes if code != 0 or error]
    locked = [error for _, error in failures if "locked" in error]
    latencies = sorted(seconds for _, _, seconds in outcomes)

    connection = sqlite3.connect(database)
    columns = {"name": "name", "duration": "duration", "startDate": "start_date", "transportationType": "transportation_type"}
    # Schema v3: one change row per write, the old and new value of each field it changed in the
    # columns old_<column> and new_<column> (NULL for the others); read as one row per field.
    selected = ", ".join("old_%s, new_%s" % (column, column) for column in columns.values())
    logged_rows = connection.execute(
        "SELECT batch, journey, kind, %s FROM change WHERE batch > ? ORDER BY id" % selected, (first_batch,)).fetchall()
    rows = []
    for row in logged_rows:
        for offset, field in enumerate(columns):
            old, new = row[3 + 2 * offset], row[4 + 2 * offset]
            if new is not None:
                rows.append((row[0], row[1], row[2], field, old, new))
    batches = connection.execute("SELECT count(*) FROM batch WHERE id > ?", (first_batch,)).fetchone()[0]
    problems = []
    if len(logged_rows) != total or len(rows) != total or batches != total or any(row[2] != "update" for row in rows):
        problems.append("%d change rows (%d field changes) and %d batches for %d edits" % (len(logged_rows), len(rows), batches, total))
    if len({row[0] for row in rows}) != len(rows):
        problems.append("a batch holds more than one change")
    keys = {(journey, field) for commands in plans for _, journey, field, _ in commands}
    lost = 0
    for journey, field in sorted(keys):
        logged = [row for row in rows if row[1] == journey and row[3] == field]
        written = [value for commands in plans for _, j, f, value in commands if (j, f) == (journey, field)]
        lost += len(written) - len(logged)
        if sorted(map(str, (row[5] for row in logged))) != sorted(map(str, written)):
            problems.append("%s %s: the log does not hold exactly the values written" % (journey, field))
        for previous, following in zip(logged, logged[1:]):
            if previous[5] != following[4]:
                problems.append("%s %s: %r then old %r: a lost update" % (journey, field, previous[5], following[4]))
                break
        final = connection.execute("SELECT %s FROM journey WHERE id = ?" % columns[field], (journey,)).fetchone()[0]
        if logged and final != logged[-1][5]:
            problems.append("%s %s: final %r is not the last write %r" % (journey, field, final, logged[-1][5]))
    integrity = connection.execute("PRAGMA integrity_check").fetchone()[0]
    connection.close()

    print("P6: %d processes x %d edits = %d edits, default busy timeout, %s" % (options.writers, options.edits, total, binary))
    print("  succeeded:        %d of %d (%d failed, %d 'database is locked')" % (total - len(failures), total, len(failures), len(locked)))
    print("  change log:       %d update rows in %d batches; lost edits: %d; problems: %d" % (len(rows), batches, max(lost, 0), len(problems)))
    print("  integrity_check:  %s" % integrity)
    print("  wall time:        %.2f s" % elapsed)
    print("  throughput:       %.0f edits/s" % (total / elapsed))
    print("  per edit:         median %.1f ms, p95 %.1f ms, max %.1f ms" % (
        1000 * statistics.median(latencies), 1000 * latencies[int(0.95 * (len(latencies) - 1))], 1000 * latencies[-1]))
    for problem in problems[:10]:
        print("  PROBLEM: " + problem)
    for code, error in failures[:5]:
        print("  FAILED (%d): %s" % (code, error.strip()))
    subprocess.run(["rm", "-rf", folder])
    sys.exit(1 if failures or problems or integrity != "ok" else 0)


if __name__ == "__main__":
    main()
