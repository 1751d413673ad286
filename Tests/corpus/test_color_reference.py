"""Colour management against an independent reference: photos with an embedded ICC profile (Adobe RGB,
Display P3, ProPhoto, a CMYK print profile, a gray profile; in JPEG, PNG and WebP) go through the real
`galgen build`, and the variant must match Pillow's ImageCms (Little CMS) conversion of the same
decoded pixels to sRGB, perceptual intent with black point compensation, within JPEG noise. Each case
also checks the profile mattered: the unconverted pixels are far from the reference, so a galgen
that ignored the profile would fail."""
from __future__ import annotations

import io
import json
import os
import pathlib
import shutil
import subprocess

import pytest
from PIL import Image, ImageChops, ImageCms, ImageStat

ROOT = pathlib.Path(__file__).resolve().parents[2]
HERE = pathlib.Path(__file__).resolve().parent
SYSTEM_ICC = pathlib.Path("/usr/share/color/icc")
SIZE = (128, 96)


def galgen() -> pathlib.Path:
    binary = pathlib.Path(os.environ.get("GALGEN_BIN", ROOT / ".build" / "debug" / "galgen"))
    if not binary.exists():
        pytest.fail(f"galgen binary not found at {binary}; run `swift build` first or set GALGEN_BIN")
    return binary


def profile(name: str) -> bytes:
    for folder in (HERE / "profiles", SYSTEM_ICC, SYSTEM_ICC / "ghostscript"):
        if (folder / name).exists():
            return (folder / name).read_bytes()
    pytest.fail(f"ICC profile {name} not found (Debian: icc-profiles-free, libgs-common)")


def saturated(mode: str) -> Image.Image:
    """Strong, smooth colours: where wide-gamut profiles differ most from sRGB."""
    w, h = SIZE
    img = Image.new("RGB", SIZE)
    img.putdata([(min(255, x * 2), min(255, y * 2 + 40), 255 - (x * 255) // w) for y in range(h) for x in range(w)])
    return img.convert(mode)


def encode(img: Image.Image, fmt: str, icc: bytes) -> bytes:
    buf = io.BytesIO()
    options = {"quality": 100} if fmt == "WEBP" else {}
    if fmt == "JPEG":
        options = {"quality": 98, "subsampling": 0}
    img.save(buf, fmt, icc_profile=icc, **options)
    return buf.getvalue()


def reference(data: bytes, icc: bytes) -> Image.Image:
    """Pillow decodes the file, Little CMS converts it to sRGB."""
    img = Image.open(io.BytesIO(data))
    img.load()
    src = ImageCms.ImageCmsProfile(io.BytesIO(icc))
    srgb = ImageCms.createProfile("sRGB")
    transform = ImageCms.buildTransform(src, srgb, img.mode, "RGB", renderingIntent=ImageCms.Intent.PERCEPTUAL,
                                        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
    return ImageCms.applyTransform(img, transform)


def build(data: bytes, suffix: str, work: pathlib.Path) -> Image.Image:
    """A one-image site at the image's own width (no resampling), lossless-ish JPEG; returns the variant."""
    site = work / "site"
    shutil.rmtree(site, ignore_errors=True)
    site.mkdir(parents=True)
    (site / ("image" + suffix)).write_bytes(data)
    (site / "records.json").write_text(json.dumps([{"id": "x", "title": "x", "image": "image" + suffix}]))
    (site / "config.json").write_text(json.dumps({
        "title": "colour", "imageWidths": [SIZE[0]], "formats": ["jpeg"], "jpegQuality": 100,
        "sources": [{"name": "c", "type": "json", "path": "records.json", "fields": {"id": "id", "title": "title", "image": "image"}}],
    }))
    run = subprocess.run([str(galgen()), "build", "--config", str(site / "config.json"), "--report", str(work / "report.json"),
                          "--cache", str(work / "cache"), "--quiet", "--strict"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    variants = list((site / "public" / "img").glob("*.jpg"))
    assert len(variants) == 1, variants
    return Image.open(variants[0]).convert("RGB")


def mean_difference(a: Image.Image, b: Image.Image) -> float:
    assert a.size == b.size, (a.size, b.size)
    return sum(ImageStat.Stat(ImageChops.difference(a.convert("RGB"), b.convert("RGB"))).mean) / 3


CASES = [
    # (name, Pillow mode, container, profile, how far the unconverted pixels are from the reference at least)
    ("adobe-rgb-jpeg", "RGB", "JPEG", "compatibleWithAdobeRGB1998.icc", 4.0),
    ("display-p3-jpeg", "RGB", "JPEG", "DisplayP3-v4.icc", 4.0),
    ("prophoto-png", "RGB", "PNG", "ProPhoto-v4.icc", 10.0),
    ("display-p3-webp", "RGB", "WEBP", "DisplayP3-v4.icc", 4.0),
    ("cmyk-print-jpeg", "CMYK", "JPEG", "default_cmyk.icc", 10.0),
    ("gray-cie-l-jpeg", "L", "JPEG", "Gray-CIE_L.icc", 4.0),
]


@pytest.mark.parametrize("name,mode,fmt,icc_name,unmanaged", CASES, ids=[c[0] for c in CASES])
def test_embedded_profile_matches_little_cms(name, mode, fmt, icc_name, unmanaged, tmp_path):
    icc = profile(icc_name)
    data = encode(saturated(mode), fmt, icc)
    expected = reference(data, icc)
    got = build(data, {"JPEG": ".jpg", "PNG": ".png", "WEBP": ".webp"}[fmt], tmp_path)
    diff = mean_difference(got, expected)
    # The same pixels read without their profile, as an unmanaged tool would show them.
    plain = Image.open(io.BytesIO(data)).convert("RGB")
    ignored = mean_difference(plain, expected)
    print(f"{name}: galgen vs Little CMS {diff:.2f}, profile ignored {ignored:.2f} (mean per channel, 0-255)")
    assert ignored >= unmanaged, f"the profile hardly matters for this picture ({ignored:.2f}): the case tests nothing"
    assert diff <= 2.0, f"{name}: galgen's colours are {diff:.2f} away from Little CMS's on average"
