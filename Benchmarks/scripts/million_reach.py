#!/usr/bin/env python3
"""The gallery runtime on a very large site (issue acceptance: "The browser runtime at 1,000,000 items: the
last item is reachable by scrolling and by search, ≤ 100 `<img>` live").

On an already built site (default /tmp/m1/public, 1,000,000 items in `people`; it is only read, never
rebuilt), served from 127.0.0.1 by the browser tests' SiteServer (Tests/browser/server.py), headless Chromium
opens the collection's first gallery page (`?galgen-debug=1`), waits for `__galgen.ready` and then reaches
the collection's LAST item (its key and title are read from the last shard on disk) in seven independent
ways, each on a freshly loaded page with the browser cache cleared:

  end-key       the roving tab stop (a cell link, the element whose keydown the runtime handles) is
                focused and End pressed: the runtime's goTo(count − 1) scrolls there and focuses it
  end-document  End pressed with nothing focused: the browser's own scroll to the bottom
  scroll-steps  `--steps` scrollTo() jumps of 1/steps of the page each, two frames apart, to the bottom
  scroll-jump   one scrollTo(0, scrollHeight) (dragging the scroll bar's thumb to the bottom)
  search-enter  the search box is clicked, the last title typed and Enter pressed (docs/runtime.md, Find)
  search-click  the same, but the result button of the last item is clicked
  deep-link     the first page opened at `#item-<last key>`: the lightbox opens on it over the grid (its
                cell in view behind it); Escape then closes it, and the cell must be in view and focused

An in-page watcher (one rAF loop, started right before the action) times when the last item's cell is
first in view with its title ("seen"), when its picture is set ("bound") and when the picture has loaded,
and samples `document.images.length` every frame. After the runtime settles, the script checks that the
cell bound to the last item is in the DOM, not hidden, inside the viewport and the element at its centre,
with the expected title and `aria-posinset` = count, and that at most 100 `<img>` are live, at the end and
at the maximum seen during the action (the test observers' MutationObserver maximum too). The search
scenarios also record what the search file cost (Resource Timing transferSize / encodedBodySize of
data/<collection>/search-*.json) and how long its fetch took.

    PATH="$PWD/.venv/bin:$PATH" .venv/bin/python Benchmarks/scripts/million_reach.py --json /tmp/million-reach.json
    .venv/bin/python Benchmarks/scripts/million_reach.py --site /path/to/public --collection people --steps 50

Prints a Markdown table (check, result, limit, pass/fail) and exits 1 if a check fails.
Needs: selenium, /usr/bin/chromium, /usr/bin/chromedriver (see Tests/browser); no network beyond 127.0.0.1.
"""
from __future__ import annotations

import argparse
import json
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "browser"))

import helpers  # noqa: E402
from server import SiteServer  # noqa: E402

from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

MAX_IMGS = 100
REACH_TIMEOUT = 180.0          # s, per scenario: a cold 40 MB search file at a million items takes a while

# Room for every resource entry of a scenario (the default buffer holds 250).
RESOURCE_BUFFER = "try { performance.setResourceTimingBufferSize(100000); } catch (e) {}"

# The watcher: one rAF loop from the moment it is installed (just before the action) until the last item's
# picture has loaded, or `limit` ms. Times are ms after the install.
WATCH = r"""
const key = arguments[0], title = arguments[1], limit = arguments[2];
const grid = document.getElementById('grid');
const R = window.__reach = { t0: performance.now(), seen: null, bound: null, loaded: null, frames: 0, done: false,
                             maxImgs: document.images.length, maxGridImgs: grid.getElementsByTagName('img').length,
                             lt0: window.__vsm ? __vsm.longTasks.length : 0, marks: {} };
const sel = '.grid .cell[data-key="' + CSS.escape(key) + '"]';
(function poll() {
  R.frames++;
  R.maxImgs = Math.max(R.maxImgs, document.images.length);
  R.maxGridImgs = Math.max(R.maxGridImgs, grid.getElementsByTagName('img').length);
  const now = performance.now() - R.t0, el = document.querySelector(sel);
  if (el && !el.hidden) {
    const r = el.getBoundingClientRect(), t = el.querySelector('.title'), img = el.querySelector('img');
    const inView = r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
    if (inView && t && t.textContent === title) {
      if (R.seen === null) R.seen = now;
      if (R.bound === null && el.dataset.token && img && img.getAttribute('src')) R.bound = now;
      if (R.bound !== null && R.loaded === null && img && img.getAttribute('src') && img.complete && img.naturalWidth > 0)
        R.loaded = now;
    }
  }
  if (R.loaded !== null || now > limit) { R.done = true; return; }
  requestAnimationFrame(poll);
})();
return R.t0;
"""

