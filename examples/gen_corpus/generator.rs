//! Core of `gen_corpus`: deterministic, fast generation of large link
//! corpora with exact truth. Shared with `tests/gen_corpus.rs`, which
//! includes this file and `examples/common/truth.rs` as modules.
//!
//! Ingredients are the marked samples in `corpora/marked/` (compiled in
//! with `include_str!`): their lines become pre-rendered pieces with their
//! links, their links form the link pools, their link-free lines the
//! sentence pools. On top come hand-written link frames per language
//! (`"See {} for details."`), log-line and markup templates and adversarial
//! junk. Every frame is matched against every link once at start-up with
//! the marker rules of the samples (what may stand before and after a
//! link), so generated text never puts a link where its end would be
//! ambiguous. The hot loop only copies pre-rendered bytes.
#![allow(dead_code)]

use crate::truth;
use std::collections::HashMap;
use std::io::{self, Write};

// ---------------------------------------------------------------------------
// Random numbers: splitmix64, fixed forever so that a seed names a corpus.

/// splitmix64 (Steele, Lea, Flood 2014): tiny, fast, good enough here.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator for the given seed.
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }
    /// Next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }
    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }
    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        ((self.next_u64() >> 11) as f64) * (1.0 / (1u64 << 53) as f64) < p
    }
    /// A random element.
    pub fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[self.below(v.len())]
    }
}

// ---------------------------------------------------------------------------
// Configuration.

/// What kind of text to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Profile {
    /// Mail messages in 12 languages: headers, quotes, signatures.
    Mail,
    /// Web access logs, error logs, key=value and JSON application logs.
    Log,
    /// Chinese, Japanese and Korean mail and paragraphs.
    Cjk,
    /// Everything: mail, logs, CJK, Markdown, HTML, crawl text.
    Mixed,
    /// Long runs of `((((`, `[[[[`, nested and unbalanced brackets.
    AdvBrackets,
    /// Long runs of `::::`, `a:a:a:`, IPv6-like junk.
    AdvColons,
    /// Long runs of `....`, `@@@@`, `%%%%`, `////`.
    AdvDots,
    /// Repeated `http://http://`, `mailto:mailto:`, very long scheme-like names.
    AdvSchemes,
    /// One single line without any whitespace.
    AdvNoline,
    /// Invalid UTF-8: 0xFF, truncated and overlong sequences, surrogates; `%C0%AF`.
    AdvInvalidUtf8,
    /// NUL bytes between words, around links and in long runs.
    AdvNul,
}

impl Profile {
    /// All profiles with their command-line names.
    pub const ALL: &'static [(&'static str, Profile)] = &[
        ("mail", Profile::Mail),
        ("log", Profile::Log),
        ("cjk", Profile::Cjk),
        ("mixed", Profile::Mixed),
        ("adv-brackets", Profile::AdvBrackets),
        ("adv-colons", Profile::AdvColons),
        ("adv-dots", Profile::AdvDots),
        ("adv-schemes", Profile::AdvSchemes),
        ("adv-noline", Profile::AdvNoline),
        ("adv-invalid-utf8", Profile::AdvInvalidUtf8),
        ("adv-nul", Profile::AdvNul),
    ];
    /// Parses a command-line name.
    pub fn from_name(s: &str) -> Option<Profile> {
        Self::ALL.iter().find(|(n, _)| *n == s).map(|&(_, p)| p)
    }
    /// The command-line name.
    pub fn name(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(_, p)| *p == self)
            .map(|&(n, _)| n)
            .unwrap_or("?")
    }
    /// Adversarial profiles list only the real links they embed in the truth;
    /// their junk may or may not be linked by a detector.
    pub fn is_adversarial(self) -> bool {
        !matches!(self, Profile::Mail | Profile::Log | Profile::Cjk | Profile::Mixed)
    }
}

/// Generation parameters.
#[derive(Clone, Debug)]
pub struct Config {
    /// What to generate.
    pub profile: Profile,
    /// Exact size of the text in bytes.
    pub size: u64,
    /// Same seed, same bytes.
    pub seed: u64,
    /// Target share of text bytes inside links (0.05 = 5 %). Optional links
    /// are added while the share is below it; mandatory ones (mail headers,
    /// framed adversarial links) come on top.
    pub density: f64,
}

/// What was generated.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Text bytes written (always `Config::size`).
    pub bytes: u64,
    /// Truth records written.
    pub links: u64,
    /// Text bytes inside links.
    pub link_bytes: u64,
    /// Truth bytes written.
    pub truth_bytes: u64,
}

/// Parses `100MB`, `1GB`, `64KB`, `1.5GiB`, `12345` (binary multiples:
/// KB = KiB = 1024).
pub fn parse_size(s: &str) -> Option<u64> {
    let s = s.trim();
    let split = s.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(s.len());
    let (num, unit) = s.split_at(split);
    let n: f64 = num.parse().ok()?;
    let mult: u64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1,
        "k" | "kb" | "kib" => 1 << 10,
        "m" | "mb" | "mib" => 1 << 20,
        "g" | "gb" | "gib" => 1 << 30,
        "t" | "tb" | "tib" => 1 << 40,
        _ => return None,
    };
    if !n.is_finite() {
        return None;
    }
    Some((n * mult as f64).round() as u64)
}

// ---------------------------------------------------------------------------
// Ingredients.

const MARKED: &[(&str, &str)] = &[
    ("mail-en", include_str!("../../corpora/marked/mail-en.txt")),
    ("mail-de", include_str!("../../corpora/marked/mail-de.txt")),
    ("mail-fr", include_str!("../../corpora/marked/mail-fr.txt")),
    ("mail-ru", include_str!("../../corpora/marked/mail-ru.txt")),
    ("mail-el", include_str!("../../corpora/marked/mail-el.txt")),
    ("mail-ja", include_str!("../../corpora/marked/mail-ja.txt")),
    ("mail-zh", include_str!("../../corpora/marked/mail-zh.txt")),
    ("mail-ko", include_str!("../../corpora/marked/mail-ko.txt")),
    ("mail-ar", include_str!("../../corpora/marked/mail-ar.txt")),
    ("mail-he", include_str!("../../corpora/marked/mail-he.txt")),
    ("mail-th", include_str!("../../corpora/marked/mail-th.txt")),
    ("mail-hi", include_str!("../../corpora/marked/mail-hi.txt")),
    ("log-web", include_str!("../../corpora/marked/log-web.txt")),
    ("log-app", include_str!("../../corpora/marked/log-app.txt")),
    ("markdown", include_str!("../../corpora/marked/markdown.txt")),
    ("html", include_str!("../../corpora/marked/html.txt")),
    ("crawl", include_str!("../../corpora/marked/crawl.txt")),
];

/// Per language: code, word separator between sentences, extra link-free
/// sentences, link frames (`{}` is the link; a frame is the end of a line).
struct LangSpec {
    code: &'static str,
    sep: &'static str,
    sentences: &'static [&'static str],
    frames: &'static [&'static str],
}

