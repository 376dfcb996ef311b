"""Time whole ``printkit`` commands as a user runs them: a fresh process each time.

Figures (median of ``--runs`` runs, wall and CPU time of the subprocess and its children):
``printkit check examples/tripakus-game.txt`` (target <= 0.3 s), ``printkit --help``
(target <= 0.15 s) and a plain ``printkit build --out DIR`` of every default kit in the
default formats pdf, svg, png and cut (target <= 4 s), and ``printkit read`` of a
12-megapixel synthetic photo of each game's board, its check included (target <= 0.6 s),
once for a photo of the first family and once for a wide-lens photo of the second (the
reader then fits and undoes the lens: its slowest ordinary case); each read is timed with
the board's models and print stored by an earlier read (``vision.stored``, in a folder of
the benchmark's own) and again as the first read on a machine, with nothing stored.
Wall time counts what else the machine is doing, so the load average is printed with the
figures, and so is the machine's speed (``timing.machine_speed``): the machines this
project runs on differ twofold.

``--bytecode`` first compiles printkit's modules into a temporary bytecode cache
(``PYTHONPYCACHEPREFIX``), as an installed package has them; without it, the environment
decides (``PYTHONDONTWRITEBYTECODE=1`` makes every run compile every module it imports).

    .venv/bin/python benchmarks/bench_cli.py [--runs 5] [--bytecode] [--only check,help,build]
"""

from __future__ import annotations

import argparse
import fnmatch
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from timing import machine_speed

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "examples" / "tripakus-game.txt"
READ_GAMES = ("tripakus", "trigon", "tripod", "tripitz", "triominoes")
"""Games whose ``printkit read`` of a 12-megapixel photo is timed (target <= 0.6 s)."""
LENS_SEED = 306000
"""The second family's first wide-lens photo (``bench_photos.seed_of("second", "lens", 0)``)."""


def write_lens_photo(game: str, path: Path) -> None:
    """A 12-megapixel wide-lens photo of ``game`` by the second family's generator."""
    import cv2

    from printkit.layout.config import load_layout
    from printkit.vision.photoshoot import shoot

    photo = shoot(game, load_layout(), LENS_SEED, "lens")
    ok, data = cv2.imencode(".jpg", photo.image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    path.write_bytes(data.tobytes())


def printkit_command() -> list[str]:
    """The ``printkit`` script beside this Python, or ``python -m printkit``."""
    script = Path(sys.executable).with_name("printkit")
    return [str(script)] if script.exists() else [sys.executable, "-m", "printkit"]


def run(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds (user + system, children included) of one run; exit 0 or 1."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, cwd=ROOT, capture_output=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(argv)} exited {done.returncode}:\n{done.stderr.decode()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per command (median)")
    parser.add_argument("--bytecode", action="store_true", help="use a warm bytecode cache")
    parser.add_argument(
        "--only",
        default="check,help,build,"
        + ",".join(f"{kind}-{g}" for kind in ("read", "lens") for g in READ_GAMES),
        help="commands to time (shell patterns, e.g. read-*,lens-*)",
    )
    args = parser.parse_args()

    env = dict(os.environ)
    work = Path(tempfile.mkdtemp(prefix="bench_cli_"))
    env["PRINTKIT_CACHE"] = str(work / "cache")  # this run's own, filled by its warm-up
    if args.bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(work / "pycache")
        subprocess.run(
            [sys.executable, "-m", "compileall", "-q", str(ROOT / "printkit")], env=env, check=True
        )
    pk = printkit_command()
    out = work / "out"
    commands = {
        "check": ("printkit check examples/tripakus-game.txt", [*pk, "check", str(RECORD)], 0.3),
        "help": ("printkit --help", [*pk, "--help"], 0.15),
        "build": (f"printkit build --out {out} -q", [*pk, "build", "--out", str(out), "-q"], 4.0),
    }
    for game in READ_GAMES:  # a 12-megapixel synthetic photo of each (not timed)
        photo = work / f"{game}.jpg"
        subprocess.run([*pk, "demo-photo", game, "--out", str(photo), "--seed", "5"], check=True)
        commands[f"read-{game}"] = (
            f"printkit read {game}.jpg --game {game}",
            [*pk, "read", str(photo), "--game", game, "--out", str(work / f"{game}.json")],
            0.6,
        )
        bent = work / f"{game}-lens.jpg"
        write_lens_photo(game, bent)
        commands[f"lens-{game}"] = (
            f"printkit read {game}-lens.jpg --game {game}",
            [*pk, "read", str(bent), "--game", game, "--out", str(work / f"{game}-lens.json")],
            0.6,
        )
    patterns = [c.strip() for c in args.only.split(",") if c.strip()]
    chosen = [name for name in commands if any(fnmatch.fnmatch(name, p) for p in patterns)]
    if not chosen:
        sys.exit(f"--only {args.only}: no command matches; choose from {', '.join(commands)}")
    print(
        f"{args.runs} runs each, {os.cpu_count()} cores, load average "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}, "
        f"bytecode cache: {'warm' if args.bytecode else 'as the environment has it'}"
    )
    print(machine_speed())
    for name in chosen:
        label, argv, target = commands[name]
        run(argv, env)  # warm the file cache (and the bytecode cache)
        walls, cpus = [], []
        for _ in range(args.runs):
            if name == "build":
                subprocess.run(["rm", "-rf", str(out)], check=True)
            wall, cpu = run(argv, env)
            walls.append(wall)
            cpus.append(cpu)
        wall, cpu = statistics.median(walls), statistics.median(cpus)
        verdict = "ok" if wall <= target else "OVER"
        print(
            f"{label:60s} wall {wall:6.2f} s (target <= {target:g}: {verdict}), "
            f"cpu {cpu:6.2f} s, runs {min(walls):.2f}-{max(walls):.2f} s"
        )
        if name.startswith(("read-", "lens-")):
            firsts = [
                run(argv, {**env, "PRINTKIT_CACHE": str(work / f"empty-{name}-{k}")})[0]
                for k in range(args.runs)
            ]
            print(
                f"{'  the first read on a machine (nothing stored yet)':60s} wall "
                f"{statistics.median(firsts):6.2f} s, runs {min(firsts):.2f}-{max(firsts):.2f} s"
            )
    subprocess.run(["rm", "-rf", str(work)], check=True)


if __name__ == "__main__":
    main()
