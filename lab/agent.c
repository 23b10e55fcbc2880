// SPDX-License-Identifier: GPL-2.0
/*
 * qemu-guest-agent through libvirt (virDomainQemuAgentCommand, which also
 * works on a remote connection): ping, any command (for the guest jobs of
 * lab/job.c), and file copies in base64 chunks.  Every call has a timeout.
 */
#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <json-c/json.h>
#include <libvirt/libvirt-qemu.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lab_private.h"

/* A guest that swaps hard under TCG can take a while to schedule the agent. */
#define CALL_TIMEOUT_S 60
/* qemu-ga 7.2 took 128 KiB per guest-file-write but failed 256 KiB ("JSON parse error"). */
#define CHUNK (64 * 1024)

/*
 * libvirt first syncs with the agent, giving it at most 5 s whatever our
 * timeout: a guest busy swapping under TCG misses that often, and libvirt
 * then reports the agent unresponsive without having sent the command.
 */
static bool agent_busy(void)
{
	virErrorPtr err = virGetLastError();

	return err && err->code == VIR_ERR_AGENT_UNRESPONSIVE;
}

/* One attempt; returns the reply's "return" member, or NULL. */
static json_object *agent_call_once(virDomainPtr dom, const char *cmd, const char *req,
				    int timeout_s)
{
	json_object *reply, *ret = NULL;
	char *answer = virDomainQemuAgentCommand(dom, req, timeout_s, 0);

	if (!answer) {
		lab_fail(LAB_EFAIL, "guest agent: %s: %s", cmd, virGetLastErrorMessage());
		return NULL;
	}
	reply = json_tokener_parse(answer);
	free(answer);
	if (reply && json_object_object_get_ex(reply, "return", &ret))
		json_object_get(ret);
	else
		lab_fail(LAB_EFAIL, "guest agent: %s: unexpected answer", cmd);
	json_object_put(reply);
	return ret;
}

/*
 * Send {"execute": cmd, "arguments": args} (args is consumed), retrying
 * while the agent is busy, within timeout_s in all.
 */
static json_object *agent_call(virDomainPtr dom, const char *cmd, json_object *args,
			       int timeout_s)
{
	double deadline = lab_now() + timeout_s;
	json_object *req = json_object_new_object();
	json_object *ret;
	int left;

	json_object_object_add(req, "execute", json_object_new_string(cmd));
	if (args)
		json_object_object_add(req, "arguments", args);
	for (;;) {
		left = deadline - lab_now();
		ret = agent_call_once(dom, cmd, json_object_to_json_string(req),
				      left < 1 ? 1 : left);
		if (ret || !agent_busy() || lab_now() + 1 >= deadline || lab_stop_requested)
			break;
		sleep(1);
	}
	json_object_put(req);
	return ret;
}

static bool get_bool(json_object *o, const char *key)
{
	json_object *v;

	return json_object_object_get_ex(o, key, &v) && json_object_get_boolean(v);
}

/* Base64 member key of o, decoded into a NUL-terminated malloc'd buffer. */
static char *get_b64(json_object *o, const char *key, size_t *len)
{
	json_object *v;
	guchar *raw = NULL;
	gsize n = 0;
	char *out;

	if (json_object_object_get_ex(o, key, &v))
		raw = g_base64_decode(json_object_get_string(v), &n);
	out = malloc(n + 1);
	if (!out)
		abort();
	if (n)
		memcpy(out, raw, n);
	out[n] = '\0';
	g_free(raw);
	if (len)
		*len = n;
	return out;
}

int lab_agent_ping(virDomainPtr dom, unsigned int timeout_s)
{
	json_object *ret = agent_call(dom, "guest-ping", NULL, timeout_s);

	json_object_put(ret);
	return ret ? 0 : LAB_EFAIL;
}

json_object *lab_agent_call(virDomainPtr dom, const char *cmd, json_object *args,
			    int timeout_s)
{
	return agent_call(dom, cmd, args, timeout_s);
}

static long long file_open(virDomainPtr dom, const char *path, const char *mode)
{
	json_object *args = json_object_new_object();
	json_object *ret;
	long long handle;

	json_object_object_add(args, "path", json_object_new_string(path));
	json_object_object_add(args, "mode", json_object_new_string(mode));
	ret = agent_call(dom, "guest-file-open", args, CALL_TIMEOUT_S);
	handle = ret ? json_object_get_int64(ret) : -1;
	json_object_put(ret);
	if (handle < 0)
		lab_fail_append(" (guest file %s)", path);
	return handle;
}

static int file_close(virDomainPtr dom, long long handle)
{
	json_object *args = json_object_new_object();
	json_object *ret;

	json_object_object_add(args, "handle", json_object_new_int64(handle));
	ret = agent_call(dom, "guest-file-close", args, CALL_TIMEOUT_S);
	json_object_put(ret);
	return ret ? 0 : LAB_EFAIL;
}

