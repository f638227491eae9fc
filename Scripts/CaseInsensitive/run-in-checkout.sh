#!/usr/bin/env bash
# Runs a command inside a clone of this repository made on a case-insensitive file system, as a Mac
# user's checkout (or Xcode's SourcePackages, or SwiftPM's .build/checkouts) is:
#
#     Scripts/CaseInsensitive/run-in-checkout.sh Tests/ConsumerPackage/check.sh
#
# The command runs in the clone's root with CASE_INSENSITIVE_SCRATCH set to a build folder outside
# the mount (builds through a user-space file system are slow, and a Mac user's .build is not the
# point). The clone is of HEAD, so commit before running it.
#
# The file system is casefold_fs.py (FUSE). Where FUSE cannot be used (no /dev/fuse, not root, no
# fusepy and no apt-get), the clone is simulated instead: the tracked files are copied with every
# folder name folded to the first spelling written, which is what a case-insensitive volume does.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d /tmp/dtokit-case-insensitive.XXXXXX)
store=$work/store mount=$work/mount scratch=$work/build
mkdir -p "$store" "$mount" "$scratch"
fuse_pid=

cleanup() {
    # Out of the mount first: a busy mount point cannot be unmounted (and the file system would
    # then never exit). A lazy unmount if a process still holds it; the file system is stopped either way.
    cd /
    if [[ -n $fuse_pid ]]; then
        umount "$mount" 2>/dev/null || umount -l "$mount" 2>/dev/null || true
        kill "$fuse_pid" 2>/dev/null || true
        wait "$fuse_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

have_fusepy() { /usr/bin/python3 -c 'import fusepy' 2>/dev/null || /usr/bin/python3 -c 'import fuse' 2>/dev/null; }

mounted=false
if [[ -e /dev/fuse && $(id -u) == 0 ]]; then
    if ! have_fusepy && command -v apt-get >/dev/null; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-fusepy >/dev/null 2>&1 \
            || { apt-get update -qq >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-fusepy >/dev/null 2>&1; } || true
    fi
    if have_fusepy; then
        /usr/bin/python3 "$repo/Scripts/CaseInsensitive/casefold_fs.py" "$store" "$mount" &
        fuse_pid=$!
        for _ in $(seq 50); do
            if mount | grep -q " $mount "; then mounted=true; break; fi
            sleep 0.1
        done
    fi
fi

checkout=$mount/DTOKit
if $mounted; then
    echo "case-insensitive file system (FUSE) at $mount"
    git clone -q --no-hardlinks "$repo" "$checkout"
else
    echo "warning: FUSE unavailable; simulating a case-insensitive checkout by folding paths" >&2
    python3 - "$repo" "$checkout" <<'PY'
import os, shutil, subprocess, sys
repo, dest = sys.argv[1], sys.argv[2]
files = subprocess.run(["git", "-C", repo, "ls-files", "-z"], capture_output=True, check=True).stdout.decode().split("\0")
spelling = {}  # folded folder path -> first spelling, as a case-insensitive volume keeps it
for path in filter(None, files):
    parts = path.split("/")
    folded_parts = []
    for i, part in enumerate(parts[:-1]):
        key = "/".join(p.casefold() for p in parts[: i + 1])
        spelling.setdefault(key, part)
        folded_parts.append(spelling[key])
    target = os.path.join(dest, *folded_parts, parts[-1])
    os.makedirs(os.path.dirname(target), exist_ok=True)
    source = os.path.join(repo, path)
    if os.path.islink(source):
        os.symlink(os.readlink(source), target)
    else:
        shutil.copy2(source, target)
PY
fi

cd "$checkout"
CASE_INSENSITIVE_SCRATCH=$scratch "$@"
