#!/usr/bin/env python3
"""The change log at scale (PERFORMANCE.md P1, P3, P8, P9), release binary against its anchors in
the same run, medians printed as Markdown rows for BENCHMARKS.md.

- P1: `roadtrip import` of N journeys (NDJSON) against `sqlite3 .import` of the same rows (CSV)
  into a bare five-column table, interleaved, RUNS times each.
- P8: undo and redo of that import, three cycles, each timed against the import's median; the
  third cycle against the first.
- P9: the file's size (database and WAL, after a checkpoint) after the import and after each
  step; then `history prune` + `db vacuum`.
- P3: one edit per process in every form (--db before or after the command, ROADTRIP_DB;
  `transport` and `set name=`) against one sqlite3 UPDATE, with hyperfine, on a 100k database.

usage: scripts/bench-log.py [N]   (default 200000; RUNS=n, default 3; builds the release binary)
"""
import json, os, resource, shutil, sqlite3, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROADTRIP = os.path.join(ROOT, ".build/release/roadtrip")


def run(*args, **kwargs):
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **kwargs)


CPU = []  # CPU time (user + system) of each timed command, which moves less on a shared machine


def timed(*args, **kwargs):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    run(*args, **kwargs)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    CPU.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return seconds


def size(path):
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return sum(os.path.getsize(p) for p in (path, path + "-wal") if os.path.exists(p))


def main():
    rows = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
    runs = int(os.environ.get("RUNS", "3"))
    subprocess.run(["swift", "build", "-c", "release", "-Xswiftc", "-static-executable", "--product", "roadtrip"],
                   cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    work = tempfile.mkdtemp(prefix="roadtrip-bench-log.")
    try:
        os.chdir(work)
        run("python3", os.path.join(ROOT, "scripts/generate-journeys.py"), str(rows), "journeys")
        with open("bare.sql", "w") as f:
            f.write("CREATE TABLE journey (id TEXT, name TEXT, transportation_type TEXT, start_date REAL, duration REAL);\n")
        print(f"{time.strftime('%Y-%m-%d', time.gmtime())}, {os.uname().machine}, {os.cpu_count()} cores, "
              f"SQLite {sqlite3.sqlite_version}, {rows} journeys, medians of {runs} runs\n")

        # P1, interleaved.
        ours, anchor, ours_cpu, anchor_cpu = [], [], [], []
        for _ in range(runs):
            for p in ("import.sqlite", "import.sqlite-wal", "import.sqlite-shm", "bare.sqlite"):
                if os.path.exists(p): os.remove(p)
            ours.append(timed(ROADTRIP, "import", "journeys.ndjson", "--db", "import.sqlite"))
            ours_cpu.append(CPU[-1])
            run("sqlite3", "bare.sqlite", ".read bare.sql")
            run("sh", "-c", "sqlite3 bare.sqlite 'PRAGMA journal_mode = WAL' >/dev/null")
            anchor.append(timed("sqlite3", "bare.sqlite", "-cmd", ".mode csv", ".import journeys.csv journey"))
            anchor_cpu.append(CPU[-1])
        imp, bare = statistics.median(ours), statistics.median(anchor)
        imp_cpu, bare_cpu = statistics.median(ours_cpu), statistics.median(anchor_cpu)
        print("| work | roadtrip | anchor | ratio | CPU ratio |\n|---|---|---|---|---|")
        print(f"| P1 import ({rows:,}) vs sqlite3 .import into a bare table | {imp:.2f} s | {bare:.2f} s | "
              f"{bare / imp:.2f}× the anchor's rate | {bare_cpu / imp_cpu:.2f}× |")

        # P8 and P9 on the last import.
        after_import = size("import.sqlite")
        steps = []
        for cycle in range(1, 4):
            for command in ("undo", "redo"):
                seconds = timed(ROADTRIP, command, "--yes", "--db", "import.sqlite")
                steps.append((cycle, command, seconds, size("import.sqlite"), CPU[-1]))
        for cycle, command, seconds, bytes_, cpu in steps:
            print(f"| P8 {command} {cycle} | {seconds:.2f} s | import {imp:.2f} s | {seconds / imp:.2f}× the import's time | "
                  f"{cpu / imp_cpu:.2f}× |")
        first = steps[0][2] + steps[1][2]
        third = steps[4][2] + steps[5][2]
        first_cpu, third_cpu = steps[0][4] + steps[1][4], steps[4][4] + steps[5][4]
        print(f"| P8 third undo+redo cycle vs the first | {third:.2f} s | {first:.2f} s | {third / first:.2f}× | "
              f"{third_cpu / first_cpu:.2f}× |")
        mib = lambda b: f"{b / 1048576:.1f} MiB"
        for cycle, command, _, bytes_, _ in steps:
            print(f"| P9 size after {command} {cycle} | {mib(bytes_)} | after import {mib(after_import)} | "
                  f"{bytes_ / after_import:.2f}× |")
        for prune in (["--keep", "1"], ["--before", time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + 60))]):
            run(ROADTRIP, "history", "prune", *prune, "--yes", "--db", "import.sqlite")
            run(ROADTRIP, "db", "vacuum", "--db", "import.sqlite")
            pruned = size("import.sqlite")
            print(f"| P9 size after history prune {' '.join(prune)} + db vacuum | {mib(pruned)} | "
                  f"after import {mib(after_import)} | {pruned / after_import:.2f}× |")

        # P3 in every form.
        run("sh", "-c", f"head -n 100000 journeys.ndjson > small.ndjson")
        run(ROADTRIP, "import", "small.ndjson", "--db", "small.sqlite")
        shutil.copy("small.sqlite", "anchor.sqlite")
        ident = open("journeys.ids").readline().strip()
        reset = f"UPDATE journey SET transportation_type = 'car', name = 'x' WHERE id = '{ident}'"
        forms = [
            ("transport, --db after", f"{ROADTRIP} transport {ident} bike --db small.sqlite", {}),
            ("transport, --db before", f"{ROADTRIP} --db small.sqlite transport {ident} bike", {}),
            ("transport, ROADTRIP_DB", f"{ROADTRIP} transport {ident} bike", {"ROADTRIP_DB": "small.sqlite"}),
            ("set name=, --db after", f"{ROADTRIP} set {ident} name=y --db small.sqlite", {}),
            ("set name=, ROADTRIP_DB", f"{ROADTRIP} set {ident} name=y", {"ROADTRIP_DB": "small.sqlite"}),
        ]
        update = f"sqlite3 anchor.sqlite \"UPDATE journey SET transportation_type = 'bike' WHERE id = '{ident}'\""
        for name, command, env in forms:
            out = "p3.json"
            subprocess.run(["hyperfine", "-N", "--style", "none", "--runs", str(max(runs * 10, 30)), "--export-json", out,
                            "--prepare", f"sqlite3 small.sqlite \"{reset}\"", command,
                            "--prepare", f"sqlite3 anchor.sqlite \"{reset}\"", update],
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, **env})
            r = json.load(open(out))["results"]
            o, a = r[0]["median"], r[1]["median"]
            print(f"| P3 {name} | {o * 1000:.1f} ms | sqlite3 UPDATE {a * 1000:.1f} ms | {o / a:.2f}× the time |")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
