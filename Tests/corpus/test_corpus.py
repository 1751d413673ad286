"""A robustness corpus through the real `galgen build`: every file is a site's only image, built under a time
limit, and must end rendered, or as a placeholder with its reason in the report: never a crash, never a hang.
Every file of a format galgen reads that `vipsthumbnail` (libvips, the peer) can thumbnail, galgen renders too,
except images galgen refuses on purpose (over maxPixels, decompression bombs).

The corpus is made here, deterministically, with Pillow: every PNG colour type and bit depth (palette with
transparency, 16-bit, interlaced, with gAMA and iCCP), JPEG (baseline, progressive, CMYK, gray, with an ICC
profile and EXIF orientation), WebP (lossy, lossless, alpha, animated), GIF (transparent, interlaced, animated),
AVIF and TIFF (uncompressed, LZW, Deflate with alpha, JPEG, PackBits, 16-bit grey, palette, CCITT G4, CMYK with and without a profile, an ICC
profile, the Orientation tag, two pages), then each valid file mutated as fuzzers do: truncated at several points, bytes flipped, garbage after
the signature, and a header that lies about the size. The same checks run over `upstream/`: 177 files of public
decoder test suites and fuzz corpora (PngSuite, libpng, libjpeg-turbo, image-rs, libavif, libheif, libwebp,
Pillow; each file's source and licence in its README). GALGEN_CORPUS=DIR runs them over a folder of
files (e.g. public decoder test suites) instead; Benchmarks/RESULTS.md gives the figures of such a run."""
from __future__ import annotations

import io
import json
import os
import pathlib
import random
import shutil
import struct
import subprocess
import zlib

import pytest
from PIL import Image, ImageCms

ROOT = pathlib.Path(__file__).resolve().parents[2]
# galgen reads these; anything else must end as a named placeholder.
READ = {".jpg", ".png", ".webp", ".gif", ".heic", ".avif", ".tif", ".tiff"}
LIMIT_SECONDS = 60  # per file, debug build


