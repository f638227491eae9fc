#!/usr/bin/env python3
"""A small HTTP server that speaks the ServiceStack JSON protocol, for DTOKit's client tests.

Standard library only. It serves the operations described by ../testservices.metadata.json (the
same snapshot the test target turns into Swift DTOs) plus the ServiceStack built-ins Authenticate
and GetAccessToken, and, with --techstacks-data DIR, a few TechStacks services from JSON files.

Protocol, as a ServiceStack server does it:
  * pre-defined routes  /api/{Name} and /json/reply/{Name} (names case-insensitive), and the custom
    routes of the snapshot ([Route("/hello/{Name}", "GET,POST")]), verbs honoured;
  * request binding from path variables, the query string and form fields (JSV values: `[a,b]`,
    `{K:V}`, quoted strings with doubled quotes), JSON bodies and multipart/form-data; values are converted by
    the property's CLR type from the snapshot; member names match ignoring case;
  * JSON responses with camelCase members, nulls left out, dates as \\/Date(ms)\\/, TimeSpans as
    XSD durations, Guids as 32 hex digits, byte[] as Base64;
  * errors as {"responseStatus":{"errorCode","message","stackTrace","errors":[{"errorCode",
    "fieldName","message","meta"}]}} with the HTTP status of the exception;
  * every 401 with `WWW-Authenticate: basic realm="/auth/basic"`, as ServiceStack answers a failed
    [Authenticate] for its first auth provider (a test may name another: X-Test-Auth-Provider);
  * JWT-style auth: Authenticate issues a bearer token and refresh token (in the body, and as the
    ss-tok / ss-reftok cookies); GetAccessToken exchanges the refresh token for a new bearer token;
    Secured also takes `Authorization: Basic` with a known user's password;
  * one-way requests at /json/oneway/{Name} (run inline, as a server without a message queue does)
    and at /api/{Name} (run as any request, as ServiceStack does there);
  * a non-nullable enum property of a response left unset written as `"0"` when the enum has no
    member 0, as ServiceStack.Text writes it (`0` with endpoint routing);
  * auto-batched requests: a JSON array POSTed to /api/{Name}[], /json/reply/{Name}[] or
    /json/oneway/{Name}[], run in order; the responses as an array with X-AutoBatch-Completed, or
    the first failing request's error with responseStatus.meta.AutoBatchIndex.

Usage:
  python3 testserver.py [--port 0] [--host 127.0.0.1] [--techstacks-data DIR] [--exit-on-stdin-close]

The first line on stdout is `PORT <n>` (flushed), the port the server listens on; the next is
`ENDPOINTSPORT <n>`, where the same services answer as a ServiceStack 8 server on endpoint routing
with System.Text.Json does (see endpointrouting.py); with `--tls-cert FILE` the next is `TLSPORT <n>`,
where the same services answer over TLS with that certificate (`self-signed.pem`: one no client trusts).

Test-only endpoints: GET /_test/stats returns request counters ({"requests":…, "getAccessToken":…,
"authenticate":…, "secured":…}); POST /_test/reset clears stored values and counters;
GET /_test/headers echoes the request headers as JSON; GET /_test/set-cookie?c=…&status=N&to=URL
answers with the Set-Cookie headers given, as written (see `test_endpoint`); GET /_test/challenge always
answers 401 with a Basic challenge, counting the requests that carried `Authorization`; POST /_test/echo answers with the body it got;
POST /_test/upload-check?length=N&crc=C counts `upload-ok` when the body it took whole is the one
described, else `upload-bad` (a request cut short and taken for whole; a broken one counts `broken:…`); /_test/redirect?to=URL
answers 302 (or ?status=301|303|307|308) to URL;
GET /_test/flaky?key=K&failures=N answers 503 to the first N requests for K, then {"attempts": n};
GET /_test/arm-drop answers, then closes its kept-alive connection when the next request arrives on it,
without answering (counter `dropped:METHOD PATH`; every request counts `received:METHOD PATH`);
GET /_test/fault/NAME misbehaves as a broken server or proxy would (see `serve_fault`);
POST /_test/autoquery?maxLimit=N&total=always|asked|absent|zero changes how AutoQuery pages (see
AUTOQUERY_DEFAULTS); GET /_test/cached?key=K answers with HTTP caching headers and 304s as ServiceStack's HttpCacheFeature
does, POST /_test/cached?key=K changes what it answers (see `serve_cached`).

Server Events (/event-stream and the rest, and their test controls): see serverevents.py.
"""

import argparse
import base64
import binascii
import datetime as dt
import email.utils
import json
import os
import re
import secrets
import signal
import socket
import ssl
import struct
import sys
import threading
import time
import zlib
from decimal import Decimal, InvalidOperation
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, unquote

import endpointrouting
import serverevents

HERE = os.path.dirname(os.path.abspath(__file__))
# Whether the request this thread serves came to the endpoint-routing port (see endpointrouting.py).
MODE = threading.local()


def endpoint_routing():
    return getattr(MODE, "endpoint_routing", False)

DEFAULT_METADATA = os.path.join(HERE, "..", "testservices.metadata.json")
TICKS_PER_SECOND = 10_000_000


# ---------------------------------------------------------------------------------------------
# Errors


class HttpError(Exception):
    """An error response: status, ServiceStack responseStatus, or a raw body."""

    def __init__(self, status, error_code, message, field_errors=None, stack_trace=None,
                 raw_body=None, content_type=None, headers=None):
        super().__init__(message)
        self.headers = headers or {}
        self.meta = None
        self.status = status
        self.error_code = error_code
        self.message = message
        self.field_errors = field_errors or []
        self.stack_trace = stack_trace
        self.raw_body = raw_body
        self.content_type = content_type

    def body(self):
        status = {"errorCode": self.error_code, "message": self.message}
        if self.stack_trace:
            status["stackTrace"] = self.stack_trace
        if self.field_errors:
            status["errors"] = self.field_errors
        if self.meta:
            status["meta"] = self.meta
        return {"responseStatus": status}


def bad_request(message, code="SerializationException"):
    return HttpError(400, code, message)


# ---------------------------------------------------------------------------------------------
# Types from the metadata snapshot

SCALARS = {"String", "Int16", "Int32", "Int64", "UInt16", "UInt32", "UInt64", "Byte", "SByte", "Double",
           "Single", "Decimal", "Boolean", "DateTime", "DateTimeOffset", "DateOnly", "TimeSpan", "Guid", "Char",
           "Object"}
LIST_TYPES = {"List", "IList", "IEnumerable", "ICollection", "HashSet", "Queue", "Stack", "IReadOnlyList"}
DICT_TYPES = {"Dictionary", "IDictionary", "SortedDictionary", "IReadOnlyDictionary"}


class Schema:
    """DTO and enum definitions by name, and the operations with their routes."""

    def __init__(self):
        self.dtos = {}       # name -> [(propName, typeSpec)]
        self.enums = {}      # name -> {"names": [...], "values": [...], "members": [...]}
        self.operations = {}  # lower name -> {"name", "routes": [(path, verbs)], "method"}

    def load(self, path):
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        raw_types = list(doc.get("types", []))
        for op in doc.get("operations", []):
            raw_types.append(op["request"])
            if op.get("response"):
                raw_types.append(op["response"])
        for t in raw_types:
            if t.get("isEnum"):
                self.enums[t["name"]] = {"names": t.get("enumNames", []), "values": t.get("enumValues"),
                                         "members": t.get("enumMemberValues")}
        for t in raw_types:
            if not t.get("isEnum"):
                props = [(p["name"], p) for p in t.get("properties", [])]
                inherits = t.get("inherits")
                if inherits and inherits["name"].startswith("QueryDb"):
                    props += [(n, {"name": n, "type": ty}) for n, ty in QUERY_BASE]
                self.dtos.setdefault(t["name"], props)
        for op in doc.get("operations", []):
            name = op["request"]["name"]
            routes = [(r["path"], parse_verbs(r.get("verbs"))) for r in op.get("routes", [])]
            returns = op.get("returnType", {}).get("name")
            self.operations[name.lower()] = {"name": name, "routes": routes, "method": op.get("method"),
                                             "returns": bool(returns) and not op.get("returnsVoid"),
                                             "response": returns}

    def add_operation(self, name, props, routes, method="POST"):
        self.dtos[name] = [(n, {"name": n, "type": t}) for n, t in props]
        self.operations[name.lower()] = {"name": name, "routes": [(p, parse_verbs(v)) for p, v in routes],
                                         "method": method}

    def spec(self, prop):
        """The type spec of a metadata property."""
        ty = prop["type"]
        args = prop.get("genericArgs") or []
        if "`" in ty:
            base = ty.split("`")[0]
            array = ty.endswith("[]")
            spec = self.parse("%s<%s>" % (base, ",".join(args)))
            return ("list", spec) if array else spec
        return self.parse(ty)

    def parse(self, text):
        """A type spec from C#-style text: `Int32`, `List<Address>`, `Dictionary<String,List<Int32>>`."""
        text = text.strip()
        if text in ("Byte[]", "byte[]"):
            return ("bytes",)
        if text.endswith("[]"):
            return ("list", self.parse(text[:-2]))
        if "<" in text and text.endswith(">"):
            base = text[:text.index("<")]
            args = split_generic_args(text[text.index("<") + 1:-1])
            if base == "Nullable":
                return ("nullable", self.parse(args[0]))
            if base in LIST_TYPES:
                return ("list", self.parse(args[0]))
            if base in DICT_TYPES:
                return ("dict", self.parse(args[0]), self.parse(args[1]))
            return ("scalar", "Object")
        if text in self.enums:
            return ("enum", text)
        if text in self.dtos:
            return ("dto", text)
        return ("scalar", text if text in SCALARS else "Object")


