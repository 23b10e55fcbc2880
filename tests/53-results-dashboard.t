#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
# swaplab report: the static dashboard, rendered in headless Chromium from
# disk.  The matrix, the comparison with regressions highlighted, the gnuplot
# graphs and a run page with its logs must be there, and no resource may fail
# to load.  The screenshots stay in tests/artifacts/.
use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/fixtures/results";
use File::Basename qw(dirname);
use File::Temp qw(tempdir);
use Test::More;
use ResultsTest;

my ($chromium) = grep { -x } map { "$_/chromium" } split(/:/, $ENV{PATH});
plan skip_all => 'chromium is not installed (make deps installs it)' unless $chromium;
plan tests => 12;

my $tmp = scratch();
my $db = "$tmp/swaplab.db";
my $site = "$tmp/site";
my $artifacts = repo() . '/tests/artifacts';
mkdir $artifacts;
copy_tree(fixtures() . '/suites', "$tmp/runs");
copy_tree(fixtures() . "/ab/$_", "$tmp/runs/$_") for
	qw(20261203-100000-vm-verify-patched-r1 20261204-100000-vm-verify-patched-r1);
swaplab('import', '--db', $db, "$tmp/runs");
my $known = "$tmp/known-failures";

my ($rc, $out, $err) = swaplab('report', '--db', $db, '--known', $known, '--out', $site);
ok($rc == 0 && $out =~ /^report: 2 scenarios, 3 labels, 4 suites -> \Q$site\E\/index.html$/m,
   'report writes the site') or diag("rc=$rc\n$out$err");

