// SPDX-License-Identifier: GPL-2.0
/*
 * A guest's NoCloud seed image, made by cloud-localds (cloud-image-utils):
 * user-data from guests/cloud-init/<role>.yaml, the tunnel address in
 * network-config, and for the server the files of every protocol it serves
 * (server/<protocol>/, listed by the swap targets' descriptors) and the
 * set-up scripts cloud-init runs; for both the lab's SMB credentials.
 */
#include <errno.h>
#include <glib.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lab_private.h"
#include "seed.h"

extern char **environ;

static char *read_source(const char *relative, size_t *len)
{
	char *path = lab_source_path(relative);
	gchar *text = NULL;
	gsize n = 0;

	if (!g_file_get_contents(path, &text, &n, NULL))
		lab_fail(LAB_EENV, "cannot read %s: is this a complete swaplab tree?", path);
	free(path);
	if (len)
		*len = n;
	return text;
}

/*
 * The SMB share's user and password, one pair per lab: made at the lab's
 * first seed from getrandom() (/dev/urandom's pool), kept 0600 in the lab's
 * directory (labs/<prefix>/smb-credentials, gone with 'down'), never in the
 * tree.  Both seeds carry it: the server's setup.sh makes the user from it,
 * the client's mount names it (credentials=).
 */
static char *smb_credentials(const struct lab *lab)
{
	char *path = lab_strdup_printf("%s/smb-credentials", lab->dir);
	unsigned char bytes[18];
	gchar *kept = NULL;
	char *text = NULL;
	ssize_t n;
	int fd;

	if (g_file_get_contents(path, &kept, NULL, NULL)) {
		text = strdup(kept);
		g_free(kept);
		free(path);
		return text;
	}
	if (getrandom(bytes, sizeof(bytes), 0) != (ssize_t)sizeof(bytes)) {
		lab_fail(LAB_EENV, "no random bytes for the SMB password: %s", strerror(errno));
		free(path);
		return NULL;
	}
	text = seed_smb_credentials(LAB_SMB_SHARE, bytes, sizeof(bytes));
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	n = fd < 0 ? -1 : write(fd, text, strlen(text));
	if (fd < 0 || n != (ssize_t)strlen(text) || close(fd)) {
		lab_fail(LAB_EENV, "cannot write %s: %s", path, strerror(errno));
		free(text);
		text = NULL;
	}
	free(path);
	return text;
}

/*
 * Each protocol's files, as the server's write_files list (the server), and
 * the credentials (both).
 */
static char *role_write_files(enum lab_role role, const char *credentials)
{
	GArray *files = g_array_new(FALSE, TRUE, sizeof(struct seed_file));
	const struct lab_server_proto *proto;
	const struct lab_server_file *f;
	struct seed_file file;
	char *yaml = NULL;
	unsigned int i, j;
	bool read = true;

	file = (struct seed_file) { .guest_path = LAB_SMB_CREDENTIALS, .permissions = "0600",
				    .content = g_strdup(credentials),
				    .len = strlen(credentials) };
	g_array_append_val(files, file);
	for (i = 0; role == LAB_SERVER && read && (proto = lab_server_proto_at(i)); i++)
		for (j = 0; read && j < LAB_SERVER_MAX_FILES && (f = &proto->files[j])->source; j++) {
			file = (struct seed_file) { .guest_path = f->guest_path,
						    .permissions = f->permissions };
			file.content = read_source(f->source, &file.len);
			read = file.content != NULL;
			if (read)
				g_array_append_val(files, file);
		}
	if (read)
		yaml = seed_write_files((struct seed_file *)files->data, files->len);
	for (i = 0; i < files->len; i++)
		g_free((char *)g_array_index(files, struct seed_file, i).content);
	g_array_free(files, TRUE);
	return yaml;
}

/* cloud-init's runcmd list: each protocol's set-up script. */
static char *server_runcmd(void)
{
	GString *runcmd = g_string_new("");
	const struct lab_server_proto *proto;
	const struct lab_server_file *f;
	unsigned int i, j;

	for (i = 0; (proto = lab_server_proto_at(i)); i++)
		for (j = 0; j < LAB_SERVER_MAX_FILES && (f = &proto->files[j])->source; j++)
			if (f->run)
				g_string_append_printf(runcmd, "%s  - [ %s ]",
						       runcmd->len ? "\n" : "", f->guest_path);
	return g_string_free(runcmd, FALSE);
}

