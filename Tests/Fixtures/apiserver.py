#!/usr/bin/env python3
"""Local HTTP fixture server for galgen's network tests and benchmarks.

Mimics the randomuser.me v1.4 API (with portraits) and the iTunes Search API (with mzstatic-style
artwork), serves a generic paged JSON feed, and injects network faults. Formats follow
/work/shared/design/api-formats.md. Standard library only.

usage: apiserver.py --port 0 --images DIR [--users-total N] [--verbose]

Binds 127.0.0.1 only and prints exactly one line, "READY <port>", to stdout. All generated data is
a pure function of the request (and --users-total), so the same arguments give the same bytes on
every run. Per-process state (the request log and the "first request" counters of the fault
routes) is cleared by /__reset.
"""

import argparse
import email.utils
import functools
import hashlib
import json
import math
import os
import random
import re
import select
import signal
import socket
import struct
import sys
import threading
import time
import unicodedata
import uuid
import zlib
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

LAST_MODIFIED = "Wed, 21 Oct 2026 07:28:00 GMT"
LAST_MODIFIED_DT = email.utils.parsedate_to_datetime(LAST_MODIFIED)
# Ages are computed against this fixed instant (the real API uses the request time) so that the
# output stays byte-for-byte deterministic.
AGE_REFERENCE = datetime(2026, 1, 1, tzinfo=timezone.utc)
JSON_TYPE = "application/json; charset=utf-8"
TEXT_TYPE = "text/plain; charset=utf-8"
HTML_TYPE = "text/html; charset=utf-8"
ITUNES_TYPE = "text/javascript; charset=utf-8"
RANDOMAPI_ERROR = {"error": "Uh oh, something has gone wrong. Please tweet us @randomapi about "
                            "the issue. Thank you."}
COWBOY_ERROR = {"error": "Whoa, ease up there cowboy. You've requested 20000 users in the last "
                         "minute. Help us keep this service free and spare some bandwidth for "
                         "other users please :)"}
CLOUDFLARE_PAGE = """<!DOCTYPE html>
<html lang="en-US"><head><title>randomuser.me | {code}: {reason}</title>
<meta charset="UTF-8" /><meta name="robots" content="noindex, nofollow" /></head>
<body><div id="cf-error-details"><h1><span>{reason}</span> <span>Error code {code}</span></h1>
<p>Visit <a href="https://www.cloudflare.com/">cloudflare.com</a> for more information.</p>
<p>Cloudflare Ray ID: <strong>8f1c2d3e4a5b6c7d</strong> &bull; Performance &amp; security by
Cloudflare</p></div></body></html>
"""

