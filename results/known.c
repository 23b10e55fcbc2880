// SPDX-License-Identifier: GPL-2.0
/* Known failures: parsing results/known-failures and matching checks. */
#include <errno.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "known.h"
#include "textfile.h"

const char *known_default_path(void)
{
	static char path[PATH_MAX];
	char dir[PATH_MAX], *slash;
	ssize_t n;

	if (path[0])
		return path;
	n = readlink("/proc/self/exe", dir, sizeof(dir) - 1);
	if (n <= 0)
		return KNOWN_DEFAULT_PATH;
	dir[n] = '\0';
	/* lab/swaplab sits one folder below the top; allow a few more. */
	for (int depth = 0; depth < 4 && (slash = strrchr(dir, '/')); depth++) {
		*slash = '\0';
		if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir[0] ? dir : "",
				     KNOWN_DEFAULT_PATH) < sizeof(path) &&
		    access(path, F_OK) == 0)
			return path;
	}
	path[0] = '\0';
	return KNOWN_DEFAULT_PATH;
}

static int parse_line(char *line, unsigned int lineno, struct known_failure *k,
		      char *why, size_t len)
{
	char *key = line, *reason, *slash, *at;

	reason = key + strcspn(key, " \t");
	if (*reason)
		*reason++ = '\0';
	reason += strspn(reason, " \t");
	slash = strchr(key, '/');
	if (!slash || slash == key || !slash[1]) {
		snprintf(why, len, "line %u: '%s' is not SCENARIO/CHECK[@LABEL]",
			 lineno, key);
		return -1;
	}
	if (!*reason) {
		snprintf(why, len, "line %u: '%s' has no reason: say why it is "
			 "known to fail", lineno, key);
		return -1;
	}
	*slash = '\0';
	at = strchr(slash + 1, '@');
	if (at)
		*at = '\0';
	k->scenario = strdup(key);
	k->check = strdup(slash + 1);
	k->label = strdup(at && at[1] ? at + 1 : "*");
	k->reason = strdup(reason);
	k->line = lineno;
	return 0;
}

int known_failures_parse(const char *text, struct known_failures *kf,
			 char *why, size_t len)
{
	char *copy = strdup(text), *next = NULL, *line;
	unsigned int lineno = 0;
	int ret = 0;

	memset(kf, 0, sizeof(*kf));
	/* strtok_r would merge blank lines and lose line numbers. */
	for (line = copy; line && !ret; line = next) {
		char *end = strchr(line, '\n');

		next = end ? end + 1 : NULL;
		if (end)
			*end = '\0';
		lineno++;
		line += strspn(line, " \t");
		line[strcspn(line, "\r")] = '\0';
		while (*line && strchr(" \t", line[strlen(line) - 1]))
			line[strlen(line) - 1] = '\0';
		/* Only whole lines are comments: a reason may cite "bug #123". */
		if (!*line || *line == '#')
			continue;
		kf->v = realloc(kf->v, (kf->n + 1) * sizeof(*kf->v));
		ret = parse_line(line, lineno, &kf->v[kf->n], why, len);
		if (!ret)
			kf->n++;
	}
	free(copy);
	if (ret)
		known_failures_free(kf);
	return ret;
}

int known_failures_load(const char *path, struct known_failures *kf,
			char *why, size_t len)
{
	char *text = textfile_read(path, why, len);
	char inner[256];
	int ret;

	if (!text) {
		memset(kf, 0, sizeof(*kf));
		return errno == ENOENT ? 0 : -1;
	}
	ret = known_failures_parse(text, kf, inner, sizeof(inner));
	if (ret)
		snprintf(why, len, "%s: %s", path, inner);
	free(text);
	return ret;
}

const struct known_failure *known_failure_match(const struct known_failures *kf,
						const char *scenario,
						const char *label,
						const char *check)
{
	size_t i;

	for (i = 0; i < kf->n; i++) {
		const struct known_failure *k = &kf->v[i];

		if (!fnmatch(k->scenario, scenario, 0) && !fnmatch(k->check, check, 0) &&
		    !fnmatch(k->label, label, 0))
			return k;
	}
	return NULL;
}

void known_failures_free(struct known_failures *kf)
{
	size_t i;

	for (i = 0; i < kf->n; i++) {
		free(kf->v[i].scenario);
		free(kf->v[i].check);
		free(kf->v[i].label);
		free(kf->v[i].reason);
	}
	free(kf->v);
	memset(kf, 0, sizeof(*kf));
}
