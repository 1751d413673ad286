"""A whole-build fuzz of galgen's Markdown descriptions (folder sources: photo sidecars and album index.md).

One *case* is one `.md` file: a seed of mdseeds.py, filled (tree photos, albums, the local image server) and
mutated; mdtree.py writes a tree of 100–200 cases and builds it. Each build must publish (exit 0), pass
`galgen check`, and pass `check_site` (sitecheck.py: no executable markup); every warning it names as
`file.md:LINE` must name a case file and a line inside it.

A failing build is kept (work/failures/build-N/, with build-output.txt and failures.txt). With `isolate`, the
campaign then finds the cases that fail on their own (every other case emptied), checks the rest of the build
without them, and shrinks the first case of each new kind of failure to a small tree (work/failures/min-N/).

    import mdfuzz
    campaign = mdfuzz.Campaign(mdfuzz.galgen_binary(), pathlib.Path("/tmp/mdfuzz"), seed=1).run(cases=2000)
    print(campaign.summary())
"""
from __future__ import annotations

import collections
import hashlib
import pathlib
import random
import re
import shutil
import subprocess
import time

from mdseeds import load_seeds, strip_controls
from mdtree import (FOLDERS, ImageServer, failures_of, galgen_binary, jpeg, make_tree, run_build, snapshot_binary,
                    write_config)
from sitecheck import check_site

__all__ = ["Campaign", "ImageServer", "check_site", "galgen_binary", "jpeg", "make_tree", "run_build", "write_config",
           "failures_of", "signature", "snapshot_binary", "strip_controls"]


def normalized(problem: str) -> str:
    """A problem without its place, numbers and the validator's advice: what kind of failure it is."""
    problem = re.sub(r"^(?:.*theme: )?\S+?:\d+(?::\d+)?: ", "", problem)
    problem = re.sub(r" \(pages must be well-formed[^)]*\)| \(in \d+ pages?, first .*", "", problem)
    problem = re.sub(r"=('[^']*'|\"[^\"]*\")>", "=…>", problem)
    return re.sub(r"[0-9]+", "N", problem)[:200]


def issues_of(result: dict, failures: list[str]) -> list[str]:
    """The problems of a failure, each naming its page: the report's fatal issues for a build that did not
    publish, else the failures themselves."""
    fatal = (result.get("report") or {}).get("fatal") or {}
    return fatal.get("issues") or failures


def signature(result: dict, failures: list[str]) -> str:
    """A failure's kind: how it failed and its first problem (the later ones of a page follow from it)."""
    issues = issues_of(result, failures)
    head = failures[0] if failures and failures[0].startswith(("build exit", "galgen check")) else "site"
    return f"{head}: {normalized(issues[0]) if issues else ''}"


def message_kind(message: str) -> str:
    """A warning's message without the URL or path it names and its numbers."""
    message = re.sub(r"(?i)\b(?:https?|mailto):\S*?(?=[:;,]? |$)", "URL", message)
    named = r"(?<=\bto )(?!an unsafe URL)\S.*?(?=, which| \(|, an anchor)|(?<=\bof )\S.*?(?=, which|, whose)"
    message = re.sub(named, "…", message)
    message = re.sub(r"\(line \d+ of its HTML\)", "", message)
    return re.sub(r"[0-9]+", "N", message).strip()[:110]