# ---------------------------------------------------------------------------------------------
# randomuser data. Per nationality: names, places, and patterns where '#' is a random digit and
# 'A' a random capital letter. A postcode given as (low, high) is an int, a pattern is a string.
# An id of (name, None) gives {"name": name, "value": null} as the real API does for IR and UA.
NATS = {
    "US": dict(country="United States", male=["James", "Brandon", "Dwight", "Ricky", "Leon"],
               female=["Jennie", "Sherry", "Ella", "Marsha", "Tracy"],
               last=["Nichols", "Hayes", "Ramirez", "Cooper", "Fletcher"],
               city=["Billings", "Fresno", "Toledo", "Savannah"],
               state=["Michigan", "Montana", "Ohio", "Georgia"],
               street=["Valwood Pkwy", "Pecan Acres Ln", "Hickory Creek Dr"],
               postcode=(10000, 99999), phone="(###) ###-####", id=("SSN", "###-##-####")),
    "GB": dict(country="United Kingdom", male=["Harvey", "Oliver", "Alfie", "Leo"],
               female=["Amelia", "Chloe", "Evie", "Isla"],
               last=["Clarke", "Walker", "Holmes", "Patel"],
               city=["Leeds", "Brighton and Hove", "Wakefield", "Bath"],
               state=["West Yorkshire", "East Sussex", "Somerset", "Cumbria"],
               street=["Church Lane", "Mill Road", "The Crescent"],
               postcode="A# #AA", phone="0##### #####", id=("NINO", "AA ## ## ## A")),
    "CA": dict(country="Canada", male=["Bently", "Liam", "Félix", "Noah"],
               female=["Charlotte", "Maëlle", "Olivia", "Zoé"],
               last=["Martin", "Tremblay", "Roy", "Gagnon"],
               city=["Lasalle", "Kingston", "Stratford", "Flatrock"],
               state=["Québec", "Ontario", "Nova Scotia", "Yukon"],
               street=["Duke St", "Parliament St", "King St"],
               postcode="A#A #A#", phone="A## A##-####", id=("SIN", "#########")),
    "IR": dict(country="Iran", male=["آرش", "آدرین", "آراد", "کیان"],
               female=["نازنین", "پریا", "سارا", "مهسا"],
               last=["رضایی", "محمدی", "حسینی", "کریمی"],
               city=["آبادان", "تهران", "شیراز", "اصفهان"],
               state=["خوزستان", "تهران", "فارس", "اصفهان"],
               street=["شهید باهنر", "میدان انقلاب", "کارگر"],
               postcode=(10000, 99999), phone="0##-########", id=("", None)),
    "TR": dict(country="Turkey", male=["Barış", "Yiğit", "Ümit", "Doğan"],
               female=["Şule", "Ayşe", "Gülşen", "Ilgın"],
               last=["Tanrıkulu", "Akgül", "Yıldırım", "Özdoğan"],
               city=["Kırıkkale", "Eskişehir", "Muş", "Iğdır"],
               state=["Kırıkkale", "Eskişehir", "Muş", "Iğdır"],
               street=["Atatürk Sk", "Bağdat Cd", "Kuşdili Cd"],
               postcode=(10000, 99999), phone="(###)-###-####", id=("TCKN", "###########")),
    "RS": dict(country="Serbia", male=["Aćim", "Đorđe", "Miloš", "Vukašin"],
               female=["Jelena", "Milica", "Anđela", "Teodora"],
               last=["Petrović", "Jovanović", "Ilić", "Đukić"],
               city=["Novi Sad", "Čačak", "Niš", "Šabac"],
               state=["South Bačka", "Moravica", "Nišava", "Mačva"],
               street=["Kneza Miloša", "Đure Đakovića", "Bulevar Oslobođenja"],
               postcode=(10000, 39999), phone="0##-####-###", id=("SID", "#########")),
    "FR": dict(country="France", male=["Théo", "Mathéo", "Noé", "Gaël"],
               female=["Léa", "Chloé", "Maëlys", "Inès"],
               last=["Lefèvre", "Dubois", "Moreau", "Girard"],
               city=["Besançon", "Nîmes", "Orléans", "Saint-Étienne"],
               state=["Doubs", "Gard", "Loiret", "Loire"],
               street=["Rue de L'Abbé-Groult", "Place du 8 Février", "Avenue Jean-Jaurès"],
               postcode=(10000, 95999), phone="0#-##-##-##-##", id=("INSEE", "1############ ##")),
    "NL": dict(country="Netherlands", male=["Daan", "Sem", "Joep"],
               female=["Fenna", "Noor", "Sanne"], last=["de Vries", "van Dijk", "Bakker"],
               city=["Utrecht", "Zwolle", "Groningen"],
               state=["Utrecht", "Overijssel", "Groningen"],
               street=["Kerkstraat", "Molenweg", "Dorpsstraat"],
               postcode="#### AA", phone="(0###) ######", id=("BSN", "########")),
    "UA": dict(country="Ukraine", male=["Ярослав", "Богдан", "Тарас"],
               female=["Оксана", "Злата", "Марта"], last=["Шевченко", "Коваленко", "Бондаренко"],
               city=["Київ", "Львів", "Одеса"], state=["Київська", "Львівська", "Одеська"],
               street=["Хрещатик", "Шевченка", "Садова"],
               postcode=(10000, 99999), phone="(0##) ###-####", id=("", None)),
    "IE": dict(country="Ireland", male=["Seán", "Cian", "Oisín"],
               female=["Aoife", "Siobhán", "Laura"], last=["Woods", "O'Brien", "Murphy"],
               city=["Galway", "Kilkenny", "Tralee"], state=["Galway", "Kilkenny", "Kerry"],
               street=["Main Street", "Green Lane", "Patrick Street"],
               postcode=(10000, 99999), phone="0##-###-####", id=("PPS", "#######A")),
}
NAT_ORDER = list(NATS)  # without a valid `nat`, user i gets NAT_ORDER[i % len(NAT_ORDER)]
# Emails are transliterated (since API 1.3); Latin names are folded by fold_ascii().
TRANSLIT = {"آرش": "arash", "آدرین": "adrin", "آراد": "arad", "کیان": "kian", "نازنین": "nazanin",
            "پریا": "parya", "سارا": "sara", "مهسا": "mahsa", "رضایی": "rezaei",
            "محمدی": "mohammadi", "حسینی": "hosseini", "کریمی": "karimi", "Ярослав": "yaroslav",
            "Богдан": "bogdan", "Тарас": "taras", "Оксана": "oksana", "Злата": "zlata",
            "Марта": "marta", "Шевченко": "shevchenko", "Коваленко": "kovalenko",
            "Бондаренко": "bondarenko"}
TIMEZONES = [("-10:00", "Hawaii"), ("-5:00", "Eastern Time (US & Canada), Bogota, Lima"),
             ("0:00", "Western Europe Time, London, Lisbon, Casablanca"),
             ("+1:00", "Brussels, Copenhagen, Madrid, Paris"), ("+3:30", "Tehran"),
             ("+5:30", "Bombay, Calcutta, Madras, New Delhi"), ("+9:30", "Adelaide, Darwin")]
USER_FIELDS = ["gender", "name", "location", "email", "login", "dob", "registered", "phone",
               "cell", "id", "picture", "nat"]
ADJECTIVES = ["yellow", "brown", "silver", "happy", "lazy", "heavy", "tiny", "organic"]
ANIMALS = ["peacock", "bear", "koala", "goose", "rabbit", "swan", "frog", "tiger"]
PASSWORDS = ["addison", "sunshine", "qwerty12", "dragon", "lucky7", "marina"]
MEN_PORTRAITS, WOMEN_PORTRAITS = 100, 96


def fill_pattern(rng, pattern):
    """Replace '#' by a random digit and 'A' by a random capital letter."""
    return "".join(str(rng.randrange(10)) if c == "#" else
                   chr(rng.randrange(65, 91)) if c == "A" else c for c in pattern)


def fold_ascii(name):
    """Lower-case ASCII letters for an email local part (ć → c, ı → i, Persian via TRANSLIT)."""
    name = TRANSLIT.get(name, name).translate({ord("ı"): "i", ord("đ"): "dj", ord("Đ"): "Dj"})
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(c for c in decomposed if c.isascii() and c.isalnum()).lower()


