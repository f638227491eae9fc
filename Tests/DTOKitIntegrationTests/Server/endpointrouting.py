"""ServiceStack 8's endpoint routing with System.Text.Json, for testserver.py's second mode.

What a ServiceStack 8.1+ server set up as its templates do (`app.UseServiceStack(..., o => o.MapEndpoints())`:
`MapEndpoints(use: true, force: true, useSystemJson: UseSystemJson.Always)`) does differently from a
ServiceStack.Text server with ServiceStack's own routing. Read from ServiceStack's sources (v8.10,
ServiceStack/ServiceStack): no .NET server runs here.

Routing (AppHostBase.NetCore.cs, PredefinedRoutesFeature.cs, Host/ServiceMetadata.cs):
  * `/api/{Request}` is an endpoint for ONE verb: the operation's method (`IGet`…, else its first
    service action that is not ANY, else POST: the snapshot's `method`); another verb gets ASP.NET's
    405 with no body.
  * `/api/{Request}[]` (batches, since v8.8) is POST only, and exists only for operations whose
    method has a body (POST, PUT, PATCH) and that return something: a one-way batch of `IReturnVoid`
    requests finds no endpoint (404, no body).
  * A custom route keeps its verbs; one without verbs (or ANY) gets the operation's method only.
  * `/json/reply/…` and `/json/oneway/…` (ServiceStack's own routing, disabled by `force`) reach the
    catch-all handler, which is handed the whole path as the operation's name: 405 with
    `NotImplementedException` "The operation does not exist for this service".
  * Anything else is not found: 404 with no body.

Bodies (ServiceStack.Text TextConfig.SystemJsonOptions: camelCase, case-insensitive names, nulls
left out, JsonEnumMemberStringEnumConverter, XSD TimeSpan, no date converter, NumberHandling strict):
  * read strictly: a number where a number is declared (no numeric strings), `true`/`false` for a
    bool, a string for a string, dates in ISO 8601 only (`/Date(ms)/` fails; a DateOnly `yyyy-MM-dd`
    only), a Guid in its 36-char
    `D` form only, a TimeSpan as an XSD duration string, an enum by name (ignoring case), `[EnumMember]`
    value or number; the request fails with 400 otherwise, as System.Text.Json's JsonException does;
  * written as System.Text.Json writes them: dates in ISO 8601 (`…Z`, fraction trimmed), Guids in `D`
    form, an enum value no member has (the unset 0) as the number `0`.
Query strings, forms and batches are still bound by ServiceStack.Text (JSV), as in the other mode; a body
sent to `/api/{Request}` is read as JSON whatever its Content-Type says (GenericHandler reads it with its
own, application/json), and ServiceStack.Text, `SystemJsonCompatible` there, writes a batch's dates in ISO
8601 and its Guids dashed too.
"""

import datetime as dt
import re

EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)
BODY_VERBS = ("POST", "PUT", "PATCH")


def operation_method(op):
    """The one verb `/api/{Request}` answers for `op`."""
    return (op.get("method") or "POST").upper()


def route_verbs(verbs, op):
    """The verbs a custom route answers: its own, or the operation's method when it names none."""
    return verbs if verbs and "ANY" not in verbs else {operation_method(op)}


def has_batch_endpoint(op):
    return operation_method(op) in BODY_VERBS and op.get("returns", True)


def iso_from_wcf(ms):
    """A UTC instant as System.Text.Json writes a DateTime of Kind Utc: fraction without trailing zeros."""
    moment = EPOCH + dt.timedelta(milliseconds=ms)
    text = "%04d-%02d-%02dT%02d:%02d:%02d" % (moment.year, moment.month, moment.day, moment.hour, moment.minute,
                                               moment.second)
    if moment.microsecond:
        text += ("." + "%06d" % moment.microsecond).rstrip("0")
    return text + "Z"


WCF_VALUE = re.compile(r"^/Date\((-?\d+)\)/$")


def render(value):
    """A canonical response value as System.Text.Json writes it (dates in ISO 8601)."""
    if isinstance(value, dict):
        return {k: render(v) for k, v in value.items()}
    if isinstance(value, list):
        return [render(v) for v in value]
    if isinstance(value, str):
        m = WCF_VALUE.match(value)
        if m:
            return iso_from_wcf(int(m.group(1)))
    return value


ISO_DATE = re.compile(
    r"^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,16})?)?(Z|[+-]\d{2}:\d{2})?)?$")
GUID_D = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
XSD_DURATION = re.compile(r"^-?P")


def check_body_value(value, spec, schema, fail):
    """Raises `fail(message)` where System.Text.Json would not read `value` (JSON) as `spec`."""
    if value is None:
        return
    kind = spec[0]
    if kind == "nullable":
        return check_body_value(value, spec[1], schema, fail)
    if kind == "list":
        if not isinstance(value, list):
            fail("The JSON value could not be converted to a list")
        for item in value:
            check_body_value(item, spec[1], schema, fail)
        return
    if kind == "dict":
        if not isinstance(value, dict):
            fail("The JSON value could not be converted to a dictionary")
        for item in value.values():
            check_body_value(item, spec[2], schema, fail)
        return
    if kind == "dto":
        if not isinstance(value, dict):
            fail("The JSON value could not be converted to %s" % spec[1])
        props = {name.lower(): prop for name, prop in schema.dtos.get(spec[1], [])}
        for key, item in value.items():
            if key.lower() in props:
                check_body_value(item, schema.spec(props[key.lower()]), schema, fail)
        return
    if kind == "bytes":
        if not isinstance(value, str):
            fail("The JSON value could not be converted to System.Byte[]")
        return
    if kind == "enum":
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            fail("The JSON value could not be converted to %s" % spec[1])
        return  # names, [EnumMember] values and numbers: testserver.canonical_enum checks which
    name = spec[1]
    if name in ("Int16", "Int32", "Int64", "UInt16", "UInt32", "UInt64", "Byte", "SByte",
                "Double", "Single", "Decimal"):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            fail("The JSON value could not be converted to System.%s (a number is read from a JSON number only)"
                 % name)
    elif name == "Boolean":
        if not isinstance(value, bool):
            fail("The JSON value could not be converted to System.Boolean")
    elif name in ("DateTime", "DateTimeOffset"):
        if not isinstance(value, str) or not ISO_DATE.match(value):
            fail("The JSON value could not be converted to System.%s (ISO 8601 only): %r" % (name, value))
    elif name == "DateOnly":
        if not isinstance(value, str) or not re.match(r"^\d{4}-\d{2}-\d{2}$", value):
            fail("The JSON value could not be converted to System.DateOnly (yyyy-MM-dd only): %r" % (value,))
    elif name == "Guid":
        if not isinstance(value, str) or not GUID_D.match(value):
            fail("The JSON value could not be converted to System.Guid (the 36-character D form only): %r"
                 % (value,))
    elif name == "TimeSpan":
        if not isinstance(value, str) or not XSD_DURATION.match(value):
            fail("The JSON value could not be converted to System.TimeSpan (an XSD duration): %r" % (value,))
    elif name in ("String", "Char"):
        if not isinstance(value, str):
            fail("The JSON value could not be converted to System.String")
