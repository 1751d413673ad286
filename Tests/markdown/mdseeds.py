"""The seed corpus and the mutations of the Markdown fuzz (mdfuzz.py).

A seed is text with three kinds of placeholder, filled when a case is placed in a tree:
`{SERVER}` (the local image server, `http://127.0.0.1:PORT`), `{PHOTO}` (a photo of the tree, relative to
the case's folder) and `{ALBUM}` (an album folder of the tree, relative, ending in `/`). Realistic seeds are
the files of seeds/; the hostile ones, with control characters and exact bytes, are written here.
"""
from __future__ import annotations

import pathlib
import random
import re

SEED_DIR = pathlib.Path(__file__).resolve().parent / "seeds"

# Hostile links and images: one idea each, so that a mutated case keeps its point.
HOSTILE_LINKS = [
    "[a](javascript:alert(1))", "[b](JaVaScRiPt:alert(1))", "[c](<java\tscript:alert(1)>)",
    "[d](jav&#x61;script:alert(1))", "[e](&#106;avascript:alert(1))", "[f](javascript&colon;alert(1))",
    "[g](data:text/html,<script>alert(1)</script>)", "[h](vbscript:msgbox(1))", "[i](//evil.example/x)",
    "[]()", "[j](<>)", "[k]( javascript:alert(1) )", "[l](file:///etc/passwd)", "[m](mailto:me@example.org)",
    "[n](#top)", "[o](?x=1)", "[p](./)", "[q](/)", "[r](/../../etc/passwd)", "[s](..)", "[t](%2e%2e/%2e%2e/x)",
    "[u](java%0ascript:alert(1))", "[v](<javascript\n:alert(1)>)", "[w](\\javascript:alert(1))",
    "[x](Hills/ \"a \\\" onmouseover=alert(1) x\")", "[y](Hills/ 'it''s')", "[z](Coast/IMG_2.jpg#frag?q)",
    "![i1](javascript:alert(1))", "![i2](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
    "![i3](data:image/png;base64,iVBORw0KGgo=)", "![i4](mailto:me@example.org)", "![i5]()", "![i6](Hills/)",
    "![i7](missing.jpg)", "![<img src=x onerror=alert(1)>](IMG_1.jpg)", "![a\"onerror=\"alert(1)]({PHOTO})",
    "[![inner]({PHOTO})](javascript:alert(1))", "[![inner]({SERVER}/img.jpg)]({ALBUM})",
    "[outer [inner](javascript:alert(1))]({ALBUM})", "[ref]\n\n[ref]: javascript:alert(1) \"t\"",
    "[ok][r2]\n\n[r2]: Hills/", "<https://example.org/x?a=1&b=2>", "<javascript:alert(1)>", "<JAVASCRIPT:alert(1)>",
    "<vbscript:x>", "<data:text/html,x>", "<me@example.org>", "<mailto:me@example.org>", "[q2](<Vue du pont.jpg>)",
    "![q3](Vue%20du%20pont.jpg)", "![q4](./IMG_1.jpg?x)", "[q5](/Coast/)", "![q6](/Hills/Summit/IMG_4.jpg)",
    "![q7](../IMG_1.jpg)", "[q8](http://[::1]:0/x)", "![q9](https://127.0.0.1:1/x.jpg)", "[q10](https:)",
    "![q11](http://)", "[q12](HTTP://EXAMPLE.ORG)", "[q13](mailto:)", "[q14](javascript:)", "[q15](java\u00adscript:x)",
]

