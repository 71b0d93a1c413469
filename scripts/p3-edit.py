#!/usr/bin/env python3
"""P3: one edit per process, in every form, against one sqlite3 UPDATE on the same file, the
runs interleaved.

Usage: scripts/p3-edit.py DATABASE LABEL=ROADTRIP_BINARY... [--runs N]

DATABASE is a roadtrip database of 100,000 journeys (`roadtrip import` of the first 100,000
lines of `scripts/generate-journeys.py`'s NDJSON). The journey edited is the database's first;
before every run, timed or not, sqlite3 sets it back (type car, its name), so that every command
really writes. The forms: `transport ID bike` with `--db` after and before the command and with
`ROADTRIP_DB`, `set ID name=Renamed` with `--db` and with `ROADTRIP_DB`; the anchors:
`sqlite3 DATABASE "UPDATE journey SET transportation_type = 'bike' WHERE id = 'ID'"` and the
same `SET name = 'Renamed'` (on roadtrip's file, whose triggers log the shell's UPDATE as
roadtrip logs its own). Each round runs every form with every binary, then each anchor, each
process started with posix_spawn and timed until wait4 returns (wall, and user + system CPU).
The first round is a warm-up. Prints medians and ratios to the anchor of the same field.
"""
import os, statistics, subprocess, sys, time


def timed(argv, environment):
    start = time.perf_counter()
    pid = os.posix_spawnp(argv[0], argv, environment)
    _, status, usage = os.wait4(pid, 0)
    wall = (time.perf_counter() - start) * 1000
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(argv)} failed: {status}")
    return wall, (usage.ru_utime + usage.ru_stime) * 1000


def main():
    args = sys.argv[1:]
    runs = 21
    if "--runs" in args:
        at = args.index("--runs")
        runs = int(args[at + 1])
        del args[at:at + 2]
    database, binaries = args[0], [arg.split("=", 1) for arg in args[1:]]
    row = subprocess.run(["sqlite3", database, "SELECT id, name FROM journey ORDER BY rowid LIMIT 1"],
                         capture_output=True, text=True, check=True).stdout.strip()
    journey, name = row.split("|", 1)
    reset = ["sqlite3", database, f"UPDATE journey SET transportation_type = 'car', name = '{name}' WHERE id = '{journey}'"]
    plain = dict(os.environ)
    plain.pop("ROADTRIP_DB", None)
    chosen = dict(plain, ROADTRIP_DB=database)
    forms = [
        ("transport ID bike --db X", "type", ["transport", journey, "bike", "--db", database], plain),
        ("--db X transport ID bike", "type", ["--db", database, "transport", journey, "bike"], plain),
        ("ROADTRIP_DB=X transport ID bike", "type", ["transport", journey, "bike"], chosen),
        ("set ID name=Renamed --db X", "name", ["set", journey, "name=Renamed", "--db", database], plain),
        ("ROADTRIP_DB=X set ID name=Renamed", "name", ["set", journey, "name=Renamed"], chosen),
    ]
    anchors = {
        "type": ["sqlite3", database, f"UPDATE journey SET transportation_type = 'bike' WHERE id = '{journey}'"],
        "name": ["sqlite3", database, f"UPDATE journey SET name = 'Renamed' WHERE id = '{journey}'"],
    }
    commands = [(f"{label}: {form}", argv and [binary] + argv, environment)
                for form, _, argv, environment in forms for label, binary in binaries]
    commands += [(f"sqlite3 UPDATE {field}", argv, plain) for field, argv in anchors.items()]
    times = {label: ([], []) for label, _, _ in commands}
    for round in range(runs + 1):
        for label, argv, environment in commands:
            subprocess.run(reset, check=True)
            wall, cpu = timed(argv, environment)
            if round > 0:
                times[label][0].append(wall)
                times[label][1].append(cpu)
    medians = {label: tuple(statistics.median(values) for values in times[label]) for label in times}
    print(f"median of {runs} interleaved runs, journey {journey}")
    print("| command | wall | ratio | CPU (user + sys) | ratio |")
    print("|---|--:|--:|--:|--:|")
    for form, field, _, _ in forms:
        anchor_wall, anchor_cpu = medians[f"sqlite3 UPDATE {field}"]
        for label, _ in binaries:
            wall, cpu = medians[f"{label}: {form}"]
            print(f"| {label}: `{form}` | {wall:.2f} ms | {wall / anchor_wall:.2f}× | {cpu:.2f} ms | {cpu / anchor_cpu:.2f}× |")
    for field in anchors:
        wall, cpu = medians[f"sqlite3 UPDATE {field}"]
        print(f"| sqlite3 UPDATE ({field}) | {wall:.2f} ms | 1.00× | {cpu:.2f} ms | 1.00× |")


if __name__ == "__main__":
    main()
