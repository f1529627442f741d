"""What the checks that compile against a SwiftPM build's modules need to know of that build.

Shared by check-doc-snippets and api-breaks, which compile code of their own against the modules
scripts/test's build stage made, instead of building them again.
"""

import json
import os


def c_module_flags(build_folder):
    """The module maps and headers of the C modules the build's packages have (CNIOBoringSSL,
    ...), as SwiftPM passed them to swiftc (the build folder's debug.yaml), each once, as swiftc
    arguments (`-Xcc -fmodule-map-file=...`, `-Xcc -I -Xcc DIR`)."""
    flags, seen = [], set()
    with open(os.path.join(build_folder, "debug.yaml"), encoding="utf-8") as manifest:
        for line in manifest:
            line = line.strip()
            if not line.startswith("args: ["):
                continue
            arguments = json.loads(line[len("args: "):])
            if not arguments[0].endswith("swiftc"):
                continue
            index = 0
            while index < len(arguments) - 1:
                if arguments[index] != "-Xcc":
                    index += 1
                    continue
                if arguments[index + 1] == "-I" and index + 3 < len(arguments) and arguments[index + 2] == "-Xcc":
                    flag = ("-Xcc", "-I", "-Xcc", arguments[index + 3])
                    index += 4
                else:
                    flag = ("-Xcc", arguments[index + 1])
                    index += 2
                if (flag[1] == "-I" or flag[1].startswith("-fmodule-map-file=")) and flag not in seen:
                    seen.add(flag)
                    flags += flag
    return flags