class Probe:
    """Rebuilds one kept tree with only some of its cases (the others emptied) and tells what still fails."""

    def __init__(self, galgen: pathlib.Path, site: pathlib.Path, cache: pathlib.Path, cases: list[pathlib.Path]):
        self.galgen, self.site, self.cache = galgen, site, cache
        self.original = {case: case.read_bytes() for case in cases}
        self.builds = 0
        self.last: dict = {}

    def failures(self, keep: set[pathlib.Path], content: dict[pathlib.Path, bytes] | None = None) -> list[str]:
        for case, data in self.original.items():
            case.write_bytes((content or {}).get(case, data) if case in keep else b"")
        shutil.rmtree(self.site / "public", ignore_errors=True)
        self.last = run_build(self.galgen, self.site / "config.json", self.cache)
        self.builds += 1
        return failures_of(self.last, self.site)

    def page(self, case: pathlib.Path) -> str:
        """The folder of the page that shows a case's description (`a/hills/img-3`, `a/hills` for index.md)."""
        parts = case.relative_to(self.site).with_suffix("").parts
        parts = (parts[0].removeprefix("photos-"),) + parts[1:]
        if parts[-1] == "index":
            parts = parts[:-1]
        return "/".join(re.sub(r"[^a-z0-9]+", "-", part.lower()).strip("-") for part in parts)

    def named(self, cases: list[pathlib.Path], result: dict, failures: list[str]) -> dict[pathlib.Path, str]:
        """The cases whose page (or file) a failure's problems name, each with the kind of its own problems."""
        pages = {self.page(case): case for case in cases}
        files = {case.relative_to(self.site).as_posix(): case for case in cases}
        found: dict[pathlib.Path, str] = {}
        for issue in issues_of(result, failures):
            match = re.search(r"(?:^|\s)([\w.\-]+(?:/[\w.\-]+)*?)/index\.html|(photos-[^\s:]+\.md)", issue)
            case = match and (pages.get(match.group(1) or "") or files.get(match.group(2) or ""))
            if case and case not in found:
                found[case] = normalized(issue)   # the first problem of its page: the others follow from it
        head = failures[0] if failures[0].startswith(("build exit", "galgen check")) else "site"
        return {case: f"{head}: {kind}" for case, kind in found.items()}

    def culprits(self, cases: list[pathlib.Path], known: tuple[dict, list[str]] | None = None) -> dict[pathlib.Path, str]:
        """The cases that fail, each with its kind: those whose pages the failures name, then (while the rest
        still fails) group testing by halves, every other case emptied."""
        if not cases:
            return {}
        result, found = known or (None, self.failures(set(cases)))
        result = result or self.last
        if not found:
            return {}
        named = self.named(cases, result, found)
        if named and len(named) < len(cases):
            return named | self.culprits([case for case in cases if case not in named])
        if len(cases) == 1:
            return {cases[0]: signature(result, found)}
        half = len(cases) // 2
        parts = self.culprits(cases[:half]) | self.culprits(cases[half:])
        return parts or {cases[0]: f"(only with {len(cases) - 1} other cases) {signature(result, found)}"}

    def kind(self, case: pathlib.Path, found: list[str]) -> str:
        """The kind of the failure `found` of a build with only `case`."""
        return self.named([case], self.last, found).get(case) or signature(self.last, found)

    def restore(self) -> None:
        for case, data in self.original.items():
            case.write_bytes(data)