# Raw HTML: only shown as HTML with "html": true, and then only when the validator accepts it.
HOSTILE_HTML = [
    "<b>bold</b> and <i>italic</i>", "<script>alert(1)</script>", "<iframe src=\"javascript:alert(1)\"></iframe>",
    "<img src=x onerror=alert(1)>", "<svg onload=alert(1)>", "<a href=\"javascript:alert(1)\">x</a>",
    "<div>unclosed <span>tags", "<!-- a comment -->", "<!-- unclosed comment", "<a href=\"jav&#x61;script:alert(1)\">x</a>",
    "<a href=\" javascript:alert(1)\">x</a>", "<a href=\"java&#9;script:alert(1)\">x</a>",
    "<a href=\"javascript&colon;alert(1)\">x</a>", "<img src=\"data:text/html,x\" alt=\"\" width=\"1\" height=\"1\" />",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\"></p></noscript>", "<style>*{color:red}</style>",
    "<form action=\"javascript:alert(1)\"><button>go</button></form>", "<object data=\"javascript:alert(1)\"></object>",
    "<embed src=\"javascript:alert(1)\" />", "<base href=\"javascript:alert(1)//\" />",
    "<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(1)\" />",
    "<details open=\"open\" ontoggle=\"alert(1)\"><summary>s</summary></details>",
    "<a href=\"https://example.org/\">fine</a>", "<video poster=\"javascript:alert(1)\"></video>",
    "<p style=\"background:url(javascript:alert(1))\">s</p>", "<![CDATA[ x ]]>", "<?php echo 1; ?>",
    "<x-tag onclick=\"alert(1)\">custom</x-tag>", "<img srcset=\"javascript:alert(1) 1x\" alt=\"\" />",
    "<button formaction=\"javascript:alert(1)\">b</button>", "<svg><a xlink:href=\"javascript:alert(1)\">s</a></svg>",
    "<template><script>alert(1)</script></template>", "<a href=\"Hills/\">album</a>", "<a href=\"\">empty</a>",
    "<img src=\"\" alt=\"\" />", "<a href=\"//evil.example/x\">pr</a>", "<p title='x\" onmouseover=\"alert(1)'>q</p>",
    "<A HREF=\"JAVASCRIPT:alert(1)\">caps</A>", "<a\nhref=\"javascript:alert(1)\">split</a>", "<sup>1</sup><br />",
    "<a href=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">d</a>", "<frameset><frame src=x></frameset>",
    "<table><tr><td onmouseover=alert(1)>c</td></tr></table>", "<a href=\"vbscript:msgbox(1)\">vb</a>",
    "<applet code=x></applet>", "<link rel=\"stylesheet\" href=\"javascript:alert(1)\" />", "<kbd>Ctrl</kbd>",
]

CONTROL = "".join(chr(c) for c in range(0, 32) if c not in (9, 10, 13)) + "\x7f\u0085\u2028\u2029\u200b\ufeff\u202e"

HOSTILE_TEXT = [
    "Control characters: " + CONTROL + " end.", "NUL\x00in the middle [x](Hills/\x00) and ![y](IMG_1\x00.jpg)",
    "RTL override \u202egnp.exe\u202c and [\u202elink\u202c](Hills/)", "Title: <script>alert(1)</script>\n\nBody.",
    "Title: \"><img src=x onerror=alert(1)>\nThumbnail: ../../etc/passwd\n\nBody with thumbnail outside.",
    "Thumbnail: ../photos-b/IMG_1.jpg\n\nA thumbnail in the other source.", "---\ntitle: [unclosed\n---\nbody",
    "---\n---\n", "---\n", "Title:\n\n", "Title: x\n    continued\n\tcontinued too\n\n[x](Hills/)",
    "\ufeffTitle: with BOM\n\n[bom](javascript:alert(1))", "Title: crlf\r\n\r\n[a](javascript:alert(1))\r\n",
    "Title: cr\r\r[a](javascript:alert(1))\r", "`code\nspan` [x](javascript:alert(1))", "*" * 3000, "[" * 2000 + "]" * 2000,
    "> " * 500 + "deep quote", "- " * 400 + "deep list", "`" * 1000, "<" * 1000 + "a", "&#" * 1000,
    "| a | b |\n|---|---|\n| [x](javascript:alert(1)) | ![y]({PHOTO}) |", "\u05e9\u05dc\u05d5\u05dd [\u05e7](javascript:1)",
]


def long_line(rng: random.Random, words: int = 5000) -> str:
    """One paragraph of `words` words on one line, with links and images among them."""
    vocabulary = ["light", "sea", "hill", "*cloud*", "**rock**", "`code`", "[link]({ALBUM})", "![img]({PHOTO})",
                  "[bad](javascript:alert(1))", "\u05d0\u05d5\u05e8", "\u0636\u0648\u0621", "\U0001F4F7", "&amp;", "<b>x</b>"]
    return " ".join(rng.choice(vocabulary) for _ in range(words)) + "\n"


def load_seeds(rng: random.Random) -> list[str]:
    """Every seed: the files of seeds/, the hostile strings, and a few generated ones."""
    seeds = [path.read_text(encoding="utf-8") for path in sorted(SEED_DIR.glob("*.md"))]
    seeds += [f"A photo with a link: {s}\n" for s in HOSTILE_LINKS]
    seeds += [f"Raw HTML here: {s}\n\n{s}\n" for s in HOSTILE_HTML]
    seeds += HOSTILE_TEXT
    seeds += [long_line(rng), long_line(rng, 300)]
    return seeds


