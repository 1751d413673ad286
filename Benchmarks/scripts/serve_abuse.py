#!/usr/bin/env python3
"""Hostile clients for `galgen serve` (issue 34), standard library only.

Runs at the same time, for a fixed duration, against a serve that is already up:
  probe          a small page every ~50 ms over a fresh connection, in its own process; latency per fetch
  slowloris      sockets that send one header byte per second and never finish the request
  never-readers  sockets that ask for a large file and never read (small receive buffer)
  missing        requests for files that do not exist, over keep-alive connections from a few threads
  ranges         overlapping, reversed, huge, many, suffix-zero and malformed Range headers; every answer
                 is checked against the file on disk (206 with the right bytes, 416, or 200 full)
  traversal      `..`, encoded dots and slashes, absolute form, NUL, backslash, a symlink pointing out;
                 no answer may contain the canary string placed beside the output folder
  memory         VmRSS of serve sampled every 100 ms, VmHWM at the end

Used by Benchmarks/scripts/serve_load.sh (command line, JSON report) and by Tests/serve (imported).
usage: python3 -P serve_abuse.py --port P --pid PID --site DIR --canary TEXT [--duration 30] [--json OUT]
"""
import argparse
import http.client
import json
import multiprocessing
import os
import socket
import threading
import time

HOST = "127.0.0.1"


# --- raw HTTP -------------------------------------------------------------------------------------

def raw_request(port, target, headers=None, timeout=10.0, method="GET"):
    """Sends one request with the target exactly as given; returns (status, headers dict, body bytes)."""
    lines = [f"{method} {target} HTTP/1.1", f"Host: {HOST}:{port}", "Connection: close"]
    lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
    data = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")
    with socket.create_connection((HOST, port), timeout=timeout) as sock:
        sock.sendall(data)
        response = http.client.HTTPResponse(sock, method=method)
        response.begin()
        body = response.read()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, body


def fetch_latency(port, path, timeout=10.0):
    """One GET over a fresh connection; (seconds, status or None on error)."""
    start = time.perf_counter()
    try:
        conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        status = response.status
        conn.close()
    except OSError:
        status = None
    return time.perf_counter() - start, status


# --- probe (own process, so the other clients' Python work does not delay it) ----------------------

def _probe_main(port, path, interval, start_at, stop_at, out):
    time.sleep(max(0.0, start_at - time.monotonic()))
    samples = []
    while time.monotonic() < stop_at:
        begun = time.monotonic()
        seconds, status = fetch_latency(port, path)
        samples.append((seconds, status))
        time.sleep(max(0.0, interval - (time.monotonic() - begun)))
    out.put(samples)