def shrink(probe: Probe, case: pathlib.Path, kind: str, budget: int = 80) -> bytes:
    """The case's bytes cut down (lines, then bytes) while the tree with only it still fails the same way."""
    data, start = probe.original[case], probe.builds

    def fails(candidate: bytes) -> bool:
        found = probe.failures({case}, {case: candidate})
        return bool(found) and probe.kind(case, found) == kind

    for unit in ("lines", "bytes"):
        pieces = data.split(b"\n") if unit == "lines" else [bytes([b]) for b in data]
        joiner = b"\n" if unit == "lines" else b""
        chunk = max(1, len(pieces) // 2)
        while chunk >= 1 and probe.builds - start < budget:
            i, changed = 0, False
            while i < len(pieces) and probe.builds - start < budget:
                trial = pieces[:i] + pieces[i + chunk:]
                if trial != pieces and fails(joiner.join(trial)):
                    pieces, changed = trial, True
                else:
                    i += chunk
            chunk = chunk if changed and chunk > 1 else chunk // 2
        data = joiner.join(pieces)
    return data


class Campaign:
    """Builds of `per_build` cases each until `cases` have run; failing trees are kept in work/failures/."""

    def __init__(self, galgen: pathlib.Path, work: pathlib.Path, seed: int = 1, per_build: int = 150,
                 isolate: bool = True, clean=None, log=print):
        self.galgen, self.work, self.seed, self.per_build = galgen, work, seed, per_build
        self.isolate, self.clean, self.log = isolate, clean, log
        self.cases = self.builds = self.probes = 0
        self.warnings: collections.Counter = collections.Counter()
        self.kinds: collections.Counter = collections.Counter()
        self.messages: collections.Counter = collections.Counter()
        self.failures: list[dict] = []
        self.examples: dict[str, dict] = {}
        self.seconds = 0.0

    def run(self, cases: int) -> "Campaign":
        started = time.monotonic()
        rng = random.Random(self.seed)
        shutil.rmtree(self.work / "failures", ignore_errors=True)
        self.work.mkdir(parents=True, exist_ok=True)
        self.source, self.galgen = self.galgen, snapshot_binary(self.galgen, self.work / "bin")
        self.version = subprocess.run([str(self.galgen), "--version"], capture_output=True, text=True).stdout.strip()
        stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.galgen.stat().st_mtime))
        digest = hashlib.sha256(self.galgen.read_bytes()).hexdigest()[:12]
        self.version = f"{self.version.splitlines()[0] if self.version else '?'}, built {stamp}, sha256 {digest}"
        pool = [jpeg((rng.randint(120, 420), rng.randint(90, 320)), (rng.randrange(256), rng.randrange(256), 90))
                for _ in range(24)]
        folders = sum(len(f) for f in FOLDERS.values())
        with ImageServer() as server:
            seeds = load_seeds(rng)
            while self.cases < cases:
                photos = max(1, min(self.per_build, cases - self.cases) - folders - 1)
                self.one_build(rng, photos, server.url, seeds, pool)
        self.seconds = time.monotonic() - started
        return self

    def one_build(self, rng: random.Random, photos: int, server: str, seeds: list[str], pool: list[bytes]) -> None:
        site = self.work / f"build-{self.builds + 1:04d}"
        shutil.rmtree(site, ignore_errors=True)
        site.mkdir(parents=True)
        cases = make_tree(site, rng, photos=photos, server=server, seeds=seeds, pool=pool, clean=self.clean)
        result = run_build(self.galgen, site / "config.json", self.work / "cache")
        self.builds += 1
        self.cases += len(cases)
        for diagnostic in (result["report"] or {}).get("diagnostics", []):
            self.warnings[f"{diagnostic.get('severity')} {diagnostic.get('code')}"] += 1
            self.messages[message_kind(diagnostic.get("message", ""))] += 1
        failures = failures_of(result, site)
        self.log(f"build {self.builds}: {len(cases)} cases, exit {result['build']}, check {result['check']}, "
                 f"{len(failures)} problem(s), {result['seconds']:.1f} s")
        if failures:
            self.keep(site, result, failures, cases, server)
        shutil.rmtree(site, ignore_errors=True)

    def keep(self, site: pathlib.Path, result: dict, failures: list[str], cases: list[pathlib.Path], server: str) -> None:
        kept = self.work / "failures" / site.name
        shutil.copytree(site, kept, symlinks=True, ignore=shutil.ignore_patterns("public"))
        (kept / "build-output.txt").write_text(result["output"] + "\n--- check ---\n" + result["checkOutput"])
        (kept / "failures.txt").write_text("\n".join(issues_of(result, failures)) + "\n")
        record = {"build": site.name, "kept": str(kept), "failures": failures, "culprits": {}, "server": server}
        self.failures.append(record)
        self.log(f"FAIL {site.name} kept in {kept}: " + "; ".join(issues_of(result, failures)[:3]))
        if not self.isolate:
            self.kinds[signature(result, failures)] += 1
            return
        probe = Probe(self.galgen, site, self.work / "cache", cases)
        record["culprits"] = probe.culprits(cases, known=(result, failures))
        for case, kind in record["culprits"].items():
            self.kinds[kind] += 1
            if kind not in self.examples:
                self.examples[kind] = self.minimal(probe, site, case)
        (kept / "culprits.txt").write_text("".join(f"{c.relative_to(site)}: {k}\n" for c, k in record["culprits"].items()))
        self.probes += probe.builds
        self.log(f"  {len(record['culprits'])} failing case(s) found in {probe.builds} more builds")

    def minimal(self, probe: Probe, site: pathlib.Path, case: pathlib.Path) -> dict:
        """Shrinks `case` (built alone) and keeps a tree with only it in work/failures/min-N/."""
        before = probe.builds
        found = probe.failures({case})
        kind = probe.kind(case, found) if found else "(fails only with other cases)"
        issues = issues_of(probe.last, found)[:5] if found else []
        data = shrink(probe, case, kind) if found else probe.original[case]
        out = self.work / "failures" / f"min-{len(self.examples) + 1}"
        shutil.rmtree(out, ignore_errors=True)
        shutil.copytree(site, out, ignore=shutil.ignore_patterns("public", "report.json", "*.md", "*.txt"))
        (out / case.relative_to(site)).write_bytes(data)
        example = {"case": case.relative_to(site).as_posix(), "bytes": data, "kept": str(out), "alone": kind,
                   "failures": issues, "shrinkBuilds": probe.builds - before}
        (out / "README.txt").write_text(f"kind: {kind}\ncase: {example['case']}\ninput: {data!r}\n"
                                        + "\n".join(example["failures"]) + "\n")
        self.log(f"  new kind {kind!r}: {example['case']} shrunk to {data[:200]!r} "
                 f"in {example['shrinkBuilds']} builds → {out}")
        return example

    def summary(self) -> str:
        stripped = " (C0 control characters stripped from every case)" if self.clean else ""
        lines = [f"galgen: {self.source} ({self.version})", f"seed: {self.seed}{stripped}",
                 f"cases run: {self.cases}", f"builds: {self.builds} (and {self.probes} more to isolate and shrink failures)",
                 f"warnings seen: {sum(self.warnings.values())}"]
        lines += [f"  {key}: {count}" for key, count in sorted(self.warnings.items())]
        lines += ["most frequent warnings:"] + [f"  {count} × {kind}" for kind, count in self.messages.most_common(15)]
        lines += [f"failing builds: {len(self.failures)}", f"failing cases by kind: {sum(self.kinds.values())}"]
        lines += [f"  {count} × {kind}" for kind, count in self.kinds.most_common()]
        for kind, example in self.examples.items():
            lines += [f"smallest input for {kind}:", f"  {example['case']}: {example['bytes'][:300]!r}",
                      f"  alone: {example['alone']}; kept in {example['kept']}"]
            lines += [f"    {line[:300]}" for line in example["failures"][:3]]
        lines += [f"kept trees: {self.work / 'failures'}" if self.failures else "kept trees: none",
                  f"time: {self.seconds:.1f} s"]
        return "\n".join(lines)
