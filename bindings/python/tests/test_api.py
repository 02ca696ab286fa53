"""The Python API as the issue describes it, and its agreement with the
`iriscan find --format jsonl` output on every corpus."""

import json
import subprocess
import threading

import pytest

import iriscan
from conftest import CORPORA

MIXED = "詳細はhttp://例え.jp/パス、または info@example.com へ。See www.example.org. 😀 раураl.com"


def test_links_offsets_are_string_indices():
    links = iriscan.Finder().links(MIXED)
    assert [l.text for l in links] == ["http://例え.jp/パス", "info@example.com", "www.example.org", "раураl.com"]
    for l in links:
        assert MIXED[l.start : l.end] == l.text


def test_links_offsets_are_string_indices_after_astral_characters():
    text = "😀😀 http://例え.jp/😀 x"
    (link,) = iriscan.Finder().links(text)
    assert (link.start, link.end, link.text) == (3, 17, "http://例え.jp/😀")
    assert text[link.start : link.end] == link.text


def test_links_bytes_offsets_are_byte_offsets():
    data = MIXED.encode()
    links = iriscan.Finder().links_bytes(data)
    for l in links:
        assert data[l.start : l.end].decode() == l.text
    assert [l.text for l in links] == [l.text for l in iriscan.Finder().links(MIXED)]


def test_links_bytes_invalid_utf8_is_a_boundary_not_an_error():
    links = iriscan.Finder().links_bytes(b"http://a.com/x\xffy http://b.org")
    assert [(l.start, l.end, l.text) for l in links] == [(0, 14, "http://a.com/x"), (17, 29, "http://b.org")]


def test_link_fields_kind_iri_uri_display():
    by_text = {l.text: l for l in iriscan.Finder().links(MIXED)}
    iri = by_text["http://例え.jp/パス"]
    assert (iri.kind, iri.iri, iri.uri) == ("iri", "http://例え.jp/パス", "http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9")
    email = by_text["info@example.com"]
    assert (email.kind, email.iri, email.uri, email.display) == (
        "email",
        "mailto:info@example.com",
        "mailto:info@example.com",
        "info@example.com",
    )
    domain = by_text["www.example.org"]
    assert (domain.kind, domain.uri, domain.display) == ("domain", "https://www.example.org", "www.example.org")


def test_display_shows_a_spoofed_host_as_punycode():
    (link,) = iriscan.Finder().links("log in at раураl.com now")
    assert link.display == "xn--l-7sba6dbr.com"


def test_uri_is_none_when_the_iri_cannot_be_mapped():
    # U+2488 is disallowed by UTS 46, so the DNS host has no URI form.
    (link,) = iriscan.Finder().links("see http://\u2488.com/x")
    assert link.uri is None
    assert link.iri == "http://\u2488.com/x"


def test_kinds_select_what_is_found():
    text = "a@b.org www.example.com http://x.org"
    assert [l.kind for l in iriscan.Finder(kinds=("email",)).links(text)] == ["email"]
    assert [l.kind for l in iriscan.Finder(kinds=["iri", "domain"]).links(text)] == ["domain", "iri"]


def test_unknown_kind_raises_value_error():
    with pytest.raises(ValueError, match="unknown link kind"):
        iriscan.Finder(kinds=("url",))


def test_strict_uts58_drops_the_extensions_beyond_it():
    text = "see ftp://example.org/x and (https://example.com/a)"
    assert [l.text for l in iriscan.Finder().links(text)] == ["ftp://example.org/x", "https://example.com/a"]
    assert [l.text for l in iriscan.Finder(strict_uts58=True).links(text)] == ["https://example.com/a"]


def test_finder_repr_reads_as_python():
    assert repr(iriscan.Finder(kinds=("iri",))) == "Finder(kinds=('iri',), strict_uts58=False)"