def percentile(values, p):
    """Nearest-rank percentile (p in 0..100) of a non-empty list."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * p // 100))
    return ordered[int(rank) - 1]


# --- abusers (threads) ----------------------------------------------------------------------------

class Slowloris(threading.Thread):
    """`count` sockets that each send one byte of a never-ending header per second."""

    def __init__(self, port, count, stop):
        super().__init__(daemon=True)
        self.port, self.count, self.stop = port, count, stop
        self.opened = self.closed_by_server = self.bytes_sent = 0

    def run(self):
        text = f"GET /index.html HTTP/1.1\r\nHost: {HOST}\r\nX-Slow: ".encode() + b"a" * 100000
        socks = []
        for _ in range(self.count):
            try:
                socks.append(socket.create_connection((HOST, self.port), timeout=5))
                self.opened += 1
            except OSError:
                pass
        position = 0
        while not self.stop.wait(1.0):
            for sock in list(socks):
                try:
                    sock.send(text[position:position + 1])
                    self.bytes_sent += 1
                except OSError:
                    self.closed_by_server += 1
                    socks.remove(sock)
            position += 1
        for sock in socks:
            sock.close()


class NeverReaders(threading.Thread):
    """`count` sockets that request `path` and never read a byte of the answer."""

    def __init__(self, port, count, path, stop):
        super().__init__(daemon=True)
        self.port, self.count, self.path, self.stop = port, count, path, stop
        self.opened = 0

    def run(self):
        socks = []
        request = f"GET {self.path} HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode()
        for _ in range(self.count):
            try:
                sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
                sock.settimeout(5)
                sock.connect((HOST, self.port))
                sock.sendall(request)
                socks.append(sock)
                self.opened += 1
            except OSError:
                pass
        self.stop.wait()
        for sock in socks:
            sock.close()


class Missing(threading.Thread):
    """Requests `count` paths that do not exist over one keep-alive connection (reconnects on close)."""

    def __init__(self, port, count, tag, stop):
        super().__init__(daemon=True)
        self.port, self.count, self.tag, self.stop = port, count, tag, stop
        self.statuses, self.errors, self.canary_hits = {}, 0, 0
        self.canary = None

    def run(self):
        conn = None
        for i in range(self.count):
            if self.stop.is_set():
                break
            try:
                conn = conn or http.client.HTTPConnection(HOST, self.port, timeout=10)
                conn.request("GET", f"/missing-{self.tag}-{i}.jpg")
                response = conn.getresponse()
                body = response.read()
                self.statuses[response.status] = self.statuses.get(response.status, 0) + 1
                if self.canary and self.canary in body:
                    self.canary_hits += 1
                if response.will_close:
                    conn.close()
                    conn = None
            except (OSError, http.client.HTTPException):
                self.errors += 1
                if conn:
                    conn.close()
                conn = None


class RssSampler(threading.Thread):
    """Samples VmRSS of `pid` every 100 ms. VmHWM, read at the end, is the peak since the sampler
    started when it could reset it (`5` into /proc/PID/clear_refs, which needs the right to write
    there), else the peak since serve started, its own first build included."""

    def __init__(self, pid, stop):
        super().__init__(daemon=True)
        self.pid, self.stop = pid, stop
        self.max_rss_kb = self.first_rss_kb = 0
        self.hwm_reset = False

    def read(self, field):
        with open(f"/proc/{self.pid}/status") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
        return 0

    def run(self):
        try:
            with open(f"/proc/{self.pid}/clear_refs", "w") as refs:
                refs.write("5")
            self.hwm_reset = True
        except OSError:
            pass
        try:
            self.first_rss_kb = self.read("VmRSS")
        except OSError:
            return
        while not self.stop.wait(0.1):
            try:
                self.max_rss_kb = max(self.max_rss_kb, self.read("VmRSS"))
            except OSError:
                break


# --- ranges ---------------------------------------------------------------------------------------

def range_cases(size):
    """(name, Range header, answers allowed) for a file of `size` bytes; answers: full, partial, 416.

    RFC 9110 §14.2: a server MAY ignore Range (200 full) and MAY reject an invalid ranges-specifier or
    many/overlapping ranges; an unknown unit MUST be ignored; an unsatisfiable set gets 416 (§15.5.17).
    A 206 is allowed only where the request is valid, and its bytes must be the ones it names."""
    big = "9" * 20
    return [
        ("simple", "bytes=0-9", {"partial"}),
        ("open end", "bytes=5-", {"partial"}),
        ("suffix", "bytes=-5", {"partial"}),
        ("overlapping", "bytes=0-10,5-20", {"full", "partial"}),
        ("reversed", "bytes=20-10", {"full", "416"}),
        ("huge end", f"bytes=0-{big}", {"full", "partial"}),
        ("huge start", f"bytes={big}-", {"full", "416"}),
        ("start past end", f"bytes={size + 10}-", {"full", "416"}),
        ("huge suffix", f"bytes=-{big}", {"full", "partial"}),
        ("suffix zero", "bytes=-0", {"full", "416"}),
        ("many", "bytes=" + ",".join(f"{i}-{i}" for i in range(0, 2000, 2)), {"full", "partial", "416"}),
        ("many overlapping", "bytes=" + ",".join("0-" for _ in range(200)), {"full", "partial", "416"}),
        ("leading zeros", "bytes=" + "0" * 40 + "-9", {"full", "partial"}),
        ("letters", "bytes=abc", {"full", "416"}),
        ("double dash", "bytes=--1", {"full", "416"}),
        ("three parts", "bytes=1-2-3", {"full", "416"}),
        ("plus sign", "bytes=+1-2", {"full", "416"}),
        ("hex", "bytes=0x10-0x20", {"full", "416"}),
        ("empty set", "bytes=", {"full", "416"}),
        ("lone dash", "bytes=-", {"full", "416"}),
        ("negative", "bytes=-1-5", {"full", "416"}),
        ("unknown unit", "items=0-5", {"full"}),
    ]


def _check_part(content_range, part, data):
    """Whether `part` is exactly the bytes `content_range` (`bytes a-b/N`) names in `data`."""
    try:
        unit, spec = content_range.strip().split(" ", 1)
        span, total = spec.split("/")
        first, last = (int(x) for x in span.split("-"))
    except ValueError:
        return False
    return (unit == "bytes" and total == str(len(data)) and 0 <= first <= last < len(data)
            and part == data[first:last + 1])


def _check_multipart(content_type, body, data):
    if "boundary=" not in content_type:
        return False
    boundary = content_type.split("boundary=", 1)[1].strip().strip('"').encode()
    parts = body.split(b"--" + boundary)
    good = 0
    for chunk in parts[1:]:
        if chunk.startswith(b"--"):
            break
        head, _, part = chunk.lstrip(b"\r\n").partition(b"\r\n\r\n")
        fields = dict(line.split(": ", 1) for line in head.decode("latin-1").split("\r\n") if ": " in line)
        content_range = {k.lower(): v for k, v in fields.items()}.get("content-range", "")
        if not _check_part(content_range, part[:-2] if part.endswith(b"\r\n") else part, data):
            return False
        good += 1
    return good > 0


def check_range(status, headers, body, data, allowed):
    """'' when the answer is well-formed and allowed, else what is wrong."""
    if status == 200:
        return "" if "full" in allowed and body == data else f"200 but {'not allowed' if body == data else 'wrong bytes'}"
    if status == 206:
        if "partial" not in allowed:
            return "206 for a range that must be ignored or refused"
        content_type = headers.get("content-type", "")
        ok = (_check_multipart(content_type, body, data) if content_type.startswith("multipart/byteranges")
              else _check_part(headers.get("content-range", ""), body, data))
        return "" if ok else f"206 with wrong bytes (Content-Range {headers.get('content-range')!r}, {len(body)} bytes)"
    if status == 416:
        if "416" not in allowed:
            return "416 for a satisfiable range"
        return "" if headers.get("content-range") == f"bytes */{len(data)}" else "416 without Content-Range bytes */size"
    return f"status {status}"


def run_ranges(port, path, data):
    """Every range case once against `path`; list of (name, header, status, problem)."""
    results = []
    for name, header, allowed in range_cases(len(data)):
        try:
            status, headers, body = raw_request(port, path, {"Range": header})
            problem = check_range(status, headers, body, data, allowed)
        except (OSError, http.client.HTTPException) as error:
            status, problem = None, f"no answer: {error!r}"
        results.append((name, header, status, problem))
    return results


# --- traversal ------------------------------------------------------------------------------------

def traversal_targets(outside_dir):
    """Request targets that try to leave the output folder; `outside_dir` holds canary.txt and is
    the output folder's parent (the links `escape` and `escape.txt` inside the output point there)."""
    up = "/".join([".."] * 12)
    return [
        "/../canary.txt", "/../../canary.txt", f"/{up}/etc/passwd", "/%2e%2e/canary.txt", "/%2E%2E/canary.txt",
        "/.%2e/canary.txt", "/%2e./canary.txt", "/..%2fcanary.txt", "/..%2Fcanary.txt", "/%2e%2e%2fcanary.txt",
        "/img/../../canary.txt", "/img/%2e%2e/%2e%2e/canary.txt", "/%252e%252e/canary.txt",
        "/%c0%ae%c0%ae/canary.txt", "/..%c0%afcanary.txt", "/..%00/canary.txt", "/canary.txt%00.html",
        "/index.html%00/../../canary.txt", "/..\\canary.txt", "/%5c..%5ccanary.txt", "/..%5ccanary.txt",
        "\\..\\canary.txt", "../canary.txt", "canary.txt", "*", f"{outside_dir}/canary.txt", f"/{outside_dir}/canary.txt",
        f"//{outside_dir.lstrip('/')}/canary.txt", "/etc/passwd", "//etc/passwd", "file:///etc/passwd",
        "http://127.0.0.1/../canary.txt", f"http://127.0.0.1{outside_dir}/canary.txt", "http://127.0.0.1/%2e%2e/canary.txt",
        "/escape.txt", "/escape/canary.txt", "/escape/", "/escape", "/escape/%2e%2e/canary.txt", "/./canary.txt",
        "/%2e/%2e%2e/canary.txt", "/;/../canary.txt", "/..;/canary.txt", "/.../canary.txt", "/ ../canary.txt",
    ]


