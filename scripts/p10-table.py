#!/usr/bin/env python3
"""P10 (PERFORMANCE.md): `roadtrip list` as a table on a terminal, of ROWS journeys.

Runs the release binary on a pseudo-terminal (as a person's terminal, with PAGER=cat) and reports
the time to the first line of the table, the time to the last, and the peak memory (max RSS).
usage: scripts/p10-table.py [ROWS] [RUNS]   (default 200000 and 5; builds nothing: build first)
"""
import os, pty, resource, subprocess, sys, tempfile, time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
roadtrip = os.path.join(root, ".build", "release", "roadtrip")
rows = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5

with tempfile.TemporaryDirectory(prefix="roadtrip-p10.") as work:
    subprocess.run([sys.executable, os.path.join(root, "scripts", "generate-journeys.py"), str(rows), "journeys"],
                   cwd=work, check=True, stdout=subprocess.DEVNULL)
    database = os.path.join(work, "p10.sqlite")
    with open(os.path.join(work, "journeys.ndjson"), "rb") as source:
        subprocess.run([roadtrip, "import", "--db", database], stdin=source, check=True, stderr=subprocess.DEVNULL)
    firsts, lasts, peaks = [], [], []
    for _ in range(runs):
        environment = dict(os.environ, PAGER="cat", COLUMNS="120", TERM="xterm", NO_COLOR="1")
        started = time.monotonic()
        pid, fd = pty.fork()
        if pid == 0:
            os.execve(roadtrip, [roadtrip, "list", "--db", database], environment)
        first, lines, pending = None, 0, b""
        while True:
            try:
                chunk = os.read(fd, 1 << 16)
            except OSError:
                break
            if not chunk:
                break
            if first is None and b"\n" in pending + chunk:
                first = time.monotonic() - started
            lines += chunk.count(b"\n")
            pending = b""
        _, status, usage = os.wait4(pid, 0)
        lasts.append(time.monotonic() - started)
        firsts.append(first or float("nan"))
        peaks.append(usage.ru_maxrss / 1024)
        assert lines >= rows, f"only {lines} lines"
    median = lambda values: sorted(values)[len(values) // 2]
    print(f"| P10 list --format table, {rows} journeys, terminal | first line {median(firsts)*1000:.1f} ms "
          f"| last line {median(lasts)*1000:.0f} ms | peak {median(peaks):.1f} MiB |")