/* After a failed attempt the agent may or may not have moved the offset. */
static int file_seek(virDomainPtr dom, long long handle, long long offset)
{
	json_object *args = json_object_new_object();
	json_object *ret;

	json_object_object_add(args, "handle", json_object_new_int64(handle));
	json_object_object_add(args, "offset", json_object_new_int64(offset));
	json_object_object_add(args, "whence", json_object_new_string("set"));
	ret = agent_call(dom, "guest-file-seek", args, CALL_TIMEOUT_S);
	json_object_put(ret);
	return ret ? 0 : LAB_EFAIL;
}

/* Runs cmd on handle at offset, seeking back before each retry. */
static json_object *file_call(virDomainPtr dom, const char *cmd, json_object *args,
			      long long handle, long long offset)
{
	double deadline = lab_now() + CALL_TIMEOUT_S;
	const char *req;
	json_object *o = json_object_new_object();
	json_object *ret;
	bool retry = false;

	json_object_object_add(args, "handle", json_object_new_int64(handle));
	json_object_object_add(o, "execute", json_object_new_string(cmd));
	json_object_object_add(o, "arguments", args);
	req = json_object_to_json_string(o);
	for (;;) {
		if (retry && file_seek(dom, handle, offset)) {
			ret = NULL;
			break;
		}
		ret = agent_call_once(dom, cmd, req, CALL_TIMEOUT_S);
		if (ret || !agent_busy() || lab_now() >= deadline || lab_stop_requested)
			break;
		retry = true;
		sleep(1);
	}
	json_object_put(o);
	return ret;
}

static int file_write_chunk(virDomainPtr dom, long long handle, long long offset,
			    const void *buf, size_t n)
{
	json_object *args = json_object_new_object();
	gchar *b64 = g_base64_encode(buf, n);
	json_object *ret;

	json_object_object_add(args, "buf-b64", json_object_new_string(b64));
	g_free(b64);
	ret = file_call(dom, "guest-file-write", args, handle, offset);
	json_object_put(ret);
	return ret ? 0 : LAB_EFAIL;
}

int lab_agent_write(virDomainPtr dom, const char *local, const char *guest)
{
	int fd = open(local, O_RDONLY | O_CLOEXEC);
	char *buf = malloc(CHUNK);
	long long handle, offset = 0;
	ssize_t n = 0;
	int rc = 0;

	if (fd < 0 || !buf) {
		free(buf);
		if (fd >= 0)
			close(fd);
		return lab_fail(LAB_EUSAGE, "cannot read %s: %s", local, strerror(errno));
	}
	handle = file_open(dom, guest, "w");
	if (handle < 0)
		rc = LAB_EFAIL;
	while (!rc && (n = read(fd, buf, CHUNK)) > 0) {
		rc = file_write_chunk(dom, handle, offset, buf, n);
		offset += n;
	}
	if (!rc && n < 0)
		rc = lab_fail(LAB_EUSAGE, "reading %s: %s", local, strerror(errno));
	if (handle >= 0)
		rc = file_close(dom, handle) ?: rc;
	free(buf);
	close(fd);
	return rc;
}

/* One chunk onto data; returns 1 at end of file, 0 for more, <0 on error. */
static int file_read_chunk(virDomainPtr dom, long long handle, GByteArray *data)
{
	json_object *args = json_object_new_object();
	json_object *ret;
	size_t n;
	char *chunk;
	int rc;

	json_object_object_add(args, "count", json_object_new_int64(CHUNK));
	ret = file_call(dom, "guest-file-read", args, handle, data->len);
	if (!ret)
		return LAB_EFAIL;
	chunk = get_b64(ret, "buf-b64", &n);
	g_byte_array_append(data, (const guint8 *)chunk, n);
	rc = get_bool(ret, "eof") || n == 0;
	free(chunk);
	json_object_put(ret);
	return rc;
}

int lab_agent_read(virDomainPtr dom, const char *guest, char **buf, size_t *len)
{
	GByteArray *data = g_byte_array_new();
	long long handle = file_open(dom, guest, "r");
	int rc = handle < 0 ? LAB_EFAIL : 0;

	while (!rc)
		rc = file_read_chunk(dom, handle, data);
	rc = rc < 0 ? rc : 0;
	if (handle >= 0)
		rc = file_close(dom, handle) ?: rc;
	*len = data->len;
	g_byte_array_append(data, (const guint8 *)"", 1);
	*buf = (char *)g_byte_array_free(data, FALSE);
	return rc;
}

int lab_agent_pull(virDomainPtr dom, const char *guest, const char *local)
{
	char *tmp = lab_strdup_printf("%s.part", local);
	char *data = NULL;
	size_t len = 0;
	int rc = lab_agent_read(dom, guest, &data, &len);

	if (!rc && !g_file_set_contents(tmp, data, len, NULL))
		rc = lab_fail(LAB_EUSAGE, "cannot write %s", tmp);
	if (!rc && rename(tmp, local) < 0)
		rc = lab_fail(LAB_EUSAGE, "cannot rename %s to %s: %s", tmp, local,
			      strerror(errno));
	if (rc)
		unlink(tmp);
	g_free(data);
	free(tmp);
	return rc;
}
