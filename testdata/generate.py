#!/usr/bin/env python3
"""Deterministic generator for the REST payload test corpus in this folder.

Writes JSON and XML files shaped like typical REST API responses (list
responses, search results, catalog pages, audit logs, config trees, metrics,
geo data, articles and comments) in sizes from ~100 bytes to ~2 MB.
Everything is synthesised from the small word lists below with fixed seeds;
no data is copied from anywhere.

Usage:
    python3 testdata/generate.py          # rewrite the files next to this script
    python3 testdata/generate.py --check  # regenerate in memory; exit 1 on any difference

Determinism rules followed throughout:
  * every file gets its own random.Random(seed); nothing reads time, locale,
    environment or hash() values;
  * floats are never serialised: decimals are built from integers (Fixed);
  * JSON and XML are written by the small serialisers below, so the output
    does not depend on library formatting defaults;
  * dict order is insertion order (a language guarantee), never set order.
"""

import argparse
import json
import random
import re
import sys
import uuid
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from functools import partial
from json.encoder import encode_basestring
from pathlib import Path
from typing import Callable
from xml.sax.saxutils import escape

OUT_DIR = Path(__file__).resolve().parent
MAX_FILE_BYTES = 2_200_000
MAX_TOTAL_BYTES = 12_000_000
SIZE_TOLERANCE_PERCENT = 10  # every file must be within this much of its label

EPOCH = datetime(2024, 1, 1, tzinfo=timezone.utc)
EPOCH_UNIX = (EPOCH - datetime(1970, 1, 1, tzinfo=timezone.utc)) // timedelta(seconds=1)
DAY = 86_400


# --------------------------------------------------------------------------
# Serialisers
# --------------------------------------------------------------------------

class Fixed:
    """A decimal number built from an integer and a scale: Fixed(1999, 2) -> 19.99.

    Floats are avoided on purpose: their text form depends on repr() details
    and binary rounding turns prices like 0.1 + 0.2 into long tails.
    """

    __slots__ = ("text",)

    def __init__(self, scaled: int, places: int):
        sign = "-" if scaled < 0 else ""
        whole, frac = divmod(abs(scaled), 10 ** places)
        self.text = f"{sign}{whole}.{frac:0{places}d}" if places else f"{sign}{whole}"


# The (C-accelerated) string quoting behind json.dumps(..., ensure_ascii=False).
_json_str = encode_basestring


def to_json(value, pretty: bool) -> str:
    """Serialise like json.dumps(indent=2 or separators=(',', ':')) but with Fixed support."""
    out: list[str] = []
    _emit_json(value, out, 0 if pretty else None)
    out.append("\n")
    return "".join(out)


def _emit_json(value, out: list, depth):
    # depth is None for compact output, else the current indentation level.
    if value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif isinstance(value, int):
        out.append(str(value))
    elif isinstance(value, Fixed):
        out.append(value.text)
    elif isinstance(value, str):
        out.append(_json_str(value))
    elif isinstance(value, dict):
        _emit_json_items(out, depth, "{", "}", list(value.items()), keyed=True)
    elif isinstance(value, list):
        _emit_json_items(out, depth, "[", "]", value, keyed=False)
    else:  # floats end up here on purpose
        raise TypeError(f"unsupported JSON value: {value!r}")


def _emit_json_items(out: list, depth, opener: str, closer: str, items: list, keyed: bool):
    if not items:
        out.append(opener + closer)
        return
    if depth is None:
        sep, key_sep, inner = ",", ":", None
    else:
        pad = "\n" + "  " * (depth + 1)
        sep, key_sep, inner = "," + pad, ": ", depth + 1
        opener += pad
        closer = "\n" + "  " * depth + closer
    out.append(opener)
    for i, item in enumerate(items):
        if i:
            out.append(sep)
        if keyed:
            key, item = item
            out.append(_json_str(key))
            out.append(key_sep)
        _emit_json(item, out, inner)
    out.append(closer)


class El:
    """An XML element: attributes (None values are dropped) and either children or text."""

    __slots__ = ("tag", "attrs", "children", "text")

    def __init__(self, tag: str, attrs: dict | None = None, children=(), text: str | None = None):
        self.tag = tag
        self.attrs = attrs or {}
        self.children = [c for c in children if c is not None]
        self.text = text


def el(tag: str, attrs: dict | None = None, *children) -> El:
    return El(tag, attrs, children)


def leaf(tag: str, value, attrs: dict | None = None) -> El | None:
    """A text-only element; None values produce no element (how most XML APIs express null)."""
    return None if value is None else El(tag, attrs, (), xml_text(value))


def xml_text(value) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, Fixed):
        return value.text
    if isinstance(value, (int, str)):
        return str(value)
    raise TypeError(f"unsupported XML value: {value!r}")


_ATTR_ESCAPES = {'"': "&quot;", "\n": "&#10;", "\t": "&#9;"}


def to_xml(root: El, pretty: bool) -> str:
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n']
    _emit_xml(root, out, 0 if pretty else None)
    if not pretty:
        out.append("\n")
    return "".join(out)


def _emit_xml(node: El, out: list, depth):
    pad, nl = ("  " * depth, "\n") if depth is not None else ("", "")
    attrs = "".join(
        f' {name}="{escape(xml_text(value), _ATTR_ESCAPES)}"'
        for name, value in node.attrs.items()
        if value is not None
    )
    if node.children:
        out.append(f"{pad}<{node.tag}{attrs}>{nl}")
        inner = None if depth is None else depth + 1
        for child in node.children:
            _emit_xml(child, out, inner)
        out.append(f"{pad}</{node.tag}>{nl}")
    elif node.text is not None:
        out.append(f"{pad}<{node.tag}{attrs}>{escape(node.text)}</{node.tag}>{nl}")
    else:
        out.append(f"{pad}<{node.tag}{attrs}/>{nl}")


# --------------------------------------------------------------------------
# Vocabulary (invented or generic words only)
# --------------------------------------------------------------------------

FIRST_NAMES = (
    "Emma", "Liam", "Olivia", "Noah", "Ava", "Ethan", "Mia", "Lucas", "Sophia", "Mason",
    "Isabella", "Logan", "Amelia", "James", "Harper", "Benjamin", "Evelyn", "Elijah",
    "Abigail", "Oliver", "Emily", "Jacob", "Ella", "Michael", "Grace", "Daniel", "Chloe",
    "Henry", "Lily", "Samuel", "Hannah", "David", "Nora", "Leo", "Aria", "Jack", "Zoe",
    "Owen", "Layla", "Adam", "Sara", "Omar", "Priya", "Raj", "Mei", "Kenji", "Yuki",
    "Ahmed", "Fatima", "Carlos", "Lucia", "Mateo", "Ingrid", "Lars", "Anna", "Paul",
    "Marta", "Tomasz", "Nina", "Ivan",
)
LAST_NAMES = (
    "Smith", "Johnson", "Brown", "Garcia", "Miller", "Davis", "Wilson", "Anderson",
    "Thomas", "Taylor", "Moore", "Martin", "Lee", "Clark", "Lewis", "Walker", "Hall",
    "Young", "King", "Wright", "Lopez", "Hill", "Scott", "Green", "Adams", "Baker",
    "Nelson", "Carter", "Mitchell", "Perez", "Roberts", "Turner", "Phillips", "Campbell",
    "Parker", "Evans", "Edwards", "Collins", "Stewart", "Morris", "Murphy", "Cook",
    "Rogers", "Morgan", "Cooper", "Reed", "Bailey", "Kelly", "Kim", "Patel", "Nguyen",
    "Chen", "Singh", "Kowalski", "Novak", "Schmidt", "Fischer", "Weber", "Rossi",
    "Bianchi", "Silva", "Santos", "Jensen", "Hansen", "Larsen", "Berg",
)
# (first, last, display name, ASCII e-mail local part) for entries with non-ASCII names.
UNICODE_PEOPLE = (
    ("Zoë", "Müller", "Zoë Müller", "zoe.mueller"),
    ("José", "Muñoz", "José Muñoz", "jose.munoz"),
    ("Łukasz", "Wiśniewski", "Łukasz Wiśniewski", "lukasz.wisniewski"),
    ("Søren", "Østergaard", "Søren Østergaard", "soren.ostergaard"),
    ("Ayşe", "Yılmaz", "Ayşe Yılmaz", "ayse.yilmaz"),
    ("Đorđe", "Petrović", "Đorđe Petrović", "djordje.petrovic"),
    ("Márta", "Kovács", "Márta Kovács", "marta.kovacs"),
    ("Jürgen", "Größer", "Jürgen Größer", "juergen.groesser"),
    ("Chloé", "Lefèvre", "Chloé Lefèvre", "chloe.lefevre"),
    ("Björn", "Åkesson", "Björn Åkesson", "bjorn.akesson"),
    ("Íñigo", "Ibáñez", "Íñigo Ibáñez", "inigo.ibanez"),
    ("Zdeněk", "Dvořák", "Zdeněk Dvořák", "zdenek.dvorak"),
    ("Дмитрий", "Соколов", "Дмитрий Соколов", "dmitry.sokolov"),
    ("Ελένη", "Παπαδάκη", "Ελένη Παπαδάκη", "eleni.papadaki"),
    ("美咲", "佐藤", "佐藤 美咲", "misaki.sato"),
    ("Hương", "Nguyễn", "Nguyễn Thị Hương", "huong.nguyen"),
)

