"""Type stubs for the Rust extension module (see iriscan/__init__.py)."""

from typing import Final, Iterable, Literal, Optional

LinkKindName = Literal["iri", "email", "domain"]

class IriError(ValueError):
    """The input is not an IRI, or cannot be mapped to a URI."""

    message: str
    """The reason."""
    offset: Optional[int]
    """Index (code points) in the input where the error was found; None when
    it concerns a whole host (IDNA)."""
    byte_offset: Optional[int]
    """The same offset in UTF-8 bytes."""

class Link:
    """A link found in text.

    ``start``/``end`` index the scanned input: code points for
    ``Finder.links`` (``text[link.start:link.end] == link.text``), bytes for
    ``Finder.links_bytes``.
    """

    start: Final[int]
    end: Final[int]
    kind: Final[LinkKindName]
    text: Final[str]
    """The link as written."""
    iri: Final[str]
    """The IRI it denotes (an email gets ``mailto:``, a domain ``https://``)."""
    uri: Final[Optional[str]]
    """Its URI (RFC 3987 §3.1), or None when it cannot be mapped."""
    display: Final[str]
    """The form safe to show a user (UTS 39 host policy, bidi encoded)."""

class Finder:
    """Finds IRIs, email addresses and scheme-less domains in text.

    Immutable and thread-safe; scans run without the GIL.
    """

    def __init__(
        self,
        kinds: Iterable[LinkKindName] = ("iri", "email", "domain"),
        strict_uts58: bool = False,
    ) -> None: ...
    def links(self, text: str) -> list[Link]:
        """The links of ``text`` in order; offsets are str indices."""
    def links_bytes(self, data: bytes) -> list[Link]:
        """The links of UTF-8 ``data`` in order; offsets are byte offsets."""
    def linkify_html(self, text: str) -> str:
        """``text`` as display-safe HTML with this finder's links as anchors."""

class Iri:
    """An absolute IRI (RFC 3987 ``IRI``) parsed into its components."""

    scheme: Final[str]
    authority: Final[Optional[str]]
    userinfo: Final[Optional[str]]
    host: Final[Optional[str]]
    port: Final[Optional[str]]
    path: Final[str]
    query: Final[Optional[str]]
    fragment: Final[Optional[str]]
    text: Final[str]
    def __init__(self, text: str) -> None:
        """Parses ``text``; raises IriError if it is not an IRI."""
    def to_uri(self) -> str:
        """The URI this IRI maps to (RFC 3987 §3.1); raises IriError."""

def to_uri(iri: str) -> str:
    """IRI (reference) → URI (RFC 3987 §3.1); raises IriError."""

def to_iri(uri: str) -> str:
    """URI → IRI for display (RFC 3987 §3.2); never raises for a str."""

def linkify_html(text: str) -> str:
    """``text`` as HTML with every link as an anchor, shown display-safe."""
