// SPDX-License-Identifier: GPL-2.0
/*
 * A role's disks live in a transient directory pool of its own,
 * labs/<prefix>/<role>/, made through libvirt's storage API so that the same
 * calls work when the role's libvirt is on another host: a copy-on-write
 * overlay of the base image, blank sparse disks, and the cloud-init seed
 * uploaded through a stream.  The base image is never written.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "domain_xml.h"
#include "lab_private.h"

#define SCRATCH_MIB 1024
#define DATA_MIN_MIB 4096

char *lab_pool_name(const char *prefix, enum lab_role role)
{
	return lab_domain_name(prefix, role);
}

static virStoragePoolPtr pool_create(struct lab *lab, enum lab_role role)
{
	char *name = lab_pool_name(lab->cfg.prefix, role);
	char *dir = lab_strdup_printf("%s/%s", lab->dir, lab_role_name(role));
	char *edir = xml_escape(dir);
	char *xml = lab_strdup_printf("<pool type='dir'><name>%s</name>"
				      "<target><path>%s</path></target></pool>",
				      name, edir);
	virStoragePoolPtr pool = virStoragePoolCreateXML(lab->conn[role], xml,
							 VIR_STORAGE_POOL_CREATE_WITH_BUILD);

	if (!pool)
		lab_fail(LAB_EENV, "libvirt could not make storage pool %s in %s: %s",
			 name, dir, virGetLastErrorMessage());
	free(name);
	free(dir);
	free(edir);
	free(xml);
	return pool;
}

/* A volume; backing is the image it overlays (NULL: a blank sparse disk). */
static char *vol_create(virStoragePoolPtr pool, const char *name, const char *format,
			unsigned long long mib, const char *backing)
{
	char *ebacking = backing ? xml_escape(backing) : NULL;
	char *backing_xml = backing ?
		lab_strdup_printf("<backingStore><path>%s</path><format type='qcow2'/></backingStore>",
				  ebacking) : lab_strdup_printf("%s", "");
	char *capacity = mib ?
		lab_strdup_printf("<capacity unit='MiB'>%llu</capacity><allocation>0</allocation>",
				  mib) : lab_strdup_printf("%s", "");
	char *xml = lab_strdup_printf("<volume><name>%s</name>%s"
				      "<target><format type='%s'/></target>%s</volume>",
				      name, capacity, format, backing_xml);
	virStorageVolPtr vol = virStorageVolCreateXML(pool, xml, 0);
	char *path = NULL;

	if (vol) {
		path = virStorageVolGetPath(vol);
		virStorageVolFree(vol);
	} else {
		lab_fail(LAB_EENV, "libvirt could not create volume %s: %s",
			 name, virGetLastErrorMessage());
	}
	free(ebacking);
	free(backing_xml);
	free(capacity);
	free(xml);
	return path;
}

static int send_file(virStreamPtr st, char *data, size_t nbytes, void *opaque)
{
	return read(*(int *)opaque, data, nbytes);
}

/* The seed goes up through a stream: no shared file system needed. */
static char *vol_upload(virStoragePoolPtr pool, const char *name, const char *file)
{
	virConnectPtr conn = virStoragePoolGetConnect(pool);
	int fd = open(file, O_RDONLY | O_CLOEXEC);
	struct stat st;
	virStreamPtr stream = NULL;
	virStorageVolPtr vol = NULL;
	char *path = NULL;

	if (fd < 0 || fstat(fd, &st) < 0) {
		lab_fail(LAB_EENV, "cannot read %s: %s", file, strerror(errno));
		goto out;
	}
	path = vol_create(pool, name, "raw", (st.st_size + (1 << 20) - 1) >> 20, NULL);
	vol = path ? virStorageVolLookupByName(pool, name) : NULL;
	stream = vol ? virStreamNew(conn, 0) : NULL;
	if (!stream || virStorageVolUpload(vol, stream, 0, st.st_size, 0) < 0 ||
	    virStreamSendAll(stream, send_file, &fd) < 0 || virStreamFinish(stream) < 0) {
		lab_fail(LAB_EENV, "could not upload %s: %s", file, virGetLastErrorMessage());
		free(path);
		path = NULL;
	}
out:
	if (stream)
		virStreamFree(stream);
	if (vol)
		virStorageVolFree(vol);
	if (fd >= 0)
		close(fd);
	return path;
}

static unsigned long long data_disk_mib(const struct lab_config *c)
{
	/* The swap file, a loop-nfs backing file and fio's files side by side. */
	unsigned long long mib = 3ULL * c->swap_size_mib + 1024;

	return mib < DATA_MIN_MIB ? DATA_MIN_MIB : mib;
}

/*
 * paths[]: 0 root overlay, 1 vdb (server: export disk; client: scratch),
 * 2 vdc (client: local swap disk; server: NULL), 3 seed.  Caller frees.
 */
int lab_storage_create(struct lab *lab, enum lab_role role, const char *seed_iso,
		       char *paths[4])
{
	const char *base = lab->cfg.image;
	virStoragePoolPtr pool = pool_create(lab, role);
	bool client = role == LAB_CLIENT;
	int rc = LAB_EENV;

	memset(paths, 0, 4 * sizeof(*paths));
	if (!pool)
		return LAB_EENV;
	paths[0] = vol_create(pool, "root.qcow2", "qcow2", 0, base);
	if (!paths[0])
		goto out;
	paths[1] = client ? vol_create(pool, "scratch.raw", "raw", SCRATCH_MIB, NULL) :
			    vol_create(pool, "export.raw", "raw", data_disk_mib(&lab->cfg), NULL);
	if (!paths[1])
		goto out;
	if (client) {
		paths[2] = vol_create(pool, "local-swap.raw", "raw", lab->cfg.swap_size_mib, NULL);
		if (!paths[2])
			goto out;
	}
	paths[3] = vol_upload(pool, "seed.iso", seed_iso);
	if (paths[3])
		rc = 0;
out:
	virStoragePoolFree(pool);
	return rc;
}

/* A pool of the same name elsewhere is somebody else's: leave it. */
static bool pool_is_ours(virStoragePoolPtr pool, const char *prefix)
{
	char *dir = lab_dir_of(prefix);
	char *edir = xml_escape(dir);
	bool ours = lab_marked(virStoragePoolGetXMLDesc(pool, 0),
			       lab_strdup_printf("<path>%s/", edir));

	free(dir);
	free(edir);
	return ours;
}

void lab_storage_destroy(virConnectPtr conn, const char *prefix, enum lab_role role)
{
	char *name = lab_pool_name(prefix, role);
	virStoragePoolPtr pool = virStoragePoolLookupByName(conn, name);
	virStorageVolPtr *vols = NULL;
	int i, n;

	free(name);
	if (!pool)
		return;
	if (!pool_is_ours(pool, prefix)) {
		virStoragePoolFree(pool);
		return;
	}
	virStoragePoolRefresh(pool, 0);
	n = virStoragePoolListAllVolumes(pool, &vols, 0);
	for (i = 0; i < n; i++) {
		virStorageVolDelete(vols[i], 0);
		virStorageVolFree(vols[i]);
	}
	free(vols);
	virStoragePoolDestroy(pool);
	virStoragePoolFree(pool);
}