const LANGS: &[LangSpec] = &[
    LangSpec {
        code: "en",
        sep: " ",
        sentences: &[
            "Thanks for the quick reply.",
            "I have attached the minutes of yesterday's meeting.",
            "The deploy window is Tuesday between two and four in the afternoon.",
            "Could you double-check the numbers before we send them out?",
            "We agreed to keep the old behaviour until the next major release.",
            "Sorry for the late answer, I was travelling all week.",
            "Let me know if anything is unclear.",
            "Best regards,",
        ],
        frames: &[
            "See {} for details.",
            "The new page is at {}, please update your bookmarks.",
            "Docs: <{}>",
            "Mirror, in case the main site is down: ({})",
            "Old address: <URL:{}>",
            "Did you check \"{}\"?",
            "More at {}!",
            "The bot replied '{}' twice.",
            "  * {}",
            "Reference: [{}]",
            "Send questions to {}; we answer within a day.",
            "It moved to {}: the old one is gone.",
        ],
    },
    LangSpec {
        code: "de",
        sep: " ",
        sentences: &[
            "Vielen Dank für die schnelle Rückmeldung.",
            "Das Training am Donnerstag fällt wegen der Hallensanierung aus.",
            "Bitte gebt bis Freitag Bescheid, wer beim Turnier mithilft.",
            "Die Kasse wurde geprüft und ohne Beanstandung entlastet.",
            "Ich melde mich nächste Woche noch einmal dazu.",
            "Mit freundlichen Grüßen",
        ],
        frames: &[
            "Siehe {} für Einzelheiten.",
            "Die Seite „{}“ ist neu.",
            "Formular: <URL:{}>",
            "Mehr dazu unter {}!",
            "Der Link ({}) geht wieder.",
            "Fragen bitte an {}, danke.",
            "Alternativ: «{}»",
            "Neue Adresse: {}",
        ],
    },
    LangSpec {
        code: "fr",
        sep: " ",
        sentences: &[
            "Merci pour votre retour rapide.",
            "La réunion de jeudi est reportée à la semaine prochaine.",
            "Pouvez-vous relire le chapitre trois avant lundi ?",
            "Les épreuves corrigées seront envoyées à l'imprimeur vendredi.",
            "Je reste à votre disposition pour toute question.",
            "Bien cordialement,",
        ],
        frames: &[
            "Voir {} pour les détails.",
            "Le lien « {} » fonctionne.",
            "Adresse : {} ;",
            "Écrivez à {}.",
            "Formulaire : <URL:{}>",
            "(voir {})",
            "Le site {} est en ligne !",
        ],
    },
    LangSpec {
        code: "ru",
        sep: " ",
        sentences: &[
            "Спасибо за быстрый ответ.",
            "Совещание переносится на четверг, на то же время.",
            "Прошу проверить цифры до отправки отчёта.",
            "Новая версия выйдет в конце месяца.",
            "Если будут вопросы, пишите.",
            "С уважением,",
        ],
        frames: &[
            "Подробности: {}.",
            "Ссылка «{}» не открывается.",
            "Пишите на {}, ответим.",
            "Зеркало ({}) работает.",
            "Адрес: <URL:{}>",
            "Смотрите {}!",
            "Новый адрес — {}",
        ],
    },
    LangSpec {
        code: "el",
        sep: " ",
        sentences: &[
            "Ευχαριστώ για τη γρήγορη απάντηση.",
            "Η συνάντηση μεταφέρεται για την Πέμπτη.",
            "Παρακαλώ ελέγξτε τα στοιχεία πριν την αποστολή.",
            "Τα εισιτήρια έχουν ήδη κλειστεί για όλους.",
            "Με εκτίμηση,",
        ],
        frames: &[
            "Δείτε το {} για λεπτομέρειες.",
            "Ο σύνδεσμος «{}» δουλεύει.",
            "Γράψτε στο {};",
            "Χάρτης: <URL:{}>",
            "Η νέα διεύθυνση ({}) ισχύει από σήμερα.",
            "Ιστοσελίδα: {}",
        ],
    },
    LangSpec {
        code: "ja",
        sep: "",
        sentences: &[
            "ご連絡ありがとうございます。",
            "会議は来週の木曜日に変更になりました。",
            "資料は前日までに確認しておいてください。",
            "不明な点があれば遠慮なく聞いてください。",
            "今後ともよろしくお願いいたします。",
            "本日の作業は予定どおり完了しました。",
        ],
        frames: &[
            "詳細は「{}」をご覧ください。",
            "資料：{} を参照してください。",
            "こちら（{}）にあります。",
            "旧ページ <URL:{}> は来月閉鎖します。",
            "地図は{}、乗り換えは駅で確認してください。",
            "お問い合わせは {} までどうぞ。",
            "『{}』も参考になります。",
        ],
    },
    LangSpec {
        code: "zh",
        sep: "",
        sentences: &[
            "感谢大家的支持。",
            "会议改到下周四下午举行。",
            "请在周五之前提交修改意见。",
            "新版本将在月底发布。",
            "如有疑问请随时联系我。",
            "今天的部署已经顺利完成。",
        ],
        frames: &[
            "地址是 {} 。",
            "详情见{}，有问题请回复。",
            "请访问“{}”。",
            "参考《{}》一文。",
            "下载地址改为 <URL:{}>；",
            "备用地址（{}）也可以用。",
            "邮件请发至 {} 。",
        ],
    },
    LangSpec {
        code: "ko",
        sep: " ",
        sentences: &[
            "빠른 답변 감사합니다.",
            "회의는 다음 주 목요일로 변경되었습니다.",
            "금요일까지 의견을 보내 주세요.",
            "새 버전은 이달 말에 배포됩니다.",
            "궁금한 점이 있으면 언제든지 연락 주세요.",
            "감사합니다.",
        ],
        frames: &[
            "자료는 {} 에 있습니다.",
            "링크: {}",
            "\"{}\" 를 확인해 주세요.",
            "신청 페이지({})에서 해 주세요.",
            "문의는 {} 으로 보내 주세요.",
            "이전 자료실: <URL:{}>",
        ],
    },
    LangSpec {
        code: "ar",
        sep: " ",
        sentences: &[
            "شكراً على الرد السريع.",
            "تم تأجيل الاجتماع إلى يوم الخميس.",
            "يرجى مراجعة الأرقام قبل الإرسال.",
            "سيصدر الإصدار الجديد في نهاية الشهر.",
            "مع أطيب التحيات،",
        ],
        frames: &[
            "الرابط هو {}، شكراً.",
            "راجعوا «{}» من فضلكم.",
            "للتواصل: {}.",
            "الأرشيف: <URL:{}>",
            "هل جربتم {}؟",
            "العنوان الجديد ({}) يعمل الآن.",
        ],
    },
    LangSpec {
        code: "he",
        sep: " ",
        sentences: &[
            "תודה על התשובה המהירה.",
            "הפגישה נדחתה ליום חמישי.",
            "נא לבדוק את המספרים לפני השליחה.",
            "הגרסה החדשה תצא בסוף החודש.",
            "בברכה,",
        ],
        frames: &[
            "הקישור הוא {} ותודה.",
            "ראו \"{}\" לפרטים.",
            "לשאלות: {}.",
            "הישן: <URL:{}>",
            "הכתובת החדשה ({}) פעילה.",
            "בכתובת {}, בבקשה.",
        ],
    },
    LangSpec {
        code: "th",
        sep: " ",
        sentences: &[
            "ขอบคุณสำหรับคำตอบที่รวดเร็ว",
            "การประชุมเลื่อนไปเป็นวันพฤหัสบดี",
            "กรุณาตรวจสอบตัวเลขก่อนส่ง",
            "เวอร์ชันใหม่จะออกปลายเดือนนี้",
            "ขอแสดงความนับถือ",
        ],
        frames: &[
            "ดูรายละเอียดที่ {} ครับ",
            "ลิงก์ \"{}\" ใช้งานได้",
            "ติดต่อ {} ได้เลย",
            "ระบบเก่า <URL:{}>",
            "ที่อยู่ใหม่ ({}) ใช้งานได้แล้ว",
        ],
    },
    LangSpec {
        code: "hi",
        sep: " ",
        sentences: &[
            "शीघ्र उत्तर के लिए धन्यवाद।",
            "बैठक गुरुवार तक के लिए टाल दी गई है।",
            "कृपया भेजने से पहले आँकड़े जाँच लें।",
            "नया संस्करण महीने के अंत में आएगा।",
            "सादर,",
        ],
        frames: &[
            "विवरण {} पर देखें।",
            "कड़ी \"{}\" काम करती है।",
            "प्रश्न {} पर भेजें।",
            "पुरानी साइट: <URL:{}>",
            "पता यह है: {}।",
            "नया पता ({}) चालू है।",
        ],
    },
];

