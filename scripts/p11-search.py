#!/usr/bin/env python3
"""P11: how long one search keystroke takes in `roadtrip browse` on a large database.

Usage: scripts/p11-search.py ROADTRIP_BINARY DATABASE TEXT [TEXT...] [--runs N]

For each TEXT, runs `roadtrip browse` on a pseudo-terminal of its own (100x30, NO_COLOR), waits
for the first screen, types `/` and all of TEXT but its last character, waits for that screen,
then types the last character and times it until the header shows `name contains “TEXT”`: the
keystroke's whole cost (the window of the list and its count, then the frame). Quits with Esc, q.
Each run is a new process on a warm page cache. Prints each run, then the median per TEXT, with
the count the header shows, and the time from the fork to the first screen (P11's opening).
"""
import fcntl, os, pty, re, select, statistics, struct, sys, termios, time

def read_until(fd, pattern, buffer, timeout):
    deadline = time.perf_counter() + timeout
    while True:
        match = pattern.search(buffer)
        if match:
            return match, time.perf_counter(), buffer[match.end():]
        left = deadline - time.perf_counter()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            raise TimeoutError(f"no {pattern.pattern!r} in {buffer[-400:]!r}")
        buffer += os.read(fd, 65536)

def keystroke(binary, database, text):
    forked = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update(TERM="xterm-256color", NO_COLOR="1", ROADTRIP_DB=database)
        os.execv(binary, [binary, "browse"])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    try:
        _, opened, buffer = read_until(fd, re.compile(rb"journeys?, by start"), b"", 60)
        os.write(fd, ("/" + text[:-1]).encode())
        if len(text) > 1:
            shown = re.escape(("name contains \u201c" + text[:-1] + "\u201d").encode())
            _, _, buffer = read_until(fd, re.compile(shown), buffer, 600)
        time.sleep(0.3)  # the screen settles
        buffer = b""
        start = time.perf_counter()
        os.write(fd, text[-1].encode())
        header = re.compile(rb"(\d+) journeys?, [^\n]*name contains " + re.escape(("\u201c" + text + "\u201d").encode()))
        match, end, _ = read_until(fd, header, buffer, 600)
        os.write(fd, b"\x1b")
        time.sleep(0.1)
        os.write(fd, b"q")
        return (end - start) * 1000, match.group(1).decode(), (opened - forked) * 1000
    finally:
        try:
            os.waitpid(pid, 0)
        except ChildProcessError:
            pass
        os.close(fd)

def main():
    args = sys.argv[1:]
    runs = 5
    if "--runs" in args:
        at = args.index("--runs")
        runs = int(args[at + 1])
        del args[at:at + 2]
    binary, database, texts = args[0], args[1], args[2:]
    for text in texts:
        times, openings = [], []
        for run in range(runs):
            milliseconds, count, opening = keystroke(binary, database, text)
            times.append(milliseconds)
            openings.append(opening)
            print(f"{text!r} run {run + 1}: {milliseconds:.1f} ms, {count} journeys; opened in {opening:.1f} ms",
                  flush=True)
        print(f"{text!r}: median {statistics.median(times):.1f} ms (min {min(times):.1f}, max {max(times):.1f}), {count} journeys; "
              f"opened in {statistics.median(openings):.1f} ms median (max {max(openings):.1f})", flush=True)

if __name__ == "__main__":
    main()
