#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
# The results store: import is idempotent and rebuildable, malformed or
# half-written run directories are reported and skipped without touching the
# store, and the exports are well-formed JUnit XML and KCIDB JSON.
use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/fixtures/results";
use JSON::PP qw(decode_json);
use Test::More;
use ResultsTest;

plan tests => 14;

my $tmp = scratch();
my $runs = "$tmp/runs";
my $db = "$tmp/swaplab.db";
copy_tree(fixtures() . '/suites', $runs);

my ($rc, $out, $err) = swaplab('import', '--db', $db, $runs);
ok($rc == 0 && $out =~ /^import: 36 added, 0 updated, 0 unchanged, 0 skipped/,
   'import stores every run of two suites') or diag("rc=$rc\n$out$err");
my $first = dump_store($db);

($rc, $out, $err) = swaplab('import', '--db', $db, $runs);
ok($rc == 0 && $out =~ /0 added, 0 updated, 36 unchanged/ && dump_store($db) eq $first,
   'a second import changes nothing') or diag("rc=$rc\n$out$err");

# A directory still being written, and four broken ones.
copy_tree(fixtures() . "/malformed/$_", "$runs/$_")
	for qw(20261205-100000-pageswap-patched-r1.tmp 20261205-100000-pageswap-stock-r1
	       20261205-100000-vm-verify-local-r1 20261205-100000-vm-verify-patched-r1
	       20261205-100000-vm-verify-stock-r1);
($rc, $out, $err) = swaplab('import', '--db', $db, $runs);
is($rc, 2, 'malformed run directories make import exit 2');
like($err, qr/skipped \S+vm-verify-patched-r1: meta.json: not valid JSON \(truncated\)/,
     'a truncated meta.json is named');
ok($err =~ /skipped \S+vm-verify-stock-r1: metrics.json is missing/ &&
     $err =~ /vm-verify-local-r1: metrics.json: metric "swapout_mibps": "value" must be a number/ &&
     $err =~ /pageswap-stock-r1: checks.json: "verdict" is "passed"/,
     'a missing file, a bad value and a bad verdict are named') or diag($err);
ok($out =~ /4 skipped as malformed, 1 still being written/ && dump_store($db) eq $first,
   'nothing of them is stored, nothing stored is lost') or diag($out);

# A run already stored, rewritten half-way: the stored copy stays.
my $victim = "$runs/20261202-100000-vm-verify-patched-r2";
open(my $f, '>', "$victim/metrics.json") or die;
print $f "[{\"name\": \"swapout_mibps\", \"val";
close $f;
($rc, $out, $err) = swaplab('import', '--db', $db, $runs);
ok($rc == 2 && $err =~ /vm-verify-patched-r2: metrics.json: not valid JSON/ &&
   dump_store($db) eq $first, 'a half-rewritten run keeps its stored copy')
	or diag("rc=$rc\n$err");

# The store is a cache: rebuilt from the same directories it is the same.
my $fresh = "$tmp/rebuilt.db";
copy_tree(fixtures() . '/suites/20261202-100000-vm-verify-patched-r2', "$victim.good");
system('rm', '-r', $victim);
rename("$victim.good", $victim) or die;
($rc) = swaplab('import', '--db', $fresh, $runs);
my @tables = map { my $t = $_; [map { scalar `sqlite3 '$_' 'SELECT * FROM $t ORDER BY 1, 2'` }
			       $db, $fresh] } qw(kernels scenarios checks metrics);
ok($rc == 2 && !grep({ $_->[0] ne $_->[1] } @tables) &&
   `sqlite3 '$db' 'SELECT id, meta_json FROM runs ORDER BY 1'` eq
   `sqlite3 '$fresh' 'SELECT id, meta_json FROM runs ORDER BY 1'`,
   'a store rebuilt from the run directories has the same runs, checks and metrics');

# Exports.
copy_tree(fixtures() . '/ab', "$tmp/ab");
swaplab('import', '--db', $db, "$tmp/ab");
my $bad = '20261204-100000-vm-verify-patched-r1';
($rc, $out, $err) = swaplab('export', 'junit', $bad, '--db', $db, '--out', "$tmp/junit.xml");
ok($rc == 0 && system("xmllint --noout '$tmp/junit.xml'") == 0,
   'the JUnit export is well-formed XML');
my $xml = slurp("$tmp/junit.xml") // '';
ok($xml =~ /<testsuite name="vm-verify" id="$bad" tests="6" failures="1" errors="0"/ &&
   $xml =~ /name="content">\s*<failure type="check" message="12 pages with wrong content/ &&
   $xml =~ /<property name="metric.swapout_mibps" value="28.0 MiB\/s \(higher is better\)"/,
   'JUnit: the failed check is a failure, metrics are properties');

($rc, $out, $err) = swaplab('export', 'kcidb', $bad, '--db', $db);
my $k = eval { decode_json($out) } // {};
my %test = map { $_->{path} => $_ } @{$k->{tests} // []};
ok($rc == 0 && $k->{version}{major} == 4 && @{$k->{checkouts}} == 1 &&
   $k->{builds}[0]{checkout_id} eq $k->{checkouts}[0]{id} &&
   $test{'swaplab.vm-verify.content'}{status} eq 'FAIL' &&
   $test{'swaplab.vm-verify.swapout_mibps'}{number}{value} == 28 &&
   $test{'swaplab.vm-verify.swapout_mibps'}{number}{unit} eq 'MiB/s',
   'KCIDB: checkout, build, FAIL for the check, a number per metric');

($rc, $out, $err) = swaplab('export', 'junit', 'no-such-run', '--db', $db);
ok($rc == 2 && $err =~ /no run 'no-such-run' in the store/, 'an unknown run id is refused')
	or diag($err);

# No store, an empty store, a store that is not one.
($rc, $out, $err) = swaplab('compare', '--db', "$tmp/none.db", 'stock', 'patched');
ok($rc == 2 && $err =~ /no results store at \S+none.db: run `swaplab import`/ &&
   !-e "$tmp/none.db", 'a missing store is named, and not created') or diag($err);
mkdir("$tmp/empty");
swaplab('import', '--db', "$tmp/empty.db", "$tmp/empty");
my ($rc2, undef, $err2) = swaplab('report', '--db', "$tmp/empty.db", '--out', "$tmp/site");
open($f, '>', "$tmp/junk.db") or die;
print $f "not a database\n" x 100;
close $f;
my $sum = sha_of("$tmp/junk.db");
my ($rc3, undef, $err3) = swaplab('import', '--db', "$tmp/junk.db", $runs);
ok($rc2 == 2 && $err2 =~ /is empty/ && !-e "$tmp/site" && $rc3 == 4 &&
   $err3 =~ /move it away and run `swaplab import` to rebuild it/ &&
   sha_of("$tmp/junk.db") eq $sum,
   'an empty store and a foreign file are refused, and left as they were')
	or diag("$rc2 $err2 $rc3 $err3");
