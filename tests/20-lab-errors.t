#!/bin/bash
# Bad input to `swaplab up` and friends: each gets a clear message naming the
# fix and its exit code (common/exit_codes.h), and nothing is left running or behind.
# No guest boots here.
set -u
cd "$(dirname "$0")/.."
. tests/scenario-lib.sh
begin_tests swl-lab-err 20-lab-errors 15

# expect CODE WORDS DESCRIPTION -- CMD...: exit code and message both right.
expect() {
	local code=$1 words=$2 what=$3 rc
	shift 4
	"$@" >"$art/out" 2>"$art/err"
	rc=$?
	if [ $rc = "$code" ] && grep -qF -- "$words" "$art/err"; then
		ok 0 "$what (exit $rc)"
	else
		ok 1 "$what: wanted exit $code and '$words', got exit $rc"
		sed 's/^/# /' "$art/err"
	fi
}

$swaplab up --help >"$art/help"
ok $( { grep -q -- --client-kernel "$art/help" && grep -q -- --swap-size "$art/help" &&
	grep -q -- --tunnel-port "$art/help" && grep -q -- --timeout "$art/help"; }; echo $?) \
	"up --help lists its options"
expect 2 "unknown client kernel variant 'nosuch' (known: stock, patched, debug, debug-v1)" \
	"unknown kernel variant" -- $swaplab --prefix $prefix up --client-kernel nosuch
expect 2 "unknown swap target 'nfs5'" "unknown swap target" \
	-- $swaplab --prefix $prefix up --swap nfs5
expect 2 "'lots' is not a number" "memory size that is not a number" \
	-- $swaplab --prefix $prefix up --client-mem lots
expect 2 "swap size (MiB) 0 is out of range" "swap size out of range" \
	-- $swaplab --prefix $prefix up --swap-size 0
expect 2 "bad prefix" "prefix that cannot name a domain" \
	-- $swaplab --prefix 'a/b' up
empty=$(mktemp -d)
expect 4 "run 'make kernel-stock'" "missing kernel names the make target" \
	-- env SWAPLAB_CACHE="$empty" $swaplab --prefix $prefix up
rmdir "$empty"

# A UDP port held by another program: the tunnel must not take it.
port=$(perl -MIO::Socket::INET -e '$s = IO::Socket::INET->new(Proto => "udp",
	LocalAddr => "127.0.0.1:0") or die; print $s->sockport')
perl -MIO::Socket::INET -e '$s = IO::Socket::INET->new(Proto => "udp",
	LocalAddr => "127.0.0.1:'"$port"'") or die; sleep 60' &
holder=$!
sleep 1
expect 2 "UDP port $port or $((port + 1)) on 127.0.0.1 is in use" "busy tunnel port" \
	-- $swaplab --prefix $prefix up --client-kernel stock --tunnel-port "$port"
kill $holder

expect 4 "libvirt refused the connection to qemu+tcp://127.0.0.1:1/system" \
	"libvirtd refusing the connection" \
	-- env SWAPLAB_URI=qemu+tcp://127.0.0.1:1/system $swaplab --prefix $prefix up --client-kernel stock
expect 2 "unknown role 'router' (roles: client, server)" "exec to an unknown role" \
	-- $swaplab --prefix $prefix exec router -- true
expect 2 "no lab '$prefix' is up" "exec without a lab" \
	-- $swaplab --prefix $prefix exec client -- true
expect 2 "bad KEYS 'w!': SysRq letters" "sysrq with a key that is not a letter" \
	-- $swaplab --prefix $prefix sysrq client 'w!'
expect 2 "no lab '$prefix' is up" "sysrq without a lab" \
	-- $swaplab --prefix $prefix sysrq client w
$swaplab --prefix $prefix down >"$art/down" 2>&1
ok $? "down of a lab that is not up succeeds"
ok $(lab_left_nothing $prefix; echo $?) "no domain, pool, qemu process or state left for $prefix"
