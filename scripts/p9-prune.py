#!/usr/bin/env python3
"""PERFORMANCE.md P9's pruning alone: the file's size after an import of N journeys, after three
undo/redo cycles, and after `history prune --keep 1` + `db vacuum` (target: at most 1.2× the size
after the import), and what the log holds then, on a binary already built (debug or release).

usage: scripts/p9-prune.py [N] [BINARY]   (default 200000 and .build/debug/roadtrip)
"""
import os, shutil, sqlite3, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def size(path):
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return sum(os.path.getsize(p) for p in (path, path + "-wal") if os.path.exists(p))


def mib(count):
    return f"{count / 1024 / 1024:.1f} MiB"


def main():
    rows = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
    roadtrip = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, ".build/debug/roadtrip"))
    work = tempfile.mkdtemp(prefix="roadtrip-p9.")
    try:
        os.chdir(work)
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts/generate-journeys.py"), str(rows), "journeys"],
                       check=True, stdout=subprocess.DEVNULL)
        database = os.path.join(work, "p9.sqlite")

        def run(*args):
            subprocess.run([roadtrip, *args, "--db", database], check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

        run("import", "journeys.ndjson")
        after_import = size(database)
        for _ in range(3):
            run("undo", "--yes")
            run("redo", "--yes")
        after_cycles = size(database)
        start = time.perf_counter()
        run("history", "prune", "--keep", "1", "--yes")
        prune_seconds = time.perf_counter() - start
        run("db", "vacuum")
        pruned = size(database)
        with sqlite3.connect(database) as db:
            batches, changes, valued, ranged = db.execute(
                "SELECT (SELECT count(*) FROM batch), (SELECT count(*) FROM change), "
                "(SELECT count(*) FROM change WHERE old_name IS NOT NULL), "
                "(SELECT coalesce(sum(journeys), 0) FROM change_range)").fetchone()
        print(f"{rows} journeys, {roadtrip}")
        print(f"after the import: {mib(after_import)}")
        print(f"after three undo/redo cycles: {mib(after_cycles)} ({after_cycles / after_import:.2f}×)")
        print(f"history prune --keep 1: {prune_seconds:.2f} s")
        print(f"after history prune --keep 1 + db vacuum: {mib(pruned)} ({pruned / after_import:.2f}×); "
              f"log: {batches} batches, {changes} rows ({valued} with values), ranges of {ranged} journeys")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
