#!/usr/bin/env bash
# Create (if missing) the virtualenv <repo>/.venv and install scripts/requirements.txt
# into it. Idempotent: pip runs only when requirements.txt (or the venv's Python)
# changed since the last successful install, tracked by a stamp file inside .venv.
#
# Usage: scripts/setup-python.sh            (uses python3 from PATH)
#        PYTHON=/usr/bin/python3 scripts/setup-python.sh
#
# All progress messages go to stderr; the last (and only) line on stdout is the
# path of the venv's python, so callers can do: PY="$(scripts/setup-python.sh)".
set -euo pipefail

# Resolve the script's own location (following symlinks) to find the repo.
SCRIPT_PATH="$(readlink -f -- "${BASH_SOURCE[0]}" 2>/dev/null || printf '%s' "${BASH_SOURCE[0]}")"
SCRIPT_DIR="$(cd "$(dirname -- "$SCRIPT_PATH")" && pwd -P)"
REPO_DIR="$(dirname "$SCRIPT_DIR")"
VENV="$REPO_DIR/.venv"
VENV_PY="$VENV/bin/python"
REQ="$SCRIPT_DIR/requirements.txt"
STAMP="$VENV/.requirements.stamp"
PYTHON="${PYTHON:-python3}"

log() { echo "setup-python: $*" >&2; }
die() { echo "setup-python: ERROR: $*" >&2; exit 1; }

is_root() { [ "$(id -u)" -eq 0 ]; }

apt_updated=0
apt_install() {
    # Install Debian packages; only possible as root on a system with apt-get.
    if ! is_root || ! command -v apt-get >/dev/null 2>&1; then
        return 1
    fi
    if [ "$apt_updated" -eq 0 ]; then
        log "apt-get update"
        apt-get update -qq >&2
        apt_updated=1
    fi
    log "apt-get install -y $*"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >&2
}

venv_works() { [ -x "$VENV_PY" ] && "$VENV_PY" -c 'import sys' >/dev/null 2>&1; }

create_venv() {
    command -v "$PYTHON" >/dev/null 2>&1 || die "'$PYTHON' not found; install Python 3 or set PYTHON=/path/to/python3"
    log "creating virtualenv $VENV with $(command -v "$PYTHON")"
    if "$PYTHON" -m venv "$VENV" >&2; then
        return 0
    fi
    # Typical cause on Debian/Ubuntu: the venv/ensurepip module lives in python3-venv.
    rm -rf "$VENV"
    if apt_install python3-venv; then
        "$PYTHON" -m venv "$VENV" >&2 && return 0
        rm -rf "$VENV"
        die "'$PYTHON -m venv' still fails after installing python3-venv (is '$PYTHON' Debian's python3?)"
    fi
    die "'$PYTHON -m venv' failed (venv/ensurepip module missing?). Install it as root, e.g. 'apt-get update && apt-get install -y python3-venv', then rerun."
}

ensure_build_deps() {
    # python-lzf is built from source: it needs a C compiler and Python.h.
    local inc
    inc="$("$VENV_PY" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')"
    local missing=()
    command -v cc >/dev/null 2>&1 || command -v gcc >/dev/null 2>&1 || missing+=(gcc libc6-dev)
    [ -f "$inc/Python.h" ] || missing+=(python3-dev)
    [ "${#missing[@]}" -eq 0 ] && return 0
    apt_install "${missing[@]}" \
        || die "building python-lzf needs: ${missing[*]} (C compiler / $inc/Python.h); install them and rerun"
}

[ -f "$REQ" ] || die "missing $REQ"

# 1. The virtualenv.
if ! venv_works; then
    if [ -e "$VENV" ]; then
        [ -f "$VENV/pyvenv.cfg" ] || die "$VENV exists but is not a virtualenv; remove it and rerun"
        log "existing $VENV is broken (its base python is gone?); recreating it"
        rm -rf "$VENV"
    fi
    create_venv
fi

# 2. The requirements, only when something changed since the last successful install.
want="$("$VENV_PY" - "$REQ" <<'PY'
import hashlib, sys
with open(sys.argv[1], "rb") as f:
    digest = hashlib.sha256(f.read()).hexdigest()
print(digest, sys.version.split()[0], sys.base_prefix)
PY
)"
have="$(cat "$STAMP" 2>/dev/null || true)"
if [ "$want" != "$have" ]; then
    ensure_build_deps
    log "installing $(basename "$REQ") into $VENV"
    "$VENV_PY" -m pip install -q --disable-pip-version-check -r "$REQ" >&2
    printf '%s\n' "$want" > "$STAMP"
else
    log "requirements up to date ($VENV)"
fi

echo "$VENV_PY"
