/* Uses every declaration of iriscan.h against libiriscan; run by
   tests/run.sh under AddressSanitizer (leaks included). Exits non-zero on
   the first check that fails. */
#include "iriscan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

#define CHECK(cond)                                                     \
  do {                                                                  \
    if (!(cond)) {                                                      \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      failures++;                                                       \
    }                                                                   \
  } while (0)

struct collected {
  iriscan_link links[16];
  size_t n;
  size_t stop_after; /* 0: never stop */
};

static int collect(void *ctx, const iriscan_link *link) {
  struct collected *c = ctx;
  if (c->n < 16) c->links[c->n] = *link;
  c->n++;
  return c->stop_after != 0 && c->n >= c->stop_after;
}

static long find(const iriscan_finder *f, const char *text, struct collected *c) {
  memset(c, 0, sizeof *c);
  return iriscan_find(f, text, strlen(text), collect, c);
}

static int span_is(const char *text, const iriscan_link *l, const char *want) {
  return l->end - l->start == strlen(want) && memcmp(text + l->start, want, l->end - l->start) == 0;
}

static int str_is_and_free(char *got, const char *want) {
  int ok = got != NULL && strcmp(got, want) == 0;
  if (!ok) fprintf(stderr, "got %s, want %s\n", got ? got : "(null)", want);
  iriscan_free(got);
  return ok;
}

int main(void) {
  struct collected c;
  iriscan_finder *f = iriscan_finder_new();
  CHECK(f != NULL);

  /* Byte offsets, kinds, order; non-ASCII never ends an IRI. */
  const char *mail = "詳細はhttp://例え.jp/パス、または info@example.com へ。See www.example.org.";
  CHECK(find(f, mail, &c) == 3);
  CHECK(span_is(mail, &c.links[0], "http://例え.jp/パス") && c.links[0].kind == IRISCAN_KIND_IRI);
  CHECK(span_is(mail, &c.links[1], "info@example.com") && c.links[1].kind == IRISCAN_KIND_EMAIL);
  CHECK(span_is(mail, &c.links[2], "www.example.org") && c.links[2].kind == IRISCAN_KIND_DOMAIN);

  /* The callback stops the scan; the stopping link is counted. */
  memset(&c, 0, sizeof c);
  c.stop_after = 1;
  CHECK(iriscan_find(f, "a.com b.com c.com", 17, collect, &c) == 1 && c.n == 1);

  /* Invalid UTF-8 is a boundary, and text need not be NUL-terminated. */
  const char bytes[] = {'h', 't', 't', 'p', ':', '/', '/', 'a', '.', 'c', 'o', 'm', '/', (char)0xFF, 'x'};
  memset(&c, 0, sizeof c);
  CHECK(iriscan_find(f, bytes, sizeof bytes, collect, &c) == 1);
  CHECK(c.links[0].start == 0 && c.links[0].end == 13);

  /* NULL arguments are error values. */
  CHECK(iriscan_find(NULL, "x.org", 5, collect, &c) == -1);
  CHECK(iriscan_find(f, NULL, 0, collect, &c) == -1);
  CHECK(iriscan_find(f, "x.org", 5, NULL, &c) == -1);
  CHECK(iriscan_to_uri(NULL, 1) == NULL);
  CHECK(iriscan_to_iri(NULL, 1) == NULL);
  iriscan_free(NULL);
  iriscan_finder_free(NULL);

  /* Mapping both ways. */
  const char *iri = "https://пример.рф/путь?q=ü#frag";
  CHECK(str_is_and_free(iriscan_to_uri(iri, strlen(iri)),
                        "https://xn--e1afmkfd.xn--p1ai/%D0%BF%D1%83%D1%82%D1%8C?q=%C3%BC#frag"));
  CHECK(iriscan_to_uri("http://a b", 10) == NULL);
  const char *uri = "https://xn--e1afmkfd.xn--p1ai/%D0%BF";
  CHECK(str_is_and_free(iriscan_to_iri(uri, strlen(uri)), "https://пример.рф/п"));
  /* Bidi controls stay encoded for display (RFC 3987 §4.1). */
  CHECK(str_is_and_free(iriscan_to_iri("http://x.org/%E2%80%AE", 22), "http://x.org/%E2%80%AE"));

  /* Kinds mask; unknown bits are rejected. */
  iriscan_finder *emails = iriscan_finder_new_with(IRISCAN_FIND_EMAIL, 0);
  CHECK(emails != NULL);
  CHECK(find(emails, "a@b.org www.example.com http://x.org", &c) == 1 && c.links[0].kind == IRISCAN_KIND_EMAIL);
  iriscan_finder_free(emails);
  iriscan_finder *strict = iriscan_finder_new_with(IRISCAN_FIND_IRI | IRISCAN_FIND_DOMAIN, 1);
  CHECK(strict != NULL);
  CHECK(find(strict, "see https://example.com/a.", &c) == 1);
  iriscan_finder_free(strict);
  CHECK(iriscan_finder_new_with(8u, 0) == NULL);

  /* A large input with many links: no leak, no overrun. */
  size_t reps = 20000, unit = strlen("x http://例え.jp/パス "), len = reps * unit;
  char *big = malloc(len);
  CHECK(big != NULL);
  for (size_t i = 0; i < reps; i++) memcpy(big + i * unit, "x http://例え.jp/パス ", unit);
  memset(&c, 0, sizeof c);
  CHECK(iriscan_find(f, big, len, collect, &c) == (long)reps);
  free(big);

  iriscan_finder_free(f);
  if (failures) {
    fprintf(stderr, "%d check(s) failed\n", failures);
    return 1;
  }
  puts("bindings/c/tests/find.c: all checks passed");
  return 0;
}