DETERMINERS = ("the", "the", "the", "a", "every", "each", "this", "that", "our", "their", "one")
ADJECTIVES = (
    "quiet", "careful", "rapid", "stable", "new", "legacy", "shared", "internal", "public",
    "private", "weekly", "monthly", "quarterly", "critical", "minor", "major", "remote",
    "local", "seasonal", "modern", "simple", "complex", "reliable", "fragile", "busy",
    "patient", "curious", "green", "bright", "early", "late", "final", "initial",
    "detailed", "brief", "practical", "unexpected", "familiar", "regional", "global",
)
NOUNS = (
    "release", "service", "request", "customer", "engineer", "team", "report", "dashboard",
    "pipeline", "database", "cluster", "invoice", "payment", "package", "update", "feature",
    "project", "schedule", "budget", "review", "migration", "deployment", "cache", "index",
    "workflow", "policy", "contract", "vendor", "warehouse", "shipment", "ticket", "incident",
    "meeting", "roadmap", "prototype", "experiment", "metric", "forecast", "proposal",
    "interface", "library", "network", "gateway", "account", "profile", "message", "comment",
    "article", "editor", "designer", "manager", "analyst", "developer", "operator", "partner",
    "market", "product", "catalog", "garden", "kitchen", "river", "village", "morning",
    "weekend", "season", "journey", "harbor", "mountain", "festival", "recipe", "neighbor",
)
VERBS = (
    "reviews", "updates", "improves", "replaces", "delays", "supports", "tracks", "blocks",
    "approves", "rejects", "schedules", "monitors", "documents", "simplifies", "extends",
    "breaks", "fixes", "shapes", "reaches", "follows", "changes", "protects", "measures",
    "explains", "prepares", "drives", "connects", "exposes", "retires", "validates",
    "summarizes", "handles", "requires", "includes", "affects", "reduces", "doubles",
    "moves", "shares", "builds",
)
ADVERBS = (
    "quickly", "quietly", "carefully", "rarely", "often", "finally", "already", "usually",
    "gradually", "suddenly", "barely", "still", "clearly", "mostly",
)
PREPOSITIONS = (
    "before", "after", "during", "without", "despite", "behind", "across", "under",
    "around", "near", "for", "with", "beyond", "toward",
)
CONJUNCTIONS = ("and", "but", "so", "while", "because", "although", "yet")

EMAIL_DOMAINS = ("example.com", "example.org", "example.net", "mail.example.com", "corp.example")
ROLES = ("admin", "editor", "viewer", "viewer", "billing", "support")
USER_STATUSES = ("active", "active", "active", "invited", "suspended", "deactivated")
USER_TAGS = ("beta", "vip", "newsletter", "trial", "enterprise", "partner", "internal", "churn-risk")
LOCALES = ("en-US", "en-GB", "de-DE", "fr-FR", "es-ES", "pt-BR", "pl-PL", "sv-SE", "ja-JP", "tr-TR")
TIMEZONES = (
    "UTC", "Europe/Berlin", "Europe/London", "Europe/Warsaw", "Europe/Istanbul",
    "America/New_York", "America/Toronto", "America/Sao_Paulo", "Asia/Tokyo", "Australia/Melbourne",
)
CITIES = (
    ("Berlin", "DE"), ("München", "DE"), ("Zürich", "CH"), ("São Paulo", "BR"), ("Kraków", "PL"),
    ("Malmö", "SE"), ("Göteborg", "SE"), ("Lyon", "FR"), ("Austin", "US"), ("Portland", "US"),
    ("Toronto", "CA"), ("Osaka", "JP"), ("Porto", "PT"), ("Dublin", "IE"), ("Leeds", "GB"),
    ("Melbourne", "AU"), ("Reykjavík", "IS"), ("İzmir", "TR"),
)
STREET_NAMES = (
    "Oak", "Maple", "Cedar", "Elm", "Harbor", "Mill", "Station", "Church", "Garden", "River",
    "Park", "Hill", "Lake", "Meadow", "Orchard", "Willow", "Bridge", "Market", "King", "Queen",
)
STREET_TYPES = ("Street", "Avenue", "Road", "Lane", "Way", "Court", "Place", "Terrace")

ORDER_STATUSES = ("pending", "paid", "processing", "shipped", "shipped", "delivered", "delivered",
                  "cancelled", "refunded")
CURRENCIES = ("EUR", "EUR", "USD", "USD", "GBP", "SEK", "CHF")
PAYMENT_METHODS = ("card", "card", "paypal", "bank_transfer", "invoice", "wallet")
SHIPPING_METHODS = ("standard", "express", "pickup", "economy")

PRODUCT_ADJECTIVES = (
    "Compact", "Classic", "Ultralight", "Everyday", "Heritage", "Modular", "Insulated",
    "Foldable", "Wireless", "Ergonomic", "Waterproof", "Recycled", "Premium", "Essential",
    "Adjustable",
)
MATERIALS = ("Bamboo", "Oak", "Steel", "Aluminium", "Linen", "Wool", "Cotton", "Leather",
             "Ceramic", "Glass", "Canvas", "Cork", "Merino", "Walnut")
PRODUCT_NOUNS = (
    "Desk Lamp", "Backpack", "Water Bottle", "Headphones", "Office Chair", "Notebook",
    "Running Shoes", "Rain Jacket", "Coffee Grinder", "Cutting Board", "Yoga Mat",
    "Bike Light", "Phone Case", "Tent", "Kettle", "Wall Clock", "Throw Blanket",
    "Sunglasses", "Keyboard", "Monitor Stand",
)
BRANDS = ("Northvale", "Alder & Finch", "Kestrel", "Brightlane", "Fjällmark", "Solène",
          "Oakridge", "Tidewater", "Marlow", "Quillon")
COLORS = ("black", "white", "slate", "sand", "olive", "navy", "rust", "sage", "charcoal",
          "ivory", "forest", "crimson")
SIZES = ("XS", "S", "M", "L", "XL", "XXL")
PRODUCT_TAGS = ("new", "bestseller", "eco", "gift-idea", "limited", "sale", "bundle", "handmade")
IMAGE_SIZES = ((800, 800), (1200, 1200), (1600, 1200), (1200, 1600), (640, 480))

HTTP_METHODS = ("GET", "GET", "GET", "POST", "PUT", "PATCH", "DELETE")
USER_AGENTS = (
    "Mozilla/5.0 (X11; Linux x86_64) ExampleBrowser/121.0",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) ExampleBrowser/120.3",
    "okhttp/4.12.0", "curl/8.5.0", "rest-compress-client/1.0", "python-requests/2.31.0",
    "ExampleMobile/5.4.1 (Android 14)",
)
# (event type, target type, severity, HTTP method, path template)
EVENT_TYPES = (
    ("user.login", "session", "info", "POST", "/api/v1/sessions"),
    ("user.logout", "session", "info", "DELETE", "/api/v1/sessions/{id}"),
    ("user.login_failed", "session", "warning", "POST", "/api/v1/sessions"),
    ("user.password_changed", "user", "info", "PUT", "/api/v1/users/{id}/password"),
    ("user.updated", "user", "info", "PATCH", "/api/v1/users/{id}"),
    ("role.assigned", "user", "notice", "POST", "/api/v1/users/{id}/roles"),
    ("order.created", "order", "info", "POST", "/api/v1/orders"),
    ("order.updated", "order", "info", "PATCH", "/api/v1/orders/{id}"),
    ("order.cancelled", "order", "notice", "POST", "/api/v1/orders/{id}/cancel"),
    ("payment.captured", "payment", "info", "POST", "/api/v1/payments/{id}/capture"),
    ("payment.failed", "payment", "error", "POST", "/api/v1/payments/{id}/capture"),
    ("api_key.created", "api_key", "notice", "POST", "/api/v1/api-keys"),
    ("api_key.revoked", "api_key", "warning", "DELETE", "/api/v1/api-keys/{id}"),
    ("export.requested", "report", "info", "POST", "/api/v1/reports/{id}/export"),
    ("webhook.delivery_failed", "webhook", "error", "POST", "/api/v1/webhooks/{id}/deliveries"),
)
CHANGEABLE_FIELDS = ("status", "email", "displayName", "role", "shippingMethod", "quantity",
                     "locale", "notes")

SEARCH_SOURCES = ("docs", "blog", "forum", "changelog", "support")
ARTICLE_TAGS = ("performance", "http", "compression", "java", "api-design", "caching",
                "security", "observability", "testing", "release-notes", "tutorial", "architecture")