/// Frames for Markdown, HTML and crawl text (any language's links).
const MARKUP_FRAMES: &[&str] = &[
    "- [docs]({})",
    "![image]({})",
    "<a href=\"{}\">link</a>",
    "<a href='{}'>link</a>",
    "<img src=\"{}\" alt=\"\">",
    "[ref]: {}",
    "| site | {} |",
    "Run `curl {}` to test.",
    "<p>See {}.</p>",
    "<li><a href=\"{}\">{}</a></li>",
    "<{}>",
];

/// User agents of the web log (marked: some carry a link).
const USER_AGENTS: &[&str] = &[
    "Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Safari/537.36",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (compatible; Googlebot/2.1; +⸠http://www.google.com/bot.html⸡)",
    "Mozilla/5.0 (compatible; bingbot/2.0; +⸠http://www.bing.com/bingbot.htm⸡)",
    "Mozilla/5.0 (compatible; YandexBot/3.0; +⸠http://yandex.com/bots⸡)",
    "curl/8.5.0",
    "python-requests/2.32.3",
    "-",
];

/// Request targets of the web log (no links: origin-form only).
const PATHS: &[&str] = &[
    "/",
    "/index.html",
    "/static/app.css",
    "/favicon.ico",
    "/robots.txt",
    "/feed",
    "/login?next=/dashboard",
    "/api/v1/items?limit=50&offset=100",
    "/wiki/Москва",
    "/wiki/%D0%9C%D0%BE%D1%81%D0%BA%D0%B2%D0%B0",
    "/wiki/Rust_(programming_language)",
    "/東京/地図",
    "/%E6%9D%B1%E4%BA%AC/%E5%9C%B0%E5%9B%B3",
    "/search?q=%22iri%22+rfc",
    "/wiki/Caf%C3%A9",
    "/ko/%EC%84%9C%EC%9A%B8",
    "/cgi-bin/test.cgi?x=%3Cscript%3E",
    "/../../etc/passwd",
];

const METHODS: &[&str] = &["GET", "GET", "GET", "GET", "POST", "HEAD", "PUT", "DELETE"];
const STATUSES: &[&str] = &[
    "200", "200", "200", "200", "301", "302", "304", "400", "403", "404", "500", "503",
];
const LEVELS: &[&str] = &["INFO ", "INFO ", "DEBUG", "WARN ", "ERROR"];
const MONTHS: &[&str] = &[
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];
const WEEKDAYS: &[&str] = &["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

// ---------------------------------------------------------------------------
// Pools.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Iri,
    Email,
    Domain,
}

struct Link {
    text: String,
    /// The truth record after the offsets, newline included.
    tail: Vec<u8>,
    kind: Kind,
    /// Something follows the host (a path, query or fragment), or the IRI
    /// has no host at all (`urn:`, `tel:`): CJK punctuation may follow it.
    has_path: bool,
    /// http or https.
    http: bool,
}

/// A pre-rendered piece of text with links at byte offsets.
#[derive(Clone, Default)]
struct Piece {
    text: Vec<u8>,
    links: Vec<(u32, u32, u32)>,
}

struct Frame {
    pre: Vec<u8>,
    post: Vec<u8>,
    /// Compatible links of the frame's own language.
    own: Vec<u32>,
    /// Compatible links of any language.
    all: Vec<u32>,
}

struct Lang {
    sep: &'static [u8],
    sentences: Vec<Vec<u8>>,
    link_lines: Vec<Piece>,
    quotes: Vec<Piece>,
    from: Vec<Piece>,
    to: Vec<Piece>,
    subjects: Vec<Piece>,
    ids: Vec<Piece>,
    sigs: Vec<Vec<Piece>>,
    frames: Vec<Frame>,
}

struct Pools {
    links: Vec<Link>,
    index: HashMap<String, u32>,
    langs: Vec<Lang>,
    cjk: Vec<usize>,
    web_lines: Vec<Piece>,
    app_lines: Vec<Piece>,
    markdown: Vec<Piece>,
    html: Vec<Piece>,
    crawl: Vec<Piece>,
    markup_frames: Vec<Frame>,
    user_agents: Vec<Piece>,
    http: Vec<u32>,
    iri: Vec<u32>,
    emails: Vec<u32>,
    hosts: Vec<u32>,
    /// Links framed by whitespace in adversarial profiles, per profile.
    adv: Vec<u32>,
    adv_frames: Vec<Frame>,
}

fn is_ws(c: char) -> bool {
    c.is_whitespace() || c.is_control()
}

fn is_closer(c: char) -> bool {
    ")]>\"»」）”“』》】’<|`".contains(c)
}

/// May this link stand between `pre` and `post`? Mirrors the marker rules
/// of the samples, and refuses every case where they leave room for doubt.
fn compatible(l: &Link, pre: &str, post: &str) -> bool {
    let prev = pre.chars().last().unwrap_or('\n');
    let mut pc = post.chars();
    let next = pc.next().unwrap_or('\n');
    let next2 = pc.next().unwrap_or('\n');
    let prev_ok = if pre.ends_with("<URL:") {
        l.kind == Kind::Iri
    } else if is_ws(prev) || "([<>\"«「（“„『《【‘".contains(prev) {
        true
    } else if "'=:".contains(prev) {
        l.kind != Kind::Email
    } else if !prev.is_ascii() && (truth::is_label_char(prev) || "：、，。；！？".contains(prev)) {
        l.kind == Kind::Iri
    } else {
        false
    };
    if !prev_ok {
        return false;
    }
    // A closing bracket right after the link must not close a bracket the
    // link left open.
    for (o, c) in [('(', ')'), ('[', ']')] {
        if next == c && l.text.matches(o).count() > l.text.matches(c).count() {
            return false;
        }
    }
    if is_ws(next) || is_closer(next) {
        return true;
    }
    match next {
        '.' | ',' | ';' | '!' | '?' | '\'' => is_ws(next2) || is_closer(next2),
        ':' => (l.has_path || l.kind == Kind::Email) && is_ws(next2),
        '。' | '、' | '，' | '！' | '？' | '：' | '；' => l.has_path && (is_ws(next2) || !next2.is_ascii()),
        '،' | '؛' | '؟' | '।' => is_ws(next2),
        _ => false,
    }
}

impl Pools {
    fn intern(&mut self, text: &str) -> u32 {
        if let Some(&id) = self.index.get(text) {
            return id;
        }
        let info = truth::classify(text);
        let kind = match info.kind {
            "iri" => Kind::Iri,
            "email" => Kind::Email,
            _ => Kind::Domain,
        };
        let (host, rest) = truth::host_and_rest(text);
        let has_path = match kind {
            Kind::Email => false,
            Kind::Domain => !rest.is_empty(),
            Kind::Iri if host.is_empty() => !text.contains('@'),
            Kind::Iri => !rest.is_empty(),
        };
        let scheme = truth::scheme_of(text).map(str::to_ascii_lowercase);
        let http = matches!(scheme.as_deref(), Some("http" | "https"));
        let id = self.links.len() as u32;
        self.links.push(Link {
            text: text.to_string(),
            tail: truth::json_tail(text, &info).into_bytes(),
            kind,
            has_path,
            http,
        });
        self.index.insert(text.to_string(), id);
        id
    }

    fn piece(&mut self, marked: &str) -> Piece {
        let (text, spans) = truth::unmark(marked).expect("ingredients are well-formed");
        let links = spans
            .iter()
            .map(|&(s, e)| (s as u32, e as u32, self.intern(&text[s..e])))
            .collect();
        Piece {
            text: text.into_bytes(),
            links,
        }
    }

    fn frame(&self, f: &str, own: &[u32]) -> Frame {
        let parts: Vec<&str> = f.split("{}").collect();
        assert!(parts.len() >= 2, "frame {f:?} has no slot");
        // Every slot (the link may be shown twice, as in HTML anchors) must
        // accept the link.
        let ok = |&id: &u32| {
            let l = &self.links[id as usize];
            parts.windows(2).all(|w| compatible(l, w[0], w[1]))
        };
        let (pre, post) = f.split_once("{}").expect("checked above");
        Frame {
            pre: pre.as_bytes().to_vec(),
            post: post.as_bytes().to_vec(),
            own: own.iter().copied().filter(ok).collect(),
            all: (0..self.links.len() as u32).filter(ok).collect(),
        }
    }

    fn new() -> Pools {
        let mut p = Pools {
            links: Vec::new(),
            index: HashMap::new(),
            langs: Vec::new(),
            cjk: Vec::new(),
            web_lines: Vec::new(),
            app_lines: Vec::new(),
            markdown: Vec::new(),
            html: Vec::new(),
            crawl: Vec::new(),
            markup_frames: Vec::new(),
            user_agents: Vec::new(),
            http: Vec::new(),
            iri: Vec::new(),
            emails: Vec::new(),
            hosts: Vec::new(),
            adv: Vec::new(),
            adv_frames: Vec::new(),
        };
        let mut lang_links: Vec<Vec<u32>> = Vec::new();
        for spec in LANGS {
            let name = format!("mail-{}", spec.code);
            let src = MARKED
                .iter()
                .find(|(n, _)| *n == name)
                .expect("a sample per language")
                .1;
            let mut lang = Lang {
                sep: spec.sep.as_bytes(),
                sentences: spec.sentences.iter().map(|s| s.as_bytes().to_vec()).collect(),
                link_lines: Vec::new(),
                quotes: Vec::new(),
                from: Vec::new(),
                to: Vec::new(),
                subjects: Vec::new(),
                ids: Vec::new(),
                sigs: Vec::new(),
                frames: Vec::new(),
            };
            let first_link = p.links.len() as u32;
            let mut in_sig = false;
            for line in src.lines() {
                if line.trim().is_empty() {
                    in_sig = false;
                    continue;
                }
                if line == "-- " || line == "--" {
                    in_sig = true;
                    lang.sigs.push(Vec::new());
                    continue;
                }
                let piece = p.piece(line);
                if in_sig {
                    lang.sigs.last_mut().expect("opened above").push(piece);
                } else if line.starts_with("From: ") {
                    lang.from.push(piece);
                } else if line.starts_with("To: ") || line.starts_with("Cc: ") {
                    lang.to.push(piece);
                } else if line.starts_with("Subject: ") {
                    lang.subjects.push(piece);
                } else if line.starts_with("Message-ID: ") || line.starts_with("In-Reply-To: ") {
                    lang.ids.push(piece);
                } else if line.starts_with("Date: ") {
                } else if line.starts_with('>') {
                    lang.quotes.push(piece);
                } else if piece.links.is_empty() {
                    // Whole sentences only: no names, list heads or the
                    // middle of a wrapped paragraph.
                    let t = line.trim();
                    let starts_lower = t.chars().next().is_some_and(char::is_lowercase);
                    let ends = t.ends_with(['.', '!', '?', ',', '。', '！', '？', '।', '،']) || spec.code == "th";
                    if t.len() >= 24 && t == line && !starts_lower && ends {
                        lang.sentences.push(t.as_bytes().to_vec());
                    }
                } else {
                    lang.link_lines.push(piece);
                }
            }
            lang_links.push((first_link..p.links.len() as u32).collect());
            if matches!(spec.code, "ja" | "zh" | "ko") {
                p.cjk.push(p.langs.len());
            }
            p.langs.push(lang);
        }
        let lines = |p: &mut Pools, name: &str| -> Vec<Piece> {
            let src = MARKED.iter().find(|(n, _)| *n == name).expect("sample exists").1;
            src.lines()
                .filter(|l| !l.trim().is_empty())
                .map(|l| p.piece(l))
                .collect()
        };
        p.web_lines = lines(&mut p, "log-web");
        p.app_lines = lines(&mut p, "log-app");
        p.markdown = lines(&mut p, "markdown");
        p.html = lines(&mut p, "html");
        p.crawl = lines(&mut p, "crawl");
        p.user_agents = USER_AGENTS.iter().map(|u| p.piece(u)).collect::<Vec<_>>();
        // Adversarial links: deep and unbalanced brackets, colons, dots,
        // overlong percent-encodings.
        let mut adv = vec![
            "https://example.com/a_(b)".to_string(),
            "https://example.com/a(((((b".to_string(),
            "https://example.com/[x]/[[y]]".to_string(),
            "https://example.com/a:b:c::d".to_string(),
            "urn:ietf:rfc:3987".to_string(),
            "http://[2001:db8::1]:8080/".to_string(),
            "http://[::ffff:192.0.2.1]/x".to_string(),
            "https://example.com/....x".to_string(),
            "example.com/a...b".to_string(),
            "https://example.com/a%2E%2E/b".to_string(),
            "https://example.com/%C0%AF%C0%AF../etc/passwd".to_string(),
            "https://example.com/%E0%80%AF".to_string(),
            "https://example.com/%ED%A0%80".to_string(),
            "https://example.com/%FF%FE".to_string(),
            "https://example.com/@@@@x".to_string(),
            "https://example.com/%25%25%25%25".to_string(),
            "https://example.com////x".to_string(),
            "https://пример.рф/путь".to_string(),
            "https://例子.中国/路径".to_string(),
            "user@example.com".to_string(),
            "www.example.org".to_string(),
        ];
        for k in [1usize, 2, 4, 8, 16, 64, 256, 1024] {
            adv.push(format!("https://example.com/{}x{}", "(".repeat(k), ")".repeat(k)));
            adv.push(format!("https://example.com/{}x", "::".repeat(k)));
            adv.push(format!("https://example.com/{}x", ".".repeat(k)));
        }
        p.adv = adv.iter().map(|t| p.intern(t)).collect();
        for (i, l) in p.links.iter().enumerate() {
            let id = i as u32;
            if l.http {
                p.http.push(id);
            }
            if l.kind == Kind::Iri {
                p.iri.push(id);
            }
            if l.kind == Kind::Email {
                p.emails.push(id);
            }
            if l.kind == Kind::Domain && !l.has_path {
                p.hosts.push(id);
            }
        }
        for (i, spec) in LANGS.iter().enumerate() {
            let frames = spec.frames.iter().map(|f| p.frame(f, &lang_links[i])).collect();
            p.langs[i].frames = frames;
        }
        p.markup_frames = MARKUP_FRAMES.iter().map(|f| p.frame(f, &[])).collect();
        let adv_ids = p.adv.clone();
        p.adv_frames = [
            " {} ",
            "\n{}\n",
            "(((((((({}))))))))",
            "[[[[[[[[{}]]]]]]]]",
            "([{}])",
            "(({})) ",
            "<{}>",
            "\"{}\"",
            "\u{0}{}\u{0}",
            "「{}」",
            "（{}）",
        ]
        .iter()
        .map(|f| p.frame(f, &adv_ids))
        .collect();
        p
    }
}

// ---------------------------------------------------------------------------
// Blocks: a message, a log line, a paragraph. Built whole, then committed.

#[derive(Default)]
struct Block {
    buf: Vec<u8>,
    links: Vec<(u32, u32, u32)>,
    link_bytes: u64,
}

impl Block {
    fn clear(&mut self) {
        self.buf.clear();
        self.links.clear();
        self.link_bytes = 0;
    }
    fn s(&mut self, s: impl AsRef<str>) {
        self.buf.extend_from_slice(s.as_ref().as_bytes());
    }
    fn b(&mut self, b: impl AsRef<[u8]>) {
        self.buf.extend_from_slice(b.as_ref());
    }
    fn link(&mut self, pools: &Pools, id: u32) {
        let start = self.buf.len() as u32;
        self.buf.extend_from_slice(pools.links[id as usize].text.as_bytes());
        let end = self.buf.len() as u32;
        self.links.push((start, end, id));
        self.link_bytes += u64::from(end - start);
    }
    fn piece(&mut self, p: &Piece) {
        let base = self.buf.len() as u32;
        self.buf.extend_from_slice(&p.text);
        for &(s, e, id) in &p.links {
            self.links.push((base + s, base + e, id));
            self.link_bytes += u64::from(e - s);
        }
    }
    fn num(&mut self, n: u64) {
        push_num(&mut self.buf, n);
    }
    fn pad(&mut self, n: u64, width: usize) {
        let mut tmp = [b'0'; 20];
        let mut m = n;
        for i in (0..width).rev() {
            tmp[i] = b'0' + (m % 10) as u8;
            m /= 10;
        }
        self.buf.extend_from_slice(&tmp[..width]);
    }
    fn hex(&mut self, n: u64) {
        const H: &[u8; 16] = b"0123456789abcdef";
        let mut tmp = [0u8; 16];
        let mut i = tmp.len();
        let mut m = n;
        loop {
            i -= 1;
            tmp[i] = H[(m & 15) as usize];
            m >>= 4;
            if m == 0 {
                break;
            }
        }
        self.buf.extend_from_slice(&tmp[i..]);
    }
    fn repeat(&mut self, unit: impl AsRef<[u8]>, n: usize) {
        let unit = unit.as_ref();
        for _ in 0..n {
            self.buf.extend_from_slice(unit);
        }
    }
}

fn push_num(out: &mut Vec<u8>, mut n: u64) {
    let mut tmp = [0u8; 20];
    let mut i = tmp.len();
    loop {
        i -= 1;
        tmp[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&tmp[i..]);
}

/// (year, month 1–12, day) of a day count since 1970-01-01 (Hinnant).
fn civil(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

struct Gen<'a> {
    p: &'a Pools,
    cfg: &'a Config,
    rng: Rng,
    /// Seconds since the epoch, advancing with every log line and message.
    t: i64,
    pos: u64,
    links: u64,
    link_bytes: u64,
}

impl<'a> Gen<'a> {
    fn new(p: &'a Pools, cfg: &'a Config) -> Self {
        Gen {
            p,
            cfg,
            // Profiles with the same seed start from different states.
            rng: Rng::new(
                cfg.seed
                    ^ (Profile::ALL.iter().position(|&(_, p)| p == cfg.profile).unwrap_or(0) as u64)
                        .wrapping_mul(0xA076_1D64_78BD_642F),
            ),
            t: 1_760_000_000 + (cfg.seed % 1_000_000) as i64,
            pos: 0,
            links: 0,
            link_bytes: 0,
        }
    }

    fn want_link(&self, blk: &Block) -> bool {
        let have = (self.link_bytes + blk.link_bytes) as f64;
        let total = (self.pos + blk.buf.len() as u64) as f64 + 256.0;
        have < self.cfg.density * total
    }

    fn tick(&mut self, max: usize) {
        self.t += self.rng.below(max + 1) as i64;
    }

    fn clf_time(&self, blk: &mut Block) {
        let (y, m, d) = civil(self.t.div_euclid(86_400));
        let s = self.t.rem_euclid(86_400) as u64;
        blk.pad(u64::from(d), 2);
        blk.s("/");
        blk.s(MONTHS[m as usize - 1]);
        blk.s("/");
        blk.num(y as u64);
        blk.s(":");
        blk.pad(s / 3600, 2);
        blk.s(":");
        blk.pad(s / 60 % 60, 2);
        blk.s(":");
        blk.pad(s % 60, 2);
        blk.s(" +0000");
    }

    fn iso_time(&mut self, blk: &mut Block) {
        let (y, m, d) = civil(self.t.div_euclid(86_400));
        let s = self.t.rem_euclid(86_400) as u64;
        blk.num(y as u64);
        blk.s("-");
        blk.pad(u64::from(m), 2);
        blk.s("-");
        blk.pad(u64::from(d), 2);
        blk.s("T");
        blk.pad(s / 3600, 2);
        blk.s(":");
        blk.pad(s / 60 % 60, 2);
        blk.s(":");
        blk.pad(s % 60, 2);
        blk.s(".");
        blk.pad(self.rng.below(1000) as u64, 3);
        blk.s("Z");
    }

    fn mail_date(&self, blk: &mut Block) {
        let days = self.t.div_euclid(86_400);
        let (y, m, d) = civil(days);
        let s = self.t.rem_euclid(86_400) as u64;
        blk.s(WEEKDAYS[(days + 4).rem_euclid(7) as usize]);
        blk.s(", ");
        blk.pad(u64::from(d), 2);
        blk.s(" ");
        blk.s(MONTHS[m as usize - 1]);
        blk.s(" ");
        blk.num(y as u64);
        blk.s(" ");
        blk.pad(s / 3600, 2);
        blk.s(":");
        blk.pad(s / 60 % 60, 2);
        blk.s(":");
        blk.pad(s % 60, 2);
        blk.s(" +0000");
    }

    fn ip(&mut self, blk: &mut Block) {
        if self.rng.chance(0.3) {
            blk.s("2001:db8:");
            blk.hex(self.rng.below(0x10000) as u64);
            blk.s("::");
            blk.hex(self.rng.range(1, 0xffff) as u64);
        } else {
            for i in 0..4 {
                if i > 0 {
                    blk.s(".");
                }
                blk.num(self.rng.range(1, 254) as u64);
            }
        }
    }

    /// A link from a frame's lists: its own language first.
    fn frame_link(&mut self, f: &Frame) -> Option<u32> {
        if !f.own.is_empty() && self.rng.chance(0.6) {
            Some(*self.rng.pick(&f.own))
        } else if !f.all.is_empty() {
            Some(*self.rng.pick(&f.all))
        } else {
            None
        }
    }

    fn push_frame(&mut self, blk: &mut Block, f: &Frame) {
        let Some(id) = self.frame_link(f) else { return };
        blk.b(&f.pre);
        blk.link(self.p, id);
        // `{}` twice: the link text shown again (HTML anchor text).
        let post = &f.post;
        if let Some(i) = post.windows(2).position(|w| w == b"{}") {
            blk.b(&post[..i]);
            blk.link(self.p, id);
            blk.b(&post[i + 2..]);
        } else {
            blk.b(post);
        }
    }

    /// One line of running text in a language, maybe with a link.
    fn text_line(&mut self, blk: &mut Block, li: usize) {
        let lang = &self.p.langs[li];
        if self.want_link(blk) {
            if !lang.link_lines.is_empty() && self.rng.chance(0.4) {
                blk.piece(self.rng.pick(&lang.link_lines));
            } else {
                if self.rng.chance(0.5) {
                    blk.b(self.rng.pick(&lang.sentences));
                    blk.b(lang.sep);
                }
                let f = self.rng.pick(&lang.frames);
                self.push_frame(blk, f);
            }
        } else {
            let n = self.rng.range(1, 3);
            for i in 0..n {
                if i > 0 {
                    blk.b(lang.sep);
                }
                blk.b(self.rng.pick(&lang.sentences));
            }
        }
        blk.s("\n");
    }

    fn mail(&mut self, blk: &mut Block, li: usize) {
        self.tick(7200);
        let lang = &self.p.langs[li];
        blk.piece(self.rng.pick(&lang.from));
        blk.s("\n");
        blk.piece(self.rng.pick(&lang.to));
        blk.s("\n");
        blk.piece(self.rng.pick(&lang.subjects));
        blk.s("\nDate: ");
        self.mail_date(blk);
        blk.s("\n");
        if self.rng.chance(0.7) {
            blk.piece(self.rng.pick(&lang.ids));
            blk.s("\n");
        }
        blk.s("\n");
        for _ in 0..self.rng.range(2, 10) {
            self.text_line(blk, li);
            if self.rng.chance(0.15) {
                blk.s("\n");
            }
        }
        if self.rng.chance(0.5) {
            blk.s("\n");
            for _ in 0..self.rng.range(1, 4) {
                if self.want_link(blk) {
                    blk.piece(self.rng.pick(&lang.quotes));
                } else {
                    blk.s("> ");
                    blk.b(self.rng.pick(&lang.sentences));
                }
                blk.s("\n");
            }
        }
        if self.rng.chance(0.8) {
            blk.s("\n-- \n");
            for line in self.rng.pick(&lang.sigs) {
                blk.piece(line);
                blk.s("\n");
            }
        }
        blk.s("\n");
    }

    fn web_log(&mut self, blk: &mut Block) {
        self.tick(3);
        let p = self.p;
        self.ip(blk);
        blk.s(" - - [");
        self.clf_time(blk);
        blk.s("] \"");
        blk.s(self.rng.pick(METHODS));
        blk.s(" ");
        blk.s(self.rng.pick(PATHS));
        blk.s(" HTTP/1.1\" ");
        blk.s(self.rng.pick(STATUSES));
        blk.s(" ");
        blk.num(self.rng.below(100_000) as u64);
        blk.s(" \"");
        if self.want_link(blk) {
            blk.link(p, *self.rng.pick(&p.http));
        } else {
            blk.s("-");
        }
        blk.s("\" \"");
        blk.piece(self.rng.pick(&p.user_agents));
        blk.s("\"\n");
    }

    fn app_log(&mut self, blk: &mut Block) {
        self.tick(2);
        let p = self.p;
        if !self.want_link(blk) {
            self.iso_time(blk);
            blk.s(" ");
            blk.s(self.rng.pick(LEVELS));
            blk.s(" request id=");
            blk.hex(self.rng.next_u64() & 0xff_ffff);
            blk.s(" method=");
            blk.s(self.rng.pick(METHODS));
            blk.s(" path=");
            blk.s(self.rng.pick(PATHS));
            blk.s(" status=");
            blk.s(self.rng.pick(STATUSES));
            blk.s(" duration_ms=");
            blk.num(self.rng.below(5000) as u64);
            blk.s("\n");
            return;
        }
        match self.rng.below(6) {
            0 => {
                self.iso_time(blk);
                blk.s(" ");
                blk.s(self.rng.pick(LEVELS));
                blk.s(" request id=");
                blk.hex(self.rng.next_u64() & 0xff_ffff);
                blk.s(" method=");
                blk.s(self.rng.pick(METHODS));
                blk.s(" url=");
                blk.link(p, *self.rng.pick(&p.iri));
                blk.s(" status=");
                blk.s(self.rng.pick(STATUSES));
                blk.s(" duration_ms=");
                blk.num(self.rng.below(5000) as u64);
                blk.s("\n");
            }
            1 => {
                self.iso_time(blk);
                blk.s(" WARN  slow upstream host=");
                blk.link(p, *self.rng.pick(&p.hosts));
                blk.s(" elapsed_ms=");
                blk.num(self.rng.range(2000, 9000) as u64);
                blk.s("\n");
            }
            2 => {
                self.iso_time(blk);
                blk.s(" INFO  mail queued to=\"");
                blk.link(p, *self.rng.pick(&p.emails));
                blk.s("\" subject=\"Order ");
                blk.num(self.rng.below(100_000) as u64);
                blk.s(" confirmed\"\n");
            }
            3 | 4 => {
                blk.s("{\"ts\":\"");
                self.iso_time(blk);
                blk.s("\",\"level\":\"info\",\"msg\":\"request\",\"url\":\"");
                blk.link(p, *self.rng.pick(&p.iri));
                blk.s("\",\"status\":");
                blk.s(self.rng.pick(STATUSES));
                blk.s(",\"ms\":");
                blk.num(self.rng.below(900) as u64);
                blk.s("}\n");
            }
            _ => {
                if self.want_link(blk) {
                    blk.piece(self.rng.pick(&p.app_lines));
                } else {
                    self.iso_time(blk);
                    blk.s(" DEBUG cache hit key=");
                    blk.hex(self.rng.next_u64());
                    blk.s(" ttl=");
                    blk.num(self.rng.below(3600) as u64);
                }
                blk.s("\n");
            }
        }
    }

    fn error_log(&mut self, blk: &mut Block) {
        self.tick(5);
        let p = self.p;
        let (y, m, d) = civil(self.t.div_euclid(86_400));
        let s = self.t.rem_euclid(86_400) as u64;
        blk.num(y as u64);
        blk.s("/");
        blk.pad(u64::from(m), 2);
        blk.s("/");
        blk.pad(u64::from(d), 2);
        blk.s(" ");
        blk.pad(s / 3600, 2);
        blk.s(":");
        blk.pad(s / 60 % 60, 2);
        blk.s(":");
        blk.pad(s % 60, 2);
        blk.s(" [error] 2211#2211: *");
        blk.num(self.rng.below(100_000) as u64);
        blk.s(" open() \"/var/www/html/favicon.png\" failed (2: No such file or directory), client: ");
        self.ip(blk);
        if self.want_link(blk) {
            blk.s(", server: ");
            blk.link(p, *self.rng.pick(&p.hosts));
            blk.s(", request: \"GET ");
            blk.s(self.rng.pick(PATHS));
            blk.s(" HTTP/1.1\", host: \"");
            blk.link(p, *self.rng.pick(&p.hosts));
            blk.s("\"\n");
        } else {
            blk.s(", server: _, request: \"GET ");
            blk.s(self.rng.pick(PATHS));
            blk.s(" HTTP/1.1\"\n");
        }
    }

    fn logs(&mut self, blk: &mut Block) {
        match self.rng.below(10) {
            0..=5 => self.web_log(blk),
            6 => {
                if self.rng.chance(0.3) && self.want_link(blk) {
                    blk.piece(self.rng.pick(&self.p.web_lines));
                    blk.s("\n");
                } else {
                    self.error_log(blk);
                }
            }
            _ => self.app_log(blk),
        }
    }

    fn paragraph(&mut self, blk: &mut Block, li: usize) {
        for _ in 0..self.rng.range(2, 8) {
            self.text_line(blk, li);
        }
        blk.s("\n");
    }

    fn window(&mut self, blk: &mut Block, lines: &[Piece]) {
        let n = self.rng.range(3, 12).min(lines.len());
        let start = self.rng.below(lines.len() - n + 1);
        for l in &lines[start..start + n] {
            if l.links.is_empty() || self.want_link(blk) {
                blk.piece(l);
                blk.s("\n");
            }
        }
        for _ in 0..self.rng.range(0, 4) {
            if !self.want_link(blk) {
                break;
            }
            let f = self.rng.pick(&self.p.markup_frames);
            self.push_frame(blk, f);
            blk.s("\n");
        }
        blk.s("\n");
    }

    fn crawl(&mut self, blk: &mut Block) {
        let p = self.p;
        blk.s("WARC-Target-URI: ");
        blk.link(p, *self.rng.pick(&p.http));
        blk.s("\n");
        let li = self.rng.below(p.langs.len());
        for _ in 0..self.rng.range(2, 6) {
            let li = if self.rng.chance(0.7) {
                li
            } else {
                self.rng.below(p.langs.len())
            };
            self.text_line(blk, li);
        }
        if self.rng.chance(0.3) {
            let n = self.rng.range(1, 3).min(p.crawl.len());
            let start = self.rng.below(p.crawl.len() - n + 1);
            for l in &p.crawl[start..start + n] {
                blk.piece(l);
                blk.s("\n");
            }
        }
        blk.s("\n");
    }

    fn adv_link(&mut self, blk: &mut Block) {
        let f = self.rng.pick(&self.p.adv_frames);
        self.push_frame(blk, f);
    }

    fn adversarial(&mut self, blk: &mut Block) {
        let profile = self.cfg.profile;
        if self.want_link(blk) {
            if profile == Profile::AdvNoline {
                self.noline_link(blk);
            } else {
                let sep: &str = if profile == Profile::AdvNul { "\0" } else { " " };
                blk.s(sep);
                self.adv_link(blk);
                blk.s(sep);
            }
            return;
        }
        // Run lengths from 1 to 64 Ki, log-uniform.
        let n = (1usize << self.rng.below(17)) + self.rng.below(8);
        match profile {
            Profile::AdvBrackets => {
                let units: &[&[u8]] = &[b"(", b"[", b")", b"]", b"((", b"([", b")(", b"[(]", b"{", b"<"];
                match self.rng.below(3) {
                    0 => blk.repeat(self.rng.pick(units), n),
                    1 => {
                        blk.repeat(b"(", n);
                        blk.s("x");
                        blk.repeat(b")", n);
                    }
                    _ => {
                        blk.s("see (");
                        blk.repeat(b"[", n);
                        blk.s(" text ");
                        blk.repeat(b")", n / 2 + 1);
                    }
                }
            }
            Profile::AdvColons => {
                let units: &[&[u8]] = &[b":", b"::", b"a:", b"::1", b":/", b"http:", b"[::]"];
                blk.repeat(self.rng.pick(units), n);
            }
            Profile::AdvDots => {
                let units: &[&[u8]] = &[b".", b"..", b"@", b"@.", b"%", b"%%41", b"/", b"1.", b".@", b"%2"];
                blk.repeat(self.rng.pick(units), n);
            }
            Profile::AdvSchemes => {
                let units: &[&[u8]] = &[
                    b"http://", b"https:", b"mailto:", b"a", b"h-t-t-p", b"xn--", b"://", b"http:/", b"www.",
                ];
                let u = self.rng.pick(units);
                blk.repeat(u, n);
                if *u == b"a" || *u == b"h-t-t-p" {
                    blk.s("://");
                }
            }
            Profile::AdvNoline => {
                self.noline_text(blk);
                return;
            }
            Profile::AdvInvalidUtf8 => {
                let units: &[&[u8]] = &[
                    b"\xFF",
                    b"\xFE\xFF",
                    b"\xC0\xAF",
                    b"\xE0\x80\xAF",
                    b"\xED\xA0\x80",
                    b"\xE3\x81",
                    b"\x80\x80",
                    b"\xF4\x90\x80\x80",
                    b"%C0%AF",
                    b"caf\xE9",
                ];
                let u = self.rng.pick(units);
                if u[0] >= 0x80 && self.rng.chance(0.2) {
                    // A real link ended by an invalid byte: recorded.
                    let p = self.p;
                    blk.s(" ");
                    blk.link(p, *self.rng.pick(&p.adv));
                    blk.b(u);
                } else {
                    blk.repeat(u, n);
                }
            }
            Profile::AdvNul => {
                let units: &[&[u8]] = &[b"\0", b"word\0", b"\0\0 ", b"a\0b"];
                blk.repeat(self.rng.pick(units), n);
            }
            _ => {}
        }
        blk.s(if self.rng.chance(0.5) { "\n" } else { " " });
    }

    fn noline_link(&mut self, blk: &mut Block) {
        // Only frames without whitespace.
        let frames = &self.p.adv_frames;
        loop {
            let f = self.rng.pick(frames);
            let ws = f.pre.iter().chain(&f.post).any(|b| b.is_ascii_whitespace());
            if !ws {
                self.push_frame(blk, f);
                return;
            }
        }
    }

    fn noline_text(&mut self, blk: &mut Block) {
        let p = self.p;
        let li = *self.rng.pick(&p.cjk[..2]); // ja, zh: no spaces
        let s = self.rng.pick(&p.langs[li].sentences);
        for &b in s.iter() {
            if !b.is_ascii_whitespace() {
                blk.buf.push(b);
            }
        }
        if self.rng.chance(0.1) {
            blk.s("xyzzy");
        }
    }

    fn block(&mut self, blk: &mut Block) {
        let p = self.p;
        match self.cfg.profile {
            Profile::Mail => {
                let li = self.rng.below(p.langs.len());
                self.mail(blk, li);
            }
            Profile::Log => {
                for _ in 0..8 {
                    self.logs(blk);
                }
            }
            Profile::Cjk => {
                let li = *self.rng.pick(&p.cjk);
                if self.rng.chance(0.5) {
                    self.mail(blk, li);
                } else {
                    self.paragraph(blk, li);
                }
            }
            Profile::Mixed => match self.rng.below(20) {
                0..=5 => {
                    let li = self.rng.below(p.langs.len());
                    self.mail(blk, li);
                }
                6..=9 => {
                    for _ in 0..self.rng.range(1, 12) {
                        self.logs(blk);
                    }
                }
                10..=12 => {
                    let li = *self.rng.pick(&p.cjk);
                    self.paragraph(blk, li);
                }
                13 | 14 => self.window(blk, &p.markdown),
                15 | 16 => self.window(blk, &p.html),
                _ => self.crawl(blk),
            },
            _ => self.adversarial(blk),
        }
    }
}

/// Writes exactly `cfg.size` bytes of text to `text` and one truth record
/// per link to `truth`.
pub fn generate(cfg: &Config, text: &mut dyn Write, truth: &mut dyn Write) -> io::Result<Stats> {
    let pools = Pools::new();
    let mut g = Gen::new(&pools, cfg);
    const FLUSH: usize = 4 << 20;
    let mut out: Vec<u8> = Vec::with_capacity(FLUSH + (1 << 20));
    let mut tout: Vec<u8> = Vec::with_capacity(FLUSH + (1 << 20));
    let mut truth_bytes = 0u64;
    let mut blk = Block::default();
    let mut misses = 0;
    while misses < 32 {
        blk.clear();
        g.block(&mut blk);
        if g.pos + blk.buf.len() as u64 > cfg.size {
            misses += 1;
            continue;
        }
        let base = g.pos;
        for &(s, e, id) in &blk.links {
            tout.extend_from_slice(b"{\"start\":");
            push_num(&mut tout, base + u64::from(s));
            tout.extend_from_slice(b",\"end\":");
            push_num(&mut tout, base + u64::from(e));
            tout.extend_from_slice(&pools.links[id as usize].tail);
        }
        g.links += blk.links.len() as u64;
        g.link_bytes += blk.link_bytes;
        out.extend_from_slice(&blk.buf);
        g.pos += blk.buf.len() as u64;
        if out.len() >= FLUSH {
            text.write_all(&out)?;
            out.clear();
        }
        if tout.len() >= FLUSH {
            truth.write_all(&tout)?;
            truth_bytes += tout.len() as u64;
            tout.clear();
        }
    }
    // Pad to the exact size without creating or extending a link.
    let rest = (cfg.size - g.pos) as usize;
    if cfg.profile == Profile::AdvNoline {
        out.extend(std::iter::repeat_n(b'~', rest));
    } else if rest > 0 {
        out.extend(std::iter::repeat_n(b' ', rest - 1));
        out.push(b'\n');
    }
    g.pos += rest as u64;
    text.write_all(&out)?;
    truth.write_all(&tout)?;
    truth_bytes += tout.len() as u64;
    text.flush()?;
    truth.flush()?;
    Ok(Stats {
        bytes: g.pos,
        links: g.links,
        link_bytes: g.link_bytes,
        truth_bytes,
    })
}

/// Makes blocks of `cfg.profile` text (a mail, log lines, a paragraph, a
/// page…) until about `cfg.size` bytes, and hands each to `page` with its
/// links as (start, end, truth tail) relative to the block: for writers
/// that wrap blocks in a container, such as the WET profile's records.
pub fn for_each_block(
    cfg: &Config,
    mut page: impl FnMut(&[u8], &[(u32, u32, &[u8])]) -> io::Result<()>,
) -> io::Result<Stats> {
    let pools = Pools::new();
    let mut g = Gen::new(&pools, cfg);
    let mut blk = Block::default();
    let mut links = Vec::new();
    while g.pos < cfg.size {
        blk.clear();
        g.block(&mut blk);
        links.clear();
        links.extend(
            blk.links
                .iter()
                .map(|&(s, e, id)| (s, e, &pools.links[id as usize].tail[..])),
        );
        page(&blk.buf, &links)?;
        g.pos += blk.buf.len() as u64;
        g.links += blk.links.len() as u64;
        g.link_bytes += blk.link_bytes;
    }
    Ok(Stats {
        bytes: g.pos,
        links: g.links,
        link_bytes: g.link_bytes,
        truth_bytes: 0,
    })
}
