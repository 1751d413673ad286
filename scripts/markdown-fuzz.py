#!/usr/bin/env python3
"""The long Markdown fuzz campaign: whole galgen builds of folder sources whose sidecars and index.md files are
mutated seeds (Tests/markdown/mdfuzz.py). Every build must publish, pass `galgen check`, and hold no executable
markup; a failing build is kept, its failing cases found, and the first of each kind shrunk.

usage: python3 scripts/markdown-fuzz.py [--cases 2000] [--seed 1] [--work /tmp/mdfuzz] [--per-build 150]
                                        [--galgen PATH] [--no-isolate] [--strip-controls] [--summary FILE]

The binary: --galgen, else GALGEN_BIN, else .build/release/galgen, else .build/debug/galgen (copied into the
work folder first). Pillow makes the photos when it can be imported, else the ffmpeg tool. Exits 1 when a
build failed.
"""
from __future__ import annotations

import argparse
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "markdown"))

import mdfuzz  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--cases", type=int, default=2000, help="cases (sidecar and index.md files) to run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--work", type=pathlib.Path, default=pathlib.Path("/tmp/mdfuzz"))
    parser.add_argument("--per-build", type=int, default=150, help="cases in one build")
    parser.add_argument("--galgen", type=pathlib.Path, default=None)
    parser.add_argument("--no-isolate", action="store_true", help="keep failing trees without finding their cases")
    parser.add_argument("--strip-controls", action="store_true",
                        help="drop C0 control characters and U+FFFE/U+FFFF from every case, to look past them")
    parser.add_argument("--summary", type=pathlib.Path, default=None, help="also write the summary to this file")
    args = parser.parse_args()
    galgen = args.galgen or mdfuzz.galgen_binary()
    campaign = mdfuzz.Campaign(galgen, args.work, seed=args.seed, per_build=args.per_build,
                               isolate=not args.no_isolate, clean=mdfuzz.strip_controls if args.strip_controls else None,
                               log=lambda line: print(line, flush=True))
    campaign.run(args.cases)
    summary = campaign.summary()
    print("\n" + summary)
    if args.summary:
        args.summary.parent.mkdir(parents=True, exist_ok=True)
        args.summary.write_text(summary + "\n", encoding="utf-8")
    return 1 if campaign.failures else 0


if __name__ == "__main__":
    sys.exit(main())
