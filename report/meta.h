/* meta.h - a scheme's plain-file metadata, SUPERCOP style: small text files
 * in the primitive's directory or its scheme's <scheme>-common directory of
 * the tree given by --meta (default: $NGBENCH_DATADIR, else the current
 * directory):
 *   name                  the scheme's display name ("TSUOV (sign-31)")
 *   description           one paragraph
 *   designers             who designed it
 *   specification, security-evaluation, submission
 *                         where to read more: text, and a URL (http:// or
 *                         https://) anywhere in it becomes the link
 *   baseline              present for a baseline row (crypto_sign/sm2,
 *                         crypto_sign/ed25519: a signature in use today, the
 *                         candidates are set against it): what it stands for
 * A file of the primitive's directory wins over the common one. Only the
 * first 4 KiB of a file are read; lines are joined with spaces. */
#ifndef NGBENCH_REPORT_META_H
#define NGBENCH_REPORT_META_H

#define META_NFILES 7
extern const char *const meta_files[META_NFILES];

/* the text of file (one of meta_files) for primitive of scheme under
 * operation (crypto_sign, crypto_kem) in dir; NULL when absent or dir is
 * NULL. malloc'ed. *where: the path it came from, relative to dir
 * (malloc'ed; NULL when absent). */
char *meta_read(const char *dir, const char *operation, const char *primitive, const char *scheme, const char *file,
                char **where);
/* the first http:// or https:// URL in text (malloc'ed), NULL when none */
char *meta_url(const char *text);
/* 1 when primitive (of operation) is a baseline row: its metadata has a
 * baseline file (dir NULL: never) */
int meta_is_baseline(const char *dir, const char *operation, const char *primitive);

#endif
