"""The round-trip harness's server: connexion (3.3, from the venv) in mock mode, serving the four
forms of Tests/EndpointKitRoundTripTests/Descriptions on their own base paths of one port:

    /v30-yaml  roundtrip-3.0.yaml     /v30-json  roundtrip-3.0.json
    /v31-yaml  roundtrip-3.1.yaml     /v31-json  roundtrip-3.1.json

Every answer is the example of the operation's first 2xx response. Every request is checked
against its description with strict validation, and refused with 400 and connexion's problem
JSON. What connexion 3.3 checks, as tried by hand with curl: path, query and header values
against their schemas (types, enums, patterns, minimum, minLength, date-time with
rfc3339-validator installed), arrays in form (exploded or not), pipeDelimited and spaceDelimited
style, deepObject members (types), query parameters the description does not declare (strict);
JSON bodies in full (required, types, nullable, enums, allOf, oneOf); form and multipart bodies
(required fields, types, enums, array items, fields the description does not declare, a
required binary part). What it refuses although it is valid, so
the harness cannot send it: an object in form style, exploded ("Extra query parameter(s)") or
not ("is not of type 'object'"), an array header in simple style and an integer header (headers
are not converted from text). What it does not check: `const` and a numeric exclusiveMinimum in
the 3.1 forms (see accept_openapi_31). Answers are validated against their schemas for the 3.1
forms only: connexion honours `nullable` only beside `type` or `enum`, so it refuses null for
3.0's `allOf: [{$ref: X}, {nullable: true}]`. Form and multipart bodies are read as OpenAPI
says, which connexion 3.3 does not do alone (see resolve_form_per_openapi): objects in a form in
form style and deepObject, an object part of a multipart body as JSON. Writes {"port": N} to
--ports-file once it listens; exits when its parent does if --exit-with-parent is given.

    python roundtrip_server.py --descriptions DIR --ports-file FILE [--exit-with-parent]
"""

import argparse
import json
import os
import re
import socket
import threading
import time
import warnings
from pathlib import Path

# connexion 3.3 imports starlette's test client, which warns about httpx on every start.
warnings.filterwarnings("ignore", message=".*httpx.*")
import connexion  # noqa: E402
import uvicorn  # noqa: E402
from connexion.mock import MockResolver
from connexion.options import SwaggerUIOptions

FORMS = {"v30-yaml": "roundtrip-3.0.yaml", "v30-json": "roundtrip-3.0.json",
         "v31-yaml": "roundtrip-3.1.yaml", "v31-json": "roundtrip-3.1.json"}


def accept_openapi_31():
    """connexion 3.3 checks a description against the OpenAPI 3.0 schema only, and refuses 3.1
    ("'3.1.0' does not match '^3\\.0\\.\\d(-.+)?$'"). For the 3.1 forms that check alone is
    skipped: connexion then validates requests and responses with its JSON Schema (draft 4)
    validators, which know type arrays ([string, "null"]) and anyOf but not const or a numeric
    exclusiveMinimum, which they ignore."""
    check = connexion.spec.OpenAPISpecification._validate_spec.__func__

    def validate(cls, spec):
        if not str(spec.get("openapi", "")).startswith("3.1."):
            check(cls, spec)

    connexion.spec.OpenAPISpecification._validate_spec = classmethod(validate)


def is_object_schema(schema):
    """Whether a value of `schema` (references already resolved by connexion) is an object."""
    if schema.get("type") == "object" or "properties" in schema:
        return True
    members = schema.get("oneOf", []) + schema.get("anyOf", []) + schema.get("allOf", [])
    return bool(members) and any(map(is_object_schema, members))


def is_json_media_type(media_type):
    essence = media_type.split(";")[0].strip().lower()
    return essence == "application/json" or (essence.startswith("application/") and essence.endswith("+json"))


def scalar(schema, text):
    """A form field's text as the type its schema gives it: the first of its types (or of its
    oneOf or anyOf members' types) that reads it; the text itself when none does."""
    kinds = [schema.get("type")] + [member.get("type") for member in schema.get("oneOf", []) + schema.get("anyOf", [])]
    for kind in kinds:
        try:
            if kind == "integer":
                return int(text)
            if kind == "number":
                return float(text)
            if kind == "boolean" and text in ("true", "false"):
                return text == "true"
        except ValueError:
            continue
    return text


