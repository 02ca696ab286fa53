/* iriscan: find IRIs (RFC 3987) in running text and map them to URIs.
 *
 * C ABI of the Rust crate bindings/c (libiriscan.so, libiriscan.a). Written
 * by hand; bindings/c/src/tests.rs checks every declaration below against
 * the Rust definitions, and bindings/c/tests/run.sh compiles and runs a C
 * program using all of them under AddressSanitizer.
 *
 * Text is UTF-8 given as pointer + length (no NUL needed); invalid UTF-8 is
 * a link boundary when finding and an error when mapping. No function
 * panics or unwinds into C; a NULL argument is an error value. A finder is
 * immutable after creation and may be shared by threads. Strings returned
 * are owned by the caller and freed with iriscan_free (not free()).
 *
 * Link with -liriscan (and, for the static library, -lpthread -ldl -lm).
 */
#ifndef IRISCAN_H
#define IRISCAN_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Values of iriscan_link.kind. */
#define IRISCAN_KIND_IRI 1    /* an IRI with a scheme: https://…, mailto:…, urn:… */
#define IRISCAN_KIND_EMAIL 2  /* a bare email address */
#define IRISCAN_KIND_DOMAIN 3 /* a scheme-less domain: www.example.com, пример.рф */
#define IRISCAN_KIND_OTHER 0  /* a kind of link added to the library after this header */

/* Bits of the kinds mask of iriscan_finder_new_with. */
#define IRISCAN_FIND_IRI 1u
#define IRISCAN_FIND_EMAIL 2u
#define IRISCAN_FIND_DOMAIN 4u

typedef struct iriscan_finder iriscan_finder;

/* One link: byte offsets into the text, end exclusive; kind IRISCAN_KIND_*. */
typedef struct {
  size_t start, end;
  int kind;
} iriscan_link;

/* Non-zero return stops the scan. `link` is valid only during the call. */
typedef int (*iriscan_callback)(void *ctx, const iriscan_link *link);

/* A finder for all three kinds, default mode. Free with iriscan_finder_free. */
iriscan_finder *iriscan_finder_new(void);

/* A finder for the kinds in `kinds` (IRISCAN_FIND_* bits); `strict_uts58`
   non-zero ends links exactly as Unicode UTS #58 says. NULL if `kinds` has
   other bits. */
iriscan_finder *iriscan_finder_new_with(unsigned int kinds, int strict_uts58);

/* Frees a finder; NULL is ignored. */
void iriscan_finder_free(iriscan_finder *f);

/* Calls cb for each link in order (stops when cb returns non-zero); returns
   the number of links reported, or -1 on a NULL argument. Invalid UTF-8 is
   a boundary, never an error. */
long iriscan_find(const iriscan_finder *f, const char *text, size_t len, iriscan_callback cb, void *ctx);

/* The URI (RFC 3987 §3.1: IDNA hosts, UTF-8 percent-encoding) of an IRI.
   NULL if not an IRI (or on NULL / invalid UTF-8); free with iriscan_free. */
char *iriscan_to_uri(const char *iri, size_t len);

/* The IRI to show for a URI (RFC 3987 §3.2; bidi controls stay encoded).
   NULL on NULL or invalid UTF-8; free with iriscan_free. */
char *iriscan_to_iri(const char *uri, size_t len);

/* Frees a string from iriscan_to_uri / iriscan_to_iri; NULL is ignored. */
void iriscan_free(char *s);

#ifdef __cplusplus
}
#endif

#endif /* IRISCAN_H */
