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
3.0's `allOf: [{$ref: X}, {nullable: true}]`. Writes {"port": N} to --ports-file once it
listens; exits when its parent does if --exit-with-parent is given.

    python roundtrip_server.py --descriptions DIR --ports-file FILE [--exit-with-parent]
"""

import argparse
import json
import os
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


def make_app(descriptions: Path):
    accept_openapi_31()
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
