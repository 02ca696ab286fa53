//! The label rules of the display policy (UTS #39 and the lookalike
//! tables): which non-ASCII labels of a ToUnicode host are safe to show.
//! The policy itself, rule by rule, is in the [parent module](super).

use super::SpoofReason;
use std::borrow::Cow;
use unicode_script::{Script, UnicodeScript};
use unicode_security::{GeneralSecurityProfile, RestrictionLevel, RestrictionLevelDetection};
use unicode_segmentation::UnicodeSegmentation;

/// Applies the label rules to every non-ASCII label of a ToUnicode host.
pub(super) fn check_host(unicode: &str) -> Result<(), SpoofReason> {
    let tld = unicode.rsplit('.').find(|l| !l.is_empty()).unwrap_or("");
    unicode
        .split('.')
        .filter(|label| !label.is_ascii())
        .try_for_each(|label| check_label_remembered(label, tld))
}

/// [`check_label`], remembered per thread: a label comes back under many
/// hosts (a TLD such as `рф`, a brand under several TLDs), and the checks
/// cost thousands of instructions a label (NFD and confusables for the
/// skeleton, the scripts of every character).
fn check_label_remembered(label: &str, tld: &str) -> Result<(), SpoofReason> {
    thread_local! {
        static MEMO: crate::cache::HostMemo<Result<(), SpoofReason>> = crate::cache::HostMemo::new();
    }
    // Neither a label nor a TLD holds a dot: `label.tld` names the pair.
    let mut key = String::with_capacity(label.len() + 1 + tld.len());
    key.push_str(label);
    key.push('.');
    key.push_str(tld);
    crate::cache::HostMemo::get(&MEMO, &key, |_| check_label(label, tld))
}

fn check_label(label: &str, tld: &str) -> Result<(), SpoofReason> {
    // 1 and 2: invisible and not-Allowed characters. ZWJ/ZWNJ are here only
    // in the contexts IDNA's CONTEXTJ rules accept (it rejects the host
    // otherwise), so they are legitimate spellings (Sinhala ශ්‍රී, Persian).
    for c in label.chars() {
        if is_joiner(c) {
            continue;
        }
        if is_default_ignorable(c) {
            return Err(SpoofReason::Invisible(c));
        }
        if !c.identifier_allowed() {
            return Err(SpoofReason::DisallowedCharacter(c));
        }
    }
    // 3: repeated marks, on the skeleton (NFD, confusables mapped, NFD).
    let skeleton: Vec<char> = unicode_security::skeleton(label).collect();
    if let Some(w) = skeleton.windows(2).find(|w| w[0] == w[1] && is_mark(w[0])) {
        return Err(SpoofReason::RepeatedMark(w[0]));
    }
    // 4: mixed scripts. Joiners are not Allowed, so the level is computed
    // without them.
    let without_joiners: Cow<'_, str> = if label.contains(is_joiner) {
        Cow::Owned(label.chars().filter(|&c| !is_joiner(c)).collect())
    } else {
        Cow::Borrowed(label)
    };
    if without_joiners.detect_restriction_level() > RestrictionLevel::HighlyRestrictive {
        return Err(SpoofReason::MixedScript);
    }
    // 5: one digit system.
    let mut zeros = label.chars().filter_map(digit_zero);
    if let Some(first) = zeros.next() {
        if zeros.any(|z| z != first) {
            return Err(SpoofReason::MixedDigits);
        }
    }
    // 6: whole-script confusables, unless the TLD vouches for the script.
    if let Some(script) = lookalike_script(label) {
        if all_latin_lookalikes(label, script) && !tld_vouches_for(script, tld) {
            return Err(SpoofReason::WholeScriptConfusable);
        }
    }
    // 7: characters that pass for ASCII.
    if label.chars().all(|c| c.is_ascii() || is_latin_ascii_lookalike(c)) {
        let vouched = |c: &char| {
            LATIN_LOOKALIKE_TLDS
                .iter()
                .any(|(l, tlds)| l == c && tlds.contains(&tld))
        };
        if let Some(c) = label.chars().find(|c| !c.is_ascii() && !vouched(c)) {
            return Err(SpoofReason::AsciiLookalike(c));
        }
    }
    let mut before: Option<char> = None;
    let mut chars = label.chars().peekable();
    while let Some(c) = chars.next() {
        if is_cjk_ascii_lookalike(c) {
            let ascii_near = |n: Option<char>| n.is_some_and(|n| n.is_ascii());
            if ascii_near(before) || ascii_near(chars.peek().copied()) {
                return Err(SpoofReason::AsciiLookalike(c));
            }
        }
        before = Some(c);
    }
    Ok(())
}