def run_traversal(port, outside_dir, canary):
    """Every target with GET and HEAD, plus a ranged GET; list of (target, status, leaked)."""
    results = []
    for target in traversal_targets(outside_dir):
        for method, headers in (("GET", None), ("HEAD", None), ("GET", {"Range": "bytes=0-"})):
            try:
                status, _, body = raw_request(port, target, headers, method=method)
                leaked = canary.encode() in body or b"root:x:0:0" in body
            except (OSError, http.client.HTTPException):
                status, leaked = None, False
            results.append((f"{method} {target}" + (" (Range)" if headers else ""), status, leaked))
    return results


# --- all at once ----------------------------------------------------------------------------------

def run_abuse(port, pid, site, canary, duration=30.0, slowloris=200, never_readers=100, big_path="/big.jpg",
              missing=10000, missing_threads=4, page="/index.html", range_path=None, probe_interval=0.05,
              settle=2.0):
    """Starts every abuser, lets them run `duration` seconds while the probe measures `page`, then
    checks serve still answers. Returns a JSON-able report."""
    outside_dir = os.path.dirname(os.path.abspath(site))
    # The probe is forked before any thread of this process starts (forking a threaded process can
    # leave a lock held in the child); it waits until the slow and stalled sockets are in place.
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    started = time.monotonic() + settle
    probe = context.Process(target=_probe_main, args=(port, page, probe_interval, started, started + duration, queue),
                            daemon=True)
    probe.start()
    stop = threading.Event()
    rss = RssSampler(pid, stop)
    rss.start()
    loris = Slowloris(port, slowloris, stop)
    readers = NeverReaders(port, never_readers, big_path, stop)
    missers = [Missing(port, missing // missing_threads, n, stop) for n in range(missing_threads)]
    for thread in (loris, readers):
        thread.start()
    time.sleep(max(0.0, started - time.monotonic()))
    for thread in missers:
        thread.canary = canary.encode()
        thread.start()
    range_path = range_path or big_path
    with open(os.path.join(site, range_path.lstrip("/")), "rb") as handle:
        data = handle.read()
    ranges = run_ranges(port, range_path, data)
    traversal = run_traversal(port, outside_dir, canary)
    samples = queue.get(timeout=duration + 120)
    probe.join(timeout=30)
    for thread in missers:
        thread.join(timeout=max(1.0, duration - (time.monotonic() - started)))
    missing_done = sum(sum(t.statuses.values()) for t in missers)
    stop.set()
    for thread in (loris, readers, *missers):
        thread.join(timeout=30)
    rss.join(timeout=5)
    try:
        hwm, exited = rss.read("VmHWM"), False
    except OSError:
        hwm, exited = 0, True
    after = check_after(port, page, big_path, site)
    latencies = [s for s, _ in samples]
    statuses = [st for _, st in samples]
    missing_statuses = {}
    for thread in missers:
        for code, n in thread.statuses.items():
            missing_statuses[code] = missing_statuses.get(code, 0) + n
    return {
        "duration_s": round(time.monotonic() - started, 1),
        "probe": {"count": len(latencies), "p50_ms": round(percentile(latencies, 50) * 1000, 1),
                  "p99_ms": round(percentile(latencies, 99) * 1000, 1), "max_ms": round(max(latencies) * 1000, 1),
                  "non_200": sum(1 for st in statuses if st != 200)},
        "slowloris": {"opened": loris.opened, "closed_by_server": loris.closed_by_server, "bytes_sent": loris.bytes_sent},
        "never_readers": {"opened": readers.opened, "path": big_path},
        "missing": {"requested": missing_done, "statuses": {str(k): v for k, v in sorted(missing_statuses.items())},
                    "errors": sum(t.errors for t in missers), "canary_hits": sum(t.canary_hits for t in missers)},
        "ranges": [{"name": n, "header": h if len(h) < 80 else h[:77] + "...", "status": st, "problem": p}
                   for n, h, st, p in ranges],
        "traversal": [{"request": r, "status": st, "leaked": leak} for r, st, leak in traversal],
        "rss_kb": {"before": rss.first_rss_kb, "max_sampled": rss.max_rss_kb, "hwm": hwm, "hwm_is_load_peak": rss.hwm_reset},
        "after": after,
        "serve_exited": exited,
    }


def check_after(port, page, big_path, site):
    """After the abuse: the page answers 200 and the large file arrives whole."""
    seconds, status = fetch_latency(port, page, timeout=10)
    try:
        big_status, _, body = raw_request(port, big_path, timeout=60)
        with open(os.path.join(site, big_path.lstrip("/")), "rb") as handle:
            big_ok = big_status == 200 and body == handle.read()
    except (OSError, http.client.HTTPException):
        big_ok = False
    return {"page_status": status, "page_ms": round(seconds * 1000, 1), "big_file_whole": big_ok}


def problems(report, p99_limit_ms=1000, rss_limit_kb=150 * 1024):
    """Everything in a report that breaks a target, as short lines (empty: all good)."""
    out = []
    probe = report["probe"]
    if report["serve_exited"]:
        out.append("serve exited during the abuse")
    if probe["p99_ms"] > p99_limit_ms:
        out.append(f"probe p99 {probe['p99_ms']} ms > {p99_limit_ms} ms (p50 {probe['p50_ms']}, max {probe['max_ms']})")
    if probe["non_200"]:
        out.append(f"{probe['non_200']} probe fetches did not get 200")
    if report["missing"]["errors"] or set(report["missing"]["statuses"]) - {"404"}:
        out.append(f"missing files: statuses {report['missing']['statuses']}, errors {report['missing']['errors']}")
    out += [f"range {r['name']} ({r['header']}): {r['problem']}" for r in report["ranges"] if r["problem"]]
    out += [f"traversal {t['request']!r} leaked bytes from outside (status {t['status']})"
            for t in report["traversal"] if t["leaked"]]
    out += [f"traversal {t['request']!r} answered {t['status']}" for t in report["traversal"]
            if t["status"] is not None and t["status"] >= 500]
    if report["missing"]["canary_hits"]:
        out.append("a missing-file answer contained the canary")
    rss = report["rss_kb"]
    peak = max(rss["max_sampled"], rss["hwm"] if rss["hwm_is_load_peak"] else 0)
    if peak > rss_limit_kb:
        out.append(f"RSS {rss['max_sampled']} kB sampled, VmHWM {rss['hwm']} kB > {rss_limit_kb} kB")
    after = report["after"]
    if after["page_status"] != 200 or not after["big_file_whole"]:
        out.append(f"after the abuse: page {after['page_status']}, large file whole {after['big_file_whole']}")
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--site", required=True, help="the output folder serve serves")
    parser.add_argument("--canary", required=True, help="the unique text of canary.txt beside the output folder")
    parser.add_argument("--duration", type=float, default=30)
    parser.add_argument("--slowloris", type=int, default=200)
    parser.add_argument("--never-readers", type=int, default=100)
    parser.add_argument("--big", default="/big.jpg")
    parser.add_argument("--missing", type=int, default=10000)
    parser.add_argument("--page", default="/index.html")
    parser.add_argument("--range-path", help="the file the range cases ask for (default: --big)")
    parser.add_argument("--json")
    args = parser.parse_args()
    report = run_abuse(args.port, args.pid, args.site, args.canary, args.duration, args.slowloris,
                       args.never_readers, args.big, args.missing, page=args.page, range_path=args.range_path)
    report["problems"] = problems(report)
    text = json.dumps(report, indent=1)
    if args.json:
        with open(args.json, "w") as handle:
            handle.write(text + "\n")
    print(text)


if __name__ == "__main__":
    main()