static int write_text(const char *path, const char *text)
{
	if (!g_file_set_contents(path, text, -1, NULL))
		return lab_fail(LAB_EENV, "cannot write %s", path);
	return 0;
}

static int write_from_template(const char *path, const char *template,
			       const char *const *vars)
{
	char *text = read_source(template, NULL);
	char *filled;
	int rc;

	if (!text)
		return LAB_EENV;
	filled = seed_substitute(text, vars);
	rc = write_text(path, filled);
	g_free(text);
	free(filled);
	return rc;
}

static int run_cloud_localds(const char *dir, const char *iso)
{
	char *net = lab_strdup_printf("%s/network-config", dir);
	char *user = lab_strdup_printf("%s/user-data", dir);
	char *meta = lab_strdup_printf("%s/meta-data", dir);
	char *argv[] = { "cloud-localds", "-N", net, (char *)iso, user, meta, NULL };
	int status = -1;
	pid_t pid;

	if (posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ) != 0 ||
	    waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status))
		lab_fail(LAB_EENV, "cloud-localds failed to make %s: is cloud-image-utils installed? run 'make deps'",
			 iso);
	free(net);
	free(user);
	free(meta);
	return status == 0 ? 0 : LAB_EENV;
}

static int write_seed_files(const struct lab *lab, enum lab_role role, const char *dir)
{
	char *host = lab_domain_name(lab->cfg.prefix, role);
	char *user = lab_strdup_printf("%s/user-data", dir);
	char *meta = lab_strdup_printf("%s/meta-data", dir);
	char *net = lab_strdup_printf("%s/network-config", dir);
	char *credentials = smb_credentials(lab);
	char *files = credentials ? role_write_files(role, credentials) : NULL;
	char *runcmd = role == LAB_SERVER ? server_runcmd() : g_strdup("");
	char *meta_text = lab_strdup_printf("instance-id: %s-%ld\nlocal-hostname: %s\n",
					    host, (long)time(NULL), host);
	const char *vars[] = {
		"HOSTNAME", host,
		"WRITE_FILES", files ? files : "",
		"RUNCMD", runcmd,
		"MOUNT_POINT", LAB_MOUNT_POINT,
		"MAC", role == LAB_CLIENT ? "52:54:00:77:00:02" : "52:54:00:77:00:01",
		"ADDRESS", role == LAB_CLIENT ? LAB_TUNNEL_CLIENT_ADDR : LAB_TUNNEL_SERVER_ADDR,
		NULL,
	};
	int rc = files ? 0 : LAB_EENV;

	rc = rc ?: write_from_template(user, role == LAB_CLIENT ?
				       "guests/cloud-init/client.yaml" :
				       "guests/cloud-init/server.yaml", vars);
	rc = rc ?: write_from_template(net, "guests/cloud-init/network-config.yaml", vars);
	rc = rc ?: write_text(meta, meta_text);
	free(host);
	free(user);
	free(meta);
	free(net);
	free(files);
	free(credentials);
	g_free(runcmd);
	free(meta_text);
	return rc;
}

/* Writes the seed's parts next to iso (kept for a look when boot fails). */
int lab_seed_build(const struct lab *lab, enum lab_role role, const char *iso)
{
	char *dir = lab_strdup_printf("%s/seed-%s", lab->dir, lab_role_name(role));
	int rc;

	/* 0700: user-data carries the SMB password (base64, not encrypted). */
	if (g_mkdir_with_parents(dir, 0700) < 0 || chmod(dir, 0700) < 0) {
		rc = lab_fail(LAB_EENV, "cannot create %s: %s", dir, strerror(errno));
	} else {
		rc = write_seed_files(lab, role, dir);
		rc = rc ?: run_cloud_localds(dir, iso);
	}
	free(dir);
	return rc;
}