CONFIG_SECTIONS = (
    "http", "grpc", "cache", "database", "pool", "retry", "circuitBreaker", "tls", "auth",
    "oauth", "limits", "rateLimit", "features", "logging", "metrics", "tracing", "storage",
    "queue", "consumer", "producer", "routing", "upstream", "healthCheck", "scheduler",
    "compression", "headers", "replica", "shard", "fallback", "overrides",
)
CONFIG_MODULES = ("checkout", "catalog", "search", "billing", "auth", "gateway", "inventory",
                  "notifications", "reporting", "media", "shipping", "accounts")
LOG_LEVELS = ("TRACE", "DEBUG", "INFO", "INFO", "WARN", "ERROR")
REGIONS = ("eu-west-1", "eu-central-1", "us-east-1", "us-west-2", "ap-northeast-1")

SERVICES = CONFIG_MODULES[:8]
ROUTES = ("/api/v1/orders", "/api/v1/orders/{id}", "/api/v1/products", "/api/v1/search",
          "/api/v1/users/{id}", "/api/v1/cart", "/healthz")
STATUS_CODES = (200, 200, 200, 200, 201, 204, 304, 400, 404, 500)

PLACE_KINDS = ("Park", "Station", "Harbor", "Market", "Bridge", "Viewpoint", "Trailhead",
               "Library", "Depot", "Plaza")
PLACE_CATEGORIES = ("transit", "leisure", "retail", "infrastructure", "nature")


# --------------------------------------------------------------------------
# Random primitives
# --------------------------------------------------------------------------

class Gen:
    """Thin wrapper over random.Random with the handful of draws the builders need.

    Only integer-based draws are used, so no float formatting is ever involved.
    """

    def __init__(self, seed: int):
        self.r = random.Random(seed)

    def int(self, lo: int, hi: int) -> int:
        return self.r.randint(lo, hi)

    def pick(self, seq):
        return self.r.choice(seq)

    def chance(self, percent: int) -> bool:
        return self.r.randrange(100) < percent

    def some(self, seq, lo: int, hi: int) -> list:
        """Between lo and hi distinct elements of seq, in random order."""
        return self.r.sample(seq, self.int(lo, hi))

    def uuid(self) -> str:
        return str(uuid.UUID(int=self.r.getrandbits(128), version=4))

    def hex(self, digits: int) -> str:
        return f"{self.r.getrandbits(4 * digits):0{digits}x}"

    def digits(self, n: int) -> str:
        return f"{self.r.randrange(10 ** n):0{n}d}"


def iso(seconds: int, millis: int | None = None) -> str:
    """ISO-8601 UTC timestamp `seconds` after EPOCH, formatted field by field."""
    d = EPOCH + timedelta(seconds=seconds)
    text = f"{d.year:04d}-{d.month:02d}-{d.day:02d}T{d.hour:02d}:{d.minute:02d}:{d.second:02d}"
    return text + (f".{millis:03d}Z" if millis is not None else "Z")


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def person(g: Gen, unicode_percent: int = 10) -> dict:
    """A name; some entries use non-ASCII names (Latin with diacritics, Cyrillic, Greek, CJK)."""
    if g.chance(unicode_percent):
        first, last, display, local = g.pick(UNICODE_PEOPLE)
    else:
        first, last = g.pick(FIRST_NAMES), g.pick(LAST_NAMES)
        display, local = f"{first} {last}", f"{first}.{last}".lower()
    return {"first": first, "last": last, "display": display, "local": local}


def email(g: Gen, who: dict) -> str:
    return f"{who['local']}@{g.pick(EMAIL_DOMAINS)}"


def phone(g: Gen) -> str:
    # 555 numbers are reserved for fiction in North America; used for every country here.
    return f"+{g.pick(('1', '44', '49', '33', '46'))} 555 {g.digits(3)} {g.digits(4)}"


def ip_address(g: Gen) -> str:
    # Documentation ranges only (RFC 5737).
    return f"{g.pick(('192.0.2', '198.51.100', '203.0.113'))}.{g.int(1, 254)}"


def address(g: Gen) -> dict:
    city, country = g.pick(CITIES)
    return {
        "line1": f"{g.int(1, 240)} {g.pick(STREET_NAMES)} {g.pick(STREET_TYPES)}",
        "line2": f"Apt {g.int(1, 40)}{g.pick('ABCD')}" if g.chance(25) else None,
        "city": city,
        "postalCode": g.digits(5),
        "country": country,
    }


# --------------------------------------------------------------------------
# Text generation: a tiny grammar so sentences look like prose
# --------------------------------------------------------------------------

def noun_phrase(g: Gen) -> list[str]:
    words = [g.pick(DETERMINERS)]
    if g.chance(55):
        words.append(g.pick(ADJECTIVES))
    words.append(g.pick(NOUNS))
    if words[0] == "a" and words[1][0] in "aeiou":
        words[0] = "an"
    return words


def clause(g: Gen) -> list[str]:
    words = noun_phrase(g)
    if g.chance(20):
        words.append(g.pick(ADVERBS))
    words.append(g.pick(VERBS))
    words += noun_phrase(g)
    if g.chance(45):
        words.append(g.pick(PREPOSITIONS))
        words += noun_phrase(g)
    return words


def sentence(g: Gen) -> str:
    words = clause(g)
    if g.chance(30):
        words[-1] += ","
        words.append(g.pick(CONJUNCTIONS))
        words += clause(g)
    return cap(" ".join(words)) + "."


def paragraph(g: Gen, lo: int, hi: int) -> str:
    return " ".join(sentence(g) for _ in range(g.int(lo, hi)))


def title(g: Gen) -> str:
    noun, other = g.pick(NOUNS), g.pick(NOUNS)
    patterns = (
        f"A {g.pick(ADJECTIVES)} guide to the {noun}",
        f"Why the {noun} {g.pick(VERBS)} the {other}",
        f"{cap(g.pick(ADJECTIVES))} {noun} notes from the {other} team",
        f"How our {noun} {g.pick(VERBS)} every {other}",
        f"The {g.pick(ADJECTIVES)} {noun}: lessons from a {g.pick(ADJECTIVES)} {other}",
    )
    return g.pick(patterns)


def word_stream(g: Gen):
    """Endless words of generated prose, used to fine-tune small payloads to a byte size."""
    while True:
        yield from sentence(g).split(" ")


def clip_words(words: list[str]) -> str:
    """Join a prefix of a word stream; a sentence cut short ends in an ellipsis, like a preview."""
    text = " ".join(words)
    return text if not text or text.endswith(".") else text.rstrip(",") + "…"


# --------------------------------------------------------------------------
# Records (plain dicts shared by the JSON and the XML renderings)
# --------------------------------------------------------------------------

def make_user(g: Gen) -> dict:
    who = person(g)
    created = g.int(0, 300 * DAY)
    return {
        "id": g.uuid(),
        "username": f"{who['local'].replace('.', '_')}{g.int(1, 99)}",
        "displayName": who["display"],
        "email": email(g, who),
        "role": g.pick(ROLES),
        "status": g.pick(USER_STATUSES),
        "emailVerified": g.chance(85),
        "mfaEnabled": g.chance(40),
        "locale": g.pick(LOCALES),
        "timezone": g.pick(TIMEZONES),
        "phone": phone(g) if g.chance(60) else None,
        "address": address(g) if g.chance(70) else None,
        "tags": g.some(USER_TAGS, 0, 3),
        "createdAt": iso(created),
        "lastLoginAt": iso(created + g.int(DAY, 60 * DAY)) if g.chance(80) else None,
    }


def make_line_item(g: Gen, line: int) -> tuple[dict, int]:
    """A line item and its total in cents (prices are integer cents throughout)."""
    quantity = g.int(1, 5) if g.chance(85) else g.int(6, 40)
    unit = g.int(199, 24999)
    discount = (quantity * unit * g.pick((5, 10, 15, 20))) // 100 if g.chance(20) else 0
    total = quantity * unit - discount
    item = {
        "lineNumber": line,
        "sku": f"{g.pick('ABCDEFGHKMNPRSTW')}{g.pick('ABCDEFGHKMNPRSTW')}-{g.digits(5)}",
        "productName": f"{g.pick(PRODUCT_ADJECTIVES)} {g.pick(MATERIALS)} {g.pick(PRODUCT_NOUNS)}",
        "quantity": quantity,
        "unitPrice": Fixed(unit, 2),
        "discount": Fixed(discount, 2),
        "total": Fixed(total, 2),
    }
    return item, total


