#!/usr/bin/env python3
"""P4: a batch edit of 100k of N journeys, ids piped into `roadtrip transport - bike`, against
a sqlite3 script of the same UPDATEs in one transaction, the runs interleaved.

Usage: RUNS=3 scripts/p4-batch.py N LABEL=ROADTRIP_BINARY...

Each binary imports the same N journeys (`scripts/generate-journeys.py`) into a file of its own
(an older binary cannot open a newer schema); the anchor is the journey table with its
constraints and indexes, without roadtrip's change log, filled from the CSV of the same rows by
the sqlite3 shell. Every round copies each side's file afresh and calls `sync` before timing it,
so that no side pays for another's dirty pages, then times the command until wait4 returns (wall,
and user + system CPU from its rusage). Prints the medians and each binary's speed and CPU
against the anchor (higher is better).
"""
import os, shutil, statistics, subprocess, sys, tempfile, time

BATCH = 100_000


def timed(argv, input_path):
    with open(input_path, "rb") as source:
        start = time.perf_counter()
        child = subprocess.Popen(argv, stdin=source, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(child.pid, 0)
        wall = (time.perf_counter() - start) * 1000
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{argv[0]} failed ({status}): {child.stderr.read().decode(errors='replace')}")
    return wall, (usage.ru_utime + usage.ru_stime) * 1000


def main():
    count, binaries = int(sys.argv[1]), [arg.split("=", 1) for arg in sys.argv[2:]]
    runs = int(os.environ.get("RUNS", "3"))
    root = os.path.dirname(os.path.abspath(__file__))
    with tempfile.TemporaryDirectory(prefix="roadtrip-p4.") as work:
        os.chdir(work)
        subprocess.run([sys.executable, os.path.join(root, "generate-journeys.py"), str(count), "journeys"], check=True)
        with open("journeys.ids") as ids, open("batch.ids", "w") as batch:
            batch.writelines(line for _, line in zip(range(BATCH), ids))
        with open("batch.ids") as ids, open("batch.sql", "w") as sql:
            sql.write("BEGIN;\n")
            sql.writelines(f"UPDATE journey SET transportation_type = 'bike' WHERE id = '{line.strip()}';\n" for line in ids)
            sql.write("COMMIT;\n")
        sides = []
        for label, binary in binaries:
            with open("journeys.ndjson", "rb") as source:
                subprocess.run([binary, "import", "--db", f"{label}.sqlite"], stdin=source, check=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            sides.append((label, f"{label}.sqlite", [binary, "transport", "-", "bike", "--db", "run.sqlite"], "batch.ids"))
        schema = subprocess.run(
            ["sqlite3", f"{binaries[0][0]}.sqlite", "SELECT sql || ';' FROM sqlite_schema WHERE tbl_name = 'journey' "
             "AND type IN ('table', 'index') AND sql IS NOT NULL"], check=True, capture_output=True, text=True).stdout
        subprocess.run(["sqlite3", "anchor.sqlite", "PRAGMA journal_mode = WAL;\n" + schema], check=True, stdout=subprocess.DEVNULL)
        subprocess.run(["sqlite3", "anchor.sqlite", "-cmd", ".mode csv", ".import journeys.csv journey"], check=True)
        sides.append(("sqlite3", "anchor.sqlite", ["sqlite3", "run.sqlite"], "batch.sql"))
        times = {label: ([], []) for label, *_ in sides}
        for _ in range(runs):
            for label, start, argv, input_path in sides:
                for suffix in ("", "-wal", "-shm"):
                    if os.path.exists("run.sqlite" + suffix):
                        os.remove("run.sqlite" + suffix)
                shutil.copyfile(start, "run.sqlite")
                os.sync()
                wall, cpu = timed(argv, input_path)
                times[label][0].append(wall)
                times[label][1].append(cpu)
    anchor_wall, anchor_cpu = (statistics.median(values) for values in times["sqlite3"])
    print(f"P4: {BATCH} ids of {count} journeys, median of {runs} interleaved rounds")
    print("| command | wall | speed | CPU (user + sys) | CPU ratio |\n|---|--:|--:|--:|--:|")
    for label, (walls, cpus) in times.items():
        wall, cpu = statistics.median(walls), statistics.median(cpus)
        print(f"| {label} | {wall:.0f} ms | {anchor_wall / wall:.2f}× | {cpu:.0f} ms | {anchor_cpu / cpu:.2f}× |")


if __name__ == "__main__":
    main()
