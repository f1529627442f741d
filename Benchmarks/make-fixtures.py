#!/usr/bin/env python3
"""Writes the benchmark payloads: GitHub-repository-shaped JSON arrays.

repos-2k.json / repos-1m.json have snake_case keys (as GitHub sends them);
repos-2k-camel.json / repos-1m-camel.json are the same values with camelCase keys, so a
Decodable model decodes them with matching keys; repos-empty(-camel).json is `[]`. Output is
deterministic.
"""
import json
import os
import random
import sys

LANGUAGES = ["Swift", "C", "Python", "Rust", "Go", None]
LICENSES = [("mit", "MIT License", "MIT"), ("apache-2.0", "Apache License 2.0", "Apache-2.0"), None]
URL_KEYS = [
    "forks", "keys", "collaborators", "teams", "hooks", "issue_events", "events", "assignees",
    "branches", "tags", "blobs", "git_tags", "git_refs", "trees", "statuses", "languages",
    "stargazers", "contributors", "subscribers", "subscription", "commits", "git_commits",
    "comments", "issue_comment", "contents", "compare", "merges", "archive", "downloads",
    "issues", "pulls", "milestones", "notifications", "labels", "releases", "deployments",
]


def owner(rng, login):
    base = f"https://api.github.com/users/{login}"
    return {
        "login": login, "id": rng.randrange(1, 10**8), "node_id": f"MDQ6VXNlcj{rng.randrange(10**6)}",
        "avatar_url": f"https://avatars.githubusercontent.com/u/{rng.randrange(10**8)}?v=4",
        "gravatar_id": "", "url": base, "html_url": f"https://github.com/{login}",
        "followers_url": f"{base}/followers", "following_url": f"{base}/following{{/other_user}}",
        "gists_url": f"{base}/gists{{/gist_id}}", "starred_url": f"{base}/starred{{/owner}}{{/repo}}",
        "subscriptions_url": f"{base}/subscriptions", "organizations_url": f"{base}/orgs",
        "repos_url": f"{base}/repos", "events_url": f"{base}/events{{/privacy}}",
        "received_events_url": f"{base}/received_events", "type": "User", "site_admin": False,
    }


def repository(rng, index):
    login = f"user{rng.randrange(1000)}"
    name = f"project-{index}"
    api = f"https://api.github.com/repos/{login}/{name}"
    license_info = rng.choice(LICENSES)
    repo = {
        "id": 10**7 + index, "node_id": f"MDEwOlJlcG9zaXRvcnk{index}", "name": name,
        "full_name": f"{login}/{name}", "private": False, "owner": owner(rng, login),
        "html_url": f"https://github.com/{login}/{name}",
        "description": rng.choice([None, f"A library for task number {index}, written with care."]),
        "fork": rng.random() < 0.2, "url": api,
    }
    for key in URL_KEYS:
        repo[f"{key}_url"] = f"{api}/{key}"
    repo.update({
        "created_at": "2019-03-14T09:26:53Z", "updated_at": "2026-11-20T17:02:11Z",
        "pushed_at": "2026-11-21T05:14:00Z", "git_url": f"git://github.com/{login}/{name}.git",
        "ssh_url": f"git@github.com:{login}/{name}.git", "clone_url": f"https://github.com/{login}/{name}.git",
        "svn_url": f"https://github.com/{login}/{name}", "homepage": rng.choice([None, "https://example.com"]),
        "size": rng.randrange(10**5), "stargazers_count": rng.randrange(10**4),
        "watchers_count": rng.randrange(10**4), "language": rng.choice(LANGUAGES), "has_issues": True,
        "has_projects": True, "has_downloads": True, "has_wiki": rng.random() < 0.5, "has_pages": False,
        "has_discussions": False, "forks_count": rng.randrange(1000), "mirror_url": None,
        "archived": rng.random() < 0.1, "disabled": False, "open_issues_count": rng.randrange(200),
        "license": None if license_info is None else {
            "key": license_info[0], "name": license_info[1], "spdx_id": license_info[2],
            "url": f"https://api.github.com/licenses/{license_info[0]}", "node_id": "MDc6TGljZW5zZTEz",
        },
        "allow_forking": True, "is_template": False, "web_commit_signoff_required": False,
        "topics": rng.sample(["swift", "server", "http", "json", "linux", "ios"], 3),
        "visibility": "public", "forks": rng.randrange(1000), "open_issues": rng.randrange(200),
        "watchers": rng.randrange(10**4), "default_branch": "main",
        "permissions": {"admin": False, "maintain": False, "push": False, "triage": False, "pull": True},
    })
    return repo


