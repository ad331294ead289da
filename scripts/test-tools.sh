#!/usr/bin/env bash
# First step of `npm test`: makes sure the tools the tests need from outside npm are on this machine,
# installing them from Debian when they are missing and we may (root, or sudo without a password):
#   - Chromium's headless build for the end-to-end tests (default /usr/bin/chromium-headless-shell; Debian package
#     `chromium-headless-shell`) and Chromium for `npm run size` (default /usr/bin/chromium; Debian package `chromium`);
#     CHROMIUM_PATH set: that one browser for both;
#   - the PostgreSQL server binaries (initdb, pg_ctl, postgres) for test:server:pg and test:faults
#     (on PATH or under /usr/lib/postgresql/<version>/bin; Debian package `postgresql-15`);
#   - pdftotext for the PDF statement's text (tests/server/statements.test.ts; Debian package `poppler-utils`).
# Where it cannot install, it says what to install and exits 1 before any test runs.
set -euo pipefail

chromium_path=${CHROMIUM_PATH:-/usr/bin/chromium}
missing=()

have_postgres() {
  local tool
  for tool in initdb pg_ctl postgres; do
    command -v "$tool" >/dev/null 2>&1 && continue
    compgen -G "/usr/lib/postgresql/*/bin/$tool" >/dev/null || return 1
  done
}

headless_shell_path=${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}
[ -x "$chromium_path" ] || missing+=(chromium)
[ -x "$headless_shell_path" ] || missing+=(chromium-headless-shell)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
have_postgres || missing+=(postgresql-15)

if [ ${#missing[@]} -eq 0 ]; then
  echo "test tools: chromium at $chromium_path and $headless_shell_path, PostgreSQL server binaries and pdftotext found"
  exit 0
fi

if [ -n "${CHROMIUM_PATH:-}" ] && [[ " ${missing[*]} " == *" chromium "* ]]; then
  echo "test tools: CHROMIUM_PATH=$CHROMIUM_PATH is not an executable. Fix the path or unset it." >&2
  exit 1
fi

as_root=()
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    as_root=(sudo -n)
  else
    as_root=(none)
  fi
fi

if ! command -v apt-get >/dev/null 2>&1 || [ "${as_root[*]}" = none ]; then
  echo "test tools: missing ${missing[*]}." >&2
  echo "  Install them as root, then run npm test again:  apt-get install -y ${missing[*]}" >&2
  echo "  (or point CHROMIUM_PATH at a Chromium and put initdb/pg_ctl/postgres of PostgreSQL 15+ on PATH)" >&2
  exit 1
fi

echo "test tools: installing ${missing[*]} from Debian"
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -q
"${as_root[@]}" apt-get install -y -q "${missing[@]}"

[ -x "$chromium_path" ] || { echo "test tools: chromium still missing at $chromium_path" >&2; exit 1; }
[ -x "$headless_shell_path" ] || { echo "test tools: chromium-headless-shell still missing at $headless_shell_path" >&2; exit 1; }
have_postgres || { echo "test tools: PostgreSQL server binaries still missing" >&2; exit 1; }
echo "test tools: ready"
