// SPDX-License-Identifier: GPL-2.0
/*
 * lab_info(): what a lab runs on, from struct lab and the kernel build
 * cache (see lab_info.h).  The kernel check of lab_up and of the scenario
 * runner is here too: both ask whether a variant is built.
 */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lab_info.h"
#include "lab_private.h"

/* libvirt's major * 1000000 + minor * 1000 + micro, as major.minor.micro */
static void version_text(unsigned long v, char *buf, size_t len)
{
	snprintf(buf, len, "%lu.%lu.%lu", v / 1000000, v / 1000 % 1000, v % 1000);
}

/* A build file's text up to its first NUL, or NULL if it is missing. */
static char *build_file(const char *dir, const char *name)
{
	char *path = g_build_filename(dir, name, NULL);
	char *text = NULL;

	if (!g_file_get_contents(path, &text, NULL, NULL))
		text = NULL;
	g_free(path);
	return text;
}

/* Its first line, or "". */
static char *first_line(const char *dir, const char *name)
{
	char *text = build_file(dir, name);

	if (!text)
		return g_strdup("");
	text[strcspn(text, "\n")] = '\0';
	return text;
}

/* sha256 of the file's text, or "" if it is missing. */
static char *sha256_of(const char *dir, const char *name)
{
	char *text = build_file(dir, name);
	char *hash;

	if (!text)
		return g_strdup("");
	hash = g_compute_checksum_for_string(G_CHECKSUM_SHA256, text, strlen(text));
	g_free(text);
	return hash;
}

void lab_kernel_build_read(const char *variant, struct lab_kernel_build *kb)
{
	char *dir = lab_strdup_printf("%s/kernel/out/%s", lab_cache_dir(), variant);
	char *bzimage = lab_kernel_path(variant);

	kb->variant = g_strdup(variant);
	kb->built = access(bzimage, R_OK) == 0;
	kb->release = first_line(dir, "release");
	kb->config_hash = sha256_of(dir, "config");
	kb->series_hash = first_line(dir, "series_hash");
	kb->commit = first_line(dir, "commit");
	kb->key = first_line(dir, "key");
	free(bzimage);
	free(dir);
}

void lab_kernel_build_free(struct lab_kernel_build *kb)
{
	g_free(kb->variant);
	g_free(kb->release);
	g_free(kb->config_hash);
	g_free(kb->series_hash);
	g_free(kb->commit);
	g_free(kb->key);
	memset(kb, 0, sizeof(*kb));
}

int lab_kernel_check(const char *variant)
{
	char *bzimage = lab_kernel_path(variant);
	bool built = access(bzimage, R_OK) == 0;

	free(bzimage);
	if (built)
		return 0;
	return lab_fail(LAB_EENV, "the %s kernel is not built (no %s/kernel/out/%s/bzImage): run 'make kernel-%s'",
			variant, lab_cache_dir(), variant, variant);
}

void lab_info_of_config(const struct lab_config *cfg, struct lab_info *info)
{
	const char *variants[LAB_ROLES] = {
		[LAB_CLIENT] = cfg->client_kernel, [LAB_SERVER] = cfg->server_kernel,
	};
	unsigned long libvirt = 0;
	unsigned int role;

	memset(info, 0, sizeof(*info));
	info->accel = "";
	virGetVersion(&libvirt, NULL, NULL);
	version_text(libvirt, info->libvirt, sizeof(info->libvirt));
	for (role = 0; role < LAB_ROLES; role++) {
		info->console[role] = lab_console_file(cfg->prefix, role);
		lab_kernel_build_read(variants[role], &info->kernel[role]);
	}
}

void lab_info(struct lab *lab, struct lab_info *info)
{
	unsigned long qemu = 0;
	unsigned int role;

	lab_info_of_config(&lab->cfg, info);
	info->accel = lab->accel && !strcmp(lab->accel, "kvm") ? "kvm" : "tcg";
	snprintf(info->qemu, sizeof(info->qemu), "unknown");
	if (lab->conn[LAB_CLIENT] && !virConnectGetVersion(lab->conn[LAB_CLIENT], &qemu))
		version_text(qemu, info->qemu, sizeof(info->qemu));
	for (role = 0; role < LAB_ROLES; role++) {
		if (!lab->console[role])
			continue;
		free(info->console[role]);
		info->console[role] = lab_strdup_printf("%s", lab->console[role]);
	}
}

void lab_info_free(struct lab_info *info)
{
	unsigned int role;

	for (role = 0; role < LAB_ROLES; role++) {
		free(info->console[role]);
		lab_kernel_build_free(&info->kernel[role]);
	}
	memset(info, 0, sizeof(*info));
}
