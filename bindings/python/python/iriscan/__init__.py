"""Find IRIs (RFC 3987) in running text in every script, validate them, map
them to URIs and link them.

>>> import iriscan
>>> [l.text for l in iriscan.Finder().links("see http://例え.jp/パス or a@b.org")]
['http://例え.jp/パス', 'a@b.org']
>>> iriscan.to_uri("http://例え.jp/パス")
'http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9'

The work is done by the Rust crate iriscan (``iriscan._iriscan``); this
package re-exports it with type stubs.
"""

from ._iriscan import Finder, Iri, IriError, Link, linkify_html, to_iri, to_uri

__all__ = ["Finder", "Iri", "IriError", "Link", "linkify_html", "to_iri", "to_uri"]