# Visitor-like big scroll steps to the bottom, two frames apart, all in the page.
SCROLL_STEPS = r"""
const done = arguments[arguments.length - 1], N = arguments[0];
(async () => {
  const raf = () => new Promise(r => requestAnimationFrame(r));
  const S = document.scrollingElement, H = S.scrollHeight - innerHeight, t0 = performance.now();
  const out = { steps: 0, maxImgs: document.images.length, scrollHeight: S.scrollHeight };
  for (let i = 1; i <= N; i++) {
    scrollTo(0, Math.round(H * i / N)); await raf(); await raf();
    out.steps++; out.maxImgs = Math.max(out.maxImgs, document.images.length);
  }
  out.ms = performance.now() - t0; out.scrollY = scrollY; out.maxScrollY = H;
  done(out);
})().catch(e => done({ error: String(e && e.stack || e) }));
"""

# Everything the checks need, once the runtime has settled.
STATE = r"""
const key = arguments[0], prefix = arguments[1];
const grid = document.getElementById('grid'), S = document.scrollingElement;
const cells = [...grid.querySelectorAll('.cell')];
const inViewport = r => r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
const visible = cells.filter(el => !el.hidden && inViewport(el.getBoundingClientRect()));
const out = {
  images: document.images.length, gridImages: grid.getElementsByTagName('img').length,
  cells: cells.length, hiddenCells: cells.filter(el => el.hidden).length, visibleCells: visible.length,
  lastVisibleIndex: visible.length ? Math.max(...visible.map(el => +el.dataset.index)) : null,
  firstVisibleIndex: visible.length ? Math.min(...visible.map(el => +el.dataset.index)) : null,
  elements: document.getElementsByTagName('*').length,
  busy: grid.getAttribute('aria-busy'), scrollY: scrollY, maxScrollY: S.scrollHeight - innerHeight,
  scrollHeight: S.scrollHeight, url: location.href,
  observerMaxImgs: window.__vsm ? __vsm.maxImgs : null,
  stats: window.__galgen && __galgen.stats ? Object.assign({}, __galgen.stats) : null,
  poolSize: window.__galgen ? __galgen.poolSize : null, cell: null, lightbox: null, search: [],
};
const el = grid.querySelector('.cell[data-key="' + CSS.escape(key) + '"]');
if (el) {
  const r = el.getBoundingClientRect(), img = el.querySelector('img'), a = el.querySelector('a');
  const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  out.cell = {
    hidden: el.hidden, index: +el.dataset.index, posinset: +el.getAttribute('aria-posinset'), token: el.dataset.token || null,
    id: el.id, title: (el.querySelector('.title') || {}).textContent, subtitle: (el.querySelector('.subtitle') || {}).textContent,
    href: a ? a.href : null, top: r.top, bottom: r.bottom, left: r.left, right: r.right,
    fullyInView: r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth,
    inView: inViewport(r), hit: !!hit && el.contains(hit),
    imgSrc: img ? img.getAttribute('src') : null, imgLoaded: !!img && img.complete && img.naturalWidth > 0,
    focused: el.contains(document.activeElement),
  };
}
const d = document.querySelector('dialog.lightbox');
if (d) out.lightbox = { open: d.open, title: (d.querySelector('h2') || {}).textContent,
                        link: (d.querySelector('a') || {}).href || null };
for (const e of performance.getEntriesByType('resource'))
  if (e.name.includes(prefix)) out.search.push({ name: e.name, transferSize: e.transferSize, encodedBodySize: e.encodedBodySize,
      decodedBodySize: e.decodedBodySize, ms: e.responseEnd - e.startTime, start: e.startTime });
return out;
"""


