#!/usr/bin/env bash
# Reproducibility: two release builds of one commit, each in its own clean clone (different folders), compared
# byte for byte, the .deb and the archive; where they differ, which files, which ELF sections, and whether the
# clone's folder is written into them (what -ffile-prefix-map / -debug-prefix-map would remove).
#   scripts/compare-builds.sh [REV] [--work DIR]
#   scripts/compare-builds.sh --dists DIR_A DIR_B      # only compare two folders of artefacts (package.sh --out)
#
#   REV          the commit to build (default HEAD); both clones check it out from this repository
#   --work DIR   where the clones and artefacts go (default a new folder in /var/tmp); kept afterwards
#
# The builds run one after the other (two at once on two cores take as long), each a whole release build:
# 8-20 minutes on a 2-core machine. Both see the same SOURCE_DATE_EPOCH (package.sh takes the commit's time)
# and the same releases address (a clone's origin is this folder, so none is baked in). Exit 0 when both
# artefacts are identical, 1 when they differ (the report says how), 2 on a usage or build error.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

rev=HEAD
work=""
dist_a=""
dist_b=""
while [ $# -gt 0 ]; do
    case "$1" in
        --work) work="${2:?--work needs a folder}"; shift 2 ;;
        --dists) dist_a="${2:?--dists needs two folders}"; dist_b="${3:?--dists needs two folders}"; shift 3 ;;
        -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "compare-builds.sh: unknown option $1" >&2; exit 2 ;;
        *) rev="$1"; shift ;;
    esac
done

if [ -z "$dist_a" ]; then
    commit=$(git rev-parse --verify "$rev^{commit}") || exit 2
    work=${work:-$(mktemp -d /var/tmp/galgen-repro.XXXXXX)}
    mkdir -p "$work"
    for side in a b; do
        clone="$work/clone-$side"
        rm -rf "$clone"
        git clone -q --no-local "$repo" "$clone"
        git -C "$clone" checkout -q "$commit"
        echo "== build $side: $clone (commit ${commit:0:12})"
        start=$(date +%s)
        if ! (cd "$clone" && bash scripts/package.sh --out "$work/dist-$side" > "$work/build-$side.log" 2>&1); then
            tail -20 "$work/build-$side.log"; echo "compare-builds.sh: build $side failed" >&2; exit 2
        fi
        echo "   $(( $(date +%s) - start )) s"
    done
    dist_a="$work/dist-a"
    dist_b="$work/dist-b"
    prefix_a="$work/clone-a"
    prefix_b="$work/clone-b"
else
    work=$(mktemp -d /var/tmp/galgen-repro.XXXXXX)
    trap 'rm -rf "$work"' EXIT
    prefix_a=""
    prefix_b=""
fi

python3 - "$dist_a" "$dist_b" "$work/unpacked" "$prefix_a" "$prefix_b" <<'PY'
import hashlib, io, os, struct, subprocess, sys, tarfile

dist_a, dist_b, scratch, prefix_a, prefix_b = sys.argv[1:6]

def sha(data):
    return hashlib.sha256(data).hexdigest()

def members(path):
    """Every file of an artefact as name -> bytes: a .deb's control and data, an archive's files."""
    out = {}
    if path.endswith(".deb"):
        for part, command in (("DEBIAN/", ["dpkg-deb", "--ctrl-tarfile", path]), ("", ["dpkg-deb", "--fsys-tarfile", path])):
            data = subprocess.run(command, capture_output=True, check=True).stdout
            with tarfile.open(fileobj=io.BytesIO(data)) as tar:
                for m in tar:
                    key = part + m.name.lstrip("./")
                    out[key] = (tar.extractfile(m).read() if m.isfile() else b"", (m.mode, m.uid, m.gid, m.mtime, m.type))
    else:
        with tarfile.open(path, "r:gz") as tar:
            for m in tar:
                out[m.name] = (tar.extractfile(m).read() if m.isfile() else b"", (m.mode, m.uid, m.gid, m.mtime, m.type))
    return out

