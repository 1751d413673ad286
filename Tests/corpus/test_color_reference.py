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


def build(data: bytes, suffix: str, work: pathlib.Path, **extra) -> Image.Image:
    """A one-image site at the image's own width (no resampling), lossless-ish JPEG; returns the variant
    (`extra`: more config keys; with several formats, the JPEG is returned and the others are beside it)."""
    site = work / "site"
    shutil.rmtree(site, ignore_errors=True)
    site.mkdir(parents=True)
    (site / ("image" + suffix)).write_bytes(data)
    (site / "records.json").write_text(json.dumps([{"id": "x", "title": "x", "image": "image" + suffix}]))
    (site / "config.json").write_text(json.dumps({
        "title": "colour", "imageWidths": [SIZE[0]], "formats": ["jpeg"], "jpegQuality": 100, **extra,
        "sources": [{"name": "c", "type": "json", "path": "records.json", "fields": {"id": "id", "title": "title", "image": "image"}}],
    }))
    run = subprocess.run([str(galgen()), "build", "--config", str(site / "config.json"), "--report", str(work / "report.json"),
                          "--cache", str(work / "cache"), "--quiet", "--strict"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    variants = list((site / "public" / "img").glob("*.jpg"))
    assert len(variants) == 1, variants
    return Image.open(variants[0])


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
    got = build(data, {"JPEG": ".jpg", "PNG": ".png", "WEBP": ".webp"}[fmt], tmp_path).convert("RGB")
    diff = mean_difference(got, expected)
    # The same pixels read without their profile, as an unmanaged tool would show them.
    plain = Image.open(io.BytesIO(data)).convert("RGB")
    ignored = mean_difference(plain, expected)
    print(f"{name}: galgen vs Little CMS {diff:.2f}, profile ignored {ignored:.2f} (mean per channel, 0-255)")
    assert ignored >= unmanaged, f"the profile hardly matters for this picture ({ignored:.2f}): the case tests nothing"
    assert diff <= 2.0, f"{name}: galgen's colours are {diff:.2f} away from Little CMS's on average"


def to_srgb(img: Image.Image) -> Image.Image:
    """An output as a browser shows it: through its embedded profile if it has one, else as sRGB."""
    icc = img.info.get("icc_profile")
    rgb = img.convert("RGB")
    if not icc:
        return rgb
    return ImageCms.profileToProfile(rgb, ImageCms.ImageCmsProfile(io.BytesIO(icc)), ImageCms.createProfile("sRGB"),
                                     renderingIntent=ImageCms.Intent.PERCEPTUAL, outputMode="RGB",
                                     flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)


@pytest.mark.parametrize("icc_name", ["DisplayP3-v4.icc", "ProPhoto-v4.icc"])
def test_wide_gamut_site_keeps_display_p3_and_tags_it(icc_name, tmp_path):
    """`"colorSpace": "p3"`: a wide-gamut source becomes Display P3 tagged with a profile (JPEG and WebP),
    which shows like Little CMS's sRGB conversion where sRGB can show it; a Display P3 source keeps its values."""
    icc = profile(icc_name)
    data = encode(saturated("RGB"), "PNG", icc)
    jpeg = build(data, ".png", tmp_path, colorSpace="p3", formats=["webp", "jpeg"])
    assert jpeg.info.get("icc_profile"), "the JPEG variant carries no profile"
    webp = next((tmp_path / "site" / "public" / "img").glob("*.webp"))
    assert Image.open(webp).info.get("icc_profile"), "the WebP variant carries no profile"
    shown = to_srgb(jpeg)
    diff = mean_difference(shown, reference(data, icc))
    print(f"{icc_name}: P3 output shown in sRGB vs Little CMS {diff:.2f}")
    assert diff <= 2.5
    if icc_name.startswith("DisplayP3"):
        same = mean_difference(jpeg.convert("RGB"), Image.open(io.BytesIO(data)).convert("RGB"))
        assert same <= 1.5, f"Display P3 in, Display P3 out: the values moved by {same:.2f}"


def test_wide_gamut_site_leaves_untagged_sources_untagged(tmp_path):
    buf = io.BytesIO()
    saturated("RGB").save(buf, "PNG")
    out = build(buf.getvalue(), ".png", tmp_path, colorSpace="p3")
    assert "icc_profile" not in out.info or not out.info["icc_profile"]
