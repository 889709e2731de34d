"""Benchmark of VecEnv: env steps a second from Python, and the Go engine's
own rate for the same work, in one run.

    bash examples/python/build.sh
    PYTHONPATH=examples/python python3 examples/python/bench/bench_vecenv.py

For each legal-action form ("indices", "bits", "bytes"), a VecEnv of n=256
two-player games is stepped with ``env.step(env.sample_legal())``: every
step writes every game's observation and legal actions. The Go side is
BenchmarkVecEnvStep (examples/python/libelasund/vecenv_test.go), the same
steps without cgo or Python. Rounds alternate the two, and the medians are
printed with the machine's load, since the machine may be shared.
"""

import argparse
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import elasund  # noqa: E402
from elasund import _native  # noqa: E402

FORMS = ("indices", "bits", "bytes")
GOAL = 250000


def python_rate(form, n, seconds):
    """Env steps a second of step(sample_legal()) for one form, and per
    second of the process's CPU time (all its threads)."""
    with elasund.VecEnv(n, players=2, seed=0, legal=form) as env:
        env.reset()
        for _ in range(20):  # warm up
            env.step(env.sample_legal())
        steps = 0
        t0, c0 = time.perf_counter(), time.process_time()
        while True:
            for _ in range(20):
                env.step(env.sample_legal())
            steps += 20
            dt = time.perf_counter() - t0
            if dt >= seconds:
                return steps * n / dt, steps * n / (time.process_time() - c0)


def go_rates(seconds):
    """BenchmarkVecEnvStep's env steps a second and per CPU second, by
    form, or {} without Go."""
    go = shutil.which("go")
    if go is None and os.path.exists("/usr/local/go/bin/go"):
        go = "/usr/local/go/bin/go"
    if go is None:
        return {}
    pkg = os.path.join(os.path.dirname(HERE), "libelasund")
    out = subprocess.run(
        [go, "test", "-run", "^$", "-bench", "BenchmarkVecEnvStep",
         "-benchtime", "%.1fs" % seconds, "."],
        cwd=pkg, capture_output=True, text=True, check=False,
    ).stdout
    rates = {}
    for line in out.splitlines():
        m = re.match(r"BenchmarkVecEnvStep/(\w+)", line)
        wall = re.search(r"([\d.]+) envsteps/s", line)
        cpu = re.search(r"([\d.]+) envsteps/cpu-s", line)
        if m and wall and cpu:
            rates[m.group(1)] = (float(wall.group(1)), float(cpu.group(1)))
    return rates


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def median(xs, k):
    """The median of the k-th values of xs, or nan for none."""
    return statistics.median(x[k] for x in xs) if xs else float("nan")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=256, help="games (default 256)")
    ap.add_argument("--rounds", type=int, default=5, help="rounds (default 5)")
    ap.add_argument("--seconds", type=float, default=2.0, help="seconds a measure (default 2)")
    ap.add_argument("--no-go", action="store_true", help="skip the Go benchmark")
    args = ap.parse_args()

    procs = int(os.environ.get("GOMAXPROCS") or os.cpu_count())
    print("python %s, numpy %s, nproc %d, GOMAXPROCS %s, %s" % (
        platform.python_version(), "yes" if _native.numpy is not None else "no",
        os.cpu_count(), os.environ.get("GOMAXPROCS", "unset"), cpu_model()))
    py = {f: [] for f in FORMS}
    go = {f: [] for f in FORMS}
    loads = []
    for r in range(args.rounds):
        loads.append(os.getloadavg()[0])
        for f in FORMS:
            py[f].append(python_rate(f, args.n, args.seconds))
        if not args.no_go:
            for f, x in go_rates(args.seconds).items():
                go[f].append(x)
        print("round %d (load %.2f): Python " % (r + 1, loads[-1])
              + ", ".join("%s %.0f" % (f, py[f][-1][0]) for f in FORMS)
              + ("" if args.no_go else "; Go " + ", ".join(
                  "%s %.0f" % (f, go[f][-1][0]) for f in FORMS if go[f])), flush=True)
    print()
    print("VecEnv n=%d, step(sample_legal()), observations and legal actions written for "
          "every game;\nmedians of %d rounds, load average %.2f to %.2f."
          % (args.n, args.rounds, min(loads), max(loads)))
    print("Env steps a second (wall clock), and per second of the process's CPU time "
          "(all threads);\n'x%d' is the CPU rate times GOMAXPROCS, the rate %d idle cores "
          "would give." % (procs, procs))
    print("%-8s %10s %10s %6s | %12s %12s %10s  %s" % (
        "legal", "Python", "Go", "ratio", "Python/cpu-s", "Go/cpu-s", "Python x%d" % procs,
        "goal %d (wall)" % GOAL))
    for f in FORMS:
        pw, pc = median(py[f], 0), median(py[f], 1)
        gw, gc = median(go[f], 0), median(go[f], 1)
        print("%-8s %10.0f %10.0f %5.0f%% | %12.0f %12.0f %10.0f  %s" % (
            f, pw, gw, 100 * pw / gw, pc, gc, pc * procs, "met" if pw >= GOAL else "missed"))


if __name__ == "__main__":
    main()
