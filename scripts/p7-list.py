#!/usr/bin/env python3
"""P7: `roadtrip list` with a type and a date filter against the sqlite3 shell running the same
SELECT on the same file, start-up included, the runs interleaved.

Usage: scripts/p7-list.py DATABASE LABEL=ROADTRIP_BINARY... [--runs N]

DATABASE is a roadtrip database (for the figures in BENCHMARKS.md: 1,000,000 journeys from
`scripts/generate-journeys.py 1000000 journeys`, loaded with `roadtrip import journeys.ndjson`).
Two queries, each as the issue wrote it: the one of issue 25,

  roadtrip list --transport scooter --since 2026-03-01T00:00:00Z --until 2026-03-04T00:00:00Z
    --format ids

and the same over 35 days (about as many rows, ~5,900, as the issue's own file gave the 3 days).
The anchor is `sqlite3 DATABASE "SELECT id FROM journey WHERE transportation_type IN ('scooter')
AND start_date >= S AND start_date < E ORDER BY start_date, id"`: the SELECT roadtrip runs,
with the id only (a tie of start dates is broken by id, never by the order of storing). Each round runs every binary once, then sqlite3, each process started with
posix_spawn and timed until wait4 returns (wall, and user + system CPU from its rusage), output to
a pipe that is read whole. The first round is a warm-up. Prints the medians and the ratios to
sqlite3, and checks that every binary printed exactly the shell's ids.
"""
import os, statistics, sys, time
from datetime import datetime, timezone

REFERENCE = datetime(2001, 1, 1, tzinfo=timezone.utc)
QUERIES = [("3 days (issue 25)", "2026-03-01T00:00:00Z", "2026-03-04T00:00:00Z"),
           ("35 days", "2026-03-01T00:00:00Z", "2026-04-05T00:00:00Z")]


def seconds(text):
    return int((datetime.fromisoformat(text.replace("Z", "+00:00")) - REFERENCE).total_seconds())


def timed(argv):
    """Runs argv; returns (wall ms, CPU ms, output bytes)."""
    read, write = os.pipe()
    actions = [(os.POSIX_SPAWN_DUP2, write, 1), (os.POSIX_SPAWN_CLOSE, read)]
    start = time.perf_counter()
    pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=actions)
    os.close(write)
    chunks = []
    while True:
        chunk = os.read(read, 1 << 16)
        if not chunk:
            break
        chunks.append(chunk)
    _, status, usage = os.wait4(pid, 0)
    wall = (time.perf_counter() - start) * 1000
    os.close(read)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{argv[0]} failed: {status}")
    return wall, (usage.ru_utime + usage.ru_stime) * 1000, b"".join(chunks)


def main():
    args = sys.argv[1:]
    runs = 31
    if "--runs" in args:
        at = args.index("--runs")
        runs = int(args[at + 1])
        del args[at:at + 2]
    database, binaries = args[0], [arg.split("=", 1) for arg in args[1:]]
    for name, since, until in QUERIES:
        select = ("SELECT id FROM journey WHERE transportation_type IN ('scooter') AND start_date >= "
                  f"{seconds(since)} AND start_date < {seconds(until)} ORDER BY start_date, id")
        commands = [(label, [binary, "list", "--transport", "scooter", "--since", since, "--until", until,
                             "--format", "ids", "--db", database]) for label, binary in binaries]
        commands.append(("sqlite3", ["sqlite3", database, select]))
        times = {label: ([], []) for label, _ in commands}
        outputs = {}
        for round in range(runs + 1):
            for label, argv in commands:
                wall, cpu, output = timed(argv)
                outputs[label] = output
                if round > 0:
                    times[label][0].append(wall)
                    times[label][1].append(cpu)
        expected = outputs["sqlite3"]
        for label, _ in commands:
            if outputs[label] != expected:
                sys.exit(f"{label} printed other ids than sqlite3")
        anchor_wall, anchor_cpu = (statistics.median(values) for values in times["sqlite3"])
        rows = expected.count(b"\n")
        print(f"\n{name}: {rows} rows, median of {runs} interleaved runs")
        print("| command | wall | ratio | CPU (user + sys) | ratio |")
        print("|---|--:|--:|--:|--:|")
        for label, _ in commands:
            wall, cpu = (statistics.median(values) for values in times[label])
            print(f"| {label} | {wall:.1f} ms | {wall / anchor_wall:.2f}× | {cpu:.1f} ms | {cpu / anchor_cpu:.2f}× |")


if __name__ == "__main__":
    main()
