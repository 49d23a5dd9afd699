"""The checkers of Scripts/check_platforms.py: what one `pushloc batch` answer must be, by platform.

Each function takes a request (as sent) and its answer (parsed, with the line's bytes where the
payload must be measured verbatim) and returns the findings as sentences; an empty list passes.
Nothing here runs pushloc: check_platforms.py makes the lines, runs the binary, re-renders where a
check needs a second answer, and feeds these. Its `--self-test` runs each checker on hand-written
good and broken answers.

  * FCM: DiscoveryValidator (Google's discovery-document schema language, over the FCM v1 `Message`
    schema read at run time), fcm_sdk_errors (the Firebase Admin SDK's own encoding of the same
    message), fcm_counted_bytes (FCM's budget rule);
  * Web Push: webpush_payload_errors (members, headers), webpush_encryption_errors (RFC 8291
    aes128gcm with http-ece: one record of at most 4096 bytes that decrypts back);
  * every platform: check_success (budget by the platform's rule, UTF-8, pinned values, the report,
    trimmed arguments at ICU grapheme boundaries, maximal use of the budget), check_error, and the
    checks that compare with a second render (body cuts, dropped and trimmed locales, FCM's apns part).
"""

import base64
import collections
import json
import os
import re
import warnings

import yaml

# firebase-admin 7 calls Message.token deprecated (in favour of fid); the HTTP v1 API still takes token.
warnings.filterwarnings("ignore", message="Message.token is deprecated")

DEFAULT_BUDGET = {"apns": 4096, "fcm": 4096, "webpush": 3993}
WORD_BACKOFF_LIMIT = 24  # BudgetInvariants.wordBackoffLimit: escaped bytes a cut may give back to end on a word
WEBPUSH_RECORD_SIZE = 4096
EXIT_STATUS_WRONG = []
RAN = collections.Counter()  # how often each check ran on real output, for the summary


# ---------------------------------------------------------------------------------------------
# The catalog, as its files declare it (not as the renderer reads it)


class Catalog:
    """Templates (PyYAML), locale tags (file names), settings (pushloc.yaml)."""

    def __init__(self, root):
        self.root = root
        self.templates = {}
        folder = os.path.join(root, "Templates")
        for name in sorted(os.listdir(folder)):
            if name.startswith(".") or not name.endswith((".yaml", ".yml")):
                continue
            with open(os.path.join(folder, name), encoding="utf-8-sig") as handle:
                content = yaml.safe_load(handle) or {}
            for key, template in content.items():
                self.templates.setdefault(str(key), template or {})
        settings_path = os.path.join(root, "pushloc.yaml")
        self.settings = {}
        if os.path.exists(settings_path):
            with open(settings_path, encoding="utf-8-sig") as handle:
                self.settings = yaml.safe_load(handle) or {}
        self.source = str(self.settings.get("source-locale", "en"))
        self.ellipsis = str(self.settings.get("ellipsis", "…"))
        tags = []
        for name in sorted(os.listdir(os.path.join(root, "Locales"))):
            if not name.startswith(".") and name.endswith((".yaml", ".yml")):
                tags.append(name.rsplit(".", 1)[0])
        self.tags = sorted(set(tags + [self.source]))
        self.translations = {}  # tag -> {template key -> {field -> message}}
        for tag in tags:
            path = os.path.join(root, "Locales", tag + ".yaml")
            try:
                with open(path, encoding="utf-8-sig") as handle:
                    self.translations[tag] = yaml.safe_load(handle) or {}
            except (OSError, yaml.YAMLError):
                self.translations[tag] = {}

    def messages(self, key, fields=("title", "body")):
        """The template's source messages and every translation of them, for these fields."""
        entries = [self.templates[key]] + [(locale or {}).get(key) or {} for locale in self.translations.values()
                                           if isinstance(locale, dict)]
        return [entry[field] for entry in entries if isinstance(entry, dict)
                for field in fields if isinstance(entry.get(field), str)]

    def arguments(self, key):
        """[(name, type, truncate, max-bytes)] in declaration order."""
        result = []
        for name, declaration in (self.templates[key].get("args") or {}).items():
            if isinstance(declaration, str):
                declaration = {"type": declaration}
            declaration = declaration or {}
            result.append((str(name), declaration.get("type", "string"), bool(declaration.get("truncate", False)),
                           declaration.get("max-bytes")))
        return result


def documented_error_codes(root):
    """The codes of docs/cli.md's "Error codes" table: what a failed batch line may say."""
    with open(os.path.join(root, "docs", "cli.md"), encoding="utf-8") as handle:
        text = handle.read()
    section = text.split("### Error codes", 1)[1].split("\n#", 1)[0]
    return set(re.findall(r"^\| `([A-Za-z-]+)` \|", section, re.M))


# ---------------------------------------------------------------------------------------------
# Text: UTF-8, JSON escaping (the renderer's, docs/content-mode.md), ICU grapheme boundaries


def escaped_size(data):
    """Bytes a UTF-8 text takes inside a JSON string as the renderer writes it."""
    total = 0
    for byte in data:
        if byte in (0x22, 0x5C, 0x08, 0x09, 0x0A, 0x0C, 0x0D):
            total += 2
        elif byte < 0x20:
            total += 6
        else:
            total += 1
    return total


_BREAKS = None


def grapheme_boundaries(data):
    """Byte offsets of ICU's grapheme-cluster boundaries in UTF-8 `data` (0 and len included)."""
    global _BREAKS
    import icu

    if _BREAKS is None:
        _BREAKS = icu.BreakIterator.createCharacterInstance(icu.Locale.getRoot())
    text = data.decode("utf-8")
    # ICU counts UTF-16 units; map each unit offset to its byte offset.
    unit_to_byte = {0: 0}
    units = 0
    offset = 0
    for char in text:
        units += 2 if ord(char) > 0xFFFF else 1
        offset += len(char.encode("utf-8"))
        unit_to_byte[units] = offset
    _BREAKS.setText(icu.UnicodeString(text))
    result = [0]
    for unit in _BREAKS:
        result.append(unit_to_byte[unit])
    if result[-1] != len(data):
        result.append(len(data))
    return sorted(set(result))


