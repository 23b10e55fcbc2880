# Shared by the scenario TAP tests: numbering, and looking into run dirs.
# shellcheck shell=bash
n=0
fails=0
SWAPLAB=${SWAPLAB:-lab/swaplab}

ok() {	# ok STATUS DESCRIPTION
	n=$((n + 1))
	if [ "$1" = 0 ]; then
		echo "ok $n - $2"
	else
		echo "not ok $n - $2"
		fails=$((fails + 1))
	fi
}

check() {	# check DESCRIPTION COMMAND...
	local desc=$1
	shift
	"$@" >/dev/null 2>&1
	ok $? "$desc"
}

# The only run directory under $1 (none, or more, is an error).
only_run() {
	local dirs
	dirs=$(find "$1" -mindepth 1 -maxdepth 1 -type d 2>/dev/null)
	[ "$(echo "$dirs" | grep -c .)" = 1 ] && echo "$dirs"
}

check_verdict() {	# check_verdict RUN_DIR CHECK VERDICT
	[ "$(jq -r --arg c "$2" '.[] | select(.name == $c) | .verdict' "$1/checks.json")" = "$3" ]
}

# No domain and no qemu process of the lab $1 is left.
lab_gone() {
	! virsh -c qemu:///system list --all --name 2>/dev/null | grep -q "^$1-" &&
		! pgrep -f "guest=$1-" >/dev/null
}