def picture(mode: str, size=(96, 64)) -> Image.Image:
    """A smooth picture with an alpha ramp, in `mode`."""
    w, h = size
    img = Image.new("RGBA", size)
    img.putdata([((x * 255) // w, (y * 255) // h, ((x + y) * 127) // (w + h), 255 - (x * 200) // w) for y in range(h) for x in range(w)])
    return img.convert(mode)


def generated() -> dict[str, bytes]:
    """name → bytes: valid files of every kind galgen should read, and a few it should name."""
    files: dict[str, bytes] = {}

    def save(name: str, img: Image.Image, fmt: str, **options) -> None:
        buf = io.BytesIO()
        img.save(buf, fmt, **options)
        files[name] = buf.getvalue()

    srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    for mode in ["1", "L", "LA", "P", "RGB", "RGBA"]:
        save(f"png-{mode}.png", picture(mode), "PNG")
    save("png-I16.png", picture("L").convert("I;16"), "PNG")
    pal = picture("RGBA").convert("P", palette=Image.Palette.ADAPTIVE, colors=16)
    pal.info["transparency"] = 0
    save("png-palette-trns.png", pal, "PNG", transparency=0)
    save("png-iccp.png", picture("RGB"), "PNG", icc_profile=srgb)
    for n, options in enumerate([{}, {"progressive": True}, {"quality": 5}, {"subsampling": 0}]):
        save(f"jpeg-{n}.jpg", picture("RGB"), "JPEG", **options)
    save("jpeg-gray.jpg", picture("L"), "JPEG")
    save("jpeg-cmyk.jpg", picture("RGB").convert("CMYK"), "JPEG")
    save("jpeg-icc.jpg", picture("RGB"), "JPEG", icc_profile=srgb)
    exif = Image.Exif()
    exif[0x0112] = 6
    save("jpeg-exif6.jpg", picture("RGB"), "JPEG", exif=exif.tobytes())
    save("webp-lossy.webp", picture("RGB"), "WEBP", quality=80)
    save("webp-lossless-alpha.webp", picture("RGBA"), "WEBP", lossless=True)
    save("webp-icc.webp", picture("RGB"), "WEBP", icc_profile=srgb)
    frames = [picture("RGB"), picture("RGB").rotate(90, expand=False)]
    save("webp-animated.webp", frames[0], "WEBP", save_all=True, append_images=frames[1:], duration=100, loop=0)
    save("gif-still.gif", picture("P"), "GIF")
    save("gif-transparent.gif", pal, "GIF", transparency=0)
    save("gif-interlaced.gif", picture("P"), "GIF", interlace=True)
    save("gif-animated.gif", frames[0].convert("P"), "GIF", save_all=True, append_images=[f.convert("P") for f in frames[1:]], loop=0)
    save("avif.avif", picture("RGB"), "AVIF", quality=60)
    save("tiff-rgb.tif", picture("RGB"), "TIFF")
    save("tiff-lzw.tif", picture("RGB"), "TIFF", compression="tiff_lzw")
    save("tiff-deflate-rgba.tif", picture("RGBA"), "TIFF", compression="tiff_adobe_deflate")
    save("tiff-jpeg.tif", picture("RGB"), "TIFF", compression="jpeg", quality=80)
    save("tiff-packbits-la.tif", picture("LA"), "TIFF", compression="packbits")
    save("tiff-gray16.tif", picture("L").convert("I;16"), "TIFF")
    save("tiff-palette.tif", picture("P"), "TIFF", compression="tiff_lzw")
    save("tiff-g4.tif", picture("1"), "TIFF", compression="group4")
    save("tiff-cmyk.tif", picture("RGB").convert("CMYK"), "TIFF", compression="tiff_lzw")
    cmyk_profile = pathlib.Path("/usr/share/color/icc/ghostscript/default_cmyk.icc").read_bytes()  # libgs-common
    save("tiff-cmyk-icc.tif", picture("RGB").convert("CMYK"), "TIFF", icc_profile=cmyk_profile)
    save("tiff-icc.tif", picture("RGB"), "TIFF", icc_profile=srgb)
    save("tiff-orientation6.tif", picture("RGB"), "TIFF", tiffinfo={0x0112: 6})
    save("tiff-pages.tif", frames[0], "TIFF", save_all=True, append_images=frames[1:], compression="tiff_lzw")
    save("other.bmp", picture("RGB"), "BMP")
    return files


def tiff_with_size(tiff: bytes, width: int, height: int) -> bytes:
    """A little-endian TIFF whose first directory says `width`x`height` (ImageWidth and ImageLength patched)."""
    b = bytearray(tiff)
    ifd = struct.unpack_from("<I", b, 4)[0]
    for n in range(struct.unpack_from("<H", b, ifd)[0]):
        entry = ifd + 2 + n * 12
        tag, kind = struct.unpack_from("<HH", b, entry)
        if tag in (256, 257):
            struct.pack_into("<H" if kind == 3 else "<I", b, entry + 8, width if tag == 256 else height)
    return bytes(b)


def mutated(files: dict[str, bytes]) -> dict[str, bytes]:
    """Fuzz-like damage to every valid file, deterministic: truncations, flipped bytes, garbage, lying sizes."""
    rng = random.Random(2026)
    out: dict[str, bytes] = {}
    for name, data in sorted(files.items()):
        stem, ext = name.rsplit(".", 1)
        for cut in (12, len(data) // 3, len(data) - 10):
            out[f"{stem}-cut{cut}.{ext}"] = data[:cut]
        for k in range(3):
            b = bytearray(data)
            for _ in range(8):
                b[rng.randrange(16, len(b))] ^= 1 << rng.randrange(8)
            out[f"{stem}-flip{k}.{ext}"] = bytes(b)
        out[f"{stem}-garbage.{ext}"] = data[:8] + bytes(rng.randrange(256) for _ in range(200))
    # Headers that declare a huge image over a small file.
    png = files["png-RGB.png"]
    ihdr = struct.pack(">II", 60000, 60000) + png[24:29]
    out["png-bomb.png"] = png[:16] + ihdr + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr)) + png[33:]
    jpeg = bytearray(files["jpeg-0.jpg"])
    sof = next(i for i in range(len(jpeg) - 1) if jpeg[i] == 0xFF and jpeg[i + 1] in (0xC0, 0xC2))
    jpeg[sof + 5:sof + 9] = struct.pack(">HH", 65000, 65000)
    out["jpeg-bomb.jpg"] = bytes(jpeg)
    # Over maxPixels, and under it in a file far too small for its size.
    out["tiff-bomb.tif"] = tiff_with_size(files["tiff-lzw.tif"], 60000, 60000)
    out["tiff-bomb-small.tif"] = tiff_with_size(files["tiff-deflate-rgba.tif"], 6000, 5000)
    return out


UPSTREAM = pathlib.Path(__file__).resolve().parent / "upstream"


@pytest.fixture(scope="module", params=["generated", "upstream"])
def corpus(request, tmp_path_factory) -> pathlib.Path:
    """The generated corpus, and the public decoder test files of `upstream/` (sources and licences in its
    README); GALGEN_CORPUS=DIR replaces both with that folder."""
    given = os.environ.get("GALGEN_CORPUS")
    if given:
        if request.param == "upstream":
            pytest.skip("GALGEN_CORPUS names the one corpus to run")
        return pathlib.Path(given)
    if request.param == "upstream":
        return UPSTREAM
    folder = tmp_path_factory.mktemp("corpus")
    valid = generated()
    for name, data in {**valid, **mutated(valid)}.items():
        (folder / name).write_bytes(data)
    return folder


def galgen() -> pathlib.Path:
    binary = pathlib.Path(os.environ.get("GALGEN_BIN", ROOT / ".build" / "debug" / "galgen"))
    if not binary.exists():
        pytest.fail(f"galgen binary not found at {binary}; run `swift build` first or set GALGEN_BIN")
    return binary


def build_one(image: pathlib.Path, work: pathlib.Path) -> dict:
    """Build a one-record site whose image is `image`; return the outcome."""
    site = work / "site"
    shutil.rmtree(site, ignore_errors=True)
    site.mkdir(parents=True)
    name = "image" + image.suffix.lower()
    shutil.copyfile(image, site / name)
    (site / "records.json").write_text(json.dumps([{"id": "x", "title": "x", "image": name}]))
    (site / "config.json").write_text(json.dumps({
        "title": "corpus", "imageWidths": [160, 320],
        "sources": [{"name": "c", "type": "json", "path": "records.json", "fields": {"id": "id", "title": "title", "image": "image"}}],
    }))
    try:
        run = subprocess.run([str(galgen()), "build", "--config", str(site / "config.json"), "--report", str(work / "report.json"),
                              "--cache", str(work / "cache"), "--quiet", "--jobs", "1"],
                             capture_output=True, text=True, timeout=LIMIT_SECONDS)
    except subprocess.TimeoutExpired:
        return {"file": image, "outcome": "hang"}
    if run.returncode != 0:
        return {"file": image, "outcome": "crash", "code": run.returncode, "stderr": run.stderr[-2000:]}
    report = json.loads((work / "report.json").read_text())
    failed = [d["message"] for d in report["diagnostics"] if d["code"] == "image.failed"]
    if report["images"]["failed"]:
        return {"file": image, "outcome": "placeholder", "reason": failed[0] if failed else ""}
    return {"file": image, "outcome": "rendered"}


def vips_can_thumbnail(image: pathlib.Path, work: pathlib.Path) -> bool:
    exe = shutil.which("vipsthumbnail")
    if exe is None:
        pytest.fail("vipsthumbnail is not installed (Debian: libvips-tools)")
    out = work / "vips.jpg"
    out.unlink(missing_ok=True)
    try:
        run = subprocess.run([exe, str(image), "--size", "160", "-o", str(out)], capture_output=True, timeout=LIMIT_SECONDS)
    except subprocess.TimeoutExpired:
        return False
    return run.returncode == 0 and out.exists() and out.stat().st_size > 0


def test_every_file_is_rendered_or_named_and_matches_vips(corpus, tmp_path):
    files = sorted(p for p in corpus.rglob("*") if p.is_file() and p.name != "README.md")
    assert len(files) >= 100, f"the corpus has only {len(files)} files"
    results = [build_one(f, tmp_path) for f in files]
    by: dict[str, list] = {}
    for r in results:
        by.setdefault(r["outcome"], []).append(r)
    print("\ncorpus:", len(files), "files:", {k: len(v) for k, v in sorted(by.items())})
    for r in by.get("placeholder", []):
        print("  placeholder:", r["file"].relative_to(corpus), "—", r["reason"])
    assert not by.get("crash"), [(str(r["file"]), r["code"], r["stderr"]) for r in by.get("crash", [])]
    assert not by.get("hang"), [str(r["file"]) for r in by.get("hang", [])]
    assert all(r["reason"] for r in by.get("placeholder", [])), "a placeholder without a reason"
    # The valid generated files of the formats galgen reads all render.
    if not os.environ.get("GALGEN_CORPUS") and corpus != UPSTREAM:
        valid = {n for n in generated() if pathlib.Path(n).suffix in READ}
        unread = [r["file"].name for r in by.get("placeholder", []) if r["file"].name in valid]
        assert not unread, unread
        assert {r["file"].name for r in by.get("placeholder", [])} >= {"png-bomb.png", "jpeg-bomb.jpg", "tiff-bomb.tif", "tiff-bomb-small.tif", "other.bmp"}
    # The peer comparison: what vipsthumbnail turns into a thumbnail, galgen renders (formats galgen reads),
    # except what galgen refuses on purpose: images over maxPixels and decompression bombs, which libvips
    # thumbnails lazily as grey pictures.
    deliberate = ("maxPixels", "decompression bomb", "maxSourceBytes")
    missed = [f"{r['file'].relative_to(corpus)}: {r['reason']}" for r in by.get("placeholder", [])
              if r["file"].suffix.lower() in READ and not any(d in r["reason"] for d in deliberate)
              and vips_can_thumbnail(r["file"], tmp_path)]
    print("vipsthumbnail renders but galgen does not:", missed)
    assert not missed, missed