my @pages = glob("$site/runs/*.html");
my @svgs = glob("$site/graphs/*.svg");
my @gnuplot = grep { (slurp($_) // '') =~ /<desc>Produced by GNUPLOT/ } @svgs;
ok(@pages == 38 && @svgs >= 20 && @gnuplot == @svgs && -s "$site/graphs/plots.gp",
   scalar(@pages) . ' run pages, ' . scalar(@svgs) . ' SVG graphs drawn by gnuplot');

# Chromium, as plain as it gets: a fresh profile, no network, from disk.
sub chromium {
	my @args = @_;
	my $profile = tempdir('chromium-XXXXXX', TMPDIR => 1, CLEANUP => 1);
	my @cmd = ('timeout', '180', $chromium, '--headless', '--no-sandbox', '--disable-gpu',
		   '--disable-quic', '--no-first-run', '--disable-background-networking',
		   '--disable-component-update', '--disable-sync', "--user-data-dir=$profile",
		   @args);
	open(my $p, '-|', join(' ', map { "'$_'" } @cmd) . ' 2>/dev/null') or die;
	local $/;
	my $dom = <$p> // '';
	close $p;
	return $dom;
}

# A copy of a page with a probe at the top of <head>: a capturing error
# listener sees every resource (style sheet, image) that fails to load.
my $probe = <<'JS';
<script>
var probeFailed = [];
window.addEventListener('error', function (e) {
	if (e.target !== window)
		probeFailed.push(e.target.getAttribute('src') || e.target.getAttribute('href'));
}, true);
window.addEventListener('load', function () {
	var decoded = 0, i, p = document.createElement('pre');
	for (i = 0; i < document.images.length; i++)
		decoded += document.images[i].naturalWidth > 0;
	p.id = 'probe';
	p.textContent = 'images=' + document.images.length + ' decoded=' + decoded +
		' failed=' + probeFailed.length + ' [' + probeFailed.join(' ') + ']';
	document.body.appendChild(p);
});
</script>
JS

sub probe_page {
	my ($page) = @_;
	my $copy = dirname($page) . '/probe-' . (split m{/}, $page)[-1];
	my $html = slurp($page);
	$html =~ s/<head>\n/<head>\n$probe/ or die "no <head> in $page";
	open(my $f, '>', $copy) or die;
	print $f $html;
	close $f;
	my $dom = chromium('--dump-dom', "file://$copy");
	unlink $copy;
	return ($dom, $dom =~ /<pre id="probe">([^<]*)</ ? $1 : 'no probe result');
}

my ($dom, $loaded) = probe_page("$site/index.html");
my $imgs = () = slurp("$site/index.html") =~ /<img /g;
is($loaded, "images=$imgs decoded=$imgs failed=0 []",
   "index.html in Chromium: all $imgs graphs and the style sheet load");
ok($dom =~ /<table class="matrix">/ &&
   $dom =~ /<th>scenario<\/th><th>patched<\/th><th>stock<\/th><th>local<\/th>/ &&
   $dom =~ /<tr><th>pageswap<\/th>/ && $dom =~ /<tr><th>vm-verify<\/th>/,
   'the status matrix: scenario x label');
ok($dom =~ /<td class="fail"><b>fail<\/b> \(0\/1 passed\)<br>\s*<a href="runs\/20261204-100000-vm-verify-patched-r1.html">r1<\/a> content/,
   'the matrix shows the latest patched vm-verify run failing its content check');
ok($dom =~ /<tr class="regressed"><td>vm-verify<\/td><td>swapout_mibps<\/td>/ &&
   $dom =~ /<tr class="regressed"><td>vm-verify<\/td><td>content<\/td><td>pass<\/td><td>fail<\/td><td>regressed<\/td>/,
   'the latest comparison highlights the slowdown and the failed check');
ok($dom =~ /<img src="graphs\/vm-verify.swapout_mibps.trend.svg"/ &&
   $dom =~ /<img src="graphs\/vm-verify.swapout_mibps.ratio.svg"/,
   'trend and patched/stock, patched/local ratio graphs are on the page');
chromium('--window-size=1280,2400', "--screenshot=$artifacts/dashboard.png",
	 "file://$site/index.html");
ok((slurp("$artifacts/dashboard.png") // '') =~ /^\x89PNG/ && -s "$artifacts/dashboard.png" > 50000,
   'screenshot kept as tests/artifacts/dashboard.png');

my $run = '20261202-100000-vm-verify-patched-r1';
($dom, $loaded) = probe_page("$site/runs/$run.html");
my @logs = $dom =~ /<li><a href="([^"]+)">/g;
my @missing = grep { !-f "$site/runs/$_" } @logs;
ok($loaded eq 'images=0 decoded=0 failed=0 []' && $dom =~ /<th>client kernel release<\/th><td>6.12.118-swaplab-patched<\/td>/ &&
   $dom =~ /<td>content<\/td><td>pass<\/td><td>0 pages with wrong content/ &&
   $dom =~ /<td>swapout_mibps<\/td><td class="num">[\d.]+<\/td><td>MiB\/s<\/td>/ &&
   @logs == 2 && !@missing, 'a run page: metadata, checks, metrics, relative links to its logs')
	or diag("$loaded; logs @logs; missing @missing");
chromium('--window-size=1100,1400', "--screenshot=$artifacts/dashboard-run.png",
	 "file://$site/runs/$run.html");

# The probe must be able to fail: a graph gone missing is caught.
copy_tree($site, "$tmp/broken");
unlink("$tmp/broken/graphs/pageswap.elapsed_s.trend.svg") or die;
(undef, $loaded) = probe_page("$tmp/broken/index.html");
like($loaded, qr/failed=1 \[graphs\/pageswap.elapsed_s.trend.svg\]/,
     'a missing graph is caught by the same probe');

# A failed report leaves the previous site as it was.
my $index = sha_of("$site/index.html");
{
	local $ENV{PATH} = '/nonexistent';
	($rc, $out, $err) = swaplab('report', '--db', $db, '--out', $site);
}
ok($rc == 4 && $err =~ /cannot run gnuplot: .*`make deps` installs it/ &&
   sha_of("$site/index.html") eq $index && !-e "$site.new",
   'without gnuplot: a clear error, the previous site untouched') or diag("rc=$rc $err");
($rc, $out, $err) = swaplab('report', '--db', $db, '--out', "$tmp/no/such/dir");
ok($rc == 2 && $err =~ /the directory it goes in does not exist/, 'a bad --out is refused')
	or diag($err);
