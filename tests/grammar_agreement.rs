//! The hand-written parser (`src/iri/parse.rs`) and the regular-expression
//! transcription of the ABNF (`src/iri/grammar.rs`) are two independent
//! implementations of the RFC 3987 / 3987bis §2.2 grammar: they must accept
//! exactly the same strings, as `IRI-reference` and as `IRI`.

mod common;

use iriscan::{Iri, IriRef};
#[path = "oracle/mod.rs"]
mod grammar;
use proptest::prelude::*;

/// Rebuilds an IRI reference from its component accessors (RFC 3986 §5.3).
fn recompose(r: &IriRef<'_>) -> String {
    let mut s = String::new();
    if let Some(scheme) = r.scheme() {
        s.push_str(scheme);
        s.push(':');
    }
    if let Some(auth) = r.authority() {
        s.push_str("//");
        s.push_str(auth);
    }
    s.push_str(r.path());
    if let Some(q) = r.query() {
        s.push('?');
        s.push_str(q);
    }
    if let Some(f) = r.fragment() {
        s.push('#');
        s.push_str(f);
    }
    s
}

fn check(s: &str) -> Result<(), TestCaseError> {
    let parsed = IriRef::parse(s);
    prop_assert_eq!(
        parsed.is_ok(),
        grammar::is_iri_reference(s),
        "IRI-reference: parser says {:?}",
        parsed
    );
    let absolute = Iri::parse(s);
    prop_assert_eq!(absolute.is_ok(), grammar::is_iri(s), "IRI: parser says {:?}", absolute);
    match parsed {
        Ok(r) => {
            // An IRI is an IRI reference with a scheme.
            prop_assert_eq!(absolute.is_ok(), r.is_absolute());
            // The components tile the input.
            prop_assert_eq!(recompose(&r), s);
            if let Some(auth) = r.authority() {
                let mut rebuilt = String::new();
                if let Some(u) = r.userinfo() {
                    rebuilt.push_str(u);
                    rebuilt.push('@');
                }
                rebuilt.push_str(r.host().unwrap_or(""));
                if let Some(p) = r.port() {
                    rebuilt.push(':');
                    rebuilt.push_str(p);
                }
                prop_assert_eq!(rebuilt, auth);
                prop_assert!(r.host_kind().is_some());
            }
        }
        Err(e) => {
            // The offset names a character of the input (or its end).
            prop_assert!(e.offset() <= s.len() && s.is_char_boundary(e.offset()), "{}", e);
            prop_assert!(absolute.is_err());
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(common::config(20_000))]

    #[test]
    fn parser_and_regex_grammar_agree_on_near_iris(s in common::near_iri()) {
        check(&s)?;
    }

    #[test]
    fn parser_and_regex_grammar_agree_on_delimiter_soup(s in common::delimiter_soup()) {
        check(&s)?;
    }
}

proptest! {
    #![proptest_config(common::config(10_000))]

    #[test]
    fn parser_and_regex_grammar_agree_on_arbitrary_strings(s in common::arbitrary_string()) {
        check(&s)?;
    }
}