def strings_in(value, path=""):
    """(path, string) for every string (keys included) in a parsed JSON value."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from strings_in(item, f"{path}[{index}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            yield f"{path}.{key}(key)", key
            yield from strings_in(item, f"{path}.{key}")


def unicode_errors(value, where):
    """Strings that are not valid Unicode (a lone surrogate, which json.loads lets through)."""
    errors = []
    for path, text in strings_in(value):
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            errors.append(f"{where}{path}: not valid UTF-8 (a lone surrogate): {text!r:.80}")
    return errors


def value_span(raw, start):
    """End offset of the JSON value starting at raw[start] (bytes)."""
    decoder = json.JSONDecoder()
    text = raw[start:].decode("utf-8")
    _, end = decoder.raw_decode(text)
    return start + len(text[:end].encode("utf-8"))


def member_span(raw, path):
    """(start, end) byte span of the value at `path` (a list of keys) in compact JSON `raw`."""
    start = 0
    for key in path:
        # Walk the object's members: key, colon, value, comma.
        if raw[start:start + 1] != b"{":
            return None
        position = start + 1
        found = None
        while raw[position:position + 1] != b"}":
            key_end = value_span(raw, position)
            name = json.loads(raw[position:key_end])
            value_start = key_end + 1
            value_end = value_span(raw, value_start)
            if name == key:
                found = (value_start, value_end)
            position = value_end + (1 if raw[value_end:value_end + 1] == b"," else 0)
        if found is None:
            return None
        start = found[0]
        end = found[1]
    return start, end if path else len(raw)


# ---------------------------------------------------------------------------------------------
# The FCM v1 discovery document: a validator for its schema language


def camel(name):
    """Proto3 JSON reads `collapse_key` as `collapseKey`; the discovery document spells camelCase."""
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


DURATION = re.compile(r"^-?[0-9]+(\.[0-9]{1,9})?s$")
DATETIME = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,9})?(Z|[+-][0-9]{2}:[0-9]{2})$")


class DiscoveryValidator:
    """Validates a value against a schema of a Google API discovery document.

    Supported: `$ref`, `type` (object, array, string, integer, number, boolean, any),
    `properties` (known members only; snake_case member names mapped to camelCase first, as proto3
    JSON accepts both, except inside map-typed members whose keys are data), `additionalProperties`
    (a map), `items`, `enum`, `format` (int32, uint32, int64, uint64, float, double, google-duration,
    google-datetime, byte), and members whose description starts "Output Only" (refused on input).
    """

    INT_RANGES = {"int32": (-2**31, 2**31 - 1), "uint32": (0, 2**32 - 1),
                  "int64": (-2**63, 2**63 - 1), "uint64": (0, 2**64 - 1)}

    def __init__(self, document):
        self.schemas = document["schemas"]

    def validate(self, value, schema, path="message"):
        errors = []
        self._check(value, schema, path, errors)
        return errors

    def _check(self, value, schema, path, errors):
        if "$ref" in schema:
            reference = schema["$ref"]
            if reference not in self.schemas:
                errors.append(f"{path}: schema {reference} is not in the discovery document")
                return
            schema = self.schemas[reference]
        kind = schema.get("type")
        if kind == "any" or kind is None and "properties" not in schema:
            return
        if kind == "object":
            if not isinstance(value, dict):
                errors.append(f"{path}: expected an object, got {type_name(value)}")
                return
            properties = schema.get("properties")
            extra = schema.get("additionalProperties")
            seen = {}
            for key, item in value.items():
                if properties is not None:
                    name = camel(key)
                    if name in properties:
                        if name in seen:
                            errors.append(f"{path}: {key!r} and {seen[name]!r} are the same field {name}")
                        seen[name] = key
                        member = properties[name]
                        if member.get("description", "").startswith("Output Only"):
                            errors.append(f"{path}.{key}: an output-only field")
                        self._check(item, member, f"{path}.{key}", errors)
                        continue
                if extra is not None:
                    self._check(item, extra, f"{path}[{key!r}]", errors)
                else:
                    errors.append(f"{path}: unknown field {key!r}")
            return
        if kind == "array":
            if not isinstance(value, list):
                errors.append(f"{path}: expected an array, got {type_name(value)}")
                return
            for index, item in enumerate(value):
                self._check(item, schema.get("items", {}), f"{path}[{index}]", errors)
            return
        if kind == "string":
            if not isinstance(value, str):
                errors.append(f"{path}: expected a string, got {type_name(value)} {json.dumps(value)[:40]}")
                return
            if "enum" in schema and value not in schema["enum"]:
                errors.append(f"{path}: {value!r} is not one of {schema['enum']}")
            fmt = schema.get("format")
            if fmt == "google-duration" and not DURATION.match(value):
                errors.append(f"{path}: {value!r} is not a google-duration (\"3600s\")")
            elif fmt == "google-datetime" and not DATETIME.match(value):
                errors.append(f"{path}: {value!r} is not an RFC 3339 time")
            elif fmt in ("int64", "uint64"):
                self._check_integer(value, fmt, path, errors)
            elif fmt == "byte":
                try:
                    base64.b64decode(value.replace("-", "+").replace("_", "/") + "==", validate=True)
                except ValueError:
                    errors.append(f"{path}: {value!r} is not base64")
            return
        if kind == "integer":
            self._check_integer(value, schema.get("format"), path, errors)
            return
        if kind == "number":
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                errors.append(f"{path}: expected a number, got {type_name(value)}")
            return
        if kind == "boolean":
            if not isinstance(value, bool):
                errors.append(f"{path}: expected true or false, got {type_name(value)}")
            return
        errors.append(f"{path}: the validator does not know type {kind!r}")

    def _check_integer(self, value, fmt, path, errors):
        # Proto3 JSON: an integer is a JSON number, or a string of digits (the form int64 is written in).
        if isinstance(value, str) and re.fullmatch(r"-?[0-9]+", value):
            number = int(value)
        elif isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            errors.append(f"{path}: expected an integer ({fmt}), got {type_name(value)} {json.dumps(value)[:40]}")
            return
        low, high = self.INT_RANGES.get(fmt, (-2**63, 2**64 - 1))
        if not low <= number <= high:
            errors.append(f"{path}: {number} is out of {fmt}'s range")


def type_name(value):
    return {dict: "an object", list: "an array", str: "a string", bool: "a boolean", type(None): "null",
            int: "a number", float: "a number"}.get(type(value), type(value).__name__)


# ---------------------------------------------------------------------------------------------
# FCM


FCM_TARGETS = ("token", "topic", "condition")


def fcm_counted_bytes(message):
    """The FCM budget rule: UTF-8 bytes of notification title and body, and of every data key and value."""
    total = 0
    notification = message.get("notification") or {}
    for field in ("title", "body"):
        if isinstance(notification.get(field), str):
            total += len(notification[field].encode("utf-8", "surrogatepass"))
    for key, value in (message.get("data") or {}).items():
        total += len(key.encode("utf-8", "surrogatepass"))
        if isinstance(value, str):
            total += len(value.encode("utf-8", "surrogatepass"))
        else:
            total += len(json.dumps(value, ensure_ascii=False).encode("utf-8"))
    return total


def fcm_schema_errors(validator, payload):
    """The send body against the discovery document: {"message": Message}, at most one target."""
    errors = []
    if not isinstance(payload, dict) or set(payload) != {"message"}:
        return [f"payload: expected exactly {{\"message\": …}}, got members {sorted(payload) if isinstance(payload, dict) else payload!r}"]
    message = payload["message"]
    errors += validator.validate(message, {"$ref": "Message"})
    if isinstance(message, dict):
        targets = [key for key in message if camel(key) in FCM_TARGETS]
        if len(targets) > 1:
            errors.append(f"message: more than one target: {targets}")
        # `data` maps: proto3 JSON allows any string, but a null or a nested object is refused above.
    return errors


def apns_aps_from_json(aps):
    """messaging.Aps for a parsed `aps` dictionary, every non-standard member as custom data."""
    from firebase_admin import messaging

    aps = dict(aps)
    alert = aps.pop("alert", None)
    if isinstance(alert, dict):
        alert = dict(alert)
        names = {"title": "title", "subtitle": "subtitle", "body": "body", "loc-key": "loc_key",
                 "loc-args": "loc_args", "title-loc-key": "title_loc_key", "title-loc-args": "title_loc_args",
                 "action-loc-key": "action_loc_key", "launch-image": "launch_image"}
        typed = {names[key]: alert.pop(key) for key in list(alert) if key in names}
        alert = messaging.ApsAlert(**typed, custom_data=alert or None)
    typed = {}
    for key, name in (("badge", "badge"), ("sound", "sound"), ("category", "category"), ("thread-id", "thread_id")):
        if key in aps:
            typed[name] = aps.pop(key)
    for key, name in (("content-available", "content_available"), ("mutable-content", "mutable_content")):
        if aps.get(key) == 1:
            aps.pop(key)
            typed[name] = True
    return messaging.Aps(alert=alert, custom_data=aps or None, **typed)


def fcm_sdk_message(message):
    """The same message built with firebase_admin.messaging's classes (a placeholder token when ours has no target)."""
    from firebase_admin import messaging

    kwargs = {}
    placeholder = not any(key in message for key in FCM_TARGETS)
    for key in FCM_TARGETS:
        if key in message:
            kwargs[key] = message[key]
    if placeholder:
        kwargs["token"] = "placeholder-token-for-the-sdk"
    if "notification" in message:
        notification = message["notification"]
        kwargs["notification"] = messaging.Notification(title=notification.get("title"), body=notification.get("body"))
    if "data" in message:
        kwargs["data"] = message["data"]
    if "android" in message:
        android = message["android"]
        ttl = android.get("ttl")
        if isinstance(ttl, str) and DURATION.match(ttl):
            ttl = float(ttl[:-1]) if "." in ttl else int(ttl[:-1])
        notification = None
        if "notification" in android:
            fields = ("channel_id", "tag", "icon", "color", "sound", "click_action", "title_loc_key",
                      "title_loc_args", "body_loc_key", "body_loc_args", "notification_count", "title", "body")
            notification = messaging.AndroidNotification(
                **{field: android["notification"][field] for field in fields if field in android["notification"]})
        priority = android.get("priority")
        kwargs["android"] = messaging.AndroidConfig(
            # The SDK takes and writes 'high'/'normal'; the FCM API's enum is HIGH/NORMAL, which we write.
            priority=priority.lower() if isinstance(priority, str) else priority,
            ttl=ttl, collapse_key=android.get("collapse_key"), notification=notification)
    if "apns" in message:
        apns = message["apns"]
        payload = None
        if "payload" in apns:
            custom = {key: value for key, value in apns["payload"].items() if key != "aps"}
            payload = messaging.APNSPayload(apns_aps_from_json(apns["payload"].get("aps", {})), **custom)
        kwargs["apns"] = messaging.APNSConfig(headers=apns.get("headers"), payload=payload)
    return messaging.Message(**kwargs), placeholder


