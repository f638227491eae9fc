"""ServiceStack's Server Events protocol, for testserver.py: the event stream, heartbeats, unregistering,
the subscriber list and channel changes, plus test controls that make the server misbehave.

As a ServiceStack server does it (ServerEventsFeature):
  * GET /event-stream?channels=a,b (or ?channel=; none: channel "*"): `text/event-stream`, frames
    `id: N\\ndata: SELECTOR BODY\\n\\n` with N counting from 1 per connection; first `cmd.onConnect`
    (every value a string: id, userId, displayName, channels, heartbeatUrl, unRegisterUrl,
    updateSubscriberUrl, heartbeatIntervalMs, idleTimeoutMs, ...), then `CHANNEL@cmd.onJoin` to every
    subscriber of each of its channels, itself included;
  * POST /event-heartbeat?id=ID: 200, and `cmd.onHeartbeat` on the stream; 404 for an unknown id;
  * POST /event-unregister?id=ID: 200 with the subscriber's meta, `CHANNEL@cmd.onLeave` to the others,
    the stream ends; 404 for an unknown id;
  * GET /event-subscribers?channels=a,b: the subscribers' meta (without their ids);
  * POST /event-subscribers/ID with {subscribeChannels, unsubscribeChannels}: `CHANNEL@cmd.onUpdate`.
  A bearer token, the ss-tok cookie or Basic credentials of a known user make the subscriber that user.

Test controls (POST):
  /_test/events/notify?channel=C&selector=S   body: the message's JSON, sent as `C@S BODY` (or `S BODY`
                                              to every subscriber without a channel)
  /_test/events/raw?channel=C&pieces=N&delayMs=M  body: bytes written to the streams as they are, in N
                                              pieces M ms apart (lines and characters split across reads)
  /_test/events/drop                          every stream writes half a frame and closes
  /_test/events/config?heartbeatIntervalMs=&idleTimeoutMs=&heartbeatStatus=&heartbeatHoldMs=&connectDelayMs=&notifyJoins=&muted=&requireAuth=&unavailableSeconds=
                                              (connectDelayMs: the time between the headers and
                                              `cmd.onConnect`; notifyJoins=0: no `cmd.onJoin` (ServiceStack's
                                              NotifyChannelOfSubscriptions); heartbeatHoldMs: each heartbeat held that long, then its
                                              connection closed without a response; muted: nothing on
                                              the streams but what tests send; unavailableSeconds also
                                              drops every stream)
  /_test/events/reset                         the defaults back, every subscriber gone
"""

import json
import queue
import threading
import time
from urllib.parse import parse_qsl

DEFAULTS = {"heartbeatIntervalMs": 10000, "idleTimeoutMs": 30000, "heartbeatStatus": 200, "heartbeatHoldMs": 0,
            "connectDelayMs": 0, "notifyJoins": True, "muted": False, "requireAuth": False, "unavailableUntil": 0.0}

# What a subscriber's queue can hold besides frames.
CLOSE = "close"
DROP = "drop"


class Subscriber:
    def __init__(self, number, sub_id, user, authenticated, channels, base_url):
        self.id = sub_id
        self.number = number
        self.user = user
        self.authenticated = authenticated
        self.channels = channels
        self.base_url = base_url
        self.created_at = int(time.time() * 1000)
        self.queue = queue.Queue()
        self.counter = 0
        self.last_pulse = time.time()

    def meta(self, with_urls=False):
        meta = {"userId": self.user or "-%d" % self.number, "isAuthenticated": "true" if self.authenticated else "false",
                "displayName": self.user or "user%d" % self.number, "channels": ",".join(self.channels),
                "createdAt": str(self.created_at), "profileUrl": "data:image/svg+xml,<svg/>"}
        if with_urls:
            meta.update({"id": self.id,
                         "unRegisterUrl": "%s/event-unregister?id=%s" % (self.base_url, self.id),
                         "heartbeatUrl": "%s/event-heartbeat?id=%s" % (self.base_url, self.id),
                         "updateSubscriberUrl": "%s/event-subscribers/%s" % (self.base_url, self.id)})
        return meta

    def frame(self, selector, body):
        """The next frame, as bytes (only the subscriber's own thread calls this)."""
        self.counter += 1
        text = "" if body is None else json.dumps(body, separators=(",", ":"))
        return ("id: %d\ndata: %s %s\n\n" % (self.counter, selector, text)).encode("utf-8")