def make_order(g: Gen, number: int, max_items: int = 6) -> dict:
    who = person(g)
    placed = g.int(0, 330 * DAY)
    status = g.pick(ORDER_STATUSES)
    lines = [make_line_item(g, i + 1) for i in range(g.int(1, max_items))]
    subtotal = sum(total for _, total in lines)
    tax_rate_bp = g.pick((0, 700, 1900, 2000, 2500))  # basis points
    tax = subtotal * tax_rate_bp // 10_000
    shipping = 0 if subtotal >= 10_000 else g.pick((495, 695, 995))
    shipped = placed + g.int(3600, 4 * DAY) if status in ("shipped", "delivered") else None
    return {
        "id": f"ord_{g.hex(16)}",
        "orderNumber": f"SO-2024-{number:06d}",
        "status": status,
        "customer": {"id": g.uuid(), "name": who["display"], "email": email(g, who)},
        "currency": g.pick(CURRENCIES),
        "items": [item for item, _ in lines],
        "subtotal": Fixed(subtotal, 2),
        "taxRate": Fixed(tax_rate_bp, 4),
        "tax": Fixed(tax, 2),
        "shippingCost": Fixed(shipping, 2),
        "total": Fixed(subtotal + tax + shipping, 2),
        "paymentMethod": g.pick(PAYMENT_METHODS),
        "shippingMethod": g.pick(SHIPPING_METHODS),
        "shippingAddress": address(g),
        "giftWrap": g.chance(8),
        "notes": sentence(g) if g.chance(15) else None,
        "placedAt": iso(placed),
        "shippedAt": iso(shipped) if shipped else None,
        "updatedAt": iso((shipped or placed) + g.int(60, 2 * DAY)),
    }