def last_item(site: pathlib.Path, collection: str) -> dict:
    """The collection's count and its last item (key, title, subtitle), read from the manifest and the last shard."""
    manifest = json.loads((site / "data" / collection / "manifest.json").read_text())
    count = manifest["count"]
    shard = json.loads((site / manifest["shards"][-1]).read_text())
    item = shard["items"][-1]
    assert shard["first"] + len(shard["items"]) == count, (shard["first"], len(shard["items"]), count)
    search = site / manifest["search"]
    return {"count": count, "index": count - 1, "key": item["k"], "title": item["t"], "subtitle": item.get("s"),
            "itemPages": manifest.get("itemPages", True) is not False, "shards": len(manifest["shards"]),
            "search": manifest["search"], "searchFileBytes": search.stat().st_size}


class Run:
    def __init__(self, driver, server: SiteServer, collection: str, last: dict):
        self.driver, self.server, self.collection, self.last = driver, server, collection, last
        self.base = f"{server.base}{collection}/?galgen-debug=1"

    def open(self, fragment: str = "") -> dict:
        d = self.driver
        d.get("about:blank")
        d.execute_cdp_cmd("Network.clearBrowserCache", {})
        self.server.reset_log()
        t0 = time.monotonic()
        d.get(self.base + fragment)
        ready = helpers.wait_ready(d, 120000)
        ready["seconds"] = time.monotonic() - t0
        if not ready.get("ok"):
            raise RuntimeError(f"runtime not ready: {ready}")
        return ready

    def watch(self) -> None:
        self.driver.execute_script(WATCH, self.last["key"], self.last["title"], REACH_TIMEOUT * 1000)

    def wait_reached(self) -> dict:
        d = self.driver
        helpers.wait_until(lambda: d.execute_script("return __reach.done || __reach.bound !== null"),
                           timeout=REACH_TIMEOUT, interval=0.1)
        # give the picture a moment to load (it is on 127.0.0.1), then stop waiting
        helpers.wait_until(lambda: d.execute_script("return __reach.done"), timeout=15, interval=0.1)
        return d.execute_script("const R = __reach, lt = window.__vsm ? __vsm.longTasks.slice(R.lt0) : [];"
                                " return {seen: R.seen, bound: R.bound, loaded: R.loaded, frames: R.frames, marks: R.marks,"
                                " maxImgs: R.maxImgs, maxGridImgs: R.maxGridImgs, longTasks: lt.length, longTaskMax: Math.max(0, ...lt)}")

    def mark(self, name: str) -> None:
        """Notes when (ms after the watcher started) a step of the action happened, e.g. Enter pressed."""
        self.driver.execute_script("__reach.marks[arguments[0]] = performance.now() - __reach.t0", name)

    def state(self) -> dict:
        helpers.settle(self.driver, 600)
        return self.driver.execute_script(STATE, self.last["key"], f"/data/{self.collection}/search-")

    def tab_stop(self):
        return self.driver.find_element(By.CSS_SELECTOR, '#grid .cell:not([hidden]) a[tabindex="0"]')

    # ---- scenarios: each returns {action…}; the common part is added by `scenario` ----
    def end_key(self) -> dict:
        d = self.driver
        link = self.tab_stop()
        d.execute_script("arguments[0].focus({preventScroll: true})", link)
        start = d.execute_script("const c = document.activeElement.closest('.cell'); return c && c.dataset.key")
        self.watch()
        ActionChains(d).send_keys(Keys.END).perform()
        return {"focusedBefore": start}

    def end_document(self) -> dict:
        d = self.driver
        d.execute_script("document.activeElement && document.activeElement.blur && document.activeElement.blur();")
        self.watch()
        ActionChains(d).send_keys(Keys.END).perform()
        return {}

    def scroll_steps(self, steps: int) -> dict:
        self.watch()
        r = self.driver.execute_async_script(SCROLL_STEPS, steps)
        if "error" in r:
            raise RuntimeError(r["error"])
        return {"scroll": r}

    def scroll_jump(self) -> dict:
        self.watch()
        self.driver.execute_script("scrollTo(0, document.scrollingElement.scrollHeight)")
        return {}

    def _type_search(self) -> object:
        d = self.driver
        box = d.find_element(By.CSS_SELECTOR, "search.find input")
        if not box.is_displayed():
            raise RuntimeError("the search box is not shown")
        self.watch()
        box.click()                   # focus: the search file starts loading
        box.send_keys(self.last["title"])
        self.mark("typed")
        return box

    def search_enter(self) -> dict:
        box = self._type_search()
        self.mark("activate")
        box.send_keys(Keys.ENTER)
        return {}

    def search_click(self) -> dict:
        d = self.driver
        self._type_search()
        sel = f'#find-results button[data-index="{self.last["index"]}"]'
        ok = helpers.wait_until(lambda: d.find_elements(By.CSS_SELECTOR, sel), timeout=REACH_TIMEOUT, interval=0.1)
        if not ok:
            status = d.execute_script("const s = document.querySelector('.find-status'); return s && s.textContent")
            raise RuntimeError(f"no result button for index {self.last['index']} (status: {status!r})")
        button = ok[0]
        result = {"resultText": button.text, "resultsShown": len(d.find_elements(By.CSS_SELECTOR, "#find-results button"))}
        self.mark("activate")
        button.click()
        return result

    def deep_link(self) -> dict:
        return {}

    def scenario(self, name: str, steps: int) -> dict:
        d = self.driver
        fragment = f"#item-{self.last['key']}" if name == "deep-link" else ""
        t_start = time.monotonic()
        ready = self.open(fragment)
        out: dict = {"readySeconds": ready["seconds"]}
        if name == "deep-link":
            # the watcher starts at navigation: the observers' hashSeen/hashBound are ms after time origin
            helpers.wait_until(lambda: d.execute_script("return window.__vsm && __vsm.hashBound !== null"),
                               timeout=REACH_TIMEOUT, interval=0.1)
            helpers.wait_until(lambda: d.execute_script(
                "const d = document.querySelector('dialog.lightbox[open]'); return !!d && d.querySelector('h2').textContent === arguments[0]",
                self.last["title"]), timeout=REACH_TIMEOUT, interval=0.1)
            vsm = d.execute_script("return {seen: __vsm.hashSeen, bound: __vsm.hashBound, maxImgs: __vsm.maxImgs}")
            out["reach"] = {"seen": vsm["seen"], "bound": vsm["bound"], "loaded": None, "maxImgs": vsm["maxImgs"],
                            "maxGridImgs": None, "from": "navigation start"}
        else:
            helpers.settle(d, 600)
            out.update(getattr(self, name.replace("-", "_"))(*([steps] if name == "scroll-steps" else [])))
            out["reach"] = self.wait_reached()
            out["reach"]["from"] = "the action"
        out["state"] = self.state()
        if name == "deep-link":
            # the modal lightbox covers the grid; Escape closes it and focuses the item's cell (docs/runtime.md)
            out["lightboxState"] = out["state"]
            ActionChains(d).send_keys(Keys.ESCAPE).perform()
            helpers.wait_until(lambda: d.execute_script("return !document.querySelector('dialog.lightbox[open]')"), timeout=10)
            out["state"] = self.state()
        out["serverRequests"] = {k: len(self.server.entries(k)) for k in ("shard", "search", "manifest", "html", "missing")}
        out["wallSeconds"] = time.monotonic() - t_start
        return out


