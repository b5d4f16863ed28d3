"""JavaScript and CSS a first visit loads per page, raw, gzip and brotli, from a build of the web
app (`npm run build` writes the manifest and the .gz/.br files):

    python3 bench/pagesize.py web/dist
    python3 bench/pagesize.py web/dist --budget 175   # fails when a page is over 175 kB brotli
    python3 bench/pagesize.py web/dist --runtime react-dom   # fails unless the entry ships react-dom

The runtime the entry ships is named from its signature: react-dom's renderer name, or Preact's
virtual node shape (`__k:null,__:null`).

A page's first visit loads the entry and everything it imports, and the route's chunk with its
static imports and their CSS (the server names them in the page: backend/addme/core/firstvisit.py).
Chunks a page imports lazily (modals, forms opened on demand) are not counted: they load when used.
"""

import argparse
import json
import os
import re
import sys

ap = argparse.ArgumentParser()
ap.add_argument("dist")
ap.add_argument("--budget", type=float, help="kB brotli (JS + CSS) a page may load; exit 1 over it")
ap.add_argument("--runtime", choices=["react-dom", "preact"], help="exit 1 unless the entry ships this runtime")
args = ap.parse_args()
d = args.dist
m = json.load(open(os.path.join(d, ".vite", "manifest.json")))
entry = next(k for k, v in m.items() if v.get("isEntry"))


def closure(key, seen):
    if key in seen:
        return
    seen.add(key)
    for i in m[key].get("imports", []):
        closure(i, seen)


def size(f, ext):
    p = os.path.join(d, f + ext)
    return os.path.getsize(p) if os.path.exists(p) else os.path.getsize(os.path.join(d, f))


def files(keys):
    out = set()
    for k in keys:
        out.add(m[k]["file"])
        out.update(m[k].get("css", []))
    return out


base = set()
closure(entry, base)
pages = {
    "listing": "src/routes/listings/list.tsx",
    "profile": "src/routes/listings/profile.tsx",
    "home": "src/routes/home.tsx",
    "shop": "src/routes/shop/index.tsx",
}
print(f"{'page':10} {'files':>5} {'raw kB':>8} {'gzip kB':>8} {'br kB':>8}  (js / css)")
over = []
for name, key in [("entry", None), *pages.items()]:
    keys = set(base)
    if key:
        closure(key, keys)
    fs = files(keys)
    js = [f for f in fs if f.endswith(".js")]
    css = [f for f in fs if f.endswith(".css")]
    raw = sum(os.path.getsize(os.path.join(d, f)) for f in fs)
    gz = sum(size(f, ".gz") for f in fs)
    br = sum(size(f, ".br") for f in fs)
    brjs = sum(size(f, ".br") for f in js)
    brcss = sum(size(f, ".br") for f in css)
    print(f"{name:10} {len(fs):5} {raw / 1000:8.1f} {gz / 1000:8.1f} {br / 1000:8.1f}  ({brjs / 1000:.1f} / {brcss / 1000:.1f})")
    if key and args.budget is not None and br / 1000 > args.budget:
        over.append(f"{name} {br / 1000:.1f} kB")

def runtime(keys):
    code = "".join(open(os.path.join(d, f)).read() for f in files(keys) if f.endswith(".js"))
    found = []
    if (m := re.search(r"version:`([0-9.]+)`,rendererPackageName:`react-dom`", code)):
        found.append(f"react-dom {m[1]}")
    if "__k:null,__:null" in code:
        found.append("preact")
    return found


shipped = runtime(base)
print(f"runtime in the entry: {', '.join(shipped) or 'none found'}")
if args.runtime is not None and [r.split()[0] for r in shipped] != [args.runtime]:
    print(f"the entry should ship {args.runtime} alone, found: {', '.join(shipped) or 'none'}", file=sys.stderr)
    sys.exit(1)
if args.budget is not None:
    checked = len(pages)
    print(f"budget {args.budget:g} kB brotli per page: {checked - len(over)} passed, {len(over)} failed")
    if over:
        print("over budget: " + ", ".join(over), file=sys.stderr)
        sys.exit(1)