/// Whether the TLD makes a whole-script confusable label in `script`
/// harmless: it is written in the same script, so no ASCII host can look
/// the same, and is either itself no lookalike or a TLD of the root zone
/// (so not an attacker's choice). `аррӏе.рф` cannot pass for `apple.*`.
fn tld_vouches_for(script: Script, tld: &str) -> bool {
    if tld.is_ascii() || lookalike_script(tld) != Some(script) {
        return false;
    }
    !all_latin_lookalikes(tld, script)
        || idna::punycode::encode_str(tld).is_some_and(|p| crate::chars::is_ascii_tld(&format!("xn--{p}")))
}

/// Latin letters (UTS #39 `Allowed`, lowercase) whose confusables.txt
/// prototype is a single ASCII letter: dotless ı (i), thorn þ (p), ƒ (f),
/// ɣ (y), ɩ (i), ʋ (u). A label that adds only these to ASCII can pass for
/// an ASCII name (`ımdb`). Letters with diacritics are not here: their
/// prototypes keep the mark. (A `match`: searching a string of them cost a
/// hundred instructions a character.)
fn is_latin_ascii_lookalike(c: char) -> bool {
    matches!(c, 'ı' | 'þ' | 'ƒ' | 'ɣ' | 'ɩ' | 'ʋ')
}

/// TLDs under which a lookalike letter is ordinary spelling that users of
/// the TLD's language read as itself: dotless ı in Turkish and Azerbaijani,
/// thorn þ in Icelandic. A label passes only if every lookalike in it is
/// vouched for by the TLD (ToUnicode leaves the TLD lowercase).
const LATIN_LOOKALIKE_TLDS: &[(char, &[&str])] = &[('ı', &["tr", "az"]), ('þ', &["is"])];

/// CJK characters that, next to ASCII, pass for ASCII punctuation or
/// letters: the prolonged sound mark ー and 一 (a hyphen), 丨 (l or |),
/// 丶 (a dot or comma), 丿 and ノ (a slash), 〇 (o), へ and ヘ (^).
/// Japanese and Chinese text around them is fine; ASCII around them is how
/// `a一b.com` passes for `a-b.com`.
fn is_cjk_ascii_lookalike(c: char) -> bool {
    matches!(c, 'ー' | '一' | '丨' | '丶' | '丿' | 'ノ' | '〇' | 'へ' | 'ヘ')
}

fn is_joiner(c: char) -> bool {
    matches!(c, '\u{200C}' | '\u{200D}')
}

/// Default_Ignorable_Code_Point (DerivedCoreProperties.txt): characters
/// that render as nothing.
fn is_default_ignorable(c: char) -> bool {
    matches!(c as u32,
        0x00AD | 0x034F | 0x061C | 0x115F..=0x1160 | 0x17B4..=0x17B5 | 0x180B..=0x180F
        | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x206F | 0x3164 | 0xFE00..=0xFE0F
        | 0xFEFF | 0xFFA0 | 0xFFF0..=0xFFF8 | 0x1BCA0..=0x1BCA3 | 0x1D173..=0x1D17A
        | 0xE0000..=0xE0FFF)
}

