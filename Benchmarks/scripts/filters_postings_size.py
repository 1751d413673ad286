#!/usr/bin/env python3
"""Gzip sizes of filter postings at 1,000,000 items, computed by a Python copy of FacetPostings.encode (docs/search.md, "Filters") on seeded random values: Benchmarks/results/filters.md."""
import gzip, json
N = 1_000_000
GENRES = ["Action", "Adventure", "Arcade", "Board", "Card", "Casual", "Education", "Family", "Music", "Puzzle",
          "Racing", "Role Playing", "Simulation", "Sports", "Strategy", "Trivia", "Word", "Ärzte & Co", "Café", "日本語"]
COUNTRIES = ["%s %03d" % (["Land", "Øland", "Île", "Ōkoku"][n % 4], n) for n in range(200)]
def varint(v, out):
    while v >= 0x80: out.append((v & 0x7F) | 0x80); v >>= 7
    out.append(v)
def encode(ids, count):
    d = bytearray([0]); last = 0
    for i in ids: varint(i - last, d); last = i
    bm = 1 + (count + 7) // 8
    if len(d) <= bm: return bytes(d)
    b = bytearray(bm); b[0] = 1
    for i in ids: b[1 + i // 8] |= 1 << (i % 8)
    return bytes(b)
import random
rnd = random.Random(33)
g = {}; c = {}; p = {"0-1": [], "1-5": [], "5-": []}
for i in range(N):
    g.setdefault(GENRES[rnd.randrange(20)], []).append(i)
    c.setdefault(COUNTRIES[rnd.randrange(200)], []).append(i)
    pr = rnd.randrange(1000) / 100
    if i % 9:
        p["0-1" if pr < 1 else "1-5" if pr < 5 else "5-"].append(i)
def sizes(d):
    out = {}
    for k, ids in d.items():
        b = encode(ids, N); out[k] = (len(ids), len(b), len(gzip.compress(b, 9)), 'bitmap' if b[0] else 'deltas')
    return out
res = {"genre": sizes(g), "country": sizes(c), "price": sizes(p)}
for f, d in res.items():
    gz = [v[2] for v in d.values()]
    print(f, "values", len(d), "gzip min/median/max", min(gz), sorted(gz)[len(gz)//2], max(gz))
print("genre Strategy", res["genre"]["Strategy"]); print("country Øland 001", res["country"]["Øland 001"]); print("price", res["price"])
json.dump({f: {k: list(v) for k, v in d.items()} for f, d in res.items()}, open('/tmp/filters-postings-size.json', 'w'), ensure_ascii=False)