class EventHub:
    def __init__(self, state):
        self.state = state
        self.lock = threading.Lock()
        self.subscribers = {}
        self.numbers = 0
        self.config = dict(DEFAULTS)

    # Subscribers ------------------------------------------------------------------------------
    def subscribe(self, channels, user, authenticated, base_url):
        with self.lock:
            self.numbers += 1
            sub = Subscriber(self.numbers, "sub-%d-%d" % (self.numbers, int(time.time() * 1000) % 100000), user,
                             authenticated, channels, base_url)
            self.subscribers[sub.id] = sub
        return sub

    def remove(self, sub_id):
        with self.lock:
            sub = self.subscribers.pop(sub_id, None)
        if sub:
            sub.queue.put(CLOSE)
            for channel in sub.channels:
                self.to_channel(channel, "cmd.onLeave", sub.meta())
        return sub

    def get(self, sub_id):
        with self.lock:
            return self.subscribers.get(sub_id)

    def in_channels(self, channels):
        with self.lock:
            subs = list(self.subscribers.values())
        if not channels:
            return subs
        return [s for s in subs if set(s.channels) & set(channels)]

    def to_channel(self, channel, selector, body):
        for sub in self.in_channels([channel]):
            sub.queue.put(("%s@%s" % (channel, selector), body))

    def to_all(self, selector, body):
        for sub in self.in_channels([]):
            sub.queue.put((selector, body))

    def expire(self):
        """Removes the subscribers not heard from within the idle timeout (as ServiceStack's housekeeping does)."""
        limit = time.time() - self.setting("idleTimeoutMs") / 1000.0
        with self.lock:
            stale = [s.id for s in self.subscribers.values() if s.last_pulse < limit]
        for sub_id in stale:
            self.remove(sub_id)

    def setting(self, name):
        with self.lock:
            return self.config[name]


def channels_of(query):
    params = parse_qsl(query, keep_blank_values=True)
    names = []
    for key, value in params:
        if key.lower() in ("channels", "channel"):
            names += [c for c in value.split(",") if c]
    return names or ["*"]


def serve(handler, hub, method, path, query, body, user_for_request, http_error):
    """Answers a Server Events path, or returns False for any other path."""
    if path == "/event-stream" and method == "GET":
        stream(handler, hub, query, user_for_request, http_error)
        return True
    params = dict(parse_qsl(query))
    if path == "/event-heartbeat" and method == "POST":
        hub.state.count("events:heartbeat")
        hold = hub.setting("heartbeatHoldMs")
        if hold:  # a server that stopped answering: hold the request, then close without a response
            time.sleep(hold / 1000.0)
            handler.close_connection = True
            return True
        status = hub.setting("heartbeatStatus")
        if status != 200:
            raise http_error(status, "NotFound", "Subscription '%s' does not exist" % params.get("id"))
        sub = hub.get(params.get("id", ""))
        if not sub:
            raise http_error(404, "NotFound", "Subscription '%s' does not exist" % params.get("id"))
        sub.last_pulse = time.time()
        if not hub.setting("muted"):
            sub.queue.put(("cmd.onHeartbeat", sub.meta()))
        handler.respond(200, b"", None, {}, [])
        return True
    if path == "/event-unregister":
        hub.state.count("events:unregister")
        sub = hub.remove(params.get("id", ""))
        if not sub:
            raise http_error(404, "NotFound", "Subscription '%s' does not exist" % params.get("id"))
        handler.respond(200, json.dumps(sub.meta()).encode(), "application/json", {}, [])
        return True
    if path == "/event-subscribers" and method == "GET":
        wanted = [c for c in params.get("channels", "").split(",") if c]
        metas = [s.meta() for s in hub.in_channels(wanted)]
        handler.respond(200, json.dumps(metas).encode(), "application/json", {}, [])
        return True
    if path.startswith("/event-subscribers/") and method == "POST":
        sub = hub.get(path[len("/event-subscribers/"):])
        if not sub:
            raise http_error(404, "NotFound", "Subscriber does not exist")
        update = json.loads(body.decode("utf-8") or "{}")
        old = list(sub.channels)
        add = [c for c in update.get("subscribeChannels") or [] if c not in sub.channels]
        drop = set(update.get("unsubscribeChannels") or [])
        sub.channels = [c for c in sub.channels if c not in drop] + add
        for channel in sorted(set(old) | set(sub.channels)):
            hub.to_channel(channel, "cmd.onUpdate", sub.meta())
        handler.respond(200, b"{}", "application/json", {}, [])
        return True
    if path.startswith("/_test/events/") and method == "POST":
        control(handler, hub, path[len("/_test/events/"):], params, body)
        return True
    return False


