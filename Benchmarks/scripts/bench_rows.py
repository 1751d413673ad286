#!/usr/bin/env python3
"""Reads the figure rows a benchmark timer printed (lines such as `A wall s  0.10  0.11  0.12`, i.e. a
label then min, median and max) and prints one of them as `median (min–max)`.

usage: bench_rows.py FILE 'A wall s' [--digits 2]
       bench_rows.py FILE --rows          (prints only the figure rows, for keeping in results/)
"""
import re
import sys

ROW = re.compile(r"^((?:A/B|A|B) [a-zA-Z ]+?)\s+(-?[0-9.]+)\s+(-?[0-9.]+)\s+(-?[0-9.]+)\s*$")


def rows(path):
    out = {}
    with open(path) as f:
        for line in f:
            m = ROW.match(line.rstrip("\n"))
            if m:
                out[m.group(1).strip()] = (line.rstrip("\n"), float(m.group(2)), float(m.group(3)), float(m.group(4)))
    return out


def main():
    args = sys.argv[1:]
    if len(args) >= 2 and args[1] == "--rows":
        for line, *_ in rows(args[0]).values():
            print(line)
        return
    digits = 2
    if "--digits" in args:
        i = args.index("--digits")
        digits = int(args[i + 1])
        del args[i:i + 2]
    path, key = args
    r = rows(path).get(key)
    if r is None:
        print("n/a")
        return
    _, lo, med, hi = r
    print(f"{med:.{digits}f} ({lo:.{digits}f}–{hi:.{digits}f})")


if __name__ == "__main__":
    main()
