#!/usr/bin/env python3
"""P3, right after another program's write: one edit per process made just after another
program (the sqlite3 shell) wrote to the file, against one sqlite3 UPDATE made just after the
same write, the runs interleaved.

usage: scripts/p3-after-outside-write.py N LABEL=BINARY...   (RUNS=n, default 31; WRITES=kinds)

Set-up (not timed): the first binary imports the first N journeys of `generate-journeys.py`
(NDJSON); the file is checkpointed and kept as the start of every run. Each run starts from a
copy of it, lets the other program write (not timed), then times one command as a whole process
(wall, and user + system CPU): `transport ID bike --db X` by each binary, or the anchor,
`sqlite3 X "UPDATE journey SET transportation_type = 'bike' WHERE id = 'ID'"` (logged by the
journey table's triggers, as roadtrip logs its own edit). The journey edited is the file's first.

The other program's writes (WRITES, comma-separated, default all):
- `one`: the shell's UPDATE of one other journey's name;
- `all`: the shell's UPDATE of every journey's duration (N rows in the log);
- `insert`: the shell's insert of N/10 new journeys in one statement;
- `open`: one other journey renamed by a python3 program that keeps its connection (and the WAL)
  open while the command runs.
Each round runs every write with every command, the first round a warm-up. Prints medians and
their ratios to the anchor after the same write.
"""
import os, shutil, sqlite3, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed(argv):
    start = time.perf_counter()
    pid = os.posix_spawnp(argv[0], argv, os.environ)
    _, status, usage = os.wait4(pid, 0)
    wall = (time.perf_counter() - start) * 1000
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(argv)} failed: {status}")
    return wall, (usage.ru_utime + usage.ru_stime) * 1000


def fresh(path):
    for suffix in ("", "-wal", "-shm", "-journal"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)


def shell(database, sql):
    subprocess.run(["sqlite3", database, sql], check=True, stdout=subprocess.DEVNULL)


def main():
    rows = int(sys.argv[1])
    binaries = [(label, os.path.abspath(binary)) for label, binary in
                (arg.split("=", 1) for arg in sys.argv[2:])]
    runs = int(os.environ.get("RUNS", "31"))
    kinds = os.environ.get("WRITES", "one,all,insert,open").split(",")
    work = tempfile.mkdtemp(prefix="roadtrip-p3-outside.")
    try:
        os.chdir(work)
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts/generate-journeys.py"), str(rows),
                        "journeys"], check=True, stdout=subprocess.DEVNULL)
        subprocess.run([binaries[0][1], "import", "journeys.ndjson", "--db", "start.sqlite"],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with sqlite3.connect("start.sqlite") as database:
            database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            (journey,), (other,) = database.execute("SELECT id FROM journey ORDER BY rowid LIMIT 2")
        db = "run.sqlite"
        insert = (f"INSERT INTO journey (id, name, transportation_type, start_date, duration) "
                  f"WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {rows // 10}) "
                  f"SELECT printf('00000000-0000-4000-8000-%012d', i), 'j' || i, 'car', i * 60, 60 FROM n")
        writes = {
            "one": lambda: shell(db, f"UPDATE journey SET name = name || '.' WHERE id = '{other}'"),
            "all": lambda: shell(db, "UPDATE journey SET duration = duration + 1"),
            "insert": lambda: shell(db, insert),
        }
        commands = [(label, [binary, "transport", journey, "bike", "--db", db]) for label, binary in binaries]
        commands.append(("sqlite3 UPDATE", ["sqlite3", db,
                         f"UPDATE journey SET transportation_type = 'bike' WHERE id = '{journey}'"]))
        times = {}
        for round in range(runs + 1):
            for kind in kinds:
                for label, argv in commands:
                    fresh(db)
                    shutil.copy("start.sqlite", db)
                    holder = None
                    if kind == "open":
                        # Renames a journey, commits, and keeps its connection until told.
                        holder = subprocess.Popen(
                            [sys.executable, "-c",
                             "import sqlite3, sys\n"
                             f"c = sqlite3.connect({db!r}, isolation_level=None)\n"
                             f"c.execute(\"UPDATE journey SET name = name || '.' WHERE id = '{other}'\")\n"
                             "print('written', flush=True)\n"
                             "sys.stdin.readline()\n"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
                        holder.stdout.readline()
                    else:
                        writes[kind]()
                    sample = timed(argv)
                    if holder:
                        holder.communicate("\n")
                    if round > 0:
                        times.setdefault((kind, label), []).append(sample)
        print(f"{rows:,} journeys, medians of {runs} interleaved runs, each on a copy of the same file")
        print("| other program's write | command | wall | ratio | CPU (user + sys) | ratio |")
        print("|---|---|--:|--:|--:|--:|")
        for kind in kinds:
            anchor = times[(kind, "sqlite3 UPDATE")]
            anchor_wall = statistics.median(w for w, _ in anchor)
            anchor_cpu = statistics.median(c for _, c in anchor)
            for label, _ in commands:
                samples = times[(kind, label)]
                wall = statistics.median(w for w, _ in samples)
                cpu = statistics.median(c for _, c in samples)
                print(f"| {kind} | {label} | {wall:.2f} ms | {wall / anchor_wall:.2f}× | "
                      f"{cpu:.2f} ms | {cpu / anchor_cpu:.2f}× |")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