def test_to_uri_and_to_iri_round_trip():
    uri = iriscan.to_uri("https://пример.рф/путь?q=ü#frag")
    assert uri == "https://xn--e1afmkfd.xn--p1ai/%D0%BF%D1%83%D1%82%D1%8C?q=%C3%BC#frag"
    assert iriscan.to_iri(uri) == "https://пример.рф/путь?q=ü#frag"


def test_to_iri_keeps_bidi_controls_encoded():
    assert iriscan.to_iri("http://x.org/%E2%80%AEgpj.exe") == "http://x.org/%E2%80%AEgpj.exe"


def test_iri_error_is_a_value_error_with_message_and_code_point_offset():
    with pytest.raises(iriscan.IriError) as info:
        iriscan.to_uri("http://пример.рф/a b")
    err = info.value
    assert isinstance(err, ValueError)
    assert "invalid character" in err.message and str(err) == err.message
    assert err.offset == len("http://пример.рф/a")
    assert err.byte_offset == len("http://пример.рф/a".encode())


def test_iri_error_for_idna_has_no_offset():
    with pytest.raises(iriscan.IriError) as info:
        iriscan.to_uri("http://\u2488.com/x")
    assert info.value.offset is None and "IDNA" in info.value.message


def test_lone_surrogates_raise_unicode_error():
    with pytest.raises(UnicodeError):
        iriscan.Finder().links("http://a.com/\ud800")


def test_linkify_html_escapes_and_is_display_safe():
    html = iriscan.linkify_html("<b> раураl.com & javascript:alert(1)")
    assert html == '&lt;b&gt; <a href="https://xn--l-7sba6dbr.com">xn--l-7sba6dbr.com</a> &amp; javascript:alert(1)'


def test_finder_linkify_html_uses_the_finders_kinds():
    html = iriscan.Finder(kinds=("email",)).linkify_html("x.org a@b.org")
    assert html == 'x.org <a href="mailto:a@b.org">a@b.org</a>'


def test_iri_components():
    i = iriscan.Iri("https://user@пример.рф:8080/путь?q=1#frag")
    assert (i.scheme, i.authority, i.userinfo, i.host, i.port, i.path, i.query, i.fragment) == (
        "https",
        "user@пример.рф:8080",
        "user",
        "пример.рф",
        "8080",
        "/путь",
        "q=1",
        "frag",
    )
    assert i.to_uri() == "https://user@xn--e1afmkfd.xn--p1ai:8080/%D0%BF%D1%83%D1%82%D1%8C?q=1#frag"
    assert str(i) == i.text and i == iriscan.Iri(i.text)


def test_iri_components_absent_are_none():
    i = iriscan.Iri("urn:isbn:0451450523")
    assert (i.authority, i.host, i.port, i.query, i.fragment, i.path) == (None, None, None, None, None, "isbn:0451450523")


def test_iri_rejects_a_relative_reference():
    with pytest.raises(iriscan.IriError):
        iriscan.Iri("/just/a/path")


def test_threads_share_one_finder():
    # The scan releases the GIL; one finder serves threads at once and each
    # gets the same answer as a serial scan.
    finder = iriscan.Finder()
    text = MIXED * 2000
    want = [l.text for l in finder.links(text)]
    got = [None] * 4

    def scan(i):
        got[i] = [l.text for l in finder.links(text)]

    threads = [threading.Thread(target=scan, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == [want] * 4


@pytest.mark.parametrize("corpus", CORPORA, ids=[p.name for p in CORPORA])
def test_links_bytes_agrees_with_cli_jsonl(corpus, iriscan_bin):
    out = subprocess.run([iriscan_bin, "find", "--format", "jsonl", corpus], capture_output=True, check=True).stdout
    fields = ("start", "end", "kind", "text", "iri", "uri", "display")
    cli = [tuple(json.loads(line)[k] for k in fields) for line in out.splitlines()]
    ours = [tuple(getattr(l, k) for k in fields) for l in iriscan.Finder().links_bytes(corpus.read_bytes())]
    assert cli, "corpus without links"
    assert ours == cli
