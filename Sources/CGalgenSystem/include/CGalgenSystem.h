#ifndef CGALGENSYSTEM_H
#define CGALGENSYSTEM_H

/* Atomically exchanges two paths (Linux renameat2 with RENAME_EXCHANGE).
   Returns 0 on success, otherwise -1 with errno set (ENOSYS/EINVAL where unsupported). */
int CGalgenSystem_exchange(const char *a, const char *b);

#endif