def iso_millis(rng, start_year, end_year):
    """A random instant as "YYYY-MM-DDTHH:MM:SS.mmmZ" and its age in whole years."""
    low = datetime(start_year, 1, 1, tzinfo=timezone.utc).timestamp()
    high = datetime(end_year, 1, 1, tzinfo=timezone.utc).timestamp()
    moment = datetime.fromtimestamp(rng.uniform(low, high), tz=timezone.utc)
    age = AGE_REFERENCE.year - moment.year - (
        (AGE_REFERENCE.month, AGE_REFERENCE.day) < (moment.month, moment.day))
    text = moment.strftime("%Y-%m-%dT%H:%M:%S") + ".%03dZ" % (moment.microsecond // 1000)
    return {"date": text, "age": age}


def make_user(base, seed, page, index, nat):
    """One randomuser v1.4 user; a pure function of its arguments."""
    rng = random.Random(f"{seed}:{page}:{index}")
    data = NATS[nat]
    male = rng.random() < 0.5
    first = rng.choice(data["male"] if male else data["female"])
    last = rng.choice(data["last"])
    postcode = data["postcode"]
    postcode = (rng.randint(*postcode) if isinstance(postcode, tuple)
                else fill_pattern(rng, postcode))
    password = rng.choice(PASSWORDS)
    salt = "".join(rng.choice("abcdefghijkmnopqrstuvwxyzABCDEFGH0123456789") for _ in range(8))
    salted = (password + salt).encode()
    id_name, id_pattern = data["id"]
    gender_dir, count = ("men", MEN_PORTRAITS) if male else ("women", WOMEN_PORTRAITS)
    portrait = f"{gender_dir}/{rng.randrange(count)}.jpg"
    offset, tz_name = rng.choice(TIMEZONES)
    return {
        "gender": "male" if male else "female",
        "name": {"title": "Mr" if male else rng.choice(["Ms", "Mrs", "Miss"]),
                 "first": first, "last": last},
        "location": {
            "street": {"number": rng.randint(1, 9999), "name": rng.choice(data["street"])},
            "city": rng.choice(data["city"]), "state": rng.choice(data["state"]),
            "country": data["country"], "postcode": postcode,
            "coordinates": {"latitude": "%.4f" % rng.uniform(-90, 90),
                            "longitude": "%.4f" % rng.uniform(-180, 180)},
            "timezone": {"offset": offset, "description": tz_name}},
        "email": f"{fold_ascii(first)}.{fold_ascii(last)}@example.com",
        "login": {"uuid": str(uuid.UUID(int=rng.getrandbits(128), version=4)),
                  "username": (rng.choice(ADJECTIVES) + rng.choice(ANIMALS)
                               + str(rng.randint(100, 999))),
                  "password": password, "salt": salt,
                  "md5": hashlib.md5(salted).hexdigest(), "sha1": hashlib.sha1(salted).hexdigest(),
                  "sha256": hashlib.sha256(salted).hexdigest()},
        "dob": iso_millis(rng, 1945, 2004),
        "registered": iso_millis(rng, 2002, 2022),
        "phone": fill_pattern(rng, data["phone"]),
        "cell": fill_pattern(rng, data["phone"]),
        "id": {"name": id_name, "value": id_pattern and fill_pattern(rng, id_pattern)},
        "picture": {"large": f"{base}/api/portraits/{portrait}",
                    "medium": f"{base}/api/portraits/med/{portrait}",
                    "thumbnail": f"{base}/api/portraits/thumb/{portrait}"},
        "nat": nat,
    }


def parse_int(text):
    """An integral number (like JavaScript's Number(), "5.0" counts) or None."""
    try:
        value = float(text)
    except (TypeError, ValueError):
        return None
    return int(value) if value.is_integer() else None


def csv_param(query, key):
    return [part.strip().lower() for part in query.get(key, "").split(",") if part.strip()]


@functools.lru_cache(maxsize=32)
def users_body(base, seed, page, count, nats, fields, noinfo, users_total):
    """The JSON bytes of one randomuser page (cached: large pages are slow to build)."""
    if users_total is not None:  # finite data set: global index (page-1)*count+i must be < total
        count = max(0, min(count, users_total - (page - 1) * count))
    users = []
    for i in range(count):
        user = make_user(base, seed, page, i, nats[i % len(nats)])
        users.append({key: user[key] for key in fields})
    body = {"results": users}
    if not noinfo:
        body["info"] = {"seed": seed, "results": len(users), "page": page, "version": "1.4"}
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()


def users_response(base, query, users_total, default_seed="fixtureseed", default_results=1):
    """Apply the v1.4 parameter coercions of api-formats.md §1.2 and build the page."""
    count = parse_int(query.get("results", default_results))
    count = count if count is not None and 1 <= count <= 5000 else 1
    page = parse_int(query.get("page", 1))
    page = page if page is not None and 1 <= page <= 10000 else 1
    nats = [n.upper() for n in csv_param(query, "nat")]
    nats = tuple(nats) if nats and all(n in NATS for n in nats) else tuple(NAT_ORDER)
    inc, exc = csv_param(query, "inc"), csv_param(query, "exc")
    fields = tuple(f for f in USER_FIELDS if (not inc or f in inc) and f not in exc)
    return users_body(base, query.get("seed") or default_seed, page, count, nats, fields,
                      "noinfo" in query, users_total)


# ---------------------------------------------------------------------------------------------
# iTunes Search data.
WORDS_A = ["Midnight", "Neon", "Paper", "Golden", "Silent", "Velvet", "Electric", "Hollow"]
WORDS_B = ["Harbor", "Echoes", "Satellite", "Garden", "Rivers", "Lanterns", "Signals", "Tides"]
ARTISTS = ["Mira Vale", "The Lanterns", "Otto Brandt", "Sol & Stone", "Ines Caro", "Kite Season"]
GENRES = [("Photo & Video", 6008), ("Productivity", 6007), ("Lifestyle", 6012), ("Music", 6011)]
MUSIC_KINDS = ["song", "album", "artist", "ebook", "movie"]
APP_ICON = "AppIcon-0-0-1x_U007emarketing-0-85-220.png"


def term_offset(term):
    """A stable per-term offset so that different searches get different ids."""
    return zlib.crc32(term.encode()) % 10000 * 1000


def artwork(base, rng, folder, source, sizes):
    """mzstatic-style artwork URLs {size: url} sharing one path up to the size segment."""
    ident = uuid.UUID(int=rng.getrandbits(128), version=4)
    h = ident.hex
    prefix = f"{base}/image/thumb/{folder}/v4/{h[0:2]}/{h[2:4]}/{h[4:6]}/{ident}/{source}"
    return {size: f"{prefix}/{size}x{size}bb.jpg" for size in sizes}


def slug(text):
    """A store-style URL slug ("Sol & Stone" → "sol-stone"); "item" if nothing ASCII is left."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-") or "item"


def software_item(base, term, i):
    """App i of a software search, shaped like the ADAppStoreFeedback fixture (§2.6)."""
    rng = random.Random(f"itunes:software:{term}:{i}")
    track_id = 6450330892 + term_offset(term) + i
    name = f"{term.title()} {rng.choice(WORDS_B)}"
    seller = rng.choice(ARTISTS) + " Apps LLC"
    seller_id = 1500000000 + term_offset(term) + i
    art = artwork(base, rng, f"Purple{i}", APP_ICON, (60, 100, 512))
    genre, genre_id = rng.choice(GENRES)
    rating = 4 if i % 3 == 0 else round(rng.uniform(3, 5), 5)
    return {
        "wrapperType": "software", "kind": "software", "trackId": track_id, "trackName": name,
        "trackCensoredName": name, "bundleId": f"com.example.{slug(name)}.{i}",
        "sellerName": seller, "artistId": seller_id, "artistName": seller,
        "artistViewUrl": f"https://apps.apple.com/us/developer/{slug(seller)}/id{seller_id}",
        "trackViewUrl": f"https://apps.apple.com/us/app/{slug(name)}/id{track_id}?uo=4",
        "artworkUrl60": art[60], "artworkUrl100": art[100], "artworkUrl512": art[512],
        "screenshotUrls": [], "ipadScreenshotUrls": [],
        "description": f"{name} helps you keep your {rng.choice(WORDS_B).lower()} in order.",
        "genres": [genre, "Utilities"], "genreIds": [str(genre_id), "6002"],
        "primaryGenreName": genre, "primaryGenreId": genre_id,
        "price": 0, "formattedPrice": "Free", "currency": "USD",
        "version": f"{rng.randint(1, 9)}.{rng.randint(0, 9)}.{rng.randint(0, 9)}",
        "averageUserRating": rating, "userRatingCount": rng.randint(0, 50000),
        "fileSizeBytes": str(rng.randint(5_000_000, 400_000_000)),
        "contentAdvisoryRating": "4+", "minimumOsVersion": "15.0",
        "releaseDate": "2023-0%d-1%dT07:00:00Z" % (rng.randint(1, 9), rng.randint(0, 9)),
    }


def music_item(base, term, i):
    """Kinds cycle song, album, artist, ebook, movie; song 0 has an emoji, song 5 Korean."""
    rng = random.Random(f"itunes:music:{term}:{i}")
    kind = MUSIC_KINDS[i % len(MUSIC_KINDS)]
    ident = 1440000000 + term_offset(term) + i
    title = f"{rng.choice(WORDS_A)} {rng.choice(WORDS_B)}"
    artist = rng.choice(ARTISTS)
    if i == 0:
        title = "Sunshine ☀️🌈 Dance"
    elif i == 5:
        artist = "성시경 & 아이유"
    artist_id = 300000000 + ident % 1000000
    artist_url = f"https://music.apple.com/us/artist/{slug(artist)}/{artist_id}?uo=4"
    if kind == "artist":
        return {"wrapperType": "artist", "artistType": "Artist", "artistName": artist,
                "artistLinkUrl": artist_url, "artistId": artist_id,
                "amgArtistId": 1000000 + i, "primaryGenreName": "Pop", "primaryGenreId": 14}
    if kind == "ebook":
        art = artwork(base, rng, f"Publication{i}", "cover.jpg", (60, 100))
        return {"kind": "ebook", "trackId": ident, "trackName": title, "artistName": artist,
                "artistIds": [artist_id], "artistId": artist_id,
                "trackViewUrl": f"https://books.apple.com/us/book/{slug(title)}/id{ident}?uo=4",
                "artworkUrl60": art[60], "artworkUrl100": art[100],
                "price": 0.0, "formattedPrice": "Free", "currency": "USD",
                "fileSizeBytes": rng.randint(200_000, 5_000_000),
                "genres": ["Fiction & Literature"], "genreIds": ["9031", "38"],
                "averageUserRating": 4.5, "userRatingCount": rng.randint(1, 900),
                "description": f"A novel of {title.lower()}.<br /><br /><i>{title}</i> "
                               "was first published in 1871.",
                "releaseDate": "2012-05-1%dT07:00:00Z" % rng.randint(0, 9)}
    if kind == "album":
        art = artwork(base, rng, f"Music{i}", "source", (60, 100))
        return {"wrapperType": "collection", "collectionType": "Album", "artistId": artist_id,
                "collectionId": ident, "artistName": artist, "collectionName": title,
                "collectionCensoredName": title, "artistViewUrl": artist_url,
                "collectionViewUrl": f"https://music.apple.com/us/album/{slug(title)}/{ident}?uo=4",
                "artworkUrl60": art[60], "artworkUrl100": art[100], "collectionPrice": 9.99,
                "trackCount": rng.randint(8, 16), "country": "USA", "currency": "USD",
                "releaseDate": "2019-0%d-0%dT07:00:00Z" % (rng.randint(1, 9), rng.randint(1, 9)),
                "primaryGenreName": "Pop"}
    if kind == "movie":
        art = artwork(base, rng, f"Video{i}", "source", (30, 60, 100))
        return {"wrapperType": "track", "kind": "feature-movie", "trackId": ident,
                "artistName": artist, "trackName": title, "trackCensoredName": title,
                "trackViewUrl": f"https://itunes.apple.com/us/movie/{slug(title)}/id{ident}?uo=4",
                "previewUrl": f"{base}/preview/{ident}.m4v", "artworkUrl30": art[30],
                "artworkUrl60": art[60], "artworkUrl100": art[100], "trackPrice": 14.99,
                "trackRentalPrice": 3.99, "trackHdPrice": 19.99, "contentAdvisoryRating": "PG-13",
                "shortDescription": f"{title}: a story of {artist}.", "country": "USA",
                "currency": "USD", "primaryGenreName": "Drama",
                "trackTimeMillis": rng.randint(5_000_000, 9_000_000),
                "releaseDate": "2015-1%d-0%dT07:00:00Z" % (rng.randint(0, 2), rng.randint(1, 9))}
    collection = f"{rng.choice(WORDS_A)} Sessions"
    album_url = f"https://music.apple.com/us/album/{slug(collection)}/{ident + 500}"
    art = artwork(base, rng, f"Music{i}", "source", (30, 60, 100))
    return {"wrapperType": "track", "kind": "song", "artistId": artist_id,
            "collectionId": ident + 500, "trackId": ident, "artistName": artist,
            "collectionName": collection, "trackName": title, "collectionCensoredName": collection,
            "trackCensoredName": title, "artistViewUrl": artist_url,
            "collectionViewUrl": f"{album_url}?uo=4", "trackViewUrl": f"{album_url}?i={ident}&uo=4",
            "previewUrl": f"{base}/preview/{ident}.plus.aac.p.m4a",
            "artworkUrl30": art[30], "artworkUrl60": art[60], "artworkUrl100": art[100],
            "collectionPrice": 9.99, "trackPrice": 1.29, "country": "USA", "currency": "USD",
            "releaseDate": "2018-0%d-1%dT12:00:00Z" % (rng.randint(1, 9), rng.randint(0, 9)),
            "collectionExplicitness": "notExplicit", "trackExplicitness": "notExplicit",
            "discCount": 1, "discNumber": 1, "trackCount": 12, "trackNumber": i % 12 + 1,
            "trackTimeMillis": rng.randint(120_000, 360_000), "primaryGenreName": "Pop",
            "isStreamable": True}


def evil_results(base):
    items = [software_item(base, "evil", i) for i in range(7)]
    items[0].update(trackName="<script>alert(1)</script>", trackViewUrl="javascript:alert(1)")
    items[1]["trackName"] = "ABCDEFGHIJ" * 500  # 5,000 characters, one unbreakable token
    items[2]["trackId"] = None
    items[3]["trackId"] = "123"
    del items[4]["artworkUrl100"]
    items[6]["trackId"] = items[5]["trackId"]
    return items


def fallback_results(base):
    """Apps whose only artwork is 100x100bb.jpg; the image route 404s other sizes ("nobig")."""
    items = []
    for i in range(3):
        item = software_item(base, "fallback", i)
        del item["artworkUrl60"], item["artworkUrl512"]
        item["artworkUrl100"] = artwork(base, random.Random(f"fallback:{i}"), f"nobig/Purple{i}",
                                        APP_ICON, (100,))[100]
        items.append(item)
    return items


@functools.lru_cache(maxsize=64)
def itunes_body(base, term, software, limit):
    term = term.strip().lower()
    if term == "evil":
        results = evil_results(base)
    elif term == "fallback":
        results = fallback_results(base)
    else:
        make = software_item if software else music_item
        results = [make(base, term, i) for i in range(limit if term else 0)]
    body = json.dumps({"resultCount": len(results), "results": results}, ensure_ascii=False)
    return ("\n\n\n" + body + "\n").encode()


# ---------------------------------------------------------------------------------------------
# Images.
def tiny_png():
    """A valid 8x8 RGB PNG (a gradient), built by hand."""
    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    rows = b"".join(b"\x00" + bytes(v for x in range(8) for v in (x * 32, y * 32, 128))
                    for y in range(8))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 8, 8, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


PNG_BYTES = tiny_png()
HTML_IMAGE = (b"<!DOCTYPE html><html><head><title>Error</title></head><body>Your request "
              b"produced an error.  <BR>[newNullResponse]</body></html>\n")
PORTRAIT_RE = re.compile(r"^/api/portraits/(?:(?:med|thumb)/)?(men|women)/(\d+)\.jpg$")
SIZE_TOKEN_RE = re.compile(r"^\d+x\d+bb(?:-\d+)?\.(?:jpe?g|png|webp)$")
RECORD_FAULT_RE = re.compile(r"^/fault/records/([a-z0-9-]+)$")
IMAGE_FAULT_RE = re.compile(r"^/fault/image/([a-z0-9-]+)\.jpg$")
CDN_RE = re.compile(r"^/cdn/(\d{1,7})\.jpg$")


class CDN:
    """A product catalogue's image host: /cdn/<n>.jpg is a distinct JPEG per n (a comment segment
    names n and its version), with an ETag and optionally a Cache-Control max-age. /__cdn sets the
    simulated night (each night `change` percent of the images get a new version), the max-age,
    whether the ETag ignores the version (an origin that changes bytes under the same ETag), and
    which images answer 404."""

    def __init__(self):
        self.configure({})

    def configure(self, query):
        self.night = int(query.get("night", 0))
        self.change = int(query.get("change", 0))
        self.max_age = query.get("maxage")
        self.same_etag = query.get("sameetag") == "1"
        self.gone = {int(n) for n in query.get("gone", "").split(",") if n.isdigit()}

    def version(self, n):
        """How many of the nights so far changed image n."""
        return sum(1 for night in range(1, self.night + 1)
                   if int.from_bytes(hashlib.sha1(b"%d:%d" % (n, night)).digest()[:4], "big") % 100 < self.change)

    def body(self, images, n):
        jpeg = images[n % len(images)]
        text = b"galgen fixture cdn image %d version %d" % (n, self.version(n))
        return jpeg[:2] + b"\xff\xfe" + struct.pack(">H", len(text) + 2) + text + jpeg[2:]


class State:
    """Request log and "first request" counters, shared by all handler threads."""

    def __init__(self):
        self.lock = threading.Lock()
        self.log = []
        self.counters = {}

    def bump(self, key):
        """Count one more request for key and return the new count (1 = first)."""
        with self.lock:
            self.counters[key] = self.counters.get(key, 0) + 1
            return self.counters[key]

    def record(self, entry):
        with self.lock:
            self.log.append(entry)

    def snapshot(self):
        with self.lock:
            return list(self.log)

    def reset(self):
        with self.lock:
            self.log.clear()
            self.counters.clear()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive; every response says how it ends

    def do_GET(self):
        self.serve()

    do_HEAD = do_POST = do_GET

    def log_message(self, fmt, *args):
        if self.server.verbose:
            sys.stderr.write("%s %s\n" % (self.address_string(), fmt % args))

    def send_response(self, code, message=None):
        self.status = code
        super().send_response(code, message)

    # -- plumbing ------------------------------------------------------------------------------
    def serve(self):
        self.status, self.sent = 0, 0
        url = urlsplit(self.path)
        self.route = url.path
        self.query = {k: v[-1] for k, v in parse_qs(url.query, keep_blank_values=True).items()}
        self.base = self.server.base
        if self.command == "POST":  # drain a request body so keep-alive stays in sync
            self.rfile.read(max(0, parse_int(self.headers.get("Content-Length") or 0) or 0))
        try:
            self.dispatch()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True
        finally:
            if self.route not in ("/__log", "/__reset", "/__cdn"):
                self.server.state.record({
                    "method": self.command, "path": self.path, "status": self.status,
                    "bodyBytes": self.sent, "ifNoneMatch": self.headers.get("If-None-Match"),
                    "ifModifiedSince": self.headers.get("If-Modified-Since"),
                    "userAgent": self.headers.get("User-Agent")})

    def write(self, data):
        self.wfile.write(data)
        self.sent += len(data)

    def reply(self, status, body=b"", ctype=TEXT_TYPE, headers=(), length=None):
        """Send a response. length=None: Content-Length of body; False: no Content-Length."""
        self.send_response(status)
        if body or length:
            self.send_header("Content-Type", ctype)
        for name, value in headers:
            self.send_header(name, value)
        if length is not False:
            self.send_header("Content-Length", str(len(body) if length is None else length))
        self.end_headers()
        if self.command != "HEAD" and body:
            self.write(body)

    def reply_json(self, status, obj, headers=()):
        body = json.dumps(obj, ensure_ascii=False).encode()
        self.reply(status, body, JSON_TYPE, headers)

    def not_found(self):
        self.reply(404, b"Not Found")

    def not_modified(self, etag, last_modified):
        """True if the request's validators match; If-None-Match takes precedence (RFC 9110)."""
        inm = self.headers.get("If-None-Match")
        if inm is not None:
            tags = [t.strip().removeprefix("W/") for t in inm.split(",")]
            return "*" in tags or etag in tags
        ims = self.headers.get("If-Modified-Since")
        if ims is None or last_modified is None:
            return False
        try:
            since = email.utils.parsedate_to_datetime(ims)
        except (TypeError, ValueError):
            return False
        if since.tzinfo is None:
            since = since.replace(tzinfo=timezone.utc)
        return since >= LAST_MODIFIED_DT

    def reply_cacheable(self, body, ctype, last_modified=LAST_MODIFIED):
        """200 with ETag (and Last-Modified), or 304 without a body when the validators match."""
        etag = '"%s"' % hashlib.sha1(body).hexdigest()
        headers = [("ETag", etag)] + ([("Last-Modified", last_modified)] if last_modified else [])
        if self.not_modified(etag, last_modified):
            self.reply(304, headers=headers, length=False)
        else:
            self.reply(200, body, ctype, headers)

    def users_page(self):
        """A randomuser page with Express's default weak ETag, so a conditional request gets a 304."""
        body = users_response(self.base, self.query, self.server.users_total)
        tag = '"%x-%s"' % (len(body), hashlib.sha1(body).hexdigest()[:27])
        headers = [("ETag", "W/" + tag), ("Cache-Control", "no-cache")]
        if self.not_modified(tag, None):
            return self.reply(304, headers=headers, length=False)
        return self.reply(200, body, JSON_TYPE, headers)

    def client_gone(self, seconds):
        """Wait up to `seconds`, polling every 0.1 s; True as soon as the client has closed."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            readable, _, _ = select.select([self.connection], [], [], 0.1)
            if readable:
                try:
                    if not self.connection.recv(1, socket.MSG_PEEK):
                        return True
                except OSError:
                    return True
                time.sleep(0.1)  # the client sent more bytes (pipelining): keep waiting
        return False

    # -- routes --------------------------------------------------------------------------------
    def dispatch(self):
        route = self.route
        if self.command == "POST" and route != "/__reset":
            return self.not_found()
        if route in ("/api/1.4/", "/api/1.4"):
            return self.users_page()
        if route.startswith("/api/portraits/"):
            return self.portrait()
        if route == "/search":
            return self.itunes()
        if route.startswith("/image/thumb/"):
            return self.artwork_image()
        if route in ("/feed", "/feed-loop", "/feed-endless", "/feed-param"):
            return self.feed(route[1:])
        if match := RECORD_FAULT_RE.match(route):
            return self.record_fault(match.group(1))
        if match := IMAGE_FAULT_RE.match(route):
            return self.image_fault(match.group(1))
        if match := CDN_RE.match(route):
            return self.cdn_image(int(match.group(1)))
        if route == "/__cdn":
            self.server.cdn.configure(self.query)
            return self.reply(204, length=False)
        if route == "/__log":
            return self.reply_json(200, self.server.state.snapshot())
        if route == "/__reset":
            self.server.state.reset()
            return self.reply(204, length=False)
        return self.not_found()

    def cdn_image(self, n):
        cdn = self.server.cdn
        if n in cdn.gone:
            return self.not_found()
        body = cdn.body(self.server.images, n)
        etag = '"cdn-%d"' % n if cdn.same_etag else '"%s"' % hashlib.sha1(body).hexdigest()
        headers = [("ETag", etag)] + ([("Cache-Control", "max-age=" + cdn.max_age)] if cdn.max_age else [])
        if self.not_modified(etag, None):
            return self.reply(304, headers=headers, length=False)
        self.reply(200, body, "image/jpeg", headers)

    def portrait(self):
        match = PORTRAIT_RE.match(self.route)
        if not match:
            return self.not_found()
        men, n = match.group(1) == "men", int(match.group(2))
        if n >= (MEN_PORTRAITS if men else WOMEN_PORTRAITS):
            return self.not_found()
        images = self.server.images
        self.reply_cacheable(images[(n if men else n + 100) % len(images)], "image/jpeg")

    def itunes(self):
        term, country = self.query.get("term"), self.query.get("country", "US")
        bad = ([] if term is not None else ["term"]) + (
            [] if len(country) == 2 and country.isascii() and country.isalpha() else ["country"])
        if bad:
            body = {"errorMessage": "Invalid value(s) for key(s): [%s]" % ", ".join(bad)}
            return self.reply(400, json.dumps(body).encode(), ITUNES_TYPE)
        if term.strip().lower() == "throttle" and self.server.state.bump("throttle") <= 2:
            return self.reply(403, headers=[("Cache-Control", "max-age=0, no-cache, no-store")])
        limit = parse_int(self.query.get("limit", 50))
        limit = 50 if limit is None else max(1, min(limit, 200))
        software = (self.query.get("media") == "software" or self.query.get("entity") in
                    ("software", "iPadSoftware", "desktopSoftware"))
        self.reply_cacheable(itunes_body(self.base, term, software, limit), ITUNES_TYPE, None)

    def artwork_image(self):
        head, _, last = self.route.rpartition("/")
        nobig = "nobig" in head.split("/")
        if not SIZE_TOKEN_RE.match(last) or (nobig and last != "100x100bb.jpg"):
            return self.not_found()
        images = self.server.images
        pick = int.from_bytes(hashlib.sha1(head.encode()).digest()[:8], "big") % len(images)
        self.reply_cacheable(images[pick], "image/jpeg")

    def feed(self, kind):
        page = parse_int(self.query.get("page", 1))
        page = page if page is not None and page >= 1 else 1
        has_items = kind == "feed-endless" or page <= 3
        photo = f"{self.base}/api/portraits/men/%d.jpg"
        items = [{"id": f"f-{page}-{i}", "name": f"Feed item {page}.{i}",
                  "photo": {"url": photo % (((page - 1) * 5 + i) % 100)},
                  "web": f"https://example.com/{page}/{i}"}
                 for i in range(1, 6)] if has_items else []
        body = {"data": {"items": items}}
        if kind != "feed-param":
            if kind == "feed-endless" or page < 3:
                following = 1 if kind == "feed-loop" and page == 2 else page + 1
                body["next"] = f"{self.base}/{kind}?page={following}"
            else:
                body["next"] = None
        self.reply_json(200, body)

    def record_fault(self, kind):
        """Broken randomuser responses; the retry kinds serve real data once they recover."""
        fixed = {
            "html200": (200, CLOUDFLARE_PAGE.format(code=502, reason="Bad gateway"), HTML_TYPE),
            "error200": (200, RANDOMAPI_ERROR, JSON_TYPE),
            "error500": (500, RANDOMAPI_ERROR, JSON_TYPE),
            "notjson": (200, "Not Found", TEXT_TYPE),
            "empty-results": (200, {"results": [], "info": {"seed": "d3adb33f", "results": 1,
                                                            "page": 1, "version": "1.4"}},
                              JSON_TYPE)}
        if kind in fixed:
            status, body, ctype = fixed[kind]
            body = body if isinstance(body, str) else json.dumps(body)
            return self.reply(status, body.encode(), ctype, [("Cache-Control", "no-cache")])
        failures = {"ratelimit": 1, "flaky": 2, "retry-after-date": 1, "retry-after-seconds": 1}
        if kind not in failures:
            return self.not_found()
        if self.server.state.bump(("records", kind)) <= failures[kind]:
            if kind == "flaky":
                page = CLOUDFLARE_PAGE.format(code=503, reason="Service Temporarily Unavailable")
                return self.reply(503, page.encode(), HTML_TYPE)
            headers = []  # the real API sends no Retry-After; these two kinds test both forms
            if kind == "retry-after-date":
                when = email.utils.formatdate(math.ceil(time.time()) + 2, usegmt=True)
                headers = [("Retry-After", when)]
            elif kind == "retry-after-seconds":
                headers = [("Retry-After", "1")]
            return self.reply_json(429, COWBOY_ERROR, headers)
        body = users_response(self.base, self.query, self.server.users_total,
                              default_seed=kind, default_results=3)
        self.reply(200, body, JSON_TYPE, [("Cache-Control", "no-cache")])

    def image_fault(self, kind):
        jpeg = self.server.images[0]
        if kind == "ok":
            return self.reply_cacheable(jpeg, "image/jpeg")
        if kind == "404":
            return self.not_found()
        if kind == "500-once":  # counted per full path including the query
            if self.server.state.bump(("image", self.path)) == 1:
                return self.reply(500, b"oops")
            return self.reply_cacheable(jpeg, "image/jpeg")
        if kind in ("redirect-loop", "redirect-loop-b", "redirect-ok"):
            status, target = {"redirect-loop": (302, "redirect-loop-b"),
                              "redirect-loop-b": (302, "redirect-loop"),
                              "redirect-ok": (301, "ok")}[kind]
            location = f"{self.base}/fault/image/{target}.jpg"
            return self.reply(status, headers=[("Location", location)])
        if kind == "html":
            return self.reply(200, HTML_IMAGE, "image/jpeg")
        if kind == "png":
            return self.reply(200, PNG_BYTES, "image/jpeg")
        if kind == "hang":  # nothing at all is sent
            self.client_gone(60)
            self.close_connection = True
            return None
        if kind == "slow-headers":
            if self.client_gone(3):
                self.close_connection = True
                return None
            return self.reply(200, jpeg, "image/jpeg")
        # The remaining kinds send a body that does not match Content-Length, then close.
        if kind == "drip":
            self.reply(200, b"", "image/jpeg", length=len(jpeg))
            for offset in range(len(jpeg)):
                if self.client_gone(0.2):
                    break
                self.write(jpeg[offset:offset + 1])
        elif kind == "huge-length":
            self.reply(200, jpeg[:1000], "image/jpeg", length=50_000_000_000)
        elif kind == "truncated":
            self.reply(200, jpeg[:len(jpeg) // 2], "image/jpeg", length=len(jpeg))
        else:
            return self.not_found()
        self.close_connection = True
        return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True, help="port to bind (0 = any free one)")
    parser.add_argument("--images", type=Path, required=True, help="folder with *.jpg files")
    parser.add_argument("--users-total", type=int, help="randomuser data set size (default: "
                        "pages never run out, as on the real service)")
    parser.add_argument("--verbose", action="store_true", help="log requests to stderr")
    parser.add_argument("--exit-with-parent", action="store_true", help="exit when the parent process has gone "
                        "(tests pass it so that no server outlives the test run)")
    args = parser.parse_args()
    files = sorted(args.images.glob("*.jpg"))
    if not files:
        parser.error(f"no *.jpg files in {args.images}")

    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    server.images = [path.read_bytes() for path in files]
    server.users_total = args.users_total
    server.verbose = args.verbose
    server.state = State()
    server.cdn = CDN()
    port = server.server_address[1]
    server.base = f"http://127.0.0.1:{port}"

    def stop(signum, frame):
        raise SystemExit(0)
    # A parent may start us with signals blocked (Swift's Foundation.Process inherits the calling
    # thread's mask): unblock the two that stop the server, or terminate() would do nothing.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    if args.exit_with_parent:
        parent = os.getppid()

        def watch_parent():
            while os.getppid() == parent:
                time.sleep(0.25)
            os.kill(os.getpid(), signal.SIGTERM)
        threading.Thread(target=watch_parent, daemon=True).start()
    print(f"READY {port}", flush=True)
    try:
        server.serve_forever()
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