def fcm_sdk_errors(message):
    """Our message against the Firebase Admin SDK's encoding of the same message."""
    from firebase_admin import _messaging_encoder

    if not isinstance(message, dict):
        return ["message is not an object"]
    try:
        sdk_message, placeholder = fcm_sdk_message(message)
        encoded = json.loads(json.dumps(_messaging_encoder.MessageEncoder().default(sdk_message)))
    except (ValueError, TypeError) as error:
        return [f"the Firebase Admin SDK refuses the message: {error}"]
    if placeholder:
        encoded.pop("token", None)
    ours = json.loads(json.dumps(message))
    # The one deliberate difference: the SDK writes android.priority lowercase ('high'), the FCM API's
    # enum (discovery document) is 'HIGH'/'NORMAL', which we write; the API accepts the enum names.
    for value in (ours, encoded):
        android = value.get("android")
        if isinstance(android, dict) and isinstance(android.get("priority"), str):
            android["priority"] = android["priority"].lower()
    found = differences({key: value for key, value in ours.items() if key != "apns"},
                        {key: value for key, value in encoded.items() if key != "apns"})
    if "apns" in ours or "apns" in encoded:
        apns_found = differences(ours.get("apns"), encoded.get("apns"), "message.apns")
        if apns_found and not differences(without_empty(ours.get("apns")), encoded.get("apns"), "message.apns"):
            # The APNs payload is free-form JSON; APNSPayload cannot hold a null, [] or {} member (the
            # SDK drops them), so for those the apns part is compared with the APNs render instead.
            RAN["FCM apns parts with null/empty members the SDK cannot express (checked against the APNs render)"] += 1
            apns_found = []
        found += apns_found
    return [f"differs from the Firebase Admin SDK's encoding at {where}" for where in found]


def differences(ours, theirs, path="message", them="the SDK's"):
    if isinstance(ours, dict) and isinstance(theirs, dict):
        result = []
        for key in list(ours) + [key for key in theirs if key not in ours]:
            if key not in theirs:
                result.append(f"{path}.{key}: only ours has it ({json.dumps(ours[key], ensure_ascii=False)[:80]})")
            elif key not in ours:
                result.append(f"{path}.{key}: only {them} has it ({json.dumps(theirs[key], ensure_ascii=False)[:80]})")
            else:
                result += differences(ours[key], theirs[key], f"{path}.{key}", them)
        return result
    if ours != theirs or type(ours) is not type(theirs):
        return [f"{path}: ours {json.dumps(ours, ensure_ascii=False)[:80]}, {them} {json.dumps(theirs, ensure_ascii=False)[:80]}"]
    return []


def without_empty(value):
    """A JSON value without the null, [] and {} members the SDK's encoder drops (remove_null_values)."""
    if isinstance(value, dict):
        return {key: without_empty(item) for key, item in value.items() if item not in (None, [], {})}
    return value


def content_entries_errors(content, locale, where):
    """`localization_content`: objects, or a string naming an earlier object entry; the negotiated locale first."""
    errors = []
    if not isinstance(content, dict) or not content:
        return [f"{where}: not a non-empty object"]
    tags = list(content)
    if tags[0] != locale:
        errors.append(f"{where}: first entry {tags[0]!r}, the negotiated locale is {locale!r}")
    seen_objects = []
    for tag, entry in content.items():
        if isinstance(entry, str):
            if entry not in seen_objects:
                errors.append(f"{where}.{tag}: alias {entry!r} names no earlier object entry")
        elif isinstance(entry, dict):
            for field, text in entry.items():
                if field not in ("title", "subtitle", "body") or not isinstance(text, str):
                    errors.append(f"{where}.{tag}.{field}: unexpected member {json.dumps(text, ensure_ascii=False)[:60]}")
            seen_objects.append(tag)
        else:
            errors.append(f"{where}.{tag}: neither an object nor an alias")
    return errors


# ---------------------------------------------------------------------------------------------
# Web Push

WEBPUSH_MEMBERS = {
    # NotificationOptions (WHATWG Notifications API) plus the title and our localization_content.
    "title": str, "body": str, "lang": str, "dir": str, "icon": str, "badge": str, "image": str, "tag": str,
    "requireInteraction": bool, "renotify": bool, "silent": bool, "timestamp": int, "vibrate": list,
    "actions": list, "data": object, "localization_content": dict,
}
TOPIC = re.compile(r"^[A-Za-z0-9_-]{1,32}$")


def webpush_payload_errors(payload, headers, locale, mode):
    errors = []
    if not isinstance(payload, dict):
        return ["payload is not an object"]
    for key, value in payload.items():
        kind = WEBPUSH_MEMBERS.get(key)
        if kind is None:
            errors.append(f"payload: unknown member {key!r}")
        elif kind is not object and (not isinstance(value, kind) or kind is int and isinstance(value, bool)):
            errors.append(f"payload.{key}: expected {kind.__name__}, got {type_name(value)}")
    if not isinstance(payload.get("title"), str):
        errors.append("payload: no title (showNotification needs one)")
    if "lang" not in payload:
        errors.append("payload: no lang (the negotiated locale)")
    elif payload["lang"] != locale:
        errors.append(f"payload.lang {payload['lang']!r} is not the negotiated locale {locale!r}")
    if "dir" in payload and payload["dir"] not in ("auto", "ltr", "rtl"):
        errors.append(f"payload.dir {payload['dir']!r}")
    data = payload.get("data") if isinstance(payload.get("data"), dict) else {}
    places = [where for where, holder in (("payload", payload), ("payload.data", data)) if "localization_content" in holder]
    if mode == "content":
        # At the payload's root (as first specified) or in `data` (where the service worker's
        # notification keeps it): either, but exactly one.
        if len(places) != 1:
            errors.append(f"content mode: localization_content in {places or 'neither payload nor payload.data'}")
        else:
            holder = payload if places[0] == "payload" else data
            RAN[f"Web Push content: localization_content in {places[0]}"] += 1
            errors += content_entries_errors(holder["localization_content"], locale, f"{places[0]}.localization_content")
    elif places:
        errors.append(f"{places[0]}: localization_content outside content mode")
    if not isinstance(headers, dict):
        return errors + ["headers: not an object"]
    for name, value in headers.items():
        if name not in ("TTL", "Urgency", "Topic"):
            errors.append(f"headers: unexpected header {name!r}")
        elif not isinstance(value, str):
            errors.append(f"headers.{name}: not a string")
    if not re.fullmatch(r"[0-9]+", str(headers.get("TTL", ""))):
        errors.append(f"headers: TTL missing or not whole seconds: {headers.get('TTL')!r}")
    if "Urgency" in headers and headers["Urgency"] not in ("very-low", "low", "normal", "high"):
        errors.append(f"headers.Urgency {headers['Urgency']!r}")
    if "Topic" in headers and not TOPIC.match(str(headers["Topic"])):
        errors.append(f"headers.Topic {headers['Topic']!r}: not 1-32 characters of [A-Za-z0-9_-]")
    return errors