DICTIONARY = [b"](", b"![", b"[", b"]", b"(", b")", b"<", b">", b"&#", b"&#x", b"javascript:", b"JavaScript:", b"data:",
              b"vbscript:", b"`", b"```", b"*", b"_", b"|", b"\n\n", b"\n", b"---", b"Title: ", b"\n    ", b"> ", b"- ",
              b"1. ", b"#", b"\\", b"\"", b"'", b"</", b"<!--", b"-->", b"<script>", b"</script>", b"<a href=\"",
              b" onerror=", b"Hills/", b"../", b"IMG_1.jpg", b"Coast/IMG_2.jpg", b"\r", b"\t", b"\x00", b"\xef\xbb\xbf",
              b"%2e%2e/", b"&colon;", b"&amp;", b"\xe2\x80\xae", b"[r]: ", b"<http://", b"://"]


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def _swap_lines(rng: random.Random, data: bytes, _: bytes) -> bytes:
    lines = _lines(data)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return b"\n".join(lines)


def _duplicate_line(rng: random.Random, data: bytes, _: bytes) -> bytes:
    lines = _lines(data)
    i = rng.randrange(len(lines))
    lines[i:i] = [lines[i]] * rng.randint(1, 3)
    return b"\n".join(lines)


def _delete_line(rng: random.Random, data: bytes, _: bytes) -> bytes:
    lines = _lines(data)
    del lines[rng.randrange(len(lines))]
    return b"\n".join(lines)


def _insert_token(rng: random.Random, data: bytes, _: bytes) -> bytes:
    at = rng.randint(0, len(data))
    return data[:at] + rng.choice(DICTIONARY) + data[at:]


def _random_bytes(rng: random.Random, data: bytes, _: bytes) -> bytes:
    """Control characters, bytes of broken UTF-8 (lone continuation bytes, truncated sequences, overlongs)."""
    pool = [bytes([b]) for b in range(0, 32)] + [b"\x7f", b"\x80", b"\xbf", b"\xc0\xaf", b"\xe2\x80", b"\xf0\x9f",
                                                   b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xff", b"\xfe"]
    at = rng.randint(0, len(data))
    return data[:at] + b"".join(rng.choice(pool) for _ in range(rng.randint(1, 6))) + data[at:]


def _flip_byte(rng: random.Random, data: bytes, _: bytes) -> bytes:
    if not data:
        return data
    at = rng.randrange(len(data))
    return data[:at] + bytes([rng.randrange(256)]) + data[at + 1:]


def _truncate(rng: random.Random, data: bytes, _: bytes) -> bytes:
    return data[:rng.randint(0, len(data))]


def _splice(rng: random.Random, data: bytes, other: bytes) -> bytes:
    return data[:rng.randint(0, len(data))] + other[rng.randint(0, len(other)):]


def _append(rng: random.Random, data: bytes, other: bytes) -> bytes:
    return data + b"\n\n" + other


def _line_ends(rng: random.Random, data: bytes, _: bytes) -> bytes:
    return data.replace(b"\n", rng.choice([b"\r\n", b"\r", b"\n\n", b" \n", b"\\\n"]))


MUTATIONS = [_swap_lines, _duplicate_line, _delete_line, _insert_token, _insert_token, _insert_token, _random_bytes,
             _flip_byte, _truncate, _splice, _append, _append, _line_ends]


def fill(text: str, rng: random.Random, server: str, photos: list[str], albums: list[str]) -> str:
    """The seed's placeholders replaced: each `{PHOTO}` and `{ALBUM}` by a random one of the lists."""
    text = text.replace("{SERVER}", server)
    text = re.sub(r"\{PHOTO\}", lambda _: rng.choice(photos) if photos else "IMG_1.jpg", text)
    return re.sub(r"\{ALBUM\}", lambda _: rng.choice(albums) if albums else "./", text)


def mutate(rng: random.Random, seed: bytes, other: bytes, rounds: int | None = None) -> bytes:
    """`seed` after 0–4 random mutations (`other`, another filled seed, feeds the splices)."""
    if rounds is None:
        rounds = rng.choice([0, 1, 1, 2, 2, 3, 4])
    data = seed
    for _ in range(rounds):
        data = rng.choice(MUTATIONS)(rng, data, other)
    return data


CONTROL_BYTES = re.compile(rb"[\x01-\x08\x0b\x0c\x0e-\x1f]|\xef\xbf[\xbe\xbf]")


def strip_controls(data: bytes) -> bytes:
    """`data` without the C0 control characters (but NUL, tab and line ends) and U+FFFE/U+FFFF that libxml2
    refuses: with them, most builds fail on them alone (`--strip-controls` of the campaign looks past them)."""
    return CONTROL_BYTES.sub(b"", data)
