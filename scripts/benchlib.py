"""What the benchmark scripts share: timing a whole process, and a database file made new."""
import os, resource, subprocess, time


def timed(*args):
    """Wall and CPU (user + system) seconds of a command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def fresh(path):
    """Removes a database file and the files SQLite keeps beside it."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        if os.path.exists(path + suffix): os.remove(path + suffix)


def revert_arguments(binary, command):
    """`undo` or `redo` as `binary` takes it without a terminal: with `--yes` where it asks before
    reverting many journeys (CLI.md), alone for a binary older than that question."""
    usage = subprocess.run([binary, command, "--help"], capture_output=True, text=True).stdout
    return (command, "--yes") if "--yes" in usage else (command,)