/// Whether `c` extends the grapheme before it (combining marks, nonspacing
/// or spacing): `a` followed by it is one grapheme cluster.
fn is_mark(c: char) -> bool {
    if c.is_ascii() {
        return false;
    }
    let mut buf = [0u8; 8];
    buf[0] = b'a';
    let len = 1 + c.encode_utf8(&mut buf[1..]).len();
    core::str::from_utf8(&buf[..len]).is_ok_and(|s| s.graphemes(true).count() == 1)
}

/// The code points of the digit zero of every decimal digit system
/// (General_Category Nd comes in runs of ten, zero to nine).
const DIGIT_ZEROS: &[u32] = &[
    0x0030, 0x0660, 0x06F0, 0x07C0, 0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66, 0x0BE6, 0x0C66, 0x0CE6, 0x0D66, 0x0DE6,
    0x0E50, 0x0ED0, 0x0F20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0, 0x1A80, 0x1A90, 0x1B50, 0x1BB0, 0x1C40,
    0x1C50, 0xA620, 0xA8D0, 0xA900, 0xA9D0, 0xA9F0, 0xAA50, 0xABF0, 0xFF10, 0x104A0, 0x10D30, 0x10D40, 0x11066,
    0x110F0, 0x11136, 0x111D0, 0x112F0, 0x11450, 0x114D0, 0x11650, 0x116C0, 0x116D0, 0x116DA, 0x11730, 0x118E0,
    0x11950, 0x11BF0, 0x11C50, 0x11D50, 0x11DA0, 0x11F50, 0x16130, 0x16A60, 0x16AC0, 0x16B50, 0x16D70, 0x1CCF0,
    0x1D7CE, 0x1D7D8, 0x1D7E2, 0x1D7EC, 0x1D7F6, 0x1E140, 0x1E2F0, 0x1E4F0, 0x1E5F1, 0x1E950, 0x1FBF0,
];

/// The zero of the digit system `c` belongs to, if `c` is a decimal digit.
fn digit_zero(c: char) -> Option<u32> {
    let cp = c as u32;
    let i = DIGIT_ZEROS.partition_point(|&z| z <= cp);
    let zero = *DIGIT_ZEROS.get(i.checked_sub(1)?)?;
    (cp - zero < 10).then_some(zero)
}

/// The script of a label written in one of the scripts with Latin
/// lookalikes (Cyrillic, Greek, Armenian), ignoring Common and Inherited
/// characters (digits, hyphen, combining marks); `None` for any other label.
fn lookalike_script(label: &str) -> Option<Script> {
    let mut found = None;
    for c in label.chars() {
        match c.script() {
            Script::Common | Script::Inherited => {}
            s if found.is_none() => found = Some(s),
            s if found == Some(s) => {}
            _ => return None,
        }
    }
    found.filter(|s| matches!(s, Script::Cyrillic | Script::Greek | Script::Armenian))
}

/// Cyrillic letters that look like Latin letters or digits, lowercase as
/// IDNA leaves them. Most are confusables.txt entries (а→a е→e о→o р→p с→c
/// у→y х→x ѕ→s і→i ј→j һ→h ӏ→l ԁ→d ԛ→q ԝ→w г→r ш→w ү→y ҽ→e б→6 ӕ→ae);
/// the rest are letters that render like Latin ones in common fonts (п→n,
/// ь→b, ѵ→v) and the Cyrillic twins of accented Latin letters (ё→ë ї→ï
/// ӓ→ä ӧ→ö ӱ→ü ӑ→ă ҫ→ç ӗ→ĕ).
const CYRILLIC_LOOKALIKES: &str = "аеорсухѕіјһӏԁԛԝгшүҽбӕпьѵёїӓӧӱӑҫӗ";
/// Greek letters that look like Latin ones (confusables.txt: α→a γ→y ι→i
/// ν→v ο→o ρ→p σ→o υ→u; by shape: κ→k τ→t χ→x η→n) and their forms with
/// tonos or dialytika.
const GREEK_LOOKALIKES: &str = "αγινορσυκτχηάίόύήϊϋΐΰ";
/// Armenian letters that look like Latin ones (confusables.txt: ա→w գ→q
/// զ→q հ→h յ→j ո→n ռ→n ս→u ց→g ւ→i ք→f օ→o; by shape: լ→l).
const ARMENIAN_LOOKALIKES: &str = "ագզհյոռսցւքօլ";