def stream(handler, hub, query, user_for_request, http_error):
    if time.time() < hub.setting("unavailableUntil"):
        raise http_error(503, "ServiceUnavailable", "The server is restarting")
    user = user_for_request()
    if hub.setting("requireAuth") and not user:
        raise http_error(401, "Unauthorized", "Not Authenticated")
    hub.state.count("events:connect")
    base_url = "http://%s" % (handler.headers.get("Host") or "127.0.0.1")
    sub = hub.subscribe(channels_of(query), user, user is not None, base_url)
    handler.close_connection = True
    try:
        handler.send_response(200)
        handler.send_header("Content-Type", "text/event-stream; charset=utf-8")
        handler.send_header("Cache-Control", "no-cache")
        handler.send_header("X-Accel-Buffering", "no")
        handler.send_header("Connection", "close")
        handler.end_headers()
        # ServiceStack flushes the headers before it builds `cmd.onConnect` (ServerEventsFeature.cs).
        handler.wfile.flush()
        time.sleep(hub.setting("connectDelayMs") / 1000.0)
        meta = sub.meta(with_urls=True)
        meta["heartbeatIntervalMs"] = str(hub.setting("heartbeatIntervalMs"))
        meta["idleTimeoutMs"] = str(hub.setting("idleTimeoutMs"))
        handler.wfile.write(sub.frame("cmd.onConnect", meta))
        handler.wfile.flush()
        if hub.setting("notifyJoins"):  # ServerEventsFeature.NotifyChannelOfSubscriptions
            for channel in sub.channels:
                hub.to_channel(channel, "cmd.onJoin", sub.meta())
        while True:
            try:
                item = sub.queue.get(timeout=1.0)
            except queue.Empty:
                if not hub.setting("heartbeatHoldMs"):  # a server that stopped answering keeps no house either
                    hub.expire()
                continue
            if item == CLOSE:
                break
            if item == DROP:
                handler.wfile.write(b"id: 99\ndata: cmd.chat {\"text\":\"cut o")
                handler.wfile.flush()
                break
            if isinstance(item, tuple) and item[0] == "raw":
                pieces, delay = item[2], item[3]
                data = item[1]
                size = max(1, (len(data) + pieces - 1) // pieces)
                for start in range(0, len(data), size):
                    handler.wfile.write(data[start:start + size])
                    handler.wfile.flush()
                    time.sleep(delay)
                continue
            selector, body = item
            handler.wfile.write(sub.frame(selector, body))
            handler.wfile.flush()
    except (BrokenPipeError, ConnectionResetError, OSError):
        pass


def control(handler, hub, name, params, body):
    if name == "notify":
        message = json.loads(body.decode("utf-8")) if body else None
        channel = params.get("channel")
        if channel:
            hub.to_channel(channel, params["selector"], message)
        else:
            hub.to_all(params["selector"], message)
    elif name == "raw":
        item = ("raw", body, int(params.get("pieces", "1")), int(params.get("delayMs", "0")) / 1000.0)
        for sub in hub.in_channels([params["channel"]] if params.get("channel") else []):
            sub.queue.put(item)
    elif name == "drop":
        for sub in hub.in_channels([]):
            sub.queue.put(DROP)
    elif name == "config":
        with hub.lock:
            for key in ("heartbeatIntervalMs", "idleTimeoutMs", "heartbeatStatus", "heartbeatHoldMs", "connectDelayMs"):
                if key in params:
                    hub.config[key] = int(params[key])
            for key in ("muted", "requireAuth", "notifyJoins"):
                if key in params:
                    hub.config[key] = params[key] == "1"
            if "unavailableSeconds" in params:
                hub.config["unavailableUntil"] = time.time() + float(params["unavailableSeconds"])
        if "unavailableSeconds" in params:
            for sub in hub.in_channels([]):
                sub.queue.put(CLOSE)
    elif name == "reset":
        with hub.lock:
            hub.config = dict(DEFAULTS)
            subs = list(hub.subscribers.values())
            hub.subscribers.clear()
        for sub in subs:
            sub.queue.put(CLOSE)
    handler.respond(204, b"", None, {}, [])