QUERY_BASE = [("Skip", "Int32"), ("Take", "Int32"), ("OrderBy", "String"), ("OrderByDesc", "String"),
              ("Include", "String"), ("Fields", "String"), ("Meta", "Dictionary<String,String>")]


def parse_verbs(verbs):
    if not verbs:
        return None
    return {v.strip().upper() for v in verbs.split(",") if v.strip()}


def split_generic_args(text):
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts]


# ---------------------------------------------------------------------------------------------
# JSV (query string / form values)


def jsv_split(text, separator=","):
    """Splits at top-level separators, minding quotes and brackets."""
    parts, depth, i, start, in_quote = [], 0, 0, 0, False
    while i < len(text):
        ch = text[i]
        if in_quote:
            if ch == '"':
                if i + 1 < len(text) and text[i + 1] == '"':
                    i += 1
                else:
                    in_quote = False
        elif ch == '"':
            in_quote = True
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == separator and depth == 0:
            parts.append(text[start:i])
            start = i + 1
        i += 1
    parts.append(text[start:])
    return parts


def jsv_unquote(text):
    if len(text) >= 2 and text[0] == '"' and text[-1] == '"':
        return text[1:-1].replace('""', '"')
    return text


def jsv_to_value(text, spec, schema):
    """Parses JSV text into a plain Python value shaped like the JSON of `spec`."""
    kind = spec[0]
    if kind == "nullable":
        return jsv_to_value(text, spec[1], schema)
    if kind == "list":
        inner = text.strip()
        if inner.startswith("[") and inner.endswith("]"):
            inner = inner[1:-1]
        if inner.strip() == "":
            return []
        return [jsv_to_value(part, spec[1], schema) for part in jsv_split(inner)]
    if kind in ("dict", "dto"):
        inner = text.strip()
        if not (inner.startswith("{") and inner.endswith("}")):
            raise bad_request("Expected a JSV object for %s, got %r" % (spec_name(spec), text))
        inner = inner[1:-1]
        result = {}
        if inner.strip():
            for pair in jsv_split(inner):
                pieces = jsv_split(pair, ":")
                key = jsv_unquote(pieces[0])
                value = ":".join(pieces[1:])
                result[key] = value
        if kind == "dict":
            return {str(jsv_to_value(k, spec[1], schema)): jsv_to_value(v, spec[2], schema)
                    for k, v in result.items()}
        return bind_members(spec[1], {k: ("jsv", v) for k, v in result.items()}, schema)[0]
    text = jsv_unquote(text)
    return scalar_from_text(text, spec, schema)


def spec_name(spec):
    return spec[1] if len(spec) > 1 and isinstance(spec[1], str) else spec[0]


# ---------------------------------------------------------------------------------------------
# Scalars: text or JSON values to canonical JSON values


def scalar_from_text(text, spec, schema):
    kind = spec[0]
    if kind == "bytes":
        return canonical_bytes(text)
    if kind == "enum":
        return canonical_enum(text, spec[1], schema)
    name = spec[1]
    try:
        if name in ("Int16", "Int32", "Int64", "UInt16", "UInt32", "UInt64", "Byte", "SByte"):
            return int(text)
        if name in ("Double", "Single", "Decimal"):
            return float(text)
    except ValueError:
        raise bad_request("'%s' is not a valid %s" % (text, name))
    if name == "Boolean":
        if text.lower() in ("true", "1"):
            return True
        if text.lower() in ("false", "0"):
            return False
        raise bad_request("'%s' is not a valid Boolean" % text)
    if name in ("DateTime", "DateTimeOffset"):
        return format_wcf(parse_date(text))
    if name == "DateOnly":  # read as ServiceStack.Text reads it (any date form), written as .NET writes it
        moment = dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc) + dt.timedelta(milliseconds=parse_date(text))
        return "%04d-%02d-%02d" % (moment.year, moment.month, moment.day)
    if name == "TimeSpan":
        return format_xsd(parse_timespan(text))
    if name == "Guid":
        return canonical_guid(text)
    return text


def json_to_value(value, spec, schema):
    """Validates a JSON value against `spec` and returns its canonical form."""
    if value is None:
        return None
    kind = spec[0]
    if kind == "nullable":
        return json_to_value(value, spec[1], schema)
    if kind == "list":
        if not isinstance(value, list):
            raise bad_request("Expected a JSON array for a list, got %r" % (value,))
        return [json_to_value(v, spec[1], schema) for v in value]
    if kind == "dict":
        if not isinstance(value, dict):
            raise bad_request("Expected a JSON object for a dictionary")
        return {str(scalar_from_text(k, spec[1], schema) if spec[1][0] != "dto" else k):
                json_to_value(v, spec[2], schema) for k, v in value.items()}
    if kind == "dto":
        if not isinstance(value, dict):
            raise bad_request("Expected a JSON object for %s" % spec[1])
        return bind_members(spec[1], {k: ("json", v) for k, v in value.items()}, schema)[0]
    if kind == "bytes":
        if isinstance(value, list):
            return base64.b64encode(bytes(value)).decode()
        return canonical_bytes(str(value))
    if kind == "enum":
        return canonical_enum(value, spec[1], schema)
    name = spec[1]
    if name in ("Int16", "Int32", "Int64", "UInt16", "UInt32", "UInt64", "Byte", "SByte"):
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise bad_request("Expected a whole number, got %r" % (value,))
        return int(value)
    if name in ("Double", "Single", "Decimal"):
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            raise bad_request("Expected a number, got %r" % (value,))
        return float(value) if isinstance(value, str) else value
    if name == "Boolean":
        if isinstance(value, bool):
            return value
        return scalar_from_text(str(value), spec, schema)
    if name == "Object":
        return value
    if not isinstance(value, str):
        value = json.dumps(value) if name == "String" else str(value)
    return scalar_from_text(value, spec, schema)


def canonical_bytes(text):
    try:
        return base64.b64encode(base64.b64decode(text, validate=True)).decode()
    except (binascii.Error, ValueError):
        raise bad_request("'%s' is not valid Base64" % text[:40])


def canonical_enum(value, enum_name, schema):
    enum = schema.enums[enum_name]
    names = enum["names"]
    if isinstance(value, int) or (isinstance(value, str) and re.fullmatch(r"-?\d+", value)):
        number = int(value)
        values = [int(v) for v in enum["values"]] if enum["values"] else list(range(len(names)))
        if number in values:
            return names[values.index(number)]
        raise bad_request("%s is not a valid %s" % (value, enum_name))
    text = str(value)
    members = enum["members"] or names
    for i, name in enumerate(names):
        if text == members[i] or text.lower() == name.lower():
            return name
    raise bad_request("'%s' is not a valid %s" % (text, enum_name), "ArgumentException")


def canonical_guid(text):
    """A Guid as the server writes it: 32 hex digits (ServiceStack.Text's `N`), or dashed (`D`, System.Text.Json's)."""
    hexdigits = re.sub(r"[{}\-]", "", text).lower()
    if not re.fullmatch(r"[0-9a-f]{32}", hexdigits):
        raise bad_request("'%s' is not a valid Guid" % text)
    if endpoint_routing():
        h = hexdigits
        return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])
    return hexdigits


WCF = re.compile(r"^\\?/?Date\((-?\d+)([+-]\d{4})?\)\\?/?$")