def camel(value):
    if isinstance(value, dict):
        return {camel_key(key): camel(item) for key, item in value.items()}
    if isinstance(value, list):
        return [camel(item) for item in value]
    return value


def camel_key(key):
    head, *rest = key.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def small_repository(rng):
    """One repository trimmed to about 2 KB: the `*_url` link templates that no model reads
    are dropped (a full repository object is about 5 KB on its own)."""
    repo = repository(rng, 0)
    for key in URL_KEYS:
        if len(json.dumps([repo], separators=(",", ":"))) <= 2048:
            break
        del repo[f"{key}_url"]
    return repo


def issue(number, title, closed=False):
    """An issue as the generated clients' description (Sources/IssuesSwiftOpenAPI/openapi.yaml)
    writes it: RFC 3339 dates without fractional seconds, as GitHub sends them."""
    return {
        "id": 2_000_000_000 + number, "number": number, "title": title,
        "body": f"Steps to reproduce issue {number}: build in release mode, run the benchmarks, read the table.",
        "state": "closed" if closed else "open",
        "user": {"login": "octocat", "id": 583231, "site_admin": False},
        "labels": [{"name": "bug", "color": "d73a4a"}, {"name": "performance", "color": "0e8a16"}],
        "comments": number % 7,
        "created_at": f"2026-11-{10 + number:02d}T08:15:42Z", "updated_at": f"2026-11-{11 + number:02d}T17:03:09Z",
        "closed_at": f"2026-11-{12 + number:02d}T09:00:00Z" if closed else None,
    }


def main(directory):
    os.makedirs(directory, exist_ok=True)
    rng = random.Random(42)
    small = [small_repository(rng)]
    large, size = [], 0
    while size < 1 << 20:
        repo = repository(rng, len(large) + 1)
        large.append(repo)
        size += len(json.dumps(repo, separators=(",", ":"))) + 1
    # repos-empty: `[]`, the cheapest response there is (the cache's hit against a round trip).
    for name, payload in [("repos-2k", small), ("repos-1m", large), ("repos-empty", [])]:
        for suffix, value in [("", payload), ("-camel", camel(payload))]:
            with open(os.path.join(directory, f"{name}{suffix}.json"), "w") as file:
                json.dump(value, file, separators=(",", ":"))
    # The generated clients' calls: 5 issues for the list, the created issue for the POST.
    issues = [issue(number, f"Issue number {number}", closed=number % 2 == 0) for number in range(1, 6)]
    for name, value in [("issues-5", issues), ("issue-created", issue(6, "Benchmark issue"))]:
        with open(os.path.join(directory, f"{name}.json"), "w") as file:
            json.dump(value, file, separators=(",", ":"))
    # Server-Sent Events for the streaming scenarios: N events of 100 bytes, `id` and `data`.
    for count in (100_000, 1_000_000):
        path = os.path.join(directory, f"events-{count}.sse")
        if os.path.exists(path) and os.path.getsize(path) == count * 100:
            continue
        with open(path, "w") as file:
            for index in range(count):
                head = f"id: {index}\ndata: "
                file.write(head + "x" * (100 - len(head) - 2) + "\n\n")
    print(f"fixtures: 2 KB = 1 repository ({len(small[0])} keys), 1 MB = {len(large)} repositories "
          f"({len(large[0])} keys each) in {directory}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "fixtures")