SCENARIOS = ["end-key", "end-document", "scroll-steps", "scroll-jump", "search-enter", "search-click", "deep-link"]
LABELS = {
    "end-key": "End key on the grid's focused cell",
    "end-document": "End key on the document (browser scroll)",
    "scroll-steps": "scroll to the bottom in steps",
    "scroll-jump": "scrollTo(scrollHeight) in one jump",
    "search-enter": "search box, Enter",
    "search-click": "search box, result click",
    "deep-link": "deep link #item-<key>",
}


def ms(v) -> str:
    return "–" if v is None else f"{v / 1000:.2f} s" if v >= 1000 else f"{v:.0f} ms"


def evaluate(name: str, r: dict, last: dict) -> list[tuple[str, str, str, bool | None]]:
    """Rows (check, result, limit, ok) for one scenario; ok None = information only."""
    label = LABELS[name]
    if "error" in r:
        return [(f"{label}: ran", r["error"][:300], "no error", False)]
    s, c, reach = r["state"], r["state"]["cell"], r["reach"]
    rows = []
    want = f"`{last['key']}` “{last['title']}” in view, posinset {last['count']:,}"
    if c is None:
        got = (f"no cell for `{last['key']}` (visible indices {s['firstVisibleIndex']}–{s['lastVisibleIndex']}, "
               f"scrollY {s['scrollY']:.0f} of {s['maxScrollY']})")
        ok = False
    else:
        ok = (not c["hidden"] and c["inView"] and c["hit"] and c["title"] == last["title"]
              and c["index"] == last["index"] and c["posinset"] == last["count"] and bool(c["token"]))
        where = "fully in view" if c["fullyInView"] else "partly in view" if c["inView"] else "NOT in view"
        got = (f"`{c['id'][5:] if c['id'].startswith('item-') else c['id']}` “{c['title']}” #{c['posinset']:,}, "
               f"{where} (top {c['top']:.0f}, bottom {c['bottom']:.0f} px)"
               + ("" if c["hit"] else ", NOT the element at its centre") + (", hidden" if c["hidden"] else "")
               + (", picture loaded" if c["imgLoaded"] else ", picture not loaded"))
    rows.append((f"{label}: last item reached" + (" (lightbox closed)" if name == "deep-link" else ""), got, want, ok))
    if name in ("end-key", "search-enter", "search-click", "deep-link") and last["itemPages"]:
        rows.append((f"{label}: last item focused", "yes" if c and c["focused"] else "no", "focused (docs/runtime.md)",
                     bool(c and c["focused"])))
    if name == "deep-link":
        ls = r["lightboxState"]
        lb, behind = ls["lightbox"] or {}, ls["cell"] or {}
        rows.append((f"{label}: lightbox on the last item, its cell in view behind",
                     f"open={lb.get('open')}, “{lb.get('title')}”; cell “{behind.get('title')}” in view={behind.get('inView')}",
                     f"open, “{last['title']}”", bool(lb.get("open")) and lb.get("title") == last["title"]
                     and behind.get("title") == last["title"] and bool(behind.get("inView")) and not behind.get("hidden")))
    images = max(s["images"], (r.get("lightboxState") or s)["images"])
    peak = max(x for x in (reach.get("maxImgs"), reach.get("maxGridImgs"), s["observerMaxImgs"], images,
                           (r.get("scroll") or {}).get("maxImgs")) if x is not None)
    rows.append((f"{label}: `<img>` live (end, grid / peak)", f"{images}, {s['gridImages']} / {peak}",
                 f"≤ {MAX_IMGS}", images <= MAX_IMGS and peak <= MAX_IMGS))
    rows.append((f"{label}: time to reach (seen / bound / picture)",
                 f"{ms(reach['seen'])} / {ms(reach['bound'])} / {ms(reach['loaded'])} (from {reach['from']})", "–", None))
    marks = reach.get("marks") or {}
    if "activate" in marks and reach["bound"] is not None:
        rows.append((f"{label}: time from {'Enter' if name == 'search-enter' else 'the click'} to the item bound",
                     f"{ms(reach['bound'] - marks['activate'])} (typing done at {ms(marks.get('typed'))})", "–", None))
    if "longTasks" in reach:
        rows.append((f"{label}: long tasks during the action (count, longest)",
                     f"{reach['longTasks']}, {ms(reach['longTaskMax'])}", "–", None))
    if name == "scroll-steps":
        sc = r["scroll"]
        rows.append((f"{label}: the scroll itself", f"{sc['steps']} steps of {sc['maxScrollY'] / sc['steps']:,.0f} px in {ms(sc['ms'])}",
                     "–", None))
    if s["search"] or name.startswith("search") or name == "deep-link":
        e = s["search"][0] if s["search"] else None
        got = (f"{e['transferSize']:,} B transferred ({e['encodedBodySize']:,} B body), fetch {ms(e['ms'])}" if e
               else "no search-*.json in Resource Timing")
        rows.append((f"{label}: search file", got + f"; requests {r['serverRequests']['search']}", "–", None))
    rows.append((f"{label}: shards fetched (server requests)", f"{(s['stats'] or {}).get('shardFetches')} ({r['serverRequests']['shard']})",
                 "–", None))
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--site", type=pathlib.Path, default=pathlib.Path("/tmp/m1/public"), help="a built site (the public folder)")
    ap.add_argument("--collection", default="people")
    ap.add_argument("--json", type=pathlib.Path, help="write the results here")
    ap.add_argument("--steps", type=int, default=50, help="scroll steps to the bottom in scroll-steps (default 50)")
    ap.add_argument("--only", nargs="*", choices=SCENARIOS, help="run only these scenarios")
    args = ap.parse_args()

    last = last_item(args.site, args.collection)
    print(f"{args.site}: {args.collection} has {last['count']:,} items; the last: {last['key']} “{last['title']}”; "
          f"search file {last['searchFileBytes']:,} B", file=sys.stderr, flush=True)
    server = SiteServer(args.site).start()
    driver = helpers.make_driver()
    results: dict = {}
    try:
        driver.set_script_timeout(300)
        driver.set_page_load_timeout(300)
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RESOURCE_BUFFER})
        run = Run(driver, server, args.collection, last)
        run.open()
        info = driver.execute_script(
            "const g = document.getElementById('grid'); return {innerWidth, innerHeight, cols: __galgen.cols,"
            " rowHeight: __galgen.rowHeight, poolCap: __galgen.poolCap, scrollHeight: document.scrollingElement.scrollHeight,"
            " gridHeight: g.getBoundingClientRect().height, dataCount: +g.dataset.count, ua: navigator.userAgent}")
        info["virtualHeight"] = -(-last["count"] // info["cols"]) * info["rowHeight"]
        print(f"viewport {info['innerWidth']}x{info['innerHeight']}, {info['cols']} columns, row {info['rowHeight']:.1f} px, "
              f"pool cap {info['poolCap']}, page {info['scrollHeight']:,} px for {info['virtualHeight']:,.0f} px of rows",
              file=sys.stderr, flush=True)
        for name in args.only or SCENARIOS:
            print(f"{name} …", file=sys.stderr, flush=True)
            try:
                results[name] = run.scenario(name, args.steps)
            except Exception as e:  # a scenario that cannot run is a failed check, not a crash
                results[name] = {"error": f"{type(e).__name__}: {e}"}
            r = results[name]
            print(f"  {json.dumps({k: r[k] for k in ('reach', 'error') if k in r})}", file=sys.stderr, flush=True)
    finally:
        driver.quit()
        server.stop()

    rows = [("data-count of the gallery page", f"{info['dataCount']:,}", f"{last['count']:,}", info["dataCount"] == last["count"])]
    for name, r in results.items():
        rows += evaluate(name, r, last)
    ok = all(row[3] is not False for row in rows)
    lines = ["| check | result | limit | pass/fail |", "|---|---|---|---|"]
    for check, got, limit, passed in rows:
        lines.append(f"| {check} | {got} | {limit} | {'info' if passed is None else 'pass' if passed else 'FAIL'} |")
    table = "\n".join(lines)
    print(f"\n{last['count']:,} items, last {last['key']} “{last['title']}”; viewport {info['innerWidth']}x{info['innerHeight']}, "
          f"{info['cols']} columns, page {info['scrollHeight']:,} px\n")
    print(table)
    print(f"\n{'all checks pass' if ok else 'SOME CHECKS FAIL'}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({"site": str(args.site), "collection": args.collection, "last": last,
                                         "environment": info, "scenarios": results,
                                         "checks": [{"check": c, "result": g, "limit": l, "ok": p} for c, g, l, p in rows],
                                         "ok": ok}, indent=2))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