class WebPushKeys:
    """A user agent's P-256 key pair and auth secret, and an application server's key (RFC 8291)."""

    def __init__(self):
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

        self.ua_private = ec.generate_private_key(ec.SECP256R1())
        self.ua_public = self.ua_private.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        self.server_private = ec.generate_private_key(ec.SECP256R1())
        self.server_public = self.server_private.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        self.auth = os.urandom(16)


def webpush_encryption_errors(keys, payload):
    """The payload encrypted for one subscription: one aes128gcm record, a body of at most 4096 bytes."""
    import http_ece

    body = http_ece.encrypt(payload, private_key=keys.server_private, dh=keys.ua_public,
                            auth_secret=keys.auth, version="aes128gcm", rs=WEBPUSH_RECORD_SIZE)
    errors = []
    # RFC 8188 header: salt (16), rs (4), idlen (1), keyid (the server's public key, 65).
    rs = int.from_bytes(body[16:20], "big")
    header = 21 + body[20]
    records = len(body) - header
    if len(body) > WEBPUSH_RECORD_SIZE:
        errors.append(f"encrypted body is {len(body)} bytes for {len(payload)} of payload, over {WEBPUSH_RECORD_SIZE}")
    if rs != WEBPUSH_RECORD_SIZE or records > rs or records <= 16:
        errors.append(f"encrypted body is not one record: rs {rs}, {records} bytes of records")
    decrypted = http_ece.decrypt(body, private_key=keys.ua_private, auth_secret=keys.auth, version="aes128gcm")
    if decrypted != payload:
        errors.append("the encrypted payload does not decrypt back to the payload")
    return errors


# ---------------------------------------------------------------------------------------------
# Requests


def compact(value):
    """Compact JSON as the renderer writes it (only quotes, backslashes and C0 controls escaped)."""
    try:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate, written as JSON can write it: \ud83d
        return json.dumps(value, separators=(",", ":")).encode("utf-8")


def request_platform(request):
    return request.get("platform", "apns")


def request_mode(request):
    mode = request.get("mode", "resolved")
    if request_platform(request) == "fcm" and mode == "content":
        return "data"
    return mode


