// SPDX-License-Identifier: GPL-2.0
/*
 * swapcorrupt: damage a share of the verifiers' pages in a swap file.
 *
 *   swapcorrupt [--from PCT] [--to PCT] [--class NAME]... FILE
 *
 * Runs where the file lives (the NFS server), while the client has it as
 * swap.  Reads every page past the header, tells from its bytes whose it is
 * (sc_classify.h), and overwrites the pages of the chosen classes whose
 * ordinal within their class falls in [from, to) percent with random bytes,
 * each page right after reading it.  Prints one line per class and
 * "corrupted N pages"; exits 0 when it corrupted at least one page, 1 when
 * none matched, 2 on bad usage, 3 on an I/O error.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "sc_classify.h"

#define PAGE 4096

static void usage(FILE *f)
{
	fprintf(f, "usage: swapcorrupt [--from PCT] [--to PCT] [--class swapverify|stress-ng]... FILE\n"
		"Overwrite with random bytes the pages of FILE (a swap file, page 0 is\n"
		"its header and is never touched) whose content says they belong to a\n"
		"chosen class, for ordinals n with n %% 100 in [from, to).\n"
		"Defaults: --from 0 --to 50, both classes.\n");
}

static int pct_arg(const char *s, unsigned int *out)
{
	char *end;
	unsigned long v = strtoul(s, &end, 10);

	if (end == s || *end || v > 100)
		return -1;
	*out = v;
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "from", required_argument, NULL, 'f' },
		{ "to", required_argument, NULL, 't' },
		{ "class", required_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	unsigned long long seen[SC_NCLASSES] = { 0 }, hit[SC_NCLASSES] = { 0 }, total = 0;
	bool want[SC_NCLASSES] = { false }, any_class = false;
	unsigned int from = 0, to = 50;
	unsigned char page[PAGE], junk[PAGE];
	off_t off;
	ssize_t n;
	int opt, fd, c;

	while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'f':
		case 't':
			if (pct_arg(optarg, opt == 'f' ? &from : &to)) {
				fprintf(stderr, "swapcorrupt: --%s takes a percentage 0..100, not '%s'\n",
					opt == 'f' ? "from" : "to", optarg);
				return 2;
			}
			break;
		case 'c':
			for (c = SC_OTHER + 1; c < SC_NCLASSES; c++)
				if (!strcmp(optarg, sc_class_name(c)))
					break;
			if (c == SC_NCLASSES) {
				fprintf(stderr, "swapcorrupt: unknown class '%s' (swapverify, stress-ng)\n",
					optarg);
				return 2;
			}
			want[c] = any_class = true;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind != argc - 1 || from >= to) {
		if (from >= to)
			fprintf(stderr, "swapcorrupt: --from must be below --to\n");
		usage(stderr);
		return 2;
	}
	if (!any_class)
		for (c = SC_OTHER + 1; c < SC_NCLASSES; c++)
			want[c] = true;
	fd = open(argv[optind], O_RDWR);
	if (fd < 0) {
		fprintf(stderr, "swapcorrupt: %s: %s\n", argv[optind], strerror(errno));
		return 3;
	}
	for (off = PAGE; (n = pread(fd, page, PAGE, off)) == PAGE; off += PAGE) {
		enum sc_class cls = sc_classify(page, PAGE);

		if (cls != SC_OTHER && want[cls] && sc_selected(seen[cls], from, to)) {
			if (getrandom(junk, PAGE, 0) != PAGE ||
			    pwrite(fd, junk, PAGE, off) != PAGE) {
				fprintf(stderr, "swapcorrupt: writing page %lld: %s\n",
					(long long)(off / PAGE), strerror(errno));
				close(fd);
				return 3;
			}
			hit[cls]++;
			total++;
		}
		seen[cls]++;
	}
	if (n < 0 || fsync(fd) < 0) {
		fprintf(stderr, "swapcorrupt: %s: %s\n", argv[optind], strerror(errno));
		close(fd);
		return 3;
	}
	close(fd);
	for (c = 0; c < SC_NCLASSES; c++)
		printf("%s: %llu pages, %llu corrupted\n", sc_class_name(c), seen[c], hit[c]);
	printf("corrupted %llu pages\n", total);
	return total ? 0 : 1;
}
