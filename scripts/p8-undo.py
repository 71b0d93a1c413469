#!/usr/bin/env python3
"""P8: undo and redo of an import against the import's own time, for one or more release
binaries, the runs interleaved.

usage: scripts/p8-undo.py N LABEL=BINARY...   (RUNS=n rounds, default 3; builds nothing)

Each round imports the first N journeys of `generate-journeys.py` (NDJSON) with the first binary
(the anchor: the import's time), then, for each binary in turn (the order alternates from round
to round), undoes, redoes, undoes and redoes it on a copy of that imported file. Every command is
timed as a whole process (wall, and user + system CPU). Prints the medians and their ratios to
the import's, as Markdown rows for BENCHMARKS.md.
"""
import os, shutil, sqlite3, statistics, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import fresh, revert_arguments, timed

STEPS = ("undo 1", "redo 1", "undo 2", "redo 2")


def main():
    rows = int(sys.argv[1])
    binaries = [arg.split("=", 1) for arg in sys.argv[2:]]
    binaries = [(label, os.path.abspath(binary)) for label, binary in binaries]
    rounds = int(os.environ.get("RUNS", "3"))
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    work = tempfile.mkdtemp(prefix="roadtrip-p8.")
    try:
        os.chdir(work)
        subprocess.run([sys.executable, os.path.join(root, "scripts", "generate-journeys.py"), str(rows), "journeys"],
                       check=True, stdout=subprocess.DEVNULL)
        times = {}
        for number in range(rounds):
            fresh("import.sqlite")
            times.setdefault("import", []).append(
                timed(binaries[0][1], "import", "journeys.ndjson", "--db", "import.sqlite"))
            with sqlite3.connect("import.sqlite") as database:
                database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            for label, binary in (binaries if number % 2 == 0 else binaries[::-1]):
                fresh("cycled.sqlite")
                shutil.copy("import.sqlite", "cycled.sqlite")
                for step in STEPS:
                    times.setdefault((label, step), []).append(
                        timed(binary, *revert_arguments(binary, step.split()[0]), "--db", "cycled.sqlite"))
        median = lambda runs, at: statistics.median(run[at] for run in runs)
        wall, cpu = median(times["import"], 0), median(times["import"], 1)
        print(f"{rows:,} journeys, medians of {rounds} interleaved rounds; the import by {binaries[0][0]}\n")
        print("| command | wall | vs the import | CPU | vs the import |\n|---|--:|--:|--:|--:|")
        print(f"| import | {wall:.2f} s | 1.00× | {cpu:.2f} s | 1.00× |")
        for label, _ in binaries:
            for step in STEPS:
                runs = times[(label, step)]
                print(f"| {label}: {step} | {median(runs, 0):.2f} s | {median(runs, 0) / wall:.2f}× | "
                      f"{median(runs, 1):.2f} s | {median(runs, 1) / cpu:.2f}× |")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