def request_line(request):
    return json.dumps(request, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


# ---------------------------------------------------------------------------------------------
# Checks of one answer


class Context:
    """What every check of a run shares: the catalog, the FCM schema, the Web Push keys, the error codes."""

    def __init__(self, catalog, validator, keys, codes):
        self.catalog = catalog
        self.validator = validator
        self.keys = keys
        self.codes = codes


def split_answer(raw):
    """(answer without nothing changed, payload bytes verbatim or None)."""
    marker = b',"payload":'
    at = raw.find(marker)
    if at < 0:
        return None
    start = at + len(marker)
    return raw[start:value_span(raw, start)]


SIMPLE_MESSAGE = re.compile(r"^(?:[^{}']|\{[A-Za-z_][A-Za-z0-9_]*\})*$")


def substitute(text, arguments):
    """A message made only of text and `{name}` (no quoting, no formats), with string arguments."""
    if not isinstance(text, str) or not SIMPLE_MESSAGE.match(text):
        return None
    names = re.findall(r"\{([A-Za-z0-9_]+)\}", text)
    if any(not isinstance(arguments.get(name), str) for name in names):
        return None
    return re.sub(r"\{([A-Za-z0-9_]+)\}", lambda match: arguments[match.group(1)], text)


def data_as_string(value):
    """What an FCM `data` value is expected to be for a non-string template or request value: its JSON text."""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def pinned_errors(catalog, request, platform, payload, answer_headers=None):
    """Template fields made only of text and pinned arguments appear exactly, wherever the platform puts them."""
    template = catalog.templates[request["key"]]
    arguments = request.get("args", {})
    truncatable = {name for name, _, truncate, _ in catalog.arguments(request["key"]) if truncate}
    pinned_only = {name: value for name, value in arguments.items() if name not in truncatable}
    errors = []
    message = payload.get("message", {}) if platform == "fcm" else None

    def expect(actual, text, where, fcm_string=False, setting=False):
        if setting and isinstance(text, (bool, int)):
            # A platform setting's text field takes a number or true as the text written (`tag: 7`).
            text = ("true" if text else "false") if isinstance(text, bool) else str(text)
        expected = substitute(text, pinned_only) if isinstance(text, str) else text
        if expected is None:
            return
        if fcm_string:
            expected = data_as_string(expected)
            if isinstance(actual, str) and not isinstance(text, str):
                try:
                    if json.loads(actual) == text:
                        return
                except ValueError:
                    pass
        if actual != expected:
            errors.append(f"{where}: {json.dumps(actual, ensure_ascii=False)[:100]}, expected "
                          f"{json.dumps(expected, ensure_ascii=False)[:100]} (pinned)")

    for key, text in (template.get("data") or {}).items():
        if platform == "apns":
            expect(payload.get(key), text, f"payload.{key}")
        elif platform == "fcm":
            expect((message.get("data") or {}).get(key), text, f"message.data.{key}", fcm_string=True)
        else:
            expect((payload.get("data") or {}).get(key), text, f"payload.data.{key}")
    for key, value in (request.get("data") or {}).items():
        if platform == "apns":
            expect(payload.get(key), value, f"payload.{key} (request data)")
        elif platform == "fcm":
            expect((message.get("data") or {}).get(key), value, f"message.data.{key} (request data)", fcm_string=True)
        else:
            expect((payload.get("data") or {}).get(key), value, f"payload.data.{key} (request data)")
    apns = template.get("apns") or {}
    aps = None
    if platform == "apns":
        aps = payload.get("aps", {})
    elif platform == "fcm" and "apns" in message:
        aps = (message["apns"].get("payload") or {}).get("aps", {})
    if aps is not None:
        for key in ("category", "thread-id", "target-content-id"):
            if key in apns:
                expect(aps.get(key), apns[key], f"aps.{key}")
    fcm = template.get("fcm") or {}
    if platform == "fcm":
        android = message.get("android") or {}
        for names, where in ((("collapse-key", "collapse_key"), "collapse_key"),):
            for name in names:
                if name in fcm:
                    expect(android.get(where), fcm[name], f"message.android.{where}", setting=True)
        notification = android.get("notification") or {}
        for names, where in ((("channel-id", "channel_id"), "channel_id"), (("tag",), "tag"), (("icon",), "icon"),
                             (("color",), "color"), (("sound",), "sound"),
                             (("click-action", "click_action"), "click_action")):
            for name in names:
                if name in fcm and request_mode(request) != "data":
                    expect(notification.get(where), fcm[name], f"message.android.notification.{where}", setting=True)
    if platform == "fcm":
        android = message.get("android") or {}
        if "priority" in fcm:
            expect(android.get("priority"), str(fcm["priority"]).upper(), "message.android.priority")
        if "ttl" in fcm:
            expect(android.get("ttl"), f"{fcm['ttl']}s", "message.android.ttl")
    webpush = template.get("webpush") or {}
    if platform == "webpush":
        for name in ("icon", "badge", "tag"):
            if name in webpush:
                expect(payload.get(name), webpush[name], f"payload.{name}", setting=True)
        for name in ("require-interaction", "requireInteraction", "require_interaction"):
            if name in webpush:
                expect(payload.get("requireInteraction"), webpush[name], "payload.requireInteraction")
        headers = answer_headers if isinstance(answer_headers, dict) else {}
        expect(headers.get("TTL"), str(webpush.get("ttl", 2419200)), "headers.TTL")
        if "urgency" in webpush:
            expect(headers.get("Urgency"), str(webpush["urgency"]), "headers.Urgency")
        if "topic" in webpush:
            expect(headers.get("Topic"), webpush["topic"], "headers.Topic", setting=True)
    return errors


def trimmed_values(catalog, request, report, ellipsis):
    """(errors, [(name, source, cut, empty, occurrences)], final values) from the report's trimmedArguments.

    Each entry must be a truncatable argument; `bytesAfter` is a prefix of the original ending on an
    ICU grapheme boundary plus the ellipsis, or 0 (nothing kept); a `max-bytes` entry exactly when the
    argument is over its cap; `bytesBefore` what fitting started from.
    """
    errors, trimmed = [], []
    arguments = request.get("args", {})
    final = dict(arguments)
    declared = {name: (truncate, cap) for name, _, truncate, cap in catalog.arguments(request["key"])}
    entries = report.get("trimmedArguments")
    if not isinstance(entries, list):
        return ["report.trimmedArguments is not an array"], [], final
    for entry in entries:
        name = entry.get("name")
        if name not in declared or not declared[name][0]:
            errors.append(f"report.trimmedArguments names {name!r}, not a truncatable argument (pinned arguments are never changed)")
        if entry.get("reason") not in ("max-bytes", "budget"):
            errors.append(f"report.trimmedArguments: reason {entry.get('reason')!r}")
    if errors:
        return errors, [], final
    ellipsis_bytes = ellipsis.encode("utf-8")

    def cut_of(original, after, entry):
        if after == 0:
            return 0, True
        length = after - len(ellipsis_bytes)
        if not 0 <= length <= len(original) or length not in grapheme_boundaries(original):
            errors.append(f"{name}: {entry} is not a grapheme-boundary prefix of the argument plus the ellipsis "
                          f"(a split character); the argument is {original[:length + 12]!r}…")
            return None
        return length, False

    for name, (truncate, cap) in declared.items():
        if not truncate:
            continue
        value = arguments.get(name)
        if not isinstance(value, str):
            continue
        original = value.encode("utf-8")
        mine = [entry for entry in entries if entry["name"] == name]
        cap_entry = next((entry for entry in mine if entry["reason"] == "max-bytes"), None)
        budget_entry = next((entry for entry in mine if entry["reason"] == "budget"), None)
        source = original
        over = isinstance(cap, int) and len(original) > cap
        if (cap_entry is not None) != over:
            errors.append(f"{name}: {len(original)} bytes, max-bytes {cap}; report {mine}")
        if cap_entry is not None:
            if cap_entry.get("bytesBefore") != len(original) or not isinstance(cap, int) or cap_entry.get("bytesAfter", 0) > cap:
                errors.append(f"{name}: {cap_entry}, the argument is {len(original)} bytes, max-bytes {cap}")
            cut = cut_of(original, cap_entry.get("bytesAfter", -1), cap_entry)
            if cut is None:
                continue
            source = b"" if cut[1] else original[:cut[0]] + ellipsis_bytes
        final[name] = source.decode("utf-8")
        if budget_entry is None:
            continue
        if budget_entry.get("bytesBefore") != len(source):
            errors.append(f"{name}: {budget_entry}, but fitting started from {len(source)} bytes")
        cut = cut_of(original, budget_entry.get("bytesAfter", -1), budget_entry)
        if cut is None:
            continue
        if cut[0] > len(source):
            errors.append(f"{name}: {budget_entry} keeps more than the {len(source)} bytes it started from")
            continue
        value_bytes = b"" if cut[1] else original[:cut[0]] + ellipsis_bytes
        if escaped_size(value_bytes) >= escaped_size(source):
            errors.append(f"{name}: trimming did not make it smaller ({budget_entry})")
        final[name] = value_bytes.decode("utf-8")
        occurrences = budget_entry.get("occurrences")
        if not isinstance(occurrences, int) or occurrences < 1:
            errors.append(f"{name}: {budget_entry}: occurrences")
            occurrences = 1
        trimmed.append((name, source, cut[0], cut[1], occurrences))
    return errors, trimmed, final


def maximal_bound(source, cut, empty, occurrences, size, ellipsis_size):
    """Tests/PushLocalizerTests/Support/BudgetInvariants.swift's `maximalBound`, by the platform's `size`.

    Fitting cuts at a grapheme boundary g, grows the cut by whole graphemes while bytes remain, then
    may move it back to a word boundary c <= g giving up at most 24 bytes. g lies in [c, W], W the
    last grapheme boundary at most 24 bytes after c; so the give-back plus the next grapheme is at
    most the size of source[c ..< the boundary after W]. That (plus the ellipsis when nothing was
    kept), times the occurrences, is what one trimmed argument may leave unused.
    """
    boundaries = grapheme_boundaries(source)
    if cut not in boundaries:
        return 0
    index = boundaries.index(cut)
    given = 0
    while index + 1 < len(boundaries):
        step = size(source[boundaries[index]:boundaries[index + 1]])
        given += step
        if given > WORD_BACKOFF_LIMIT:
            break
        index += 1
    return (given + (ellipsis_size if empty else 0)) * occurrences


def size_rule(platform, mode):
    """How one byte of argument text counts: raw on FCM (title, body, data values), else JSON-escaped.

    FCM's data mode writes the texts as JSON inside the `localization_content` data value, so they
    count escaped there too.
    """
    if platform == "fcm" and mode != "data":
        return len
    return escaped_size


def expected_budgets(catalog, request):
    if "budget" in request:
        return {request["budget"]}
    platform = request_platform(request)
    template = catalog.templates[request["key"]]
    push_type = request.get("pushType") or (template.get("apns") or {}).get("push-type")
    default = 5120 if platform == "apns" and push_type == "voip" else DEFAULT_BUDGET[platform]
    budgets = {default}
    if isinstance(template.get("budget"), int):
        budgets.add(template["budget"])
    return budgets


def priority_order(catalog, locale):
    """Content mode's entry order: the negotiated locale, the source, locale-priority, then alphabetical."""
    order = [locale]
    for tag in [catalog.source] + list(catalog.settings.get("locale-priority") or []) + sorted(catalog.tags):
        if tag in catalog.tags and tag not in order:
            order.append(tag)
    return order


def content_report_errors(catalog, request, answer, content, overflow):
    report = answer["report"]
    errors = []
    included, dropped = report.get("includedLocales"), report.get("droppedLocales")
    if not isinstance(content, dict):
        return errors
    if included != list(content):
        errors.append(f"report.includedLocales {included} is not the localization_content order {list(content)}")
        return errors
    if set(included) & set(dropped or []):
        errors.append(f"report: locales both included and dropped: {set(included) & set(dropped)}")
    if set(included) | set(dropped or []) != set(catalog.tags):
        errors.append(f"report: included {included} and dropped {dropped} are not the catalog's locales")
    order = priority_order(catalog, answer["locale"])
    required = order[:1] if answer["locale"] == catalog.source else order[:2]
    if included[:len(required)] != required[:len(included)] or not set(required) <= set(included):
        errors.append(f"report.includedLocales {included} does not start with the required {required}")
    rest = order[len(required):]
    optional = [tag for tag in rest if tag in included]
    if included[len(required):] != optional:
        errors.append(f"localization_content order {included} is not the priority order {order}")
    if overflow == "drop" and optional != rest[:len(optional)]:
        errors.append(f"overflow drop: the optional locales kept {optional} are not a prefix of the priority order {rest}")
    return errors


def check_success(ctx, request, answer, raw):
    """(errors, re-render request or None) for an `ok` answer."""
    catalog = ctx.catalog
    platform, mode = request_platform(request), request_mode(request)
    template = catalog.templates[request["key"]]
    errors = []
    payload_raw = split_answer(raw)
    if payload_raw is None:
        return ["no payload member"], []
    payload = json.loads(payload_raw)
    report = answer.get("report") or {}
    errors += unicode_errors(payload, "payload")
    if answer.get("bytes") != len(payload_raw):
        errors.append(f"bytes {answer.get('bytes')}, the payload is {len(payload_raw)} bytes")
    if answer.get("locale") not in catalog.tags:
        errors.append(f"locale {answer.get('locale')!r} is not a catalog locale")
    budget = report.get("budget")
    if budget not in expected_budgets(catalog, request):
        errors.append(f"report.budget {budget}, expected one of {sorted(expected_budgets(catalog, request))}")
    if not isinstance(budget, int):
        return errors + ["report.budget is not a number"], []
    content = None
    if platform == "apns":
        counted = len(payload_raw)
        content = payload.get("localization_content") if mode == "content" else None
        if mode == "content":
            errors += content_entries_errors(content, answer.get("locale"), "payload.localization_content")
        if "badge" in request and payload.get("aps", {}).get("badge") != request["badge"]:
            errors.append(f"aps.badge {payload.get('aps', {}).get('badge')!r}, the request's badge is {request['badge']}")
        if not isinstance(answer.get("headers"), dict) or "apns-push-type" not in answer["headers"]:
            errors.append("headers: no apns-push-type")
    elif platform == "fcm":
        RAN["FCM messages validated against the discovery document and the Firebase Admin SDK"] += 1
        errors += fcm_schema_errors(ctx.validator, payload)
        message = payload.get("message") if isinstance(payload, dict) else None
        if not isinstance(message, dict):
            return errors, []
        errors += fcm_sdk_errors(message)
        counted = fcm_counted_bytes(message)
        if mode == "loc-key":
            # The stated rule counts notification title and body and the data; a loc-key message has
            # neither title nor body, and the device shows its loc args in their place. A report that
            # counts those args too is accepted (the summary says how often), since they are what the
            # fitter trims in this mode.
            shown = sum(len(text.encode("utf-8", "surrogatepass"))
                        for key in ("title_loc_args", "body_loc_args")
                        for text in ((message.get("android") or {}).get("notification") or {}).get(key) or []
                        if isinstance(text, str))
            if shown and report.get("bytes") == counted + shown:
                RAN["FCM loc-key reports counting the loc args beside data (not in the stated rule)"] += 1
                counted += shown
        if report.get("messageBytes") != len(payload_raw):
            errors.append(f"report.messageBytes {report.get('messageBytes')}, the message is {len(payload_raw)} bytes")
        for key in FCM_TARGETS:
            if message.get(key) != request.get(key):
                errors.append(f"message.{key} {message.get(key)!r}, the request's is {request.get(key)!r}")
        android = message.get("android") or {}
        notification = android.get("notification") or {}
        data = message.get("data") or {}
        if mode == "resolved":
            if "notification" not in message or not any(field in template for field in ("title", "body")):
                errors.append("resolved mode without message.notification")
            if any(key.endswith("_loc_key") for key in notification):
                errors.append("resolved mode with android loc keys")
        elif mode == "loc-key":
            if "notification" in message:
                errors.append("loc-key mode with message.notification (the text must come from the app's strings)")
            for field, key in (("title", "title_loc_key"), ("body", "body_loc_key")):
                if field in template and key not in notification:
                    errors.append(f"loc-key mode without android.notification.{key}")
        else:
            if "notification" in message or "notification" in android:
                errors.append("data mode with a notification (a data-only message has none)")
            if data.get("locale") != answer.get("locale"):
                errors.append(f"data.locale {data.get('locale')!r}, the negotiated locale is {answer.get('locale')!r}")
            try:
                content = json.loads(data.get("localization_content", ""))
            except ValueError:
                errors.append("data.localization_content is not JSON text")
            else:
                errors += unicode_errors(content, "data.localization_content")
                errors += content_entries_errors(content, answer.get("locale"), "data.localization_content")
        if "badge" in request and "notification" in android and notification.get("notification_count") != request["badge"]:
            errors.append(f"android.notification.notification_count {notification.get('notification_count')!r}, the badge is {request['badge']}")
        has_apns = isinstance(template.get("apns"), dict) and bool(template.get("apns"))
        if has_apns != ("apns" in message):
            errors.append(f"message.apns {'missing' if has_apns else 'present'}, the template {'has' if has_apns else 'has no'} apns settings")
        if "apns" in message:
            apns = message["apns"]
            if not isinstance(apns.get("headers"), dict) or "apns-push-type" not in apns.get("headers", {}):
                errors.append("message.apns.headers: no apns-push-type")
            span = member_span(payload_raw, ["message", "apns", "payload"])
            push_type = request.get("pushType") or (template.get("apns") or {}).get("push-type")
            limit = template.get("budget") if isinstance(template.get("budget"), int) else (5120 if push_type == "voip" else 4096)
            if span is None or "aps" not in apns.get("payload", {}):
                errors.append("message.apns.payload: missing, or without aps")
            elif span[1] - span[0] > limit:
                errors.append(f"message.apns.payload is {span[1] - span[0]} bytes, over APNs's budget of {limit}")
    else:
        counted = len(payload_raw)
        errors += webpush_payload_errors(payload, answer.get("headers"), answer.get("locale"), mode)
        content = None
        if isinstance(payload, dict):
            content = payload.get("localization_content")
            if content is None and isinstance(payload.get("data"), dict):
                content = payload["data"].get("localization_content")
        errors += webpush_encryption_errors(ctx.keys, payload_raw)
        RAN["Web Push payloads encrypted (aes128gcm, one 4096-byte record)"] += 1
        if len(payload_raw) > DEFAULT_BUDGET["webpush"]:
            errors.append(f"Web Push payload of {len(payload_raw)} bytes: over 3993, it cannot be sent in one 4096-byte record")
    if report.get("bytes") != counted:
        errors.append(f"report.bytes {report.get('bytes')}, by {platform}'s rule the payload counts {counted}")
    if counted > budget:
        errors.append(f"{counted} bytes by {platform}'s rule, over the budget of {budget}")
    if isinstance(payload, dict):
        errors += pinned_errors(catalog, request, platform, payload, answer.get("headers"))
    overflow = request.get("overflow") or catalog.settings.get("overflow", "drop")
    if mode in ("content", "data") and content is not None:
        errors += content_report_errors(catalog, request, answer, content, overflow)
        # The notification shown without the extension (APNs) or service worker's choice (Web Push)
        # is the negotiated entry's text.
        shown = None
        if platform == "apns" and isinstance(payload.get("aps", {}).get("alert"), dict):
            shown = payload["aps"]["alert"]
        elif platform == "webpush":
            shown = payload
        entry = content.get(answer.get("locale")) if isinstance(content, dict) else None
        while isinstance(entry, str):
            entry = content.get(entry)
        if shown is not None and isinstance(entry, dict):
            for field in ("title", "subtitle", "body") if platform == "apns" else ("title", "body"):
                if field in entry and shown.get(field) != entry[field]:
                    errors.append(f"the shown {field} is not the negotiated entry's: {str(shown.get(field))[:50]!r}, "
                                  f"entry {str(entry[field])[:50]!r}")

    # Steps, and the trimmed arguments.
    steps = report.get("steps")
    known = ["full", "locales", "arguments", "body"]
    if not isinstance(steps, list) or not steps or steps[0] != "full" or any(step not in known for step in steps) \
            or steps != sorted(steps, key=known.index):
        errors.append(f"report.steps {steps!r}")
        steps = []
    body_trimmed = report.get("bodyBytesTrimmed", 0)
    if (body_trimmed > 0) != ("body" in steps):
        errors.append(f"report: bodyBytesTrimmed {body_trimmed} with steps {steps}")
    if "body" in steps and mode != "resolved":
        errors.append(f"report: the body step in {mode} mode")
    if "locales" in steps and mode not in ("content", "data"):
        errors.append(f"report: the locales step in {mode} mode")
    trim_errors, trimmed, final = trimmed_values(catalog, request, report, catalog.ellipsis)
    errors += trim_errors
    if trimmed and "arguments" not in steps:
        errors.append(f"arguments trimmed, steps {steps}")
    size = size_rule(platform, mode)
    searched = payload
    if platform == "fcm" and isinstance(payload, dict):
        searched = {key: value for key, value in payload.get("message", {}).items() if key != "apns"}
        if content is not None:
            searched["localization_content"] = content
    texts = [text for _, text in strings_in(searched)]
    if trimmed:
        RAN[f"trimmed arguments checked for grapheme-boundary cuts: {platform}/{mode}"] += len(trimmed)
    for name, _, cut, empty, _ in trimmed:
        value = final[name]
        if not empty and not any(value in text for text in texts):
            errors.append(f"{name}: the trimmed value {value[-40:]!r} is nowhere in the payload")
    maximal = trimmed and "body" not in steps and not trim_errors
    if mode in ("content", "data"):
        maximal = maximal and overflow == "drop" and isinstance(content, dict)
        required = 1 if answer.get("locale") == catalog.source else 2
        if trimmed and overflow == "drop" and isinstance(content, dict) and len(content) > required:
            errors.append(f"arguments trimmed while optional locales were kept: {list(content)}")
    if maximal:
        RAN[f"answers checked for maximal use of the budget: {platform}/{mode}"] += 1
        unused = budget - counted
        ellipsis_size = size(catalog.ellipsis.encode("utf-8"))
        bound = sum(maximal_bound(source, cut, empty, occurrences, size, ellipsis_size)
                    for _, source, cut, empty, occurrences in trimmed)
        if isinstance(content, dict):
            # An alias that trimming made (two texts cut alike) may leave its target entry's size unused.
            for tag, entry in content.items():
                if isinstance(entry, str) and isinstance(content.get(entry), dict):
                    bound += size(json.dumps({entry: content[entry]}, ensure_ascii=False, separators=(",", ":")).encode()) + 1
        if unused >= bound:
            errors.append(f"not maximal: {unused} bytes unused, the trimmed arguments "
                          f"({', '.join(name for name, *_ in trimmed)}) allow fewer than {bound}")
    follow_ups = []
    if platform == "fcm" and isinstance(payload, dict) and "apns" in payload.get("message", {}):
        # The apns part is the APNs render of the same request, fitted to APNs's own budget.
        apns_request = {key: value for key, value in request.items() if key not in FCM_TARGETS + ("platform",)}
        apns_request["mode"] = "content" if mode == "data" else mode
        follow_ups.append(("apns-part", {key: value for key, value in apns_request.items() if key != "budget"}))
        if "budget" in request:
            follow_ups.append(("apns-part-budget", apns_request))
    if trimmed or any(entry.get("reason") == "max-bytes" for entry in report.get("trimmedArguments", [])):
        if mode in ("resolved", "loc-key") and "body" not in steps and not trim_errors:
            follow_ups.append(("rerender", dict(request, args=final)))
    if "body" in steps and mode == "resolved" and not trim_errors:
        body = body_of(platform, payload)
        if not isinstance(body, str) or not body.endswith(catalog.ellipsis) and body != "":
            errors.append(f"the body was cut but does not end with the ellipsis: {str(body)[-60:]!r}")
        else:
            # The whole body, from the same request with the reported argument values and room to spare.
            largest = 3993 if request.get("platform") == "webpush" else 5120
            follow_ups.append(("body", dict(request, args=final, budget=largest)))
    if mode in ("content", "data") and overflow == "drop" and not trimmed and report.get("droppedLocales") \
            and isinstance(content, dict):
        # The first dropped locale must not have fitted: render with room to spare to learn its size.
        roomy = max(DEFAULT_BUDGET["webpush"], budget) if platform == "webpush" else 5120
        follow_ups.append(("next-locale", dict(request, budget=roomy)))
    if mode in ("content", "data") and overflow == "trim" and "locales" in steps and isinstance(content, dict) \
            and not trim_errors:
        # Optional bodies cut to share the budget: each against the whole body of a roomier render that
        # keeps texts whole (overflow drop: whole entries, as many as fit), built with the reported
        # argument values or with the request's own (whichever the cut started from).
        roomy = max(DEFAULT_BUDGET["webpush"], budget) if platform == "webpush" else 5120
        follow_ups.append(("trim-final", dict(request, args=final, budget=roomy, overflow="drop")))
        follow_ups.append(("trim-whole", dict(request, budget=roomy, overflow="drop")))
    return errors, follow_ups


def trimmed_bodies_errors(catalog, request, first, roomy_answers):
    """overflow trim: every optional entry keeps its title and subtitle, and its body is the whole body,
    nothing, or a grapheme-boundary prefix of it plus the ellipsis.

    "Whole" is taken from roomier overflow-drop renders: one with the reported argument values (the
    titles use them) and one with the request's own (an optional body is one claim, cut from its text
    with the arguments whole). Each field must match one of them.
    """
    platform = request_platform(request)
    ours = content_of(platform, json.loads(split_answer(first["_raw"])))
    required = 1 if first.get("locale") == catalog.source else 2
    ellipsis = catalog.ellipsis.encode("utf-8")
    candidates = []
    for answer, probe in roomy_answers:
        if not answer.get("ok"):
            continue
        roomy = content_of(platform, json.loads(split_answer(answer["_raw"])))
        candidates.append(roomy)
        # The same texts with each trimmed argument whole again (its reported value swapped for the
        # request's): what an optional body is cut from when even the roomier render cannot hold the
        # whole arguments.
        swaps = [(value, request["args"][name]) for name, value in probe["args"].items()
                 if value and value != request["args"].get(name) and isinstance(value, str)]
        if swaps:
            restored = {}
            for tag, entry in roomy.items():
                if isinstance(entry, dict) and isinstance(entry.get("body"), str):
                    body = entry["body"]
                    for value, original in swaps:
                        body = body.replace(value, original)
                    entry = dict(entry, body=body)
                restored[tag] = entry
            candidates.append(restored)

    def whole_entries(tag):
        for roomy in candidates:
            whole = roomy.get(tag)
            while isinstance(whole, str):
                whole = roomy.get(whole)
            if isinstance(whole, dict):
                yield whole

    def is_cut(body, full):
        cut = len(body) - len(ellipsis)
        return body in (b"", full) or body.endswith(ellipsis) and 0 <= cut <= len(full) \
            and full[:cut] == body[:cut] and cut in grapheme_boundaries(full)

    errors = []
    checked = False
    for tag, entry in list(ours.items())[required:]:
        wholes = list(whole_entries(tag))
        if not isinstance(entry, dict) or not wholes:
            continue  # an alias, or not even the roomier renders have room for it
        checked = True
        for field in ("title", "subtitle"):
            if all(entry.get(field) != whole.get(field) for whole in wholes):
                errors.append(f"{tag}.{field} changed: {str(entry.get(field))[:40]!r}, whole {str(wholes[0].get(field))[:40]!r}")
        body = (entry.get("body") or "").encode()
        if not any(is_cut(body, (whole.get("body") or "").encode()) for whole in wholes):
            errors.append(f"{tag}.body is not a grapheme-boundary prefix of its whole body plus the ellipsis: "
                          f"{body[-40:].decode(errors='replace')!r}")
    if checked and not errors:
        RAN[f"optional bodies cut by overflow trim checked: {platform}/{request_mode(request)}"] += 1
    return errors


def content_of(platform, payload):
    """The content entries of a content/data render, parsed."""
    if platform == "fcm":
        return json.loads(payload["message"]["data"]["localization_content"])
    if "localization_content" in payload:
        return payload["localization_content"]
    return payload["data"]["localization_content"]


def next_locale_errors(catalog, request, first, again):
    """overflow drop: with whole arguments, the first dropped locale would not have fitted."""
    platform, mode = request_platform(request), request_mode(request)
    report = first["report"]
    dropped = report["droppedLocales"][0]
    if not again.get("ok"):
        return []
    roomy = content_of(platform, json.loads(split_answer(again["_raw"])))
    ours = content_of(platform, json.loads(split_answer(first["_raw"])))
    if list(roomy)[:len(ours)] != list(ours):
        return [f"with a larger budget the locales are {list(roomy)}, not a continuation of {list(ours)}"]
    if dropped not in roomy:
        return []
    RAN[f"dropped locales checked not to fit: {platform}/{mode}"] += 1
    entry = compact({dropped: roomy[dropped]})[1:-1]  # "tag":{…} as written
    # APNs and Web Push count the payload, where the entry is written as is; FCM counts the content
    # document as a string's text, which is that JSON text byte for byte.
    size = len(entry)
    unused = report["budget"] - report["bytes"]
    if 1 + size <= unused:
        return [f"overflow drop: {dropped} ({1 + size} bytes with its comma) was dropped, yet {unused} bytes are unused"]
    return []


def body_of(platform, payload):
    """The notification body a resolved render writes (the text step 4 cuts)."""
    try:
        if platform == "apns":
            return payload["aps"]["alert"]["body"]
        if platform == "fcm":
            return payload["message"]["notification"]["body"]
        return payload["body"]
    except (KeyError, TypeError):
        return None


def without_body(platform, payload):
    payload = json.loads(json.dumps(payload))
    if platform == "apns":
        payload["aps"]["alert"].pop("body", None)
    elif platform == "fcm":
        payload["message"]["notification"].pop("body", None)
        payload["message"].pop("apns", None)
    else:
        payload.pop("body", None)
    return payload


def body_cut_errors(catalog, request, first, again_payload):
    """Step 4 from outside: the body is the whole body cut at an ICU grapheme boundary plus the ellipsis,
    nothing else differs, bodyBytesTrimmed says what was given up, and the cut is maximal."""
    platform, mode = request_platform(request), request_mode(request)
    first_payload = json.loads(split_answer(first["_raw"]))
    actual = body_of(platform, first_payload).encode("utf-8")
    full = body_of(platform, again_payload)
    if not isinstance(full, str):
        return ["the re-render has no body"]
    full = full.encode("utf-8")
    ellipsis = catalog.ellipsis.encode("utf-8")
    cut = len(actual) - len(ellipsis) if actual else 0
    if actual and (cut > len(full) or full[:cut] != actual[:cut] or cut not in grapheme_boundaries(full)):
        return [f"the body is not a grapheme-boundary prefix of the whole body plus the ellipsis: "
                f"{actual[-60:].decode(errors='replace')!r}, whole {full[:cut + 20].decode(errors='replace')!r}"]
    errors = []
    if without_body(platform, first_payload) != without_body(platform, again_payload):
        errors.append("the payload differs from the whole-body one in more than the body")
    size = size_rule(platform, mode)
    given = size(full) - size(full[:cut])
    if first["report"].get("bodyBytesTrimmed") != given:
        errors.append(f"report.bodyBytesTrimmed {first['report'].get('bodyBytesTrimmed')}, the cut gave up {given}")
    unused = first["report"]["budget"] - first["report"]["bytes"]
    bound = maximal_bound(full, cut, not actual, 1, size, size(ellipsis))
    RAN["cut bodies checked against the whole body (grapheme boundary, maximal)"] += 1
    if unused >= bound:
        errors.append(f"not maximal: {unused} bytes unused after cutting the body, fewer than {bound} expected")
    return errors


def check_error(ctx, request, expectation, answer):
    errors = []
    error = answer.get("error") or {}
    code = error.get("code")
    if code not in ctx.codes:
        errors.append(f"error code {code!r} is not documented in docs/cli.md")
    if answer.get("line") is None:
        errors.append("a failed line without its line number")
    if expectation == "either" and code == "invalid-request":
        return errors
    if expectation == "invalid":
        loc_key = request_platform(request) == "fcm" and request_mode(request) == "loc-key"
        if code != "invalid-request" and not (loc_key and code == "loc-key-incompatible"):
            errors.append(f"refused with {code!r}, expected invalid-request")
        return errors
    template = ctx.catalog.templates[request["key"]]
    arguments = request.get("args", {})
    allowed = {"payloadTooLarge", "collapse-id"}
    if request_platform(request) == "webpush":
        # A Topic header made from arguments may come out too long or outside [A-Za-z0-9_-].
        allowed |= {code for code in ctx.codes if "topic" in code.lower()}
    if any(isinstance(cap, int) and not truncate and len(str(arguments.get(name, "")).encode()) > cap
           for name, _, truncate, cap in ctx.catalog.arguments(request["key"])):
        allowed.add("argument-too-long")
    if request_platform(request) == "fcm" and request_mode(request) == "loc-key" and any(
            re.search(r"\{\s*[A-Za-z_][A-Za-z0-9_]*\s*,", message) for message in ctx.catalog.messages(request["key"])):
        # docs/platforms.md: a title or body needing a plural, select, selectordinal, date or number
        # style (any formatted argument) is refused on FCM loc-key; plain {name} arguments are not.
        allowed.add("loc-key-incompatible")
    if code not in allowed:
        errors.append(f"a valid request refused with {code}: {error.get('message', '')[:300]}")
    return errors


def apns_part_differences(first, answer):
    """Where the FCM message's apns part differs from an APNs answer (payload and headers; apns-expiration
    is the render time plus the template's lifetime, so it may differ by a second)."""
    message = json.loads(split_answer(first["_raw"]))["message"]
    if not answer.get("ok"):
        return [f"the APNs render fails: {answer.get('error')}"]
    apns = message["apns"]
    found = differences(apns.get("payload"), answer["payload"], "message.apns.payload", "the APNs render")
    ours, theirs = dict(apns.get("headers") or {}), dict(answer.get("headers") or {})
    expirations = [headers.get("apns-expiration", "") for headers in (ours, theirs)]
    if all(value.isdigit() for value in expirations) and abs(int(expirations[0]) - int(expirations[1])) <= 600:
        # Render time plus the template's lifetime: the second run is seconds later.
        ours["apns-expiration"] = theirs["apns-expiration"]
    found += differences(ours, theirs, "message.apns.headers", "the APNs render")
    return found