def object_members(name, schema, encoding, fields, declared):
    """The members of the object field `name` of a form body, taken out of `fields` (name: list of
    texts), as its encoding's style writes them; None when the body does not hold it."""
    style = encoding.get("style", "form")
    if style == "deepObject":
        pattern = re.compile(re.escape(name) + r"\[([^\[\]]*)\]")
        members = {m.group(1): fields.pop(key)[-1] for key in list(fields) if (m := pattern.fullmatch(key))}
    elif not encoding.get("explode", True):
        if name not in fields:
            return None
        texts = fields.pop(name)[-1].split(",")
        members = dict(zip(texts[::2], texts[1::2]))
    else:
        # Exploded: each member is a field of its own, told apart from the body's own fields.
        names = schema.get("properties", {}).keys() or [key for key in fields if key not in declared]
        members = {key: fields.pop(key)[-1] for key in list(fields) if key in names and key not in declared}
    if not members:
        return None
    values = schema.get("additionalProperties") if isinstance(schema.get("additionalProperties"), dict) else {}
    return {key: scalar(schema.get("properties", {}).get(key, values), text) for key, text in members.items()}


def resolve_form_per_openapi():
    """connexion 3.3 reads a form or multipart body's fields as text, as arrays, or as JSON when
    the field's encoding names a JSON contentType, and nothing else: it fails with KeyError 'type'
    on a field whose schema has no `type` (a oneOf or anyOf of scalars), reads an object part of a
    multipart body as text unless its encoding names JSON (OpenAPI makes application/json the
    default for an object), and refuses an object field of a form in form style or deepObject (its
    members arrive as fields of their own, "extra" to strict validation). This reads them as
    OpenAPI 3.0 and 3.1 say; the values are then validated against their schemas as before.
    After validation connexion types the fields again for the handler's arguments, by `type` alone
    (failing on a JSON part, or on a field without `type`); the mock handler takes none, so the
    body is handed over as it is."""
    import connexion.decorators.parameter as handler_arguments
    from connexion.uri_parsing import OpenAPIURIParser
    from connexion.validators.form_data import FormDataValidator, MultiPartFormDataValidator

    parse = FormDataValidator._parse

    async def parse_knowing_media_type(self, stream, scope):
        if self._uri_parser is not None:
            self._uri_parser.is_multipart = isinstance(self, MultiPartFormDataValidator)
        return await parse(self, stream, scope)

    def resolve_form(self, form_data):
        schema = self._body_schema
        if schema is None or schema.get("type") != "object":
            return form_data
        properties = schema.get("properties", {})
        encodings = self._body_encoding
        multipart = getattr(self, "is_multipart", False)
        resolved = {}
        for name, field in properties.items():
            encoding = encodings.get(name, {})
            if multipart or not is_object_schema(field) or "contentType" in encoding:
                continue
            members = object_members(name, field, encoding, form_data, properties.keys())
            if members is not None:
                resolved[name] = members
        for name, texts in form_data.items():
            field = properties.get(name, {})
            content_type = encodings.get(name, {}).get("contentType")
            element = field.get("items", {}) if field.get("type") == "array" else field
            if content_type is not None:
                as_json = is_json_media_type(content_type.split(",")[0])
            else:
                as_json = multipart and is_object_schema(element)
            values = [json.loads(text) if as_json else scalar(element, text) for text in texts]
            resolved[name] = values if field.get("type") == "array" else values[-1]
        return resolved

    FormDataValidator._parse = parse_knowing_media_type
    handler_arguments._get_body_argument_form = lambda body, *, operation, content_type: dict(body or {})
    OpenAPIURIParser.resolve_form = resolve_form


def make_app(descriptions: Path):
    accept_openapi_31()
    resolve_form_per_openapi()
    app = connexion.AsyncApp(__name__, specification_dir=str(descriptions.resolve()))
    for base, name in FORMS.items():
        app.add_api(
            name, base_path=f"/{base}", resolver=MockResolver(mock_all=True), strict_validation=True,
            validate_responses=base.startswith("v31"), swagger_ui_options=SwaggerUIOptions(swagger_ui=False))
    return app


def watch_parent():
    parent = os.getppid()
    while True:
        time.sleep(0.5)
        if os.getppid() != parent:
            os._exit(0)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--descriptions", required=True, type=Path)
    parser.add_argument("--ports-file", required=True, type=Path)
    parser.add_argument("--exit-with-parent", action="store_true")
    arguments = parser.parse_args()
    if arguments.exit_with_parent:
        threading.Thread(target=watch_parent, daemon=True).start()

    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]

    server = uvicorn.Server(uvicorn.Config(make_app(arguments.descriptions), log_level="warning"))
    original_startup = server.startup

    async def startup(sockets=None):
        await original_startup(sockets=sockets)
        temporary = arguments.ports_file.with_suffix(".tmp")
        temporary.write_text(json.dumps({"port": port}))
        temporary.replace(arguments.ports_file)

    server.startup = startup
    server.run(sockets=[listener])


if __name__ == "__main__":
    main()