/// Whether every letter of `script` in `label` looks like a Latin letter.
fn all_latin_lookalikes(label: &str, script: Script) -> bool {
    let table: &str = match script {
        Script::Cyrillic => CYRILLIC_LOOKALIKES,
        Script::Greek => GREEK_LOOKALIKES,
        Script::Armenian => ARMENIAN_LOOKALIKES,
        _ => return false,
    };
    label
        .chars()
        .filter(|c| c.script() == script)
        .all(|c| table.contains(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_zero_finds_the_system() {
        assert_eq!(digit_zero('7'), Some(0x30));
        assert_eq!(digit_zero('٤'), Some(0x660));
        assert_eq!(digit_zero('۴'), Some(0x6F0));
        assert_eq!(digit_zero('a'), None);
        assert_eq!(digit_zero('/'), None);
    }

    #[test]
    fn digit_zeros_are_sorted_runs_of_ten() {
        assert!(DIGIT_ZEROS.windows(2).all(|w| w[1] >= w[0] + 10));
    }

    #[test]
    fn marks_are_marks() {
        assert!(is_mark('\u{301}'));
        assert!(is_mark('\u{94D}'));
        assert!(!is_mark('e'));
        assert!(!is_mark('é'));
    }

    /// The characters `is_latin_ascii_lookalike` accepts.
    const LATIN_ASCII_LOOKALIKES: &str = "ıþƒɣɩʋ";
    /// The characters `is_cjk_ascii_lookalike` accepts.
    const CJK_ASCII_LOOKALIKES: &str = "ー一丨丶丿ノ〇へヘ";

    #[test]
    fn lookalike_matches_hold_exactly_the_table_characters() {
        for (table, is_in) in [
            (LATIN_ASCII_LOOKALIKES, is_latin_ascii_lookalike as fn(char) -> bool),
            (CJK_ASCII_LOOKALIKES, is_cjk_ascii_lookalike),
        ] {
            for cp in 0..=0x3_FFFF {
                if let Some(c) = char::from_u32(cp) {
                    assert_eq!(is_in(c), table.contains(c), "{c}");
                }
            }
        }
    }

    #[test]
    fn a_remembered_label_answers_as_the_check_does_under_each_tld() {
        // The same label under TLDs that vouch for it and that do not.
        for (label, tld) in [
            ("аррӏе", "com"),
            ("аррӏе", "рф"),
            ("аррӏе", "com"),
            ("ımdb", "tr"),
            ("ımdb", "com"),
            ("sony-ストア", "jp"),
            ("a一b", "com"),
            ("пример", "рф"),
        ] {
            for _ in 0..2 {
                assert_eq!(
                    check_label_remembered(label, tld),
                    check_label(label, tld),
                    "{label}.{tld}"
                );
            }
        }
        assert_ne!(check_label("ımdb", "tr"), check_label("ımdb", "com"));
    }

    #[test]
    fn lookalike_tables_hold_only_their_script() {
        for (script, table) in [
            (Script::Cyrillic, CYRILLIC_LOOKALIKES),
            (Script::Greek, GREEK_LOOKALIKES),
            (Script::Armenian, ARMENIAN_LOOKALIKES),
            (Script::Latin, LATIN_ASCII_LOOKALIKES),
        ] {
            for c in table.chars() {
                assert_eq!(c.script(), script, "{c}");
                assert_eq!(c.to_lowercase().next(), Some(c), "{c} is not lowercase");
            }
        }
    }
}