def sections(data):
    """An ELF64 file's sections as name -> bytes (SHT_NOBITS as empty)."""
    if data[:4] != b"\x7fELF" or data[4] != 2:
        return None
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    headers = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    names = headers[shstrndx]
    out = {}
    for h in headers:
        start = names[4] + h[0]
        name = data[start:data.index(b"\0", start)].decode()
        out[name] = b"" if h[1] == 8 else data[h[4]:h[4] + h[5]]
    return out

def explain(name, a, b):
    lines = []
    for label, prefix, data in (("a", prefix_a, a), ("b", prefix_b, b)):
        if prefix:
            count = data.count(prefix.encode())
            if count:
                lines.append(f"      {label}: its clone's folder {prefix} appears {count} times (__FILE__ or debug paths: -ffile-prefix-map)")
    sa, sb = sections(a), sections(b)
    if sa is not None and sb is not None:
        differing = [n for n in sorted(set(sa) | set(sb)) if sa.get(n) != sb.get(n)]
        sizes = ", ".join(f"{n} ({len(sa.get(n, b''))} / {len(sb.get(n, b''))} bytes)" for n in differing[:12])
        lines.append(f"      ELF sections that differ: {sizes or 'none (only the layout)'}")
        if differing == [".note.gnu.build-id"]:
            lines.append("      only the build id: it hashes the rest, so something outside the sections compared differs")
    elif not name.endswith((".so", "galgen")) and b"\0" not in a[:4096] and b"\0" not in b[:4096]:
        la, lb = a.decode(errors="replace").splitlines(), b.decode(errors="replace").splitlines()
        shown = 0
        for i, (x, y) in enumerate(zip(la, lb)):
            if x != y and shown < 5:
                lines.append(f"      line {i + 1}: {x!r} / {y!r}")
                shown += 1
        if len(la) != len(lb):
            lines.append(f"      {len(la)} / {len(lb)} lines")
    return lines

def artefacts(folder):
    return {f: os.path.join(folder, f) for f in os.listdir(folder) if f.endswith((".deb", ".tar.gz"))}

left, right = artefacts(dist_a), artefacts(dist_b)
different = 0
for name in sorted(set(left) | set(right)):
    if name not in left or name not in right:
        print(f"{name}: only in {'b' if name not in left else 'a'}")
        different += 1
        continue
    a_bytes, b_bytes = open(left[name], "rb").read(), open(right[name], "rb").read()
    if a_bytes == b_bytes:
        print(f"{name}: identical ({len(a_bytes):,} bytes, sha256 {sha(a_bytes)[:16]})")
        continue
    different += 1
    print(f"{name}: DIFFERENT ({len(a_bytes):,} / {len(b_bytes):,} bytes)")
    ma, mb = members(left[name]), members(right[name])
    times = set()
    for member in sorted(set(ma) | set(mb)):
        if member not in ma or member not in mb:
            print(f"    {member}: only in {'b' if member not in ma else 'a'}")
            continue
        (da, ia), (db, ib) = ma[member], mb[member]
        if da != db:
            print(f"    {member}: content differs ({len(da):,} / {len(db):,} bytes)")
            for line in explain(member, da, db):
                print(line)
        elif ia[:3] + ia[4:] == ib[:3] + ib[4:]:
            times.add((ia[3], ib[3]))   # only the file time: SOURCE_DATE_EPOCH (the commit's time) differs
        elif ia != ib:
            print(f"    {member}: same bytes, other metadata (mode, owner, time, type) {ia} / {ib}")
    for a_time, b_time in sorted(times):
        print(f"    file times {a_time} / {b_time}: another SOURCE_DATE_EPOCH (package.sh takes the commit's time)")
print(f"compare-builds: {different} artefact(s) differ" if different else "compare-builds: the artefacts are identical")
sys.exit(1 if different else 0)
PY