def make_product(g: Gen) -> dict:
    name = f"{g.pick(PRODUCT_ADJECTIVES)} {g.pick(MATERIALS)} {g.pick(PRODUCT_NOUNS)}"
    sku = f"{g.pick(('HOM', 'OUT', 'KIT', 'AUD', 'APP', 'FIT'))}-{g.digits(6)}"
    price = g.int(499, 39999)
    stock = g.int(0, 500) if g.chance(85) else 0
    created = g.int(0, 200 * DAY)
    return {
        "id": g.uuid(),
        "sku": sku,
        "name": name,
        "slug": f"{slug(name)}-{sku[-4:]}",
        "brand": g.pick(BRANDS),
        "description": paragraph(g, 1, 3),
        "price": {
            "amount": Fixed(price, 2),
            "currency": "EUR",
            "compareAt": Fixed(price * g.int(110, 140) // 100, 2) if g.chance(25) else None,
        },
        "inStock": stock > 0,
        "stockQuantity": stock,
        "rating": {"average": Fixed(g.int(25, 50), 1), "count": g.int(0, 4000)},
        "attributes": {
            "color": g.pick(COLORS),
            "material": g.pick(MATERIALS).lower(),
            "weightGrams": g.int(40, 9000),
            "dimensionsMm": {"width": g.int(20, 900), "height": g.int(5, 1200), "depth": g.int(5, 600)},
        },
        "variants": [
            {"sku": f"{sku}-{size}", "size": size, "color": g.pick(COLORS),
             "price": Fixed(price + g.int(0, 4) * 100, 2), "available": g.chance(80)}
            for size in g.some(SIZES, 0, 4)
        ],
        "images": [
            {"url": f"https://cdn.example.com/products/{sku.lower()}/{k + 1}.jpg",
             "alt": f"{name}, view {k + 1}", "width": w, "height": h}
            for k, (w, h) in enumerate(g.pick(IMAGE_SIZES) for _ in range(g.int(1, 4)))
        ],
        "tags": g.some(PRODUCT_TAGS, 0, 3),
        "createdAt": iso(created),
        "updatedAt": iso(created + g.int(0, 120 * DAY)),
    }


def changed_value(g: Gen, field: str):
    """A plausible value for a field named in an audit-log change record."""
    if field == "status":
        return g.pick(USER_STATUSES + ORDER_STATUSES)
    if field == "email":
        return email(g, person(g))
    if field == "displayName":
        return person(g)["display"]
    if field == "role":
        return g.pick(ROLES)
    if field == "shippingMethod":
        return g.pick(SHIPPING_METHODS)
    if field == "quantity":
        return g.int(1, 12)
    if field == "locale":
        return g.pick(LOCALES)
    return sentence(g)  # notes


def make_event(g: Gen, at_ms: int) -> dict:
    kind, target_type, severity, method, path = g.pick(EVENT_TYPES)
    target_id = g.uuid()
    is_service = g.chance(20)
    who = person(g)
    status = {"error": g.pick((402, 500, 502, 503)), "warning": g.pick((401, 403, 429))}.get(
        severity, {"POST": 201, "DELETE": 204}.get(method, 200))
    changes = None
    if kind.endswith((".updated", ".assigned")):
        changes = [
            {"field": field, "old": changed_value(g, field) if g.chance(80) else None,
             "new": changed_value(g, field)}
            for field in g.some(CHANGEABLE_FIELDS, 1, 3)
        ]
    return {
        "id": f"evt_{g.hex(20)}",
        "type": kind,
        "severity": severity,
        "timestamp": iso(at_ms // 1000, at_ms % 1000),
        "actor": {
            "type": "service" if is_service else "user",
            "id": g.uuid(),
            "name": f"svc-{g.pick(SERVICES)}" if is_service else who["display"],
            "ip": ip_address(g),
        },
        "target": {"type": target_type, "id": target_id},
        "request": {
            "id": g.hex(32),
            "method": method,
            "path": path.replace("{id}", target_id),
            "status": status,
            "durationMs": g.int(2, 120) if g.chance(90) else g.int(121, 4000),
            "userAgent": g.pick(USER_AGENTS),
        },
        "changes": changes,
        "metadata": {"region": g.pick(REGIONS), "apiVersion": g.pick(("2023-10-01", "2024-04-15")),
                     "dryRun": g.chance(3)},
    }


def emphasize(words: list[str], terms: list[str]) -> list[str]:
    """Wrap words equal to a query term in <em>, keeping trailing punctuation outside."""
    out = []
    for word in words:
        bare = word.rstrip(",.")
        out.append(f"<em>{bare}</em>{word[len(bare):]}" if bare.lower() in terms else word)
    return out


def highlighted(g: Gen, terms: list[str]) -> str:
    """A snippet around query-term matches, like a search engine's highlight fragments.

    terms is [noun, adjective]; a noun (and sometimes an adjective) of a generated
    sentence is swapped for the term so the match reads naturally.
    """
    words = sentence(g).split(" ")
    for term, vocabulary in zip(terms, (NOUNS, ADJECTIVES)):
        spots = [i for i, w in enumerate(words) if w.rstrip(",.") in vocabulary]
        if spots and (vocabulary is NOUNS or g.chance(50)):
            i = g.pick(spots)
            words[i] = term + words[i][len(words[i].rstrip(",.")):]
    words = emphasize(words, terms)
    start = g.int(0, max(0, len(words) - 12))
    window = words[start:start + 14]
    clipped = start + 14 < len(words)
    return ("…" if start else "") + " ".join(window) + ("…" if clipped else "")


def make_hit(g: Gen, terms: list[str], score: int) -> dict:
    source = g.pick(SEARCH_SOURCES)
    doc_title = cap(title(g))
    author = person(g)
    return {
        "id": g.uuid(),
        "index": f"{source}-v3",
        "score": Fixed(score, 5),
        "source": {
            "title": doc_title,
            "url": f"https://{source}.example.com/{slug(doc_title)}",
            "author": author["display"],
            "publishedAt": iso(g.int(0, 330 * DAY)),
            "category": source,
            "tags": g.some(ARTICLE_TAGS, 1, 4),
            "language": "en",
        },
        "highlight": {
            "title": [" ".join(emphasize(doc_title.split(" "), terms))]
                     if any(w.lower() in terms for w in doc_title.split(" ")) else [],
            "body": [highlighted(g, terms) for _ in range(g.int(1, 3))],
        },
    }


def make_comment(g: Gen, created: int, depth: int = 0) -> dict:
    """A comment; top-level ones embed a preview of their first replies, like most comment APIs.

    Replies are posted after their parent; replies to replies are only counted.
    """
    who = person(g)
    reply_count = g.int(1, 3 if depth else 14) if g.chance(30 if depth else 40) else 0
    shown = 0 if depth else min(reply_count, 2)
    replies = [make_comment(g, created + g.int(60, 2 * DAY), depth + 1) for _ in range(shown)]
    return {
        "id": f"cmt_{g.hex(12)}",
        "author": {"id": g.uuid(), "displayName": who["display"],
                   "avatarUrl": f"https://avatars.example.com/{g.hex(8)}.png" if g.chance(70) else None},
        "body": paragraph(g, 1, 4),
        "createdAt": iso(created),
        "editedAt": iso(created + g.int(60, 3 * DAY)) if g.chance(15) else None,
        "likes": g.int(0, 40) if g.chance(80) else g.int(41, 2500),
        "flagged": g.chance(3),
        "replyCount": reply_count,
        "replies": replies,
    }


def make_article(g: Gen) -> dict:
    who = person(g)
    heading = cap(title(g))
    body = []
    for _ in range(g.int(3, 7)):
        if g.chance(60):
            body.append({"type": "heading", "level": 2, "text": cap(title(g))})
        for _ in range(g.int(1, 4)):
            body.append({"type": "paragraph", "text": paragraph(g, 3, 7)})
        if g.chance(15):
            body.append({"type": "quote", "text": sentence(g)})
    words = sum(len(block["text"].split(" ")) for block in body)
    return {
        "id": g.uuid(),
        "slug": slug(heading),
        "title": heading,
        "subtitle": sentence(g) if g.chance(60) else None,
        "author": {"id": g.uuid(), "name": who["display"], "email": email(g, who)},
        "status": g.pick(("published", "published", "published", "draft", "archived")),
        "publishedAt": iso(g.int(0, 330 * DAY)),
        "tags": g.some(ARTICLE_TAGS, 1, 4),
        "language": "en",
        "wordCount": words,
        "readingTimeMinutes": max(1, words // 230),
        "summary": paragraph(g, 1, 2),
        "body": body,
    }


def config_value(g: Gen, key: str):
    """A setting value whose type matches the key's name, as in real config files."""
    if key in ("enabled", "strict", "async", "compress"):
        return g.chance(60)
    if key in ("timeoutMs", "maxConnections", "retries", "port", "priority", "batchSize"):
        return {"timeoutMs": g.int(1, 60) * 250, "maxConnections": g.int(4, 512),
                "retries": g.int(0, 7), "port": g.int(1025, 65000),
                "priority": g.int(0, 10), "batchSize": 2 ** g.int(3, 12)}[key]
    if key == "ratio":
        return Fixed(g.int(0, 1000), 3)
    if key == "ttl":
        return f"{g.int(1, 90)}{g.pick('smh')}"
    if key == "mode":
        return g.pick(("active", "passive", "shadow", "off"))
    if key == "logLevel":
        return g.pick(LOG_LEVELS)
    if key == "endpoint":
        return f"https://{g.pick(CONFIG_MODULES)}.internal.example:{g.int(8000, 9999)}/v{g.int(1, 3)}"
    if key == "region":
        return g.pick(REGIONS)
    if key == "tags":
        return g.some(USER_TAGS, 0, 3)
    if key == "owner":
        return f"team-{g.pick(CONFIG_MODULES)}@example.com"
    if key == "description":
        return sentence(g) if g.chance(70) else None
    raise KeyError(key)


CONFIG_KEYS = ("enabled", "strict", "async", "compress", "timeoutMs", "maxConnections", "retries",
               "port", "priority", "batchSize", "ratio", "ttl", "mode", "logLevel", "endpoint",
               "region", "tags", "owner", "description")


def config_node(g: Gen, depth: int, max_depth: int, wide_levels: int) -> dict:
    """A nested settings object.

    The first `wide_levels` levels branch into 1-3 sections; below that a single
    section continues (75% of the time) down to max_depth, which keeps files deep
    without growing exponentially.
    """
    node = {key: config_value(g, key) for key in g.some(CONFIG_KEYS, 2, 5)}
    if depth >= max_depth or (depth >= wide_levels and not g.chance(75)):
        return node
    count = g.int(1, 3) if depth < wide_levels else 1
    for section in g.some(CONFIG_SECTIONS, count, count):
        node[section] = config_node(g, depth + 1, max_depth, wide_levels)
    return node


def make_series(g: Gen, points: int, step: int) -> dict:
    """One request-latency time series: a random walk in microseconds, rendered in milliseconds."""
    labels = {
        "service": g.pick(SERVICES),
        "instance": f"10.{g.int(0, 3)}.{g.int(0, 255)}.{g.int(2, 254)}:8080",
        "method": g.pick(HTTP_METHODS),
        "route": g.pick(ROUTES),
        "status": str(g.pick(STATUS_CODES)),
    }
    value = g.int(300, 250_000)
    values = []
    for _ in range(points):
        value = max(1, value + g.int(-value // 8 - 5, value // 8 + 5))
        values.append(value)
    start = EPOCH_UNIX + g.int(0, 300) * DAY
    return {
        "labels": labels,
        "points": [[start + k * step, Fixed(v, 3)] for k, v in enumerate(values)],
        "summary": {"count": points, "min": Fixed(min(values), 3), "max": Fixed(max(values), 3),
                    "mean": Fixed(sum(values) // points, 3)},
    }


def walk(g: Gen, lon: int, lat: int, steps: int, stride: int) -> list[list[Fixed]]:
    """Coordinates in micro-degrees as a random walk, rendered with 6 decimals."""
    coords = []
    for _ in range(steps):
        lon += g.int(-stride, stride)
        lat += g.int(-stride, stride)
        coords.append([Fixed(lon, 6), Fixed(lat, 6)])
    return coords


def make_feature(g: Gen, center: tuple[int, int]) -> dict:
    lon = center[0] + g.int(-250_000, 250_000)
    lat = center[1] + g.int(-150_000, 150_000)
    shape = g.pick(("Point", "Point", "Point", "LineString", "LineString", "Polygon"))
    if shape == "Point":
        coordinates = [Fixed(lon, 6), Fixed(lat, 6)]
    elif shape == "LineString":
        coordinates = walk(g, lon, lat, g.int(4, 30), 900)
    else:
        ring = walk(g, lon, lat, g.int(4, 16), 1500)
        coordinates = [ring + [ring[0]]]  # closed ring, as GeoJSON requires
    return {
        "type": "Feature",
        "id": f"poi_{g.hex(10)}",
        "geometry": {"type": shape, "coordinates": coordinates},
        "properties": {
            "name": f"{cap(g.pick(ADJECTIVES))} {g.pick(STREET_NAMES)} {g.pick(PLACE_KINDS)}",
            "category": g.pick(PLACE_CATEGORIES),
            "elevationM": g.int(-5, 1800) if g.chance(70) else None,
            "accuracyM": Fixed(g.int(5, 5000), 1),
            "verified": g.chance(60),
            "updatedAt": iso(g.int(0, 330 * DAY)),
        },
    }


# --------------------------------------------------------------------------
# Sizing
# --------------------------------------------------------------------------

class Prefixes:
    """Lazily created units and memoised renderings of their prefixes units[:n].

    Units are created strictly in order, so which units exist depends only on the
    seed, never on how many sizes were probed. `render` must not draw random
    numbers (the number of probes would leak into the output): everything it
    needs besides the units is drawn before sizing starts.
    """

    def __init__(self, make_unit, render, minimum: int = 1, limit: int | None = None):
        self.make_unit, self.render = make_unit, render
        self.minimum, self.limit = minimum, limit
        self.units: list = []
        self.texts: dict[int, str] = {}

    def text(self, n: int) -> str:
        while len(self.units) < n:
            self.units.append(self.make_unit(len(self.units)))
        if n not in self.texts:
            self.texts[n] = self.render(self.units[:n])
        return self.texts[n]

    def size(self, n: int) -> int:
        return len(self.text(n).encode("utf-8"))

    def bracket(self, target: int) -> tuple[int, int]:
        """(lo, hi) with size(lo) < target <= size(hi), or lo == hi at either end of the range."""
        lo = hi = self.minimum
        if self.size(lo) >= target:
            return lo, lo
        if self.limit is not None:  # bounded range: plain bisection
            if self.size(self.limit) < target:
                return self.limit, self.limit
            hi = self.limit
        while self.size(hi) < target:
            lo = hi
            # proportional guess, 5% high so that one overshoot usually brackets the target
            hi = max(hi + 1, hi * target * 21 // (self.size(hi) * 20))
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if self.size(mid) >= target:
                hi = mid
            else:
                lo = mid
        return lo, hi

    def closest(self, target: int) -> str:
        lo, hi = self.bracket(target)
        return self.text(min((lo, hi), key=lambda n: (abs(self.size(n) - target), n)))

    def largest_within(self, target: int) -> int:
        lo, hi = self.bracket(target)
        return hi if self.size(hi) <= target else lo


def fit(target: int, make_unit: Callable[[int], object], render: Callable[[list], str]) -> str:
    """Render the document with the number of units whose byte size is closest to `target`."""
    return Prefixes(make_unit, render).closest(target)


def fit_padded(target: int, make_unit, render, make_pad, pad_limit: int) -> str:
    """Like fit(), for documents whose units are large compared with the target.

    If whole units alone cannot get within 1% of `target`, takes as many units
    as fit under it and closes the gap with up to `pad_limit` small pads that
    have a natural variable-length home in the document (characters appended
    to an opaque paging cursor, entries of a config's environment list).
    `render(units, pads)` builds the document; `make_pad` must use its own
    random stream (see cursor_chars) so pads do not depend on how many units
    were probed.
    """
    units = Prefixes(make_unit, lambda us: render(us, []))
    lo, hi = units.bracket(target)
    best = min((lo, hi), key=lambda n: (abs(units.size(n) - target), n))
    if abs(units.size(best) - target) * 100 <= target:
        return units.text(best)
    chosen = units.units[:units.largest_within(target)]
    pads = Prefixes(make_pad, lambda ps: render(chosen, ps), minimum=0, limit=pad_limit)
    return pads.closest(target)


CURSOR_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def cursor(g: Gen, length: int) -> str:
    """An opaque base64url paging cursor."""
    return "".join(g.pick(CURSOR_ALPHABET) for _ in range(length))


def cursor_chars(g: Gen):
    """make_pad for opaque base64url paging cursors, on a stream split off `g`."""
    own = Gen(g.int(0, 2 ** 32))
    return lambda i: own.pick(CURSOR_ALPHABET)


def env_vars(g: Gen):
    """make_pad for a config's environment variable list, on a stream split off `g`."""
    own = Gen(g.int(0, 2 ** 32))

    def make(i):
        key = own.pick(CONFIG_KEYS[:-3])  # not tags/owner/description: env values are short
        name = "_".join((own.pick(CONFIG_MODULES), own.pick(CONFIG_SECTIONS), key))
        return {"name": re.sub(r"(?<=[a-z])(?=[A-Z])", "_", name).upper(),
                "value": xml_text(config_value(own, key))}
    return make


# --------------------------------------------------------------------------
# Documents: one builder per kind.  Signature: (g, target_bytes, pretty) -> text
# --------------------------------------------------------------------------

def tiny_user_json(g: Gen, target: int, pretty: bool) -> str:
    who = g.pick(UNICODE_PEOPLE)  # always non-ASCII: the smallest file still has multibyte text
    user_id = f"usr_{g.hex(12)}"
    words = word_stream(g)
    return fit(target, lambda i: next(words), lambda bio: to_json(
        {"id": user_id, "name": who[2], "active": True, "bio": clip_words(bio)}, pretty))


def problem_json(g: Gen, target: int, pretty: bool) -> str:
    """An RFC 7807 problem-details error body."""
    request_id = g.hex(32)
    order_id = g.uuid()
    words = word_stream(g)
    return fit(target, lambda i: next(words), lambda detail: to_json({
        "type": "https://api.example.com/problems/validation-error",
        "title": "Request validation failed",
        "status": 422,
        "detail": clip_words(detail),
        "instance": f"/api/v1/orders/{order_id}",
        "traceId": request_id,
    }, pretty))


def single_order_json(g: Gen, target: int, pretty: bool) -> str:
    """A GET /orders/{id} body: the order summary, without line items or address."""
    order = make_order(g, g.int(1, 99_999), max_items=1)
    summary = {key: order[key] for key in (
        "id", "orderNumber", "status", "customer", "currency", "total", "paymentMethod",
        "giftWrap", "placedAt", "shippedAt")}
    words = word_stream(g)
    return fit(target, lambda i: next(words),
               lambda notes: to_json({**summary, "notes": clip_words(notes) or None}, pretty))


def project(record: dict, fields: tuple[str, ...] | None) -> dict:
    """Apply a sparse fieldset (?fields=a,b), as many REST APIs allow."""
    return record if fields is None else {key: record[key] for key in fields}


def users_json(g: Gen, target: int, pretty: bool, fields: tuple[str, ...] | None = None) -> str:
    extra, after = g.int(0, 5000), cursor(g, 24)
    query = "" if fields is None else "&fields=" + ",".join(fields)

    def render(users, pads):
        url = f"/api/v1/users?limit={len(users)}{query}"
        return to_json({
            "data": users,
            "meta": {"count": len(users), "total": len(users) + extra, "limit": len(users)},
            "links": {"self": url, "next": f"{url}&after={after}{''.join(pads)}"},
        }, pretty)

    return fit_padded(target, lambda i: project(make_user(g), fields), render, cursor_chars(g), 200)


def orders_json(g: Gen, target: int, pretty: bool) -> str:
    first_number = g.int(1000, 50_000)
    this_cursor, next_cursor = cursor(g, 24), cursor(g, 24)

    def render(orders, pads):
        return to_json({
            "orders": orders,
            "pagination": {"cursor": this_cursor, "nextCursor": next_cursor + "".join(pads),
                           "limit": len(orders), "hasMore": True},
        }, pretty)

    return fit_padded(target, lambda i: make_order(g, first_number + i), render, cursor_chars(g), 200)


def catalog_json(g: Gen, target: int, pretty: bool) -> str:
    category, label = g.pick((("home-office", "Home Office"), ("outdoor", "Outdoor"),
                              ("kitchen", "Kitchen"), ("audio", "Audio")))
    extra, sort = g.int(10, 900), g.pick(("relevance", "price_asc", "newest"))
    return fit(target, lambda i: make_product(g), lambda products: to_json({
        "category": {"slug": category, "name": label,
                     "breadcrumbs": [{"name": "Home", "url": "/"},
                                     {"name": label, "url": f"/c/{category}"}]},
        "page": {"number": 1, "size": len(products), "totalElements": len(products) + extra,
                 "sort": sort},
        "filters": {"inStockOnly": False, "priceMax": None, "brands": []},
        "products": products,
    }, pretty))


def search_json(g: Gen, target: int, pretty: bool) -> str:
    terms = [g.pick(NOUNS), g.pick(ADJECTIVES)]
    took, extra = g.int(3, 250), g.int(100, 20_000)
    facets = {source: g.int(1, 5000) for source in SEARCH_SOURCES}
    score = [g.int(1_500_000, 2_500_000)]

    def next_hit(i):  # scores decrease monotonically, as in a ranked result list
        score[0] = score[0] * g.int(9_850, 9_990) // 10_000
        return make_hit(g, terms, score[0])

    return fit(target, next_hit, lambda hits: to_json({
        "query": {"text": " ".join(terms), "fields": ["title^2", "body"], "operator": "or"},
        "took": took,
        "timedOut": False,
        "total": {"value": len(hits) + extra, "relation": "eq" if extra < 10_000 else "gte"},
        "maxScore": hits[0]["score"],
        "hits": hits,
        "facets": {"category": [{"value": k, "count": v} for k, v in facets.items()]},
    }, pretty))


def events_json(g: Gen, target: int, pretty: bool, fields: tuple[str, ...] | None = None) -> str:
    clock = [g.int(0, 300 * DAY) * 1000]
    token = cursor(g, 32)

    def next_event(i):  # audit logs are ordered by time
        clock[0] += g.int(0, 90_000)
        return project(make_event(g, clock[0]), fields)

    def render(events, pads):
        return to_json({"events": events, "count": len(events),
                        "nextPageToken": token + "".join(pads)}, pretty)

    return fit_padded(target, next_event, render, cursor_chars(g), 200)


def module_name(i: int) -> str:
    return f"{CONFIG_MODULES[i % len(CONFIG_MODULES)]}-{i // len(CONFIG_MODULES) + 1}"


def config_json(g: Gen, target: int, pretty: bool, max_depth: int, wide_levels: int) -> str:
    revision, description = g.int(100, 9999), sentence(g)
    env = env_vars(g)
    base_env = [env(i) for i in range(4)]  # fit_padded appends more from the same stream

    def next_module(i):
        return module_name(i), config_node(g, 0, max_depth, wide_levels)

    def render(modules, extra_env):
        return to_json({
            "apiVersion": "config.example.com/v3",
            "kind": "ServiceConfig",
            "metadata": {"name": "platform", "revision": revision, "labels": {"tier": "backend"},
                         "annotations": {"description": description}},
            "spec": {"env": base_env + extra_env, "modules": dict(modules)},
        }, pretty)

    return fit_padded(target, next_module, render, env, 200)


def metrics_json(g: Gen, target: int, pretty: bool, points: int) -> str:
    return fit(target, lambda i: make_series(g, points, 60), lambda series: to_json({
        "metric": "http_server_request_duration_ms",
        "unit": "milliseconds",
        "stepSeconds": 60,
        "resultType": "matrix",
        "series": series,
    }, pretty))


def geo_json(g: Gen, target: int, pretty: bool) -> str:
    center = (g.int(-120_000_000, 150_000_000), g.int(-40_000_000, 60_000_000))
    return fit(target, lambda i: make_feature(g, center), lambda features: to_json(
        {"type": "FeatureCollection", "features": features}, pretty))


def comments_json(g: Gen, target: int, pretty: bool) -> str:
    post_id, extra, next_cursor = g.uuid(), g.int(0, 400), cursor(g, 24)
    clock = [g.int(0, 30 * DAY)]

    def next_comment(i):  # a thread grows over time; the page shows the newest first
        clock[0] += g.int(60, DAY)
        return make_comment(g, clock[0])

    def render(comments, pads):
        return to_json({
            "postId": post_id,
            "sort": "newest",
            "comments": comments[::-1],
            "total": len(comments) + extra,
            "nextCursor": next_cursor + "".join(pads),
        }, pretty)

    return fit_padded(target, next_comment, render, cursor_chars(g), 200)


def articles_json(g: Gen, target: int, pretty: bool) -> str:
    return fit(target, lambda i: make_article(g), lambda articles: to_json(
        {"articles": articles, "count": len(articles)}, pretty))


# ---- XML renderings of the same records -----------------------------------

def user_xml(user: dict) -> El:
    addr = user["address"]
    return el("user", {"id": user["id"], "role": user["role"], "status": user["status"],
                       "emailVerified": user["emailVerified"]},
              leaf("username", user["username"]),
              leaf("displayName", user["displayName"]),
              leaf("email", user["email"]),
              leaf("phone", user["phone"]),
              el("preferences", {"locale": user["locale"], "timezone": user["timezone"],
                                 "mfaEnabled": user["mfaEnabled"]}),
              addr and el("address", {"country": addr["country"]},
                          leaf("line1", addr["line1"]), leaf("line2", addr["line2"]),
                          leaf("city", addr["city"]), leaf("postalCode", addr["postalCode"])),
              el("tags", None, *(leaf("tag", t) for t in user["tags"])),
              leaf("createdAt", user["createdAt"]),
              leaf("lastLoginAt", user["lastLoginAt"]))


def tiny_user_xml(g: Gen, target: int, pretty: bool) -> str:
    user = make_user(g)
    words = word_stream(g)
    return fit(target, lambda i: next(words), lambda bio: to_xml(
        el("user", {"id": user["id"], "status": user["status"]},
           leaf("name", user["displayName"]), leaf("email", user["email"]),
           leaf("bio", clip_words(bio))), pretty))


def users_xml(g: Gen, target: int, pretty: bool) -> str:
    extra = g.int(0, 5000)
    return fit(target, lambda i: user_xml(make_user(g)), lambda users: to_xml(
        el("users", {"page": 1, "perPage": len(users), "total": len(users) + extra}, *users), pretty))


def order_xml(order: dict) -> El:
    addr, customer = order["shippingAddress"], order["customer"]
    return el("order", {"id": order["id"], "number": order["orderNumber"],
                        "status": order["status"], "currency": order["currency"]},
              el("customer", {"id": customer["id"]},
                 leaf("name", customer["name"]), leaf("email", customer["email"])),
              el("items", None, *(
                  el("item", {"line": li["lineNumber"], "sku": li["sku"], "quantity": li["quantity"]},
                     leaf("name", li["productName"]), leaf("unitPrice", li["unitPrice"]),
                     leaf("discount", li["discount"]), leaf("total", li["total"]))
                  for li in order["items"])),
              el("totals", {"subtotal": order["subtotal"], "tax": order["tax"],
                            "shipping": order["shippingCost"], "total": order["total"]}),
              el("shipping", {"method": order["shippingMethod"], "giftWrap": order["giftWrap"]},
                 el("address", {"country": addr["country"]},
                    leaf("line1", addr["line1"]), leaf("line2", addr["line2"]),
                    leaf("city", addr["city"]), leaf("postalCode", addr["postalCode"]))),
              leaf("payment", order["paymentMethod"]),
              leaf("notes", order["notes"]),
              leaf("placedAt", order["placedAt"]),
              leaf("shippedAt", order["shippedAt"]),
              leaf("updatedAt", order["updatedAt"]))


def orders_xml(g: Gen, target: int, pretty: bool) -> str:
    first_number = g.int(1000, 50_000)
    return fit(target, lambda i: order_xml(make_order(g, first_number + i)), lambda orders: to_xml(
        el("orders", {"count": len(orders), "hasMore": True}, *orders), pretty))


def event_xml(event: dict) -> El:
    actor, target, req = event["actor"], event["target"], event["request"]
    return el("event", {"id": event["id"], "type": event["type"], "severity": event["severity"],
                        "timestamp": event["timestamp"]},
              el("actor", {"type": actor["type"], "id": actor["id"], "ip": actor["ip"]},
                 leaf("name", actor["name"])),
              el("target", {"type": target["type"], "id": target["id"]}),
              el("request", {"id": req["id"], "method": req["method"], "status": req["status"],
                             "durationMs": req["durationMs"]},
                 leaf("path", req["path"]), leaf("userAgent", req["userAgent"])),
              event["changes"] and el("changes", None, *(
                  el("change", {"field": c["field"]}, leaf("old", c["old"]), leaf("new", c["new"]))
                  for c in event["changes"])),
              el("metadata", event["metadata"]))


def events_xml(g: Gen, target: int, pretty: bool) -> str:
    clock = [g.int(0, 300 * DAY) * 1000]

    def next_event(i):
        clock[0] += g.int(0, 90_000)
        return event_xml(make_event(g, clock[0]))

    return fit(target, next_event, lambda events: to_xml(
        el("auditLog", {"count": len(events)}, *events), pretty))


def product_xml(p: dict) -> El:
    price, attrs = p["price"], p["attributes"]
    dims = attrs["dimensionsMm"]
    return el("product", {"id": p["id"], "sku": p["sku"], "inStock": p["inStock"]},
              leaf("name", p["name"]),
              leaf("brand", p["brand"]),
              leaf("description", p["description"]),
              el("price", {"currency": price["currency"], "amount": price["amount"],
                           "compareAt": price["compareAt"]}),
              el("stock", {"quantity": p["stockQuantity"]}),
              el("rating", {"average": p["rating"]["average"], "count": p["rating"]["count"]}),
              el("attributes", None,
                 el("attribute", {"name": "color", "value": attrs["color"]}),
                 el("attribute", {"name": "material", "value": attrs["material"]}),
                 el("attribute", {"name": "weightGrams", "value": attrs["weightGrams"]}),
                 el("dimensions", {"unit": "mm", "width": dims["width"], "height": dims["height"],
                                   "depth": dims["depth"]})),
              el("variants", None, *(
                  el("variant", {"sku": v["sku"], "size": v["size"], "color": v["color"],
                                 "price": v["price"], "available": v["available"]})
                  for v in p["variants"])),
              el("images", None, *(
                  el("image", {"url": i["url"], "width": i["width"], "height": i["height"]},
                     leaf("alt", i["alt"]))
                  for i in p["images"])),
              el("tags", None, *(leaf("tag", t) for t in p["tags"])),
              leaf("createdAt", p["createdAt"]),
              leaf("updatedAt", p["updatedAt"]))


def catalog_xml(g: Gen, target: int, pretty: bool) -> str:
    category = g.pick(("home-office", "outdoor", "kitchen", "audio", "apparel", "fitness"))
    return fit(target, lambda i: product_xml(make_product(g)), lambda products: to_xml(
        el("catalog", {"category": category, "page": 1, "size": len(products)}, *products), pretty))


def config_xml_node(name: str, node: dict) -> El:
    """Scalars become <setting> elements, nested dicts become nested <section> elements."""
    children = []
    for key, value in node.items():
        if isinstance(value, dict):
            children.append(config_xml_node(key, value))
        elif isinstance(value, list):
            children.append(el("setting", {"key": key, "type": "list"},
                               *(leaf("item", v) for v in value)))
        elif value is None:
            children.append(el("setting", {"key": key, "null": True}))
        else:
            kind = ("boolean" if isinstance(value, bool) else "integer" if isinstance(value, int)
                    else "decimal" if isinstance(value, Fixed) else "string")
            children.append(leaf("setting", value, {"key": key, "type": kind}))
    return el("section", {"name": name}, *children)


def config_xml(g: Gen, target: int, pretty: bool, max_depth: int, wide_levels: int) -> str:
    revision, description = g.int(100, 9999), sentence(g)
    env = env_vars(g)
    base_env = [env(i) for i in range(4)]  # fit_padded appends more from the same stream

    def next_module(i):
        return config_xml_node(module_name(i), config_node(g, 0, max_depth, wide_levels))

    def render(modules, extra_env):
        return to_xml(el("configuration", {"xmlns": "urn:example:rest-compress:config:3",
                                           "name": "platform", "revision": revision},
                         leaf("description", description),
                         el("environment", None, *(el("variable", v) for v in base_env + extra_env)),
                         *modules), pretty)

    return fit_padded(target, next_module, render, env, 200)


def metrics_xml(g: Gen, target: int, pretty: bool, points: int) -> str:
    def next_series(i):
        s = make_series(g, points, 60)
        return el("series", None,
                  el("labels", None, *(el("label", {"name": k, "value": v})
                                       for k, v in s["labels"].items())),
                  el("points", None, *(el("p", {"t": t, "v": v}) for t, v in s["points"])),
                  el("summary", s["summary"]))

    return fit(target, next_series, lambda series: to_xml(
        el("timeseries", {"metric": "http_server_request_duration_ms", "unit": "milliseconds",
                          "step": 60}, *series), pretty))


def feed_xml(g: Gen, target: int, pretty: bool) -> str:
    """An Atom-style news feed (own namespace): the text-heavy XML case."""
    feed_id = g.uuid()

    def next_entry(i):
        a = make_article(g)
        paragraphs = [b for b in a["body"] if b["type"] != "heading"]
        return el("entry", {"id": f"urn:uuid:{a['id']}", "status": a["status"]},
                  leaf("title", a["title"]),
                  leaf("subtitle", a["subtitle"]),
                  el("link", {"rel": "alternate", "href": f"https://blog.example.com/{a['slug']}"}),
                  el("author", None, leaf("name", a["author"]["name"]),
                     leaf("email", a["author"]["email"])),
                  leaf("published", a["publishedAt"]),
                  *(el("category", {"term": t}) for t in a["tags"]),
                  leaf("summary", a["summary"]),
                  el("content", {"type": "text", "words": a["wordCount"]},
                     *(leaf("p", b["text"]) for b in paragraphs)))

    return fit(target, next_entry, lambda entries: to_xml(
        el("feed", {"xmlns": "urn:example:rest-compress:feed", "id": f"urn:uuid:{feed_id}"},
           leaf("title", "Engineering notes"),
           el("link", {"rel": "self", "href": "https://blog.example.com/feed.xml"}),
           *entries), pretty))


# --------------------------------------------------------------------------
# The corpus
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class Spec:
    name: str  # <kind>-<size label>.<ext>; "-min" kinds are compact
    seed: int
    build: Callable[[Gen, int, bool], str]
    description: str

    @property
    def pretty(self) -> bool:
        return "-min-" not in self.name

    @property
    def target(self) -> int:
        number, unit = re.search(r"-(\d+)([bkm])\.(?:json|xml)$", self.name).groups()
        return int(number) * {"b": 1, "k": 1000, "m": 1_000_000}[unit]


# Seeds are arbitrary but fixed. Each file has its own, so adding, removing or
# reordering entries leaves the other files' bytes alone.
SPECS = (
    Spec("object-100b.json", 101, tiny_user_json, "single user resource, non-ASCII name"),
    Spec("object-300b.xml", 102, tiny_user_xml, "single user resource"),
    Spec("problem-300b.json", 103, problem_json, "RFC 7807 problem-details error"),
    Spec("object-700b.json", 104, single_order_json, "single order summary"),
    Spec("users-min-1k.json", 201,
         partial(users_json, fields=("id", "username", "displayName", "email", "status")),
         "user list page, sparse fieldset"),
    Spec("events-min-1k.json", 202,
         partial(events_json, fields=("id", "type", "severity", "timestamp", "actor")),
         "audit log events, sparse fieldset"),
    Spec("users-2k.json", 203,
         partial(users_json, fields=("id", "username", "displayName", "email", "role", "status",
                                     "locale", "createdAt", "lastLoginAt")),
         "user list page, sparse fieldset"),
    Spec("config-3k.json", 204, partial(config_json, max_depth=6, wide_levels=0),
         "nested service configuration"),
    Spec("metrics-3k.xml", 205, partial(metrics_xml, points=5), "metrics time series"),
    Spec("search-5k.json", 206, search_json, "search results with highlights and facets"),
    Spec("users-5k.xml", 207, users_xml, "user list page"),
    Spec("events-min-8k.json", 208, events_json, "audit log events"),
    Spec("comments-10k.json", 209, comments_json, "comments with reply previews (text-heavy)"),
    Spec("geo-min-10k.json", 210, geo_json, "GeoJSON points, lines and polygons"),
    Spec("orders-20k.json", 301, orders_json, "orders with line items and totals"),
    Spec("config-20k.xml", 302, partial(config_xml, max_depth=10, wide_levels=2),
         "deeply nested service configuration"),
    Spec("orders-min-30k.json", 303, orders_json, "orders with line items and totals"),
    Spec("orders-30k.xml", 304, orders_xml, "orders with line items and totals"),
    Spec("geo-40k.json", 305, geo_json, "GeoJSON points, lines and polygons"),
    Spec("catalog-50k.json", 306, catalog_json, "product catalog page"),
    Spec("metrics-min-50k.json", 307, partial(metrics_json, points=60), "metrics time series"),
    Spec("config-60k.json", 308, partial(config_json, max_depth=12, wide_levels=2),
         "deeply nested service configuration"),
    Spec("events-min-70k.xml", 309, events_xml, "audit log events"),
    Spec("articles-80k.json", 310, articles_json, "articles with structured bodies (text-heavy)"),
    Spec("catalog-100k.xml", 311, catalog_xml, "product catalog page"),
    Spec("search-100k.json", 312, search_json, "search results with highlights and facets"),
    Spec("comments-150k.json", 401, comments_json, "comments with reply previews (text-heavy)"),
    Spec("users-min-200k.json", 402, users_json, "user list page with meta and links"),
    Spec("events-300k.json", 403, events_json, "audit log events"),
    Spec("metrics-500k.json", 404, partial(metrics_json, points=240), "metrics time series"),
    Spec("feed-500k.xml", 405, feed_xml, "Atom-style article feed (text-heavy)"),
    Spec("catalog-1m.json", 406, catalog_json, "product catalog page"),
    Spec("orders-min-2m.json", 501, orders_json, "orders with line items and totals"),
    Spec("catalog-2m.xml", 502, catalog_xml, "product catalog page"),
)


def generate(spec: Spec) -> bytes:
    data = spec.build(Gen(spec.seed), spec.target, spec.pretty).encode("utf-8")
    validate(spec, data)
    return data


def validate(spec: Spec, data: bytes):
    """Fail loudly if a serialiser or a size estimate went wrong."""
    if spec.name.endswith(".json"):
        json.loads(data)
    else:
        ET.fromstring(data)
    deviation = abs(len(data) - spec.target) * 100 / spec.target
    if deviation > SIZE_TOLERANCE_PERCENT or len(data) > MAX_FILE_BYTES:
        raise AssertionError(f"{spec.name}: {len(data)} bytes is too far from {spec.target}")


def human(size: int) -> str:
    if size < 1000:
        return f"{size} B"
    if size < 1_000_000:
        return f"{size // 1000}.{size // 100 % 10} kB" if size < 10_000 else f"{size // 1000} kB"
    return f"{size // 1_000_000}.{size // 10_000 % 100:02d} MB"


README_HEAD = """\
# testdata

Synthetic REST API payloads (JSON and XML) for the content-encoding tests and
benchmarks: list responses (users, orders with line items), search results with
highlights, product catalog pages, audit/event logs, deeply nested config trees,
numbers-heavy data (metrics time series, GeoJSON coordinates) and text-heavy
data (articles, comments, an Atom-style feed).

Every file is produced by [`generate.py`](generate.py) (Python 3.11+, standard
library only) from fixed seeds and small built-in word lists. Nothing is copied
from real data: names, ids, e-mail addresses (`example.com` and friends), IP
addresses (RFC 5737 documentation ranges) and all text are generated. A few
entries use non-ASCII names (accented Latin, Cyrillic, Greek, CJK); all files
are UTF-8 with LF line endings.

**Do not edit the files by hand**: change `generate.py` and regenerate.

## Regenerate

    python3 testdata/generate.py

Works from any directory and rewrites the files next to the script. Output is
byte-for-byte identical on every run and machine.

## Check (for CI)

    python3 testdata/generate.py --check

Regenerates everything in memory and exits with status 1 if any file (including
this README) is missing or differs, or if an unexpected `.json`/`.xml` file is
present. The generator also parses every file it produces and checks its size.

## Files

File names are `<kind>-<size>.<ext>`. Size labels are decimal (`1k` = 1,000
bytes, `1m` = 1,000,000 bytes) and actual sizes are within 10% of the label.
Kinds ending in `-min` are compact (no insignificant whitespace); the others are
pretty-printed with a 2-space indent.

| File | Bytes | Size | Format | Style | Contents |
|------|------:|-----:|--------|-------|----------|
"""


def readme(outputs: dict[str, bytes]) -> bytes:
    rows = []
    for spec in SPECS:
        size = len(outputs[spec.name])
        fmt = "JSON" if spec.name.endswith(".json") else "XML"
        style = "pretty" if spec.pretty else "compact"
        rows.append(f"| `{spec.name}` | {size:,} | {human(size)} | {fmt} | {style} | {spec.description} |\n")
    total = sum(len(outputs[spec.name]) for spec in SPECS)
    footer = f"\n{len(SPECS)} files, {total:,} bytes in total.\n"
    return (README_HEAD + "".join(rows) + footer).encode("utf-8")


def build_all() -> dict[str, bytes]:
    outputs = {spec.name: generate(spec) for spec in SPECS}
    total = sum(len(data) for data in outputs.values())
    if total > MAX_TOTAL_BYTES:
        raise AssertionError(f"corpus is {total} bytes, above the {MAX_TOTAL_BYTES} budget")
    outputs["README.md"] = readme(outputs)
    return outputs


def stray_files(outputs: dict[str, bytes]) -> list[str]:
    return sorted(p.name for p in OUT_DIR.iterdir()
                  if p.suffix in (".json", ".xml", ".ndjson") and p.name not in outputs)


def check(outputs: dict[str, bytes]) -> int:
    problems = []
    for name, data in outputs.items():
        path = OUT_DIR / name
        if not path.is_file():
            problems.append(f"missing: {name}")
        elif path.read_bytes() != data:
            problems.append(f"differs: {name}")
    problems += [f"unexpected: {name}" for name in stray_files(outputs)]
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print("testdata is out of date: run python3 testdata/generate.py", file=sys.stderr)
        return 1
    print(f"ok: {len(outputs)} files match")
    return 0


def write(outputs: dict[str, bytes]) -> int:
    for name, data in outputs.items():
        path = OUT_DIR / name
        if not path.is_file() or path.read_bytes() != data:
            path.write_bytes(data)
            print(f"wrote {name} ({len(data):,} bytes)")
    for name in stray_files(outputs):
        print(f"warning: {name} is not produced by this generator", file=sys.stderr)
    print(f"{len(outputs)} files up to date in {OUT_DIR}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="regenerate in memory and exit 1 if any file differs or is missing")
    args = parser.parse_args()
    outputs = build_all()
    return check(outputs) if args.check else write(outputs)


if __name__ == "__main__":
    sys.exit(main())
