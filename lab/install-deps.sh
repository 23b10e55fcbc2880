#!/bin/sh
# Install the Debian packages given as arguments that are not installed yet.
set -eu
missing=
for p in "$@"; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "deps: installing$missing"
if [ "$(id -u)" != 0 ]; then
	command -v sudo >/dev/null || { echo "deps: error: run as root or install:$missing" >&2; exit 1; }
	SUDO=sudo
fi
${SUDO:-} apt-get update -qq
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive ${SUDO:-} apt-get install -y -qq --no-install-recommends $missing