def parse_date(text):
    """Milliseconds since 1970 (UTC) from WCF /Date(ms±hhmm)/ or ISO-8601 text."""
    m = WCF.match(text)
    if m:
        return int(m.group(1))
    iso = text.strip().replace(" ", "T", 1)
    if iso.endswith("Z") or iso.endswith("z"):
        iso = iso[:-1] + "+00:00"
    try:
        value = dt.datetime.fromisoformat(iso)
    except ValueError:
        raise bad_request("'%s' is not a valid DateTime" % text)
    if value.tzinfo is None:
        value = value.replace(tzinfo=dt.timezone.utc)
    delta = value - dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)
    return (delta.days * 86_400_000) + (delta.seconds * 1000) + (delta.microseconds // 1000)


def format_wcf(ms):
    return "/Date(%d)/" % ms


XSD = re.compile(r"^(-)?P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$")


def parse_timespan(text):
    """Ticks (100 ns) from an XSD duration, [-][d.]hh:mm:ss[.f] or a number of seconds."""
    text = text.strip()
    m = XSD.match(text)
    if m and text not in ("P", "-P"):
        sign, days, hours, minutes, seconds = m.groups()
        total = Decimal(days or 0) * 86400 + Decimal(hours or 0) * 3600 + Decimal(minutes or 0) * 60
        total += Decimal(seconds or 0)
        ticks = int((total * TICKS_PER_SECOND).to_integral_value())
        return -ticks if sign else ticks
    m = re.match(r"^(-)?(?:(\d+)\.)?(\d+):(\d+)(?::(\d+(?:\.\d+)?))?$", text)
    if m:
        sign, days, hours, minutes, seconds = m.groups()
        total = Decimal(days or 0) * 86400 + Decimal(hours) * 3600 + Decimal(minutes) * 60 + Decimal(seconds or 0)
        ticks = int((total * TICKS_PER_SECOND).to_integral_value())
        return -ticks if sign else ticks
    try:
        return int((Decimal(text) * TICKS_PER_SECOND).to_integral_value())
    except InvalidOperation:
        raise bad_request("'%s' is not a valid TimeSpan" % text)


def format_xsd(ticks):
    """The XSD duration .NET's XmlConvert writes: P1DT2H3M4.5S, PT0S, -PT0.5S."""
    text = "P"
    if ticks < 0:
        text, ticks = "-P", -ticks
    total_seconds, fraction = divmod(ticks, TICKS_PER_SECOND)
    days, rest = divmod(total_seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, seconds = divmod(rest, 60)
    if days:
        text += "%dD" % days
    if days == 0 or hours + minutes + seconds + fraction > 0:
        text += "T"
        if hours:
            text += "%dH" % hours
        if minutes:
            text += "%dM" % minutes
        if seconds or fraction:
            text += "%d" % seconds
            if fraction:
                text += "." + ("%07d" % fraction).rstrip("0")
            text += "S"
        elif hours == 0 and minutes == 0:
            text += "0S"
    return text


# ---------------------------------------------------------------------------------------------
# Binding


def bind_members(type_name, raw, schema):
    """Binds raw members {name: ("jsv"|"json", value)} to the DTO's properties (names ignoring
    case). Returns (canonical members by camelCase name, unmatched raw members)."""
    props = schema.dtos.get(type_name, [])
    by_lower = {name.lower(): (name, prop) for name, prop in props}
    members, extra = {}, {}
    for key, (source, value) in raw.items():
        match = by_lower.get(key.lower())
        if not match:
            extra[key] = value
            continue
        name, prop = match
        spec = schema.spec(prop)
        try:
            converted = jsv_to_value(value, spec, schema) if source == "jsv" else json_to_value(value, spec, schema)
        except HttpError as error:
            error.message = "Error binding %s.%s: %s" % (type_name, name, error.message)
            raise
        if converted is not None:
            members[camel(name)] = converted
    return members, extra


def camel(name):
    """PascalCase to camelCase the way ServiceStack does (ID -> id, URLValue -> urlValue)."""
    if not name or not name[0].isupper():
        return name
    i = 0
    while i < len(name) and name[i].isupper():
        i += 1
    if i == 1 or i == len(name):
        return name[:i].lower() + name[i:]
    return name[:i - 1].lower() + name[i - 1:]


# ---------------------------------------------------------------------------------------------
# Multipart


def parse_multipart(body, content_type):
    """Parts of a multipart/form-data body: [(name, filename or None, content type, bytes)]."""
    m = re.search(r'boundary="?([^";]+)"?', content_type)
    if not m:
        raise bad_request("multipart/form-data without a boundary")
    delimiter = b"--" + m.group(1).encode("latin-1")
    parts = []
    chunks = body.split(delimiter)
    for chunk in chunks[1:]:
        if chunk.startswith(b"--"):
            break
        if chunk.startswith(b"\r\n"):
            chunk = chunk[2:]
        if chunk.endswith(b"\r\n"):
            chunk = chunk[:-2]
        head, sep, content = chunk.partition(b"\r\n\r\n")
        if not sep:
            raise bad_request("A multipart part has no header/body separator")
        headers = {}
        for line in head.decode("utf-8").split("\r\n"):
            if ":" in line:
                key, value = line.split(":", 1)
                headers[key.strip().lower()] = value.strip()
        disposition = headers.get("content-disposition", "")
        name = re.search(r'(?:^|;)\s*name="([^"]*)"', disposition)
        filename = re.search(r'filename="([^"]*)"', disposition)
        parts.append((unquote(name.group(1)) if name else "",
                      unquote(filename.group(1)) if filename else None,
                      headers.get("content-type"), content))
    return parts


# ---------------------------------------------------------------------------------------------
# Routing


class Route:
    def __init__(self, op_name, template, verbs):
        self.op_name = op_name
        self.template = template
        self.verbs = verbs
        self.segments = [s for s in template.strip("/").split("/") if s != ""]
        self.literals = sum(1 for s in self.segments if not s.startswith("{"))

    def match(self, segments):
        """Variables {name: raw text} when the path fits, else None."""
        variables = {}
        for i, seg in enumerate(self.segments):
            if seg.startswith("{") and seg.endswith("*}"):
                variables[seg[1:-2]] = "/".join(segments[i:])
                return variables
            if i >= len(segments):
                return None
            if seg.startswith("{") and seg.endswith("}"):
                variables[seg[1:-1]] = segments[i]
            elif seg.lower() != segments[i].lower():
                return None
        return variables if len(segments) == len(self.segments) else None


# ---------------------------------------------------------------------------------------------
# State: users, tokens, stored values, counters


# How AutoQuery pages (POST /_test/autoquery changes it, /_test/reset restores it): `maxLimit` caps a
# page's rows as AutoQueryFeature.MaxLimit does (a missing or larger `take` gets that many); `total`
# is "always" (this server's default), "asked" (only when `include` names Total, as ServiceStack does
# without IncludeTotal), "absent" (never: a server that does not know the convention) or "zero" (0, as
# a C# `int Total` nobody set is written); `ignoreSkip` answers every page from the first row, without an
# offset (a service that does not page): "1" in the same order each time, "alternating" in reverse every
# other time (a query without ORDER BY, whose rows come in no set order).
AUTOQUERY_DEFAULTS = {"maxLimit": None, "total": "always", "ignoreSkip": False}


class State:
    def __init__(self):
        self.lock = threading.Lock()
        self.users = {"test": "test", "admin": "p@55wOrd"}
        self.access_tokens = {}   # token -> (user, expires_at)
        self.refresh_tokens = {}  # token -> (user, ttl)
        self.values = {}          # key -> {"value", "method", "version"}
        self.counters = {}
        self.autoquery = dict(AUTOQUERY_DEFAULTS)

    def count(self, name):
        with self.lock:
            self.counters[name] = self.counters.get(name, 0) + 1

    def issue_access_token(self, user, ttl):
        token = "eyJ" + secrets.token_urlsafe(24)
        with self.lock:
            self.access_tokens[token] = (user, time.time() + ttl)
        return token

    def issue_refresh_token(self, user, ttl):
        token = "rt-" + secrets.token_urlsafe(24)
        with self.lock:
            self.refresh_tokens[token] = (user, ttl)
        return token

    def user_for_access_token(self, token):
        with self.lock:
            entry = self.access_tokens.get(token)
        if not entry:
            return None, "Invalid token"
        user, expires = entry
        if time.time() >= expires:
            return None, "Token has expired"
        return user, None


def http_date(seconds_from_now):
    moment = dt.datetime.now(dt.timezone.utc) + dt.timedelta(seconds=seconds_from_now)
    return moment.strftime("%a, %d %b %Y %H:%M:%S GMT")


def cookie(name, value, max_age, http_only=True):
    text = "%s=%s; expires=%s; Max-Age=%d; path=/; samesite=strict" % (name, value, http_date(max_age), max_age)
    return text + ("; httponly" if http_only else "")


# ---------------------------------------------------------------------------------------------
# Services


# Operations whose request DTO reads the body itself (IRequiresRequestStream).
REQUEST_STREAM_OPERATIONS = {"RawUpload"}


class Context:
    """One request: its method, bound members, extra parameters, files and headers; the service
    adds cookies and headers to the response."""

    def __init__(self, handler, op_name, method, members, extra, files, route):
        self.body = b""
        self.handler = handler
        self.op_name = op_name
        self.method = method
        self.members = members
        self.extra = extra
        self.files = files
        self.route = route
        self.set_cookies = []
        self.status = 200

    def header(self, name):
        return self.handler.headers.get(name)

    def cookies(self):
        jar = {}
        for line in self.handler.headers.get_all("Cookie") or []:
            for part in line.split(";"):
                if "=" in part:
                    key, value = part.split("=", 1)
                    jar[key.strip()] = value.strip()
        return jar

    def bearer_token(self):
        auth = self.header("Authorization") or ""
        if auth.lower().startswith("bearer "):
            return auth[7:].strip()
        return self.cookies().get("ss-tok") or self.members.get("bearerToken")

    def basic_credentials(self):
        """(user, password) of an `Authorization: Basic` header, or None."""
        auth = self.header("Authorization") or ""
        if not auth.lower().startswith("basic "):
            return None
        try:
            text = base64.b64decode(auth[6:].strip(), validate=True).decode("utf-8")
        except (binascii.Error, UnicodeDecodeError):
            raise HttpError(401, "Unauthorized", "Invalid Basic Authorization header")
        user, _, password = text.partition(":")
        return user, password


class Services:
    def __init__(self, schema, state, techstacks):
        self.schema = schema
        self.state = state
        self.techstacks = techstacks

    # Hello ------------------------------------------------------------------------------------
    def Hello(self, ctx):
        return {"result": "Hello, %s!" % ctx.members.get("name", "World")}

    # Every value type, echoed -------------------------------------------------------------------
    def EchoTypes(self, ctx):
        return ctx.members

    # Errors -----------------------------------------------------------------------------------
    THROW = {
        "notfound": (404, "NotFound", "Not Found"),
        "unauthorized": (401, "Unauthorized", "Unauthorized"),
        "forbidden": (403, "Forbidden", "Forbidden"),
        "conflict": (409, "Conflict", "Conflict"),
        "argumentexception": (400, "ArgumentException", "Invalid argument"),
        "badrequest": (400, "BadRequest", "Bad Request"),
        "notimplemented": (405, "NotImplementedException", "The method or operation is not implemented."),
        "toomanyrequests": (429, "TooManyRequests", "Too Many Requests"),
    }

    def ThrowType(self, ctx):
        kind = (ctx.members.get("type") or "").lower()
        message = ctx.members.get("message")
        if kind == "none":  # no error: for batches that fail further on
            return {}
        if kind in self.THROW:
            status, code, default = self.THROW[kind]
            raise HttpError(status, code, message or default)
        if kind == "exception":
            raise HttpError(500, "Exception", message or "Exception of type 'System.Exception' was thrown.",
                            stack_trace="[ThrowType]: Exception\n   at TestServices.ThrowTypeService.Any(ThrowType request)\n"
                                        "   at ServiceStack.Host.ServiceRunner`1.ExecuteAsync()")
        if kind == "plaintext":
            text = "Internal Server Error: %s" % (message or "something broke")
            raise HttpError(500, None, None, raw_body=text.encode("utf-8"), content_type="text/plain; charset=utf-8")
        if kind == "html":
            page = "<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>"
            raise HttpError(502, None, None, raw_body=page.encode(), content_type="text/html")
        if kind == "emptybody":
            raise HttpError(503, None, None, raw_body=b"", content_type=None)
        raise HttpError(400, "ArgumentException", "Unknown error type '%s'" % ctx.members.get("type"))

    def ThrowValidation(self, ctx):
        m = ctx.members
        errors = []
        age = m.get("age", 0)
        if not 1 <= age <= 120:
            errors.append(field_error("InclusiveBetween", "Age", "'Age' must be between 1 and 120. You entered %d." % age,
                                      {"From": "1", "To": "120", "PropertyValue": str(age)}))
        if not m.get("required"):
            errors.append(field_error("NotEmpty", "Required", "'Required' must not be empty."))
        email = m.get("email")
        if not email or not re.fullmatch(r"[^@\s]+@[^@\s]+\.[^@\s]+", email):
            errors.append(field_error("Email", "Email", "'Email' is not a valid email address.",
                                      {"PropertyValue": email or ""}))
        if errors:
            raise HttpError(400, errors[0]["errorCode"], errors[0]["message"], field_errors=errors)
        return dict(m)

    # Auth -------------------------------------------------------------------------------------
    def Authenticate(self, ctx):
        self.state.count("authenticate")
        m = ctx.members
        provider = (m.get("provider") or "credentials").lower()
        if provider == "logout":
            ctx.set_cookies += [cookie("ss-tok", "", 0), cookie("ss-reftok", "", 0), cookie("ss-id", "", 0)]
            return {}
        user, password = m.get("userName"), m.get("password")
        if provider != "credentials" or self.state.users.get(user) != password:
            raise HttpError(401, "Unauthorized", "Invalid UserName or Password")
        meta = m.get("meta") or {}
        ttl = int(meta.get("AccessTokenTtlSeconds", "3600"))
        token_cookie_only = meta.get("UseTokenCookie", "").lower() == "true"
        access = self.state.issue_access_token(user, ttl)
        refresh = self.state.issue_refresh_token(user, ttl)
        session = secrets.token_hex(10)
        ctx.set_cookies += [cookie("ss-id", session, 3600), cookie("ss-tok", access, ttl),
                            cookie("ss-reftok", refresh, 30 * 86400)]
        response = {"userId": str(1 + list(self.state.users).index(user)), "sessionId": session, "userName": user,
                    "displayName": user.title(), "refreshTokenExpiry": format_wcf(int((time.time() + 30 * 86400) * 1000)),
                    "roles": ["Admin"] if user == "admin" else [], "permissions": [], "authProvider": "credentials"}
        if not token_cookie_only:
            response["bearerToken"] = access
            response["refreshToken"] = refresh
        return response

    def GetAccessToken(self, ctx):
        self.state.count("getAccessToken")
        refresh = ctx.members.get("refreshToken")
        from_cookie = False
        if not refresh:
            refresh = ctx.cookies().get("ss-reftok")
            from_cookie = True
        with self.state.lock:
            entry = self.state.refresh_tokens.get(refresh or "")
        if not entry:
            raise HttpError(401, "RefreshTokenException", "Invalid RefreshToken" if refresh else "RefreshToken required")
        user, ttl = entry
        access = self.state.issue_access_token(user, ttl)
        use_cookie = ctx.members.get("useTokenCookie") is True
        if use_cookie or from_cookie:
            ctx.set_cookies.append(cookie("ss-tok", access, ttl))
        return {} if use_cookie else {"accessToken": access}

    def Secured(self, ctx):
        self.state.count("secured")
        basic = ctx.basic_credentials()
        if basic is not None:
            self.state.count("secured:basic")
            user, password = basic
            if self.state.users.get(user) != password:
                raise HttpError(401, "Unauthorized", "Invalid UserName or Password")
            return {"result": "Hello, %s!" % ctx.members.get("name", user), "userName": user}
        token = ctx.bearer_token()
        if not token:
            raise HttpError(401, "Unauthorized", "Not Authenticated")
        user, problem = self.state.user_for_access_token(token)
        if not user:
            raise HttpError(401, "TokenException", problem)
        return {"result": "Hello, %s!" % ctx.members.get("name", user), "userName": user}

    # Files ------------------------------------------------------------------------------------
    def UploadFiles(self, ctx):
        files = [{"fieldName": name, "fileName": filename, "contentType": ctype or "",
                  "contentLength": len(data), "crc32": zlib.crc32(data) & 0xFFFFFFFF,
                  "bytes": base64.b64encode(data).decode()}
                 for name, filename, ctype, data in ctx.files]
        response = {"method": ctx.method, "files": files}
        for key in ("category", "notes"):
            if key in ctx.members:
                response[key] = ctx.members[key]
        return response

    def RawUpload(self, ctx):
        """What arrived: the members bound from the route and the query string, and the body as it is."""
        result = dict(ctx.members)
        result.update({"method": ctx.method, "length": len(ctx.body), "crc32": zlib.crc32(ctx.body)})
        if ctx.header("Content-Type"):
            result["contentType"] = ctx.header("Content-Type")
        try:
            result["text"] = ctx.body.decode("utf-8")
        except UnicodeDecodeError:
            pass
        return result

    def GetBinary(self, ctx):
        size = ctx.members.get("size", 0)
        seed = ctx.members.get("seed", 0)
        if not 0 <= size <= 64 * 1024 * 1024:
            raise HttpError(400, "ArgumentOutOfRangeException", "Size must be between 0 and 64 MB")
        data = bytes(((i * 31 + seed) & 0xFF) for i in range(size))
        return RawResponse(data, "application/octet-stream")

    # Void services and stored values ----------------------------------------------------------
    def StoreValue(self, ctx):
        key = ctx.members.get("key")
        if not key:
            raise HttpError(400, "NotEmpty", "'Key' must not be empty.")
        with self.state.lock:
            old = self.state.values.get(key, {"version": 0})
            self.state.values[key] = {"key": key, "value": ctx.members.get("value"), "method": ctx.method,
                                      "version": old["version"] + 1}
        return RawResponse(b"", None, status=204)

    def DeleteValue(self, ctx):
        with self.state.lock:
            self.state.values.pop(ctx.members.get("key"), None)
        return RawResponse(b"", None, status=204)

    def GetValue(self, ctx):
        key = ctx.members.get("key")
        with self.state.lock:
            entry = self.state.values.get(key)
        if not entry:
            raise HttpError(404, "NotFound", "No value stored for key '%s'" % key)
        return {k: v for k, v in entry.items() if v is not None}

    def Sleep(self, ctx):
        ms = ctx.members.get("milliseconds", 0)
        time.sleep(ms / 1000.0)
        return {"milliseconds": ms}

    # AutoQuery --------------------------------------------------------------------------------
    def FindTechnologies(self, ctx):
        self.state.count("findTechnologies")
        rows = self.techstacks.technologies()
        m = ctx.members
        if "name" in m:
            rows = [r for r in rows if (r.get("name") or "").lower() == m["name"].lower()]
        if "nameContains" in m:
            rows = [r for r in rows if m["nameContains"].lower() in (r.get("name") or "").lower()]
        if "nameStartsWith" in m:
            rows = [r for r in rows if (r.get("name") or "").lower().startswith(m["nameStartsWith"].lower())]
        if "ids" in m:
            rows = [r for r in rows if r.get("id") in set(m["ids"])]
        if "tier" in m:
            rows = [r for r in rows if r.get("tier") == m["tier"]]
        rows = apply_implicit_conventions(rows, ctx.extra, self.schema.dtos.get("Technology", []))
        order = []
        if m.get("orderBy"):
            order += [f.strip() for f in m["orderBy"].split(",") if f.strip()]
        if m.get("orderByDesc"):
            order += ["-" + f.strip() for f in m["orderByDesc"].split(",") if f.strip()]
        for field in reversed(order):
            desc = field.startswith("-")
            key = camel(field.lstrip("-"))
            rows = sorted(rows, key=lambda r: sort_key(r.get(key)), reverse=desc)
        total = len(rows)
        with self.state.lock:
            limits = dict(self.state.autoquery)
        skip = 0 if limits["ignoreSkip"] else m.get("skip", 0)
        take = m.get("take")
        if limits["maxLimit"] is not None:
            take = limits["maxLimit"] if take is None else min(take, limits["maxLimit"])
        rows = rows[skip:] if take is None else rows[skip:skip + take]
        if limits["ignoreSkip"] == "alternating":
            with self.state.lock:
                self.state.autoquery["reversed"] = not self.state.autoquery.get("reversed", False)
                if self.state.autoquery["reversed"]:
                    rows = list(reversed(rows))
        if m.get("fields"):
            wanted = {camel(f.strip()) for f in m["fields"].split(",")}
            rows = [{k: v for k, v in r.items() if k in wanted} for r in rows]
        response = {"results": rows} if limits["ignoreSkip"] else {"offset": skip, "results": rows}
        asked = "total" in [part.strip().lower() for part in (m.get("include") or "").split(",")]
        if limits["total"] == "always" or (limits["total"] == "asked" and asked):
            response["total"] = total
        elif limits["total"] == "zero":
            response["total"] = 0
        return response

    # TechStacks (with --techstacks-data) ------------------------------------------------------
    def AppOverview(self, ctx):
        return self.techstacks.file("app-overview.json")

    def GetAllTechnologies(self, ctx):
        return self.techstacks.file("get-all-technologies.1000.json")

    def GetTechnology(self, ctx):
        slug = (ctx.members.get("slug") or "").lower()
        sample = self.techstacks.file("get-technology.servicestack.json")
        if sample.get("technology", {}).get("slug") == slug:
            return sample
        for row in self.techstacks.technologies():
            if row.get("slug") == slug:
                return {"created": sample.get("created"), "technology": row, "technologyStacks": []}
        raise HttpError(404, "NotFound", "Technology '%s' not found" % slug)

    def GetTechnologyStack(self, ctx):
        slug = (ctx.members.get("slug") or "").lower()
        sample = self.techstacks.file("get-technology-stack.json")
        if (sample.get("result") or {}).get("slug") == slug:
            return sample
        raise HttpError(404, "NotFound", "TechnologyStack '%s' not found" % slug)

    def CreateTechnology(self, ctx):
        """TechStacks' validators (as in Payloads/create-technology.validation-error.json); a valid
        technology is answered as created, and not kept."""
        m = ctx.members
        errors = []
        if not (m.get("name") or "").strip():
            errors.append(field_error("NotEmpty", "Name", "'Name' must not be empty."))
        for field, limit in (("slug", 50), ("description", 740)):
            value = m.get(field) or ""
            if len(value) > limit:
                title = field.title()
                errors.append(field_error("Length", title, "'%s' must be between 0 and %d characters. You entered %d characters."
                                          % (title, limit, len(value))))
        for field in ("productUrl", "vendorUrl", "logoUrl"):
            value = m.get(field)
            if value and not re.match(r"https?://", value):
                errors.append(field_error("Predicate", field[0].upper() + field[1:], "Invalid URL"))
        if errors:
            raise HttpError(400, errors[0]["errorCode"], errors[0]["message"], field_errors=errors)
        technology = {k: v for k, v in m.items() if v is not None}
        technology["id"] = 10000 + len(technology["name"])
        technology.setdefault("slug", re.sub(r"[^a-z0-9]+", "-", technology["name"].lower()).strip("-"))
        return {"result": technology}


def field_error(code, field, message, meta=None):
    error = {"errorCode": code, "fieldName": field, "message": message,
             "meta": dict({"PropertyName": field, "Severity": "Error"}, **(meta or {}))}
    return error


def sort_key(value):
    if value is None:
        return (0, "")
    if isinstance(value, str):
        m = WCF.match(value)
        if m:
            return (1, int(m.group(1)))
        return (2, value.lower())
    return (1, value)


CONVENTIONS = [("Contains", lambda v, a: a.lower() in str(v).lower()),
               ("StartsWith", lambda v, a: str(v).lower().startswith(a.lower())),
               ("EndsWith", lambda v, a: str(v).lower().endswith(a.lower())),
               ("GreaterThanOrEqualTo", lambda v, a: sort_key(v) >= sort_key(a)),
               ("GreaterThan", lambda v, a: sort_key(v) > sort_key(a)),
               ("LessThanOrEqualTo", lambda v, a: sort_key(v) <= sort_key(a)),
               ("LessThan", lambda v, a: sort_key(v) < sort_key(a)),
               ("NotEqualTo", lambda v, a: str(v).lower() != a.lower()),
               ("In", lambda v, a: str(v).lower() in [p.lower() for p in jsv_split(a.strip("[]"))]),
               ("", lambda v, a: str(v).lower() == a.lower())]


def apply_implicit_conventions(rows, extra, props):
    """AutoQuery's implicit conventions on query parameters the request DTO does not declare:
    `VendorName=Google`, `DescriptionContains=fast`, `ViewCountGreaterThan=100`, `IdIn=1,2`."""
    names = {camel(n).lower(): camel(n) for n, _ in props}
    for key, raw in extra.items():
        value = jsv_unquote(raw)
        for suffix, test in CONVENTIONS:
            if suffix and not key.lower().endswith(suffix.lower()):
                continue
            field = names.get(key[:len(key) - len(suffix)].lower())
            if not field:
                continue
            if isinstance(rows[0].get(field) if rows else None, (int, float)) and suffix in ("", "NotEqualTo") \
                    and re.fullmatch(r"-?\d+(\.\d+)?", value):
                number = float(value)
                rows = [r for r in rows if (r.get(field) == number) == (suffix == "")]
            else:
                numeric = re.fullmatch(r"-?\d+(\.\d+)?", value)
                arg = (float(value) if numeric and suffix not in ("Contains", "StartsWith", "EndsWith", "In")
                       else value)
                rows = [r for r in rows if r.get(field) is not None and test(r.get(field), arg)]
            break
    return rows


class RawResponse:
    def __init__(self, data, content_type, status=200):
        self.data = data
        self.content_type = content_type
        self.status = status


class TechStacksData:
    """JSON files of TechStacks responses (the Payloads folder), or a small built-in table."""

    BUILT_IN = [
        {"id": 1, "name": "ServiceStack", "vendorName": "ServiceStack", "slug": "servicestack", "tier": "Server", "viewCount": 900},
        {"id": 2, "name": "Redis", "vendorName": "Redis Labs", "slug": "redis", "tier": "Data", "viewCount": 800},
        {"id": 3, "name": "PostgreSQL", "vendorName": "PostgreSQL", "slug": "postgresql", "tier": "Data", "viewCount": 700},
        {"id": 4, "name": "Swift", "vendorName": "Apple", "slug": "swift", "tier": "ProgrammingLanguage", "viewCount": 600},
        {"id": 5, "name": "Go", "vendorName": "Google", "slug": "go", "tier": "ProgrammingLanguage", "viewCount": 500},
        {"id": 6, "name": "Nginx", "vendorName": "Nginx", "slug": "nginx", "tier": "Http", "viewCount": 400},
    ]

    def __init__(self, directory):
        self.directory = directory
        self.cache = {}
        self.lock = threading.Lock()

    def file(self, name):
        if not self.directory:
            raise HttpError(404, "NotFound", "Start the server with --techstacks-data to serve %s" % name)
        with self.lock:
            if name not in self.cache:
                with open(os.path.join(self.directory, name), encoding="utf-8") as f:
                    self.cache[name] = json.load(f)
            return self.cache[name]

    def technologies(self):
        if not self.directory:
            return list(self.BUILT_IN)
        return list(self.file("get-all-technologies.1000.json").get("results", []))


# ---------------------------------------------------------------------------------------------
# HTTP


def to_json_bytes(value):
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    # ServiceStack writes dates as "\/Date(ms)\/" (JSON-escaped slashes).
    text = text.replace('"/Date(', '"\\/Date(').replace(')/"', ')\\/"')
    return text.encode("utf-8")


# ---------------------------------------------------------------------------------------------
# Faults: what broken servers and proxies do, for the client's robustness tests


def serve_fault(handler, name, state):
    """Answers like a broken server. Every response that has a body echoes the request's
    Authorization header, as a careless proxy's error page might, so that the tests can check that
    no token reaches an error text. When the client gives up on a long response, the write fails
    and the counter `aborted:NAME` goes up (the client closed the connection: nothing leaked)."""
    secret = (handler.headers.get("Authorization") or "").encode()
    out = handler.wfile
    handler.close_connection = True

    def head(status, headers):
        # Each fault ends its connection, and says so: a client that took the connection for kept
        # alive could send its next request on it as it closes (a race /_test/arm-drop tests on
        # purpose; here it would only make the next fault's outcome a matter of timing).
        handler.send_response(status)
        for key, value in dict(headers, Connection="close").items():
            handler.send_header(key, value)
        handler.end_headers()

    try:
        if name == "reset":  # headers and part of the body, then a TCP reset
            head(200, {"Content-Type": "application/json", "Content-Length": "1000"})
            out.write(b'{"result":"' + secret)
            out.flush()
            time.sleep(0.05)
            handler.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            handler.connection.close()
        elif name == "truncated":  # fewer bytes than Content-Length, then an orderly close
            head(200, {"Content-Type": "application/json", "Content-Length": "1000"})
            out.write(b'{"result":"' + secret)
            out.flush()
            handler.connection.shutdown(socket.SHUT_RDWR)
        elif name in ("huge", "huge-chunked"):  # 200 MB, announced or not, at about 60 MB/s
            chunk = b"x" * 65536
            if name == "huge":
                head(200, {"Content-Type": "application/json", "Content-Length": str(200 * 1024 * 1024)})
            else:
                head(200, {"Content-Type": "application/json", "Transfer-Encoding": "chunked"})
                chunk = b"%x\r\n%s\r\n" % (len(chunk), chunk)
            for _ in range(3200):
                out.write(chunk)
                time.sleep(0.001)
            if name == "huge-chunked":
                out.write(b"0\r\n\r\n")
        elif name == "html":  # a proxy's error page
            page = (b"<html><head><title>503 Service Temporarily Unavailable</title></head><body>"
                    b"<center><h1>503 Service Temporarily Unavailable</h1></center><hr>"
                    b"<p>request: " + secret + b"</p><center>nginx</center></body></html>")
            head(503, {"Content-Type": "text/html", "Content-Length": str(len(page))})
            out.write(page)
        elif name == "close":  # reads the request, then closes the connection without a response
            pass
        elif name == "loop":  # redirects to itself, forever (saying it closes the connection after
            # each answer, as a server must: a client could otherwise send the next hop on it)
            head(302, {"Location": "/_test/fault/loop", "Content-Length": "0"})
        elif name in ("drip", "drip-2s"):  # a 100-byte (20-byte) body, one byte every 100 ms
            count = 100 if name == "drip" else 20
            head(200, {"Content-Type": "application/json", "Content-Length": str(count)})
            for index in range(count):
                out.write(b"0" if index == count - 1 else b" ")
                out.flush()
                time.sleep(0.1)
        else:
            raise HttpError(404, "NotFound", "No fault %s" % name)
    except (BrokenPipeError, ConnectionResetError, OSError):
        state.count("aborted:" + name)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "DTOKitTestServer/1.0"

    def log_message(self, format, *args):
        if self.server.verbose:
            sys.stderr.write("%s - %s\n" % (self.address_string(), format % args))

    def do_GET(self):
        self.dispatch("GET")

    def do_POST(self):
        self.dispatch("POST")

    def do_PUT(self):
        self.dispatch("PUT")

    def do_DELETE(self):
        self.dispatch("DELETE")

    def do_PATCH(self):
        self.dispatch("PATCH")

    def do_OPTIONS(self):
        self.dispatch("OPTIONS")

    def dispatch(self, method):
        app = self.server.app
        MODE.endpoint_routing = self.server.endpoint_routing
        app.state.count("requests")
        raw_path, _, query = self.path.partition("?")
        body = self.read_body()
        if body is None:
            # The connection ended before the whole body arrived: a broken request, never run (a
            # server reads the length it was told, or a chunked body to its last chunk).
            app.state.count("broken:%s %s" % (method, raw_path))
            self.close_connection = True
            return
        app.state.count("received:%s %s" % (method, raw_path))
        if getattr(self, "drop_next_request", False):
            # This kept-alive connection was armed (/_test/arm-drop): close it without a word, as a
            # server or proxy does that closes an idle connection just as a request is written to it.
            self.drop_next_request = False
            app.state.count("dropped:%s %s" % (method, raw_path))
            self.close_connection = True
            return
        extra_headers = {"X-Http-Method": method}
        try:
            if serverevents.serve(self, app.events, method, raw_path, query, body,
                                  lambda: self.request_user(app), HttpError):
                return
            if raw_path.startswith("/_test/fault/"):
                return serve_fault(self, raw_path[len("/_test/fault/"):], app.state)
            if raw_path.startswith("/_test/"):
                return self.test_endpoint(raw_path, method, query, body)
            segments = [unquote(s) for s in raw_path.strip("/").split("/") if s != ""]
            batch = app.batch_route(segments)
            if batch:
                return self.serve_batch(app, method, batch, body, extra_headers)
            op_name, template, path_vars = app.route(method, segments)
            extra_headers["X-Matched-Route"] = template
            ctx = self.bind(app, op_name, method, path_vars, query, body, template)
            result = getattr(app.services, op_name)(ctx)
            if isinstance(result, RawResponse):
                self.respond(result.status, result.data, result.content_type, extra_headers, ctx.set_cookies)
            else:
                self.respond(200, to_json_bytes(app.response_document(op_name, result)),
                             "application/json; charset=utf-8", extra_headers, ctx.set_cookies)
        except HttpError as error:
            extra_headers.update(error.headers)
            if error.raw_body is not None:
                self.respond(error.status, error.raw_body, error.content_type, extra_headers, [])
            else:
                self.respond(error.status, to_json_bytes(error.body()), "application/json; charset=utf-8",
                             extra_headers, [])
        except (BrokenPipeError, ConnectionResetError):
            pass
        except Exception as error:  # noqa: BLE001 - a test server reports everything as a 500
            status = HttpError(500, type(error).__name__, str(error))
            self.respond(500, to_json_bytes(status.body()), "application/json; charset=utf-8", extra_headers, [])

    def read_body(self):
        """The request's body: its Content-Length's bytes, or a chunked body's chunks; None when the
        connection ends before all of it arrives, or its framing is broken."""
        try:
            if "chunked" in (self.headers.get("Transfer-Encoding") or "").lower():
                body = b""
                while True:
                    line = self.rfile.readline(65537)
                    size = int(line.split(b";")[0].strip(), 16)
                    if size == 0:
                        while True:  # trailers, to the empty line that ends the request
                            trailer = self.rfile.readline(65537)
                            if not trailer:
                                return None
                            if trailer in (b"\r\n", b"\n"):
                                return body
                    chunk = self.rfile.read(size)
                    if len(chunk) < size or self.rfile.read(2) != b"\r\n":
                        return None
                    body += chunk
            length = int(self.headers.get("Content-Length") or 0)
        except (ValueError, OSError):
            return None
        body = self.rfile.read(length) if length > 0 else b""
        return body if len(body) == length else None

    def request_user(self, app):
        """The user a valid bearer token, ss-tok cookie or Basic header names, else None."""
        ctx = Context(self, None, "GET", {}, {}, [], None)
        basic = ctx.basic_credentials()
        if basic is not None:
            user, password = basic
            return user if app.state.users.get(user) == password else None
        token = ctx.bearer_token()
        return app.state.user_for_access_token(token)[0] if token else None

    def serve_batch(self, app, method, route, body, headers):
        """Runs a JSON array of requests in order, stopping at the first that fails."""
        op_name, template, one_way = route
        headers["X-Matched-Route"] = template
        app.state.count("batch:" + op_name)
        if method != "POST":
            raise HttpError(405, "NotSupported", "Batched requests must be POSTed")
        try:
            document = json.loads(body.decode("utf-8")) if body else None
        except (ValueError, UnicodeDecodeError) as error:
            raise bad_request("Invalid JSON body: %s" % error)
        if not isinstance(document, list) or not all(isinstance(item, dict) for item in document):
            raise bad_request("A batch must be a JSON array of request objects")
        results = []
        for index, item in enumerate(document):
            try:
                members, extra = bind_members(op_name, {k: ("json", v) for k, v in item.items()}, app.schema)
                ctx = Context(self, op_name, method, members, extra, [], template)
                result = getattr(app.services, op_name)(ctx)
            except HttpError as error:
                error.meta = {"AutoBatchIndex": str(index)}
                error.headers["X-AutoBatch-Completed"] = str(index)
                raise
            results.append(None if isinstance(result, RawResponse) else result)
        headers["X-AutoBatch-Completed"] = str(len(results))
        if one_way:
            return self.respond(204, b"", None, headers, [])
        if endpoint_routing():
            results = endpointrouting.render(results)
        return self.respond(200, to_json_bytes(results), "application/json; charset=utf-8", headers, [])

    def bind(self, app, op_name, method, path_vars, query, body, template):
        raw = {}
        for key, value in parse_qsl(query, keep_blank_values=True):
            raw[key] = ("jsv", value)
        files = []
        content_type = self.headers.get("Content-Type") or ""
        # A request DTO that reads the body itself (IRequiresRequestStream) is bound from the route
        # and the query string only; the body is the service's (ServiceController.cs).
        # Endpoint routing's /api/{Request} reads a body as JSON whatever its Content-Type says.
        api_json = (endpoint_routing() and template == "/api/{Request}"
                    and not content_type.startswith(("multipart/form-data", "application/x-www-form-urlencoded")))
        if body and op_name not in REQUEST_STREAM_OPERATIONS:
            if content_type.startswith("application/json") or api_json:
                try:
                    document = json.loads(body.decode("utf-8"))
                except (ValueError, UnicodeDecodeError) as error:
                    raise bad_request("Invalid JSON body: %s" % error)
                if not isinstance(document, dict):
                    raise bad_request("The JSON body must be an object")
                if endpoint_routing():
                    endpointrouting.check_body_value(document, ("dto", op_name), app.schema, self.json_exception)
                for key, value in document.items():
                    raw[key] = ("json", value)
            elif content_type.startswith("multipart/form-data"):
                for name, filename, ctype, data in parse_multipart(body, content_type):
                    if filename is None:
                        raw[name] = ("jsv", data.decode("utf-8"))
                    else:
                        files.append((name, filename, ctype, data))
            elif content_type.startswith("application/x-www-form-urlencoded"):
                for key, value in parse_qsl(body.decode("utf-8"), keep_blank_values=True):
                    raw[key] = ("jsv", value)
        for key, value in path_vars.items():
            raw[key] = ("jsv", value)
        members, extra = bind_members(op_name, raw, app.schema)
        context = Context(self, op_name, method, members, extra, files, template)
        context.body = body
        return context

    @staticmethod
    def json_exception(message):
        """System.Text.Json could not read the body: ServiceStack answers 400."""
        raise HttpError(400, "JsonException", message)

    def test_endpoint(self, path, method, query, body):
        app = self.server.app
        if path == "/_test/echo":  # the request body back, as JSON
            return self.respond(200, body, "application/json; charset=utf-8", {}, [])
        if path == "/_test/upload-check":  # ?length=N&crc=C: was the body, taken whole, the one sent?
            params = dict(parse_qsl(query))
            expected = (int(params.get("length", "-1")), int(params.get("crc", "-1")))
            whole = (len(body), zlib.crc32(body))
            app.state.count("upload-ok" if whole == expected else "upload-bad")
            if params.get("delayMs"):
                time.sleep(int(params["delayMs"]) / 1000.0)
            return self.respond(200, to_json_bytes({"length": len(body), "crc": whole[1]}), "application/json", {}, [])
        if path == "/_test/headers":
            return self.respond(200, to_json_bytes(dict(self.headers.items())), "application/json", {}, [])
        if path == "/_test/flaky":  # 503 for the first `failures` requests with this key, then 200
            # (with `Retry-After: retryAfter` when given: seconds, or `date` for a date 2 s ahead)
            params = dict(parse_qsl(query))
            name = "flaky:" + params.get("key", "")
            app.state.count(name)
            with app.state.lock:
                attempts = app.state.counters[name]
            if attempts <= int(params.get("failures", "1")):
                status = HttpError(503, "Unavailable", "Try again")
                headers = {}
                if params.get("retryAfter") == "date":
                    headers["Retry-After"] = email.utils.formatdate(time.time() + 2, usegmt=True)
                elif params.get("retryAfter"):
                    headers["Retry-After"] = params["retryAfter"]
                return self.respond(503, to_json_bytes(status.body()), "application/json", headers, [])
            return self.respond(200, to_json_bytes({"attempts": attempts}), "application/json", {}, [])
        if path == "/_test/cached":
            return self.serve_cached(method, dict(parse_qsl(query)))
        if path == "/_test/arm-drop":  # the next request on this kept-alive connection goes unanswered
            self.drop_next_request = True
            return self.respond(200, b'{"armed":true}', "application/json", {}, [])
        if path == "/_test/set-cookie":
            # ?c=SET-COOKIE (repeatable, sent as written, control characters included)&status=N&to=URL:
            # answers `status` (200 by default; a 3xx with `Location: to`) with those Set-Cookie headers
            # and the request's own headers as JSON.
            params = parse_qsl(query, keep_blank_values=True)
            options = dict(params)
            status = int(options.get("status", "200"))
            headers = {"Location": options["to"]} if "to" in options else {}
            cookies = [value for key, value in params if key == "c"]
            body = to_json_bytes(dict(self.headers.items()))
            return self.respond(status, body, "application/json", headers, cookies)
        if path == "/_test/challenge":
            # Always 401 with ServiceStack's Basic challenge; counts the requests that carried
            # `Authorization` (`challenge-with-authorization`) and those that did not.
            auth = self.headers.get("Authorization")
            app.state.count("challenge-with-authorization" if auth else "challenge-without-authorization")
            return self.respond(401, to_json_bytes({"authorization": auth}), "application/json", {}, [])
        if path == "/_test/redirect":
            options = dict(parse_qsl(query))
            status = int(options.get("status", "302")) if options.get("status") in ("301", "303", "307", "308") else 302
            return self.respond(status, b"", None, {"Location": options.get("to", "/")}, [])
        if path == "/_test/stats":
            with app.state.lock:
                counters = dict(app.state.counters)
            return self.respond(200, to_json_bytes(counters), "application/json", {}, [])
        if path == "/_test/autoquery" and method == "POST":  # ?maxLimit=N&total=always|asked|absent|zero&ignoreSkip=0|1|alternating
            params = dict(parse_qsl(query, keep_blank_values=True))
            with app.state.lock:
                if "maxLimit" in params:   # empty: no limit
                    app.state.autoquery["maxLimit"] = int(params["maxLimit"]) if params["maxLimit"] else None
                if params.get("total") in ("always", "asked", "absent", "zero"):
                    app.state.autoquery["total"] = params["total"]
                if params.get("ignoreSkip") in ("0", "1", "alternating"):
                    app.state.autoquery["ignoreSkip"] = {"0": False, "1": True}.get(params["ignoreSkip"], "alternating")
            return self.respond(204, b"", None, {}, [])
        if path == "/_test/reset" and method == "POST":
            with app.state.lock:
                app.state.values.clear()
                app.state.counters.clear()
                app.state.autoquery = dict(AUTOQUERY_DEFAULTS)
            return self.respond(204, b"", None, {}, [])
        raise HttpError(404, "NotFound", "No test endpoint %s" % path)

    def serve_cached(self, method, params):
        """A cacheable resource, answered as ServiceStack's HttpCacheFeature answers an HttpResult with
        ETag/LastModified/MaxAge (HttpCacheFeature.cs): `ETag` quoted, `Last-Modified` in RFC 1123,
        `Cache-Control: max-age=N, private[, must-revalidate][, no-cache]`; 304 with the same headers
        when the whole If-None-Match (W/ stripped) equals the ETag, or If-Modified-Since is not
        before Last-Modified. Query: key (required), maxAge (seconds, default 0), directives
        (comma-separated: must-revalidate, no-cache, no-store), validators (etag, lastModified;
        default both), vary (a `Vary` header), cookie=1 (a `Set-Cookie: ss-id=…`), delayMs (answer
        that much later), noCacheControl=1 (no `Cache-Control` at all, as most services answer). Counters:
        `cached:K` every GET, `notModified:K` every 304.
        POST with mode=ok|down|close (down: 503; close: no answer), bump=1 (a new version) and/or
        directives=… (from then on, in place of the GETs' own)."""
        app = self.server.app
        key = params.get("key", "")
        with app.state.lock:
            resource = app.state.values.setdefault("cached:" + key, {"version": 1, "modified": int(time.time()) - 60,
                                                                     "mode": "ok"})
            if method == "POST":
                if params.get("bump") == "1":
                    resource["version"] += 1
                    resource["modified"] = max(int(time.time()), resource["modified"] + 1)
                resource["mode"] = params.get("mode", resource["mode"])
                if "directives" in params:
                    resource["directives"] = params["directives"]
                return self.respond(200, to_json_bytes(dict(resource)), "application/json", {}, [])
            version, modified, mode = resource["version"], resource["modified"], resource["mode"]
            stored_directives = resource.get("directives")
        app.state.count("cached:" + key)
        if params.get("delayMs"):
            time.sleep(int(params["delayMs"]) / 1000.0)
        if mode == "close":  # read the request, close without a word
            self.close_connection = True
            return None
        if mode == "down":
            status = HttpError(503, "Unavailable", "Down for maintenance")
            return self.respond(503, to_json_bytes(status.body()), "application/json", {}, [])
        validators = params.get("validators", "etag,lastModified").split(",")
        try:
            max_age = int(params.get("maxAge", "0"))
        except ValueError:
            return self.respond(400, b'{"responseStatus":{"errorCode":"ArgumentException"}}', "application/json", {}, [])
        directives = ["max-age=%d" % max_age, "private"]
        directives += [d for d in (stored_directives or params.get("directives", "")).split(",") if d]
        headers = {} if params.get("noCacheControl") == "1" else {"Cache-Control": ", ".join(directives)}
        etag = '"%s-v%d"' % (key, version)
        last_modified = email.utils.formatdate(modified, usegmt=True)
        if "etag" in validators:
            headers["ETag"] = etag
        if "lastModified" in validators:
            headers["Last-Modified"] = last_modified
        if params.get("vary"):
            headers["Vary"] = params["vary"]
        cookies = ["ss-id=cached-session-%s; Path=/" % version] if params.get("cookie") == "1" else []
        if_none_match = self.headers.get("If-None-Match")
        if_modified_since = self.headers.get("If-Modified-Since")
        def quoted(tag):
            tag = tag[2:] if tag.startswith("W/") else tag
            return tag if '"' in tag else '"%s"' % tag
        matches = "etag" in validators and if_none_match is not None and quoted(if_none_match) == etag
        if not matches and "lastModified" in validators and if_modified_since:
            try:
                matches = email.utils.parsedate_to_datetime(if_modified_since).timestamp() >= modified
            except (TypeError, ValueError):
                matches = False
        if matches:
            app.state.count("notModified:" + key)
            return self.respond(304, b"", None, headers, [])
        body = to_json_bytes({"key": key, "version": version})
        return self.respond(200, body, "application/json", headers, cookies)

    def respond(self, status, data, content_type, headers, cookies):
        if status == 401 and not any(key.lower() == "www-authenticate" for key in headers):
            headers = dict(headers, **{"WWW-Authenticate": self.challenge()})
        try:
            self.send_response(status)
            if content_type:
                self.send_header("Content-Type", content_type)
            for key, value in headers.items():
                self.send_header(key, value)
            for value in cookies:
                self.send_header("Set-Cookie", value)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            if data and self.command != "HEAD":
                self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass


    def challenge(self):
        """The `WWW-Authenticate` value ServiceStack sends with every 401 (AuthFeature.cs, AuthProvider.cs:
        `{provider} realm="{realm}"` of the first registered auth provider, realm `/auth/{provider}`).
        This server's first provider is Basic; a test may name another with `X-Test-Auth-Provider`
        (credentials, jwt, apikey, digest, …) to see the client meet each."""
        provider = self.headers.get("X-Test-Auth-Provider") or "basic"
        if provider == "digest":  # DigestAuthProvider adds a nonce and qop
            return 'digest realm="/auth/digest", nonce="%s", qop="auth"' % secrets.token_hex(8)
        return '%s realm="/auth/%s"' % (provider, provider)


class App:
    def __init__(self, metadata_path, techstacks_dir):
        self.schema = Schema()
        self.schema.load(metadata_path)
        self.schema.add_operation("Authenticate", [("Provider", "String"), ("UserName", "String"),
                                  ("Password", "String"), ("RememberMe", "Boolean"), ("Meta", "Dictionary<String,String>")],
                                  [("/auth", None), ("/auth/{provider}", None)])
        self.schema.add_operation("GetAccessToken", [("RefreshToken", "String"), ("UseTokenCookie", "Boolean"),
                                                     ("Meta", "Dictionary<String,String>")], [("/access-token", None)])
        self.techstacks = TechStacksData(techstacks_dir)
        if techstacks_dir:
            self.schema.add_operation("AppOverview", [("Reload", "Boolean")],
                                      [("/overview", None), ("/app-overview", None)], "GET")
            self.schema.add_operation("GetAllTechnologies", [], [("/technology", "GET")], "GET")
            self.schema.add_operation("GetTechnology", [("Slug", "String")], [("/technology/{Slug}", None)], "GET")
            self.schema.add_operation("GetTechnologyStack", [("Slug", "String")], [("/techstacks/{Slug}", "GET")],
                                      "GET")
            self.schema.add_operation("CreateTechnology", [(name, "String") for name in (
                "Name", "Slug", "VendorName", "VendorUrl", "ProductUrl", "LogoUrl", "Description", "Tier")]
                + [("IsLocked", "Boolean")], [("/technology", "POST")])
        self.state = State()
        self.events = serverevents.EventHub(self.state)
        self.services = Services(self.schema, self.state, self.techstacks)
        self.routes = [Route(op["name"], path, verbs)
                       for op in self.schema.operations.values() for path, verbs in op["routes"]]

    def route(self, method, segments):
        """(operation name, matched template, path variables) for a request path."""
        if len(segments) == 2 and segments[0].lower() == "api":
            found = self.predefined(segments[1], "/api/{Request}")
            if endpoint_routing() and method != endpointrouting.operation_method(self.operation(found[0])):
                raise HttpError(405, None, None, raw_body=b"", content_type=None)  # ASP.NET's: no body
            return found
        if len(segments) == 3 and segments[0].lower() == "json" and segments[1].lower() in ("reply", "oneway"):
            if endpoint_routing():
                raise self.operation_does_not_exist()
            return self.predefined(segments[2], "/json/%s/{Request}" % segments[1].lower())
        candidates = []
        for route in self.routes:
            variables = route.match(segments)
            if variables is not None:
                candidates.append((route, variables))
        allowed = [(r, v) for r, v in candidates if method in self.verbs_of(r) or
                   (r.verbs is None and not endpoint_routing())]
        if not allowed:
            if endpoint_routing():
                if candidates:
                    raise HttpError(405, None, None, raw_body=b"", content_type=None)
                raise HttpError(404, None, None, raw_body=b"", content_type=None)
            if candidates:
                raise HttpError(405, "NotSupported", "%s is not allowed on /%s" % (method, "/".join(segments)))
            raise HttpError(404, "NotFound", "Handler for Request not found: %s /%s" % (method, "/".join(segments)))
        # The most literal segments wins; then routes restricted to this verb over any-verb routes.
        route, variables = max(allowed, key=lambda rv: (rv[0].literals, rv[0].verbs is not None))
        return route.op_name, route.template, variables

    def batch_route(self, segments):
        """(operation name, template, one-way) for an auto-batch path, else None."""
        if not segments or not segments[-1].endswith("[]"):
            return None
        name = segments[-1][:-2]
        prefix = [s.lower() for s in segments[:-1]]
        if prefix == ["api"]:
            op_name = self.predefined(name, "/api/{Request}[]")[0]
            if endpoint_routing() and not endpointrouting.has_batch_endpoint(self.operation(op_name)):
                raise HttpError(404, None, None, raw_body=b"", content_type=None)
            return op_name, "/api/{Request}[]", False
        if prefix in (["json", "reply"], ["json", "oneway"]):
            if endpoint_routing():
                raise self.operation_does_not_exist()
            template = "/json/%s/{Request}[]" % prefix[1]
            return self.predefined(name, template)[0], template, prefix[1] == "oneway"
        return None

    def response_document(self, op_name, result):
        """A service's result as the server writes it. A non-nullable enum property of the response
        left unset is written, as ServiceStack writes a .NET enum's default 0 when no member has that
        value: `"0"` by ServiceStack.Text, `0` by System.Text.Json (other defaults are left out here).
        With endpoint routing, values as System.Text.Json writes them (endpointrouting.render)."""
        response = self.operation(op_name).get("response")
        if isinstance(result, dict) and response in self.schema.dtos:
            for name, prop in self.schema.dtos[response]:
                spec = self.schema.spec(prop)
                enum = self.schema.enums.get(spec[1]) if spec[0] == "enum" else None
                if enum and camel(name) not in result and "0" not in (enum["values"] or ["0"]):
                    result = dict(result, **{camel(name): 0 if endpoint_routing() else "0"})
        return endpointrouting.render(result) if endpoint_routing() else result

    def operation(self, op_name):
        return self.schema.operations[op_name.lower()]

    def verbs_of(self, route):
        """The verbs a custom route answers (endpoint routing: the operation's method when it names none)."""
        if endpoint_routing():
            return endpointrouting.route_verbs(route.verbs, self.operation(route.op_name))
        return route.verbs or set()

    @staticmethod
    def operation_does_not_exist():
        """What endpoint routing answers for ServiceStack's own routes (/json/reply/…, /json/oneway/…):
        the catch-all handler is handed the path as the operation's name (AppHostBase.NetCore.cs)."""
        return HttpError(405, "NotImplementedException", "The operation does not exist for this service")

    def predefined(self, name, template):
        op = self.schema.operations.get(name.lower())
        if not op:
            raise HttpError(404, "NotFound", "Unknown request type '%s'" % name)
        return op["name"], template, {}


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128


def main():
    parser = argparse.ArgumentParser(description="ServiceStack-protocol test server for DTOKit")
    parser.add_argument("--port", type=int, default=0, help="port to listen on (0: a free port)")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--metadata", default=DEFAULT_METADATA, help="the testservices metadata snapshot")
    parser.add_argument("--techstacks-data", default=None, help="folder with TechStacks JSON responses")
    parser.add_argument("--exit-on-stdin-close", action="store_true",
                        help="stop when stdin reaches end of file (when the parent process goes away)")
    parser.add_argument("--verbose", action="store_true", help="log every request to stderr")
    parser.add_argument("--tls-cert", default=None,
                        help="a PEM file with a certificate and its key: serve the same over TLS on a second port")
    args = parser.parse_args()

    # A parent may start us from a thread that blocks signals (libdispatch threads do), and the
    # mask is inherited: unblock SIGTERM and SIGINT so that terminating the server works.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    signal.signal(signal.SIGTERM, signal.SIG_DFL)

    server = Server((args.host, args.port), Handler)
    server.app = App(args.metadata, args.techstacks_data)
    server.verbose, server.endpoint_routing = args.verbose, False
    sys.stdout.write("PORT %d\n" % server.server_address[1])
    # The same services as a ServiceStack 8 server on endpoint routing with System.Text.Json answers
    # them (endpointrouting.py), on a port of its own.
    endpoints = Server((args.host, 0), Handler)
    endpoints.app, endpoints.verbose, endpoints.endpoint_routing = server.app, args.verbose, True
    threading.Thread(target=endpoints.serve_forever, daemon=True).start()
    sys.stdout.write("ENDPOINTSPORT %d\n" % endpoints.server_address[1])
    if args.tls_cert:
        # The same services over TLS, with a certificate no client trusts (self-signed): for the
        # client's handling of TLS failures.
        tls = Server((args.host, 0), Handler)
        tls.app, tls.verbose, tls.endpoint_routing = server.app, args.verbose, False
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(args.tls_cert)
        tls.socket = context.wrap_socket(tls.socket, server_side=True)
        threading.Thread(target=tls.serve_forever, daemon=True).start()
        sys.stdout.write("TLSPORT %d\n" % tls.server_address[1])
    sys.stdout.flush()

    if args.exit_on_stdin_close:
        def watch_stdin():
            try:
                while sys.stdin.buffer.read(1024):
                    pass
            finally:
                os._exit(0)
        threading.Thread(target=watch_stdin, daemon=True).start()

    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
