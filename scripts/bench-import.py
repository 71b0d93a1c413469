#!/usr/bin/env python3
"""P1 at the import's own scale: `roadtrip import` of N journeys (NDJSON) into a new database,
for one or more release binaries, interleaved with two `sqlite3 .import` anchors of the same rows
(CSV) in the same run, medians of RUNS rounds printed as Markdown rows for BENCHMARKS.md.

- bare: a five-column table with `id TEXT PRIMARY KEY` (PERFORMANCE.md's anchor for P1).
- limit: the journey table as roadtrip writes it (its CHECK constraints), its two indexes built
  after the rows, a 256 MiB cache: what SQLite itself needs for our schema.

usage: scripts/bench-import.py N LABEL=BINARY...   (RUNS=n, default 3)
"""
import os, resource, shutil, sqlite3, statistics, subprocess, sys, tempfile, time

from benchlib import fresh, timed

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    rows, binaries = int(sys.argv[1]), [arg.split("=", 1) for arg in sys.argv[2:]]
    runs = int(os.environ.get("RUNS", "3"))
    work = tempfile.mkdtemp(prefix="roadtrip-bench-import.")
    os.chdir(work)
    subprocess.run(["python3", os.path.join(ROOT, "scripts/generate-journeys.py"), str(rows), "journeys"], check=True)
    # The journey table as the first binary creates it, without the log (its triggers need the rest).
    subprocess.run([binaries[0][1], "import", "--db", "schema.sqlite"], stdin=subprocess.DEVNULL,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with sqlite3.connect("schema.sqlite") as db:
        table = db.execute("SELECT sql FROM sqlite_schema WHERE name = 'journey'").fetchone()[0]
        indexes = [sql for (sql,) in db.execute(
            "SELECT sql FROM sqlite_schema WHERE tbl_name = 'journey' AND type = 'index' AND sql IS NOT NULL")]
    commands = {label: (binary, "import", "journeys.ndjson", "--db", "db.sqlite") for label, binary in binaries}
    commands["sqlite3, bare table"] = (
        "sqlite3", "db.sqlite", "-cmd",
        "PRAGMA journal_mode = WAL", "-cmd",
        "CREATE TABLE journey (id TEXT PRIMARY KEY, name TEXT, transportation_type TEXT, start_date REAL, duration REAL)",
        "-cmd", ".mode csv", ".import journeys.csv journey")
    commands["sqlite3, journey table, indexes after"] = (
        "sqlite3", "db.sqlite", "-cmd", "PRAGMA journal_mode = WAL", "-cmd", "PRAGMA cache_size = -262144",
        "-cmd", table, "-cmd", ".mode csv", "-cmd", "BEGIN", "-cmd", ".import journeys.csv journey",
        "; ".join(indexes) + "; COMMIT")
    times = {label: [] for label in commands}
    for _ in range(runs):
        for label, command in commands.items():
            fresh("db.sqlite")
            times[label].append(timed(*command))
    print(f"{time.strftime('%Y-%m-%dT%H:%MZ', time.gmtime())}, {os.uname().machine}, {os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.1f}, SQLite {sqlite3.sqlite_version}, {rows:,} journeys, medians of {runs} "
          "interleaved rounds\n")
    bare = statistics.median(wall for wall, _ in times["sqlite3, bare table"])
    bare_cpu = statistics.median(cpu for _, cpu in times["sqlite3, bare table"])
    print("| import | wall | CPU | rate vs bare (wall) | rate vs bare (CPU) |\n|---|---|---|---|---|")
    for label, samples in times.items():
        wall, cpu = statistics.median(w for w, _ in samples), statistics.median(c for _, c in samples)
        print(f"| {label} | {wall:.2f} s | {cpu:.2f} s | {bare / wall:.2f}× | {bare_cpu / cpu:.2f}× |")
    shutil.rmtree(work)


main()
