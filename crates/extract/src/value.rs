//! A cell's value: the printed decimal with spreads, marks and signs taken off, or "not
//! reported", or text that is not a value.

/// What a body cell holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum CellValue {
    /// A decimal, as printed (`95.40`), with whether a `%` followed it.
    Number { printed: String, percent_sign: bool },
    /// `-`, `--`, `N/A` and the like, or an empty cell: nothing reported.
    NotReported,
    /// Text that is not a value (a name, a range, a fraction).
    Text(String),
}

/// Footnote and significance marks that may follow a value.
const MARKS: &[char] = &[
    '*', '†', '‡', '§', '¶', '#', '⋆', '∗', '′', '\'', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹',
    '⁰', 'ᵃ', 'ᵇ', 'ᶜ', 'ᵈ', 'ᵉ', 'ǂ',
];

/// The mark a footnote's reference leaves in a cell where the markup set it apart (LaTeX's
/// `\tnote{a}`, `$^\dagger$`, HTML's `<sup>a</sup>`, JATS's `<xref ref-type="table-fn">`):
/// one of the [`MARKS`] a Markdown cell shows as printed, so that every reader's labels say
/// alike that a note speaks of the row (values and headers pass over it as over `†`).
pub(crate) const NOTE_MARK: char = '†';

/// Whether a superscript's text is a footnote's mark (`a`, `*`, `†`, `‡`, `§`, `¶`, `#`), not
/// an exponent or a reference number.
pub(crate) fn is_note_mark(text: &str) -> bool {
    const SYMBOLS: &[char] = &['*', '†', '‡', '§', '¶', '#', '⋆', '∗'];
    let t = text.trim();
    let mut chars = t.chars();
    match (chars.next(), chars.next(), chars.next()) {
        (Some(c), None, _) => c.is_ascii_lowercase() || SYMBOLS.contains(&c),
        (Some(a), Some(b), None) => a == b && SYMBOLS.contains(&a),
        _ => false,
    }
}

/// Whether a superscript's text is a minus sign (`<sup>−</sup>0.12`): a value's sign, kept
/// where other superscripts (footnote marks) are left out.
pub(crate) fn superscript_minus(text: &str) -> bool {
    matches!(text.trim(), "-" | "−" | "&minus;")
}

/// Cells that say "not reported".
const NOT_REPORTED: &[&str] = &[
    "",
    "-",
    "--",
    "---",
    "—",
    "–",
    "−",
    "n/a",
    "na",
    "n.a.",
    "n.a",
    "nan",
    "-/-",
    "/",
    "×",
    "✗",
    "none",
    "null",
    "?",
    "n.r.",
    "nr",
    "not reported",
    "─",
];

/// Reads a body cell: the value before any `±` spread, bracketed deviation or interval,
/// footnote mark or `%`, kept as printed.
pub(crate) fn read(text: &str) -> CellValue {
    let text = text.trim();
    // The Lancet's decimal point, a middle dot between digits (`88·6`, `0·912`).
    if text.contains('\u{b7}') {
        let chars: Vec<char> = text.chars().collect();
        let pointed: String = chars
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let between = i > 0
                    && chars[i - 1].is_ascii_digit()
                    && chars.get(i + 1).is_some_and(char::is_ascii_digit);
                if *c == '\u{b7}' && between {
                    '.'
                } else {
                    *c
                }
            })
            .collect();
        if pointed != text {
            return read(&pointed);
        }
    }
    // TeX math left in a Markdown cell (`$98.2 \pm 0.6$`, `98.2 $\pm$ 0.6`, converters of
    // PDFs write it): the value as the formula prints it.
    if text.contains('$') {
        let plain = math_as_text(text);
        if plain != text {
            return read(&plain);
        }
    }
    if let Some(once) = printed_thrice(text) {
        return read(once);
    }
    if NOT_REPORTED.contains(&text.to_lowercase().as_str()) {
        return CellValue::NotReported;
    }
    if is_placeholder(text) {
        return CellValue::Text(text.to_string());
    }
    // `0,91`, `91,25 ± 0,30`: decimal commas (papers in most European languages).
    if let Some(pointed) = decimal_commas(text) {
        return read(&pointed);
    }
    // A count and its rate, `11 (91.7%)` or `90/103 (87.4%)`: the rate (the count read as
    // the figure would be 11%), before the two numbers of `90/103` make it a list.
    if let Some(rate) = rate_of_count(text, true) {
        return read(&format!("{rate}%"));
    }
    // Several values in one cell (`0.024; 0.0952`, one per group): no one value.
    if is_value_list(text) {
        return CellValue::Text(text.to_string());
    }
    // `43 (86.00)`, `146 (91.25)`: a whole number with a bracketed decimal above it (or a
    // whole number above 100) is no figure with its spread, more likely a count with its
    // rate, but without a `%` or an "n (%)" caption neither reading is sure: not a value.
    if let Some(rate) = rate_of_count(text, false) {
        let count = text.split_once('(').map_or("", |(c, _)| c.trim());
        let (count, rate) = (count.replace(',', "").parse::<f64>(), rate.parse::<f64>());
        if let (Ok(count), Ok(rate)) = (count, rate) {
            if rate > count || count > 100.0 {
                return CellValue::Text(text.to_string());
            }
        }
    }
    // `−5.0 (×10⁻²)`, `3.2 [x 10^-2]`: a multiplier in the cell, not a spread; the figure
    // is not the printed number.
    let squeezed: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if ["(×", "[×", "(x10", "[x10", "(*10", "(·10", "(⋅10"]
        .iter()
        .any(|m| squeezed.to_lowercase().contains(m))
    {
        return CellValue::Text(text.to_string());
    }
    // `70.14% accuracy`, `0.6207 (recall)`: a figure naming its own score, which may not be
    // the column's (a `Value` column over methods and scores alike): not read as the column's.
    if figure_named(text) {
        return CellValue::Text(text.to_string());
    }
    let mut value = text;
    // The spread after the value: `95.1 ± 0.3`, `95.1+-0.3`, `95.1 (0.3)`, `95.1 [94.0, 96.2]`.
    for cut in ["±", "+/-", "+-", "(", "[", "\u{00b1}"] {
        if let Some(at) = value.find(cut) {
            if at > 0 {
                value = &value[..at];
            }
        }
    }
    let mut value = value.trim().trim_end_matches(MARKS).trim();
    let mut percent_sign = false;
    if let Some(stripped) = value.strip_suffix('%') {
        percent_sign = true;
        value = stripped.trim();
    }
    let value = value.trim_end_matches(MARKS).trim();
    let mut printed = value.replace('−', "-");
    // `–0.0806`: an en dash set as a minus (converters and word processors write it), only
    // right before the number's digits (`–` alone is no value, `0.7–0.8` a range).
    if let Some(rest) = printed
        .strip_prefix('\u{2013}')
        .filter(|r| r.starts_with(|c: char| c.is_ascii_digit() || c == '.'))
    {
        printed = format!("-{rest}");
    }
    // `− 0.408`: a minus set apart from its number (`\textminus 0.408`).
    if let Some(rest) = printed
        .strip_prefix('-')
        .filter(|r| r.starts_with(char::is_whitespace))
    {
        printed = format!("-{}", rest.trim_start());
    }
    // `.95` as `0.95`: the same digits, in the form JSON and the batch read.
    if printed.starts_with('.') || printed.starts_with("-.") {
        printed = printed.replacen('.', "0.", 1);
    }
    if let Some(plain) = plain_of_scientific(&printed) {
        printed = plain;
    }
    if is_decimal(&printed) {
        CellValue::Number {
            printed,
            percent_sign,
        }
    } else {
        CellValue::Text(text.to_string())
    }
}

/// Whether a cell is a figure followed by a score's name, bare or in brackets
/// (`70.14% accuracy`, `0.6207 (recall)`, `0.75 AUC`): a body cell, never a header's.
pub(crate) fn figure_named(text: &str) -> bool {
    score_named_by_figure(text).is_some()
}

/// The score a cell's figure names after it ([`figure_named`]): `recall`'s canonical name
/// for `0.6207 (recall)`.
pub(crate) fn score_named_by_figure(text: &str) -> Option<&'static str> {
    let (figure, rest) = text.trim().split_once(char::is_whitespace)?;
    let figure = figure.trim_matches(['*', '_']);
    let figure = figure.strip_suffix('%').unwrap_or(figure);
    let rest = rest.trim().trim_matches(['*', '_']).trim();
    let rest = rest
        .strip_prefix('(')
        .and_then(|r| r.strip_suffix(')'))
        .unwrap_or(rest)
        .trim();
    if !is_decimal(figure) {
        return None;
    }
    crate::names::score_of_header(rest)
}

/// Whether a cell is a range of two figures with a `%` or a decimal point (`90–92%`,
/// `0.91-0.93`): a body cell (a cited work's figure), never a header's (`2019–2020` is not
/// such a range).
pub(crate) fn is_figure_range(text: &str) -> bool {
    let text = text.trim().trim_matches(['*', '_']).trim();
    let percent = text.ends_with('%');
    let text = text.trim_end_matches('%').trim();
    let Some((low, high)) = ['\u{2013}', '\u{2014}', '-']
        .iter()
        .find_map(|dash| text.split_once(*dash))
    else {
        return false;
    };
    let (low, high) = (low.trim().trim_end_matches('%').trim(), high.trim());
    is_decimal(low)
        && is_decimal(high)
        && !low.starts_with('-')
        && (percent || low.contains('.') || high.contains('.'))
}

/// The rate of a cell printing a count and its rate in brackets, `11 (91.7%)`,
/// `90/103 (87.4%)`, or without the sign (`11 (91.7)`, under a caption saying "n (%)") when
/// `signed` is false: the bracketed decimal as printed; `None` for any other cell.
pub(crate) fn rate_of_count(text: &str, signed: bool) -> Option<&str> {
    let text = text.trim().trim_end_matches(MARKS).trim_end();
    let (count, rest) = text.split_once('(')?;
    let count = count.trim();
    let whole = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit() || b == b',');
    let is_count = match count.split_once('/') {
        Some((a, b)) => whole(a.trim()) && whole(b.trim()),
        None => whole(count),
    };
    let inner = rest.strip_suffix(')')?.trim();
    let (rate, percent) = match inner.strip_suffix('%') {
        Some(rate) => (rate.trim(), true),
        None => (inner, false),
    };
    let decimal = !rate.is_empty()
        && rate.bytes().filter(|b| *b == b'.').count() <= 1
        && rate.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && rate.bytes().any(|b| b.is_ascii_digit());
    (is_count && decimal && (percent || (!signed && rate.contains('.')))).then_some(rate)
}

/// Whether a cell's figure is marked as a template's (`0.86 (example)`, `0.9 [placeholder]`,
/// `0.7 (e.g.)`): no result.
pub(crate) fn is_placeholder(text: &str) -> bool {
    let lower = text.to_lowercase();
    [
        "example",
        "e.g.",
        "placeholder",
        "dummy",
        "illustrative",
        "hypothetical",
        "fictitious",
    ]
    .iter()
    .any(|w| lower.contains(&format!("({w}")) || lower.contains(&format!("[{w}")))
}

/// Marks that group a whole number's digits by threes.
const THOUSANDS: [char; 7] = [',', '\u{202f}', '\u{a0}', '\u{2009}', ' ', '\'', '\u{2019}'];

/// A whole number of items as printed: digits, or digits grouped by threes with one kind of
/// mark (commas, thin, narrow or no-break spaces, spaces, apostrophes: `85,295`,
/// `1\u{202f}029`, `1 204`, `1'204`): a count is whole, so a comma there is no decimal one.
pub(crate) fn whole_number(text: &str) -> Option<u64> {
    let text = text.trim();
    if text.is_empty() || text.len() > 40 {
        return None;
    }
    let mut marks = text.chars().filter(|c| THOUSANDS.contains(c));
    if let Some(mark) = marks.next() {
        if marks.any(|m| m != mark) {
            return None;
        }
    }
    let groups: Vec<&str> = text.split(THOUSANDS).collect();
    let (first, rest) = groups.split_first()?;
    let digits = |g: &str| !g.is_empty() && g.bytes().all(|b| b.is_ascii_digit());
    if !digits(first)
        || !rest.is_empty() && (first.len() > 3 || rest.iter().any(|g| g.len() != 3 || !digits(g)))
    {
        return None;
    }
    groups.concat().parse().ok()
}

/// A cell written with decimal commas, with points instead: only when it has no point and
/// every comma stands between digits as a decimal comma must (after a whole part of `0`, or
/// before other than exactly three digits: `1,029` may be a thousands separator, and is left).
fn decimal_commas(text: &str) -> Option<String> {
    if !text.contains(',') || text.contains('.') {
        return None;
    }
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if c != ',' {
            continue;
        }
        let before: String = chars[..i]
            .iter()
            .rev()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        let after = chars[i + 1..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
        if before.is_empty() || after == 0 || (after == 3 && before != "0") {
            return None;
        }
    }
    Some(text.replace(',', "."))
}

/// A cell's TeX math as the text it prints: `$` dropped, `\pm` as `±`, `\%` as `%`, spacing
/// commands and the braces of `\mathbf{...}` and the like dropped.
pub(crate) fn math_as_text(text: &str) -> String {
    let mut plain = text.replace('$', "");
    for (command, printed) in [
        ("\\pm", "±"),
        ("\\mp", "±"),
        ("\\%", "%"),
        ("\\,", ""),
        ("\\;", ""),
        ("\\!", ""),
        ("\\ ", " "),
        ("\\mathbf", ""),
        ("\\mathrm", ""),
        ("\\textbf", ""),
        ("\\boldsymbol", ""),
        ("\\bf", ""),
    ] {
        plain = plain.replace(command, printed);
    }
    plain.replace(['{', '}'], "").trim().to_string()
}

/// The longest figure (digits, sign, point) a cell printed three times over is read with.
const MAX_FIGURE_LEN: usize = 64;

/// The value of a cell that prints it three times over, as converters of MathML write a
/// formula's text, its rendering and its TeX source one after another (ar5iv's Markdown:
/// `0.8080.8080.808`, `0.8330.833{\bf 0.833}`): the value once. `None` for anything else.
fn printed_thrice(text: &str) -> Option<&str> {
    if text.len() < 3 || is_decimal(text) {
        return None;
    }
    // A printed figure is short: longer prefixes are no figure, and trying each of them
    // made a megabyte cell take seconds (a comparison per length).
    (1..=(text.len() / 3).min(MAX_FIGURE_LEN)).find_map(|len| {
        let once = text.get(..len)?;
        let rest = text.get(len..)?.strip_prefix(once)?;
        let source = rest
            .strip_prefix("{\\bf ")
            .or_else(|| rest.strip_prefix("\\textbf{"))
            .or_else(|| rest.strip_prefix("\\mathbf{"))
            .and_then(|inner| inner.strip_suffix('}'))
            .unwrap_or(rest);
        (source.trim() == once && is_decimal(once)).then_some(once)
    })
}

/// A number in scientific notation (`1.2205e-05`, `9.5E-1`) as the plain decimal with the
/// same digits (`0.000012205`, `0.95`): the last digit keeps its place, so the rounding
/// window is the same. `None` for anything else, or an exponent beyond ±30.
pub(crate) fn plain_of_scientific(text: &str) -> Option<String> {
    let (mantissa, exponent) = text.split_once(['e', 'E'])?;
    let exponent: i32 = exponent
        .strip_prefix('+')
        .unwrap_or(exponent)
        .parse()
        .ok()?;
    if exponent.abs() > 30 || !is_decimal(mantissa) {
        return None;
    }
    let (sign, body) = match mantissa.strip_prefix('-') {
        Some(body) => ("-", body),
        None => ("", mantissa),
    };
    let (whole, fraction) = body.split_once('.').unwrap_or((body, ""));
    let digits = format!("{whole}{fraction}");
    // The decimal point sits after `point` digits of `digits` (may be outside them).
    let point = i32::try_from(whole.len()).ok()? + exponent;
    let (whole, fraction) = if point <= 0 {
        (
            "0".to_string(),
            format!("{}{digits}", "0".repeat(usize::try_from(-point).ok()?)),
        )
    } else if usize::try_from(point).ok()? >= digits.len() {
        (
            format!(
                "{digits}{}",
                "0".repeat(usize::try_from(point).ok()? - digits.len())
            ),
            String::new(),
        )
    } else {
        let (w, f) = digits.split_at(usize::try_from(point).ok()?);
        (w.to_string(), f.to_string())
    };
    let whole = whole.trim_start_matches('0');
    let whole = if whole.is_empty() { "0" } else { whole };
    Some(if fraction.is_empty() {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole}.{fraction}")
    })
}

/// `[-]digits[.digits]` or `[-].digits`: what the batch reads as a decimal as written.
pub(crate) fn is_decimal(text: &str) -> bool {
    let body = text.strip_prefix('-').unwrap_or(text);
    let (whole, fraction) = match body.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (body, None),
    };
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    !body.is_empty()
        && body.len() <= 40
        && digits(whole)
        && fraction.is_none_or(|f| !f.is_empty() && digits(f))
        && !(whole.is_empty() && fraction.is_none())
}

/// A printed fraction with at least two decimals as the percentage it is, by moving the
/// decimal point two places (`0.975` -> `97.5`, `0.90` -> `90`, `-0.05` -> `-5`): the same
/// digits, so the same rounding. None with fewer decimals (`0.9` is 90 ± 5, which no
/// percentage printed as a decimal says).
pub(crate) fn as_percent(printed: &str) -> Option<String> {
    let (sign, body) = match printed.strip_prefix('-') {
        Some(body) => ("-", body),
        None => ("", printed),
    };
    let (whole, fraction) = body.split_once('.')?;
    if fraction.len() < 2 || !is_decimal(body) {
        return None;
    }
    let (moved, rest) = fraction.split_at(2);
    let whole = format!("{whole}{moved}");
    let whole = whole.trim_start_matches('0');
    let whole = if whole.is_empty() { "0" } else { whole };
    Some(if rest.is_empty() {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole}.{rest}")
    })
}

/// Whether a cell is a calendar date (`2026-06-23`, `2026/06/23`, `23.06.2026`,
/// `06/23/2026`): a label (a run's day), never values.
pub(crate) fn is_date(text: &str) -> bool {
    let parts: Vec<&str> = text.trim().split(['-', '/', '.']).collect();
    let separators: Vec<char> = text.trim().chars().filter(|c| "-/.".contains(*c)).collect();
    let [a, b, c] = parts.as_slice() else {
        return false;
    };
    let digits = |s: &str, lengths: &[usize]| {
        lengths.contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit())
    };
    let number = |s: &str| s.parse::<u32>().unwrap_or(0);
    let day_month =
        |d: &str, m: &str| (1..=31).contains(&number(d)) && (1..=12).contains(&number(m));
    separators.len() == 2
        && separators[0] == separators[1]
        && ((digits(a, &[4]) && digits(b, &[1, 2]) && digits(c, &[1, 2]) && day_month(c, b))
            || (digits(a, &[1, 2])
                && digits(b, &[1, 2])
                && digits(c, &[4])
                && (day_month(a, b) || day_month(b, a))))
}

/// Whether the exact value `num / den` (in percent when `percent`) lies within half a unit
/// of the last digit of `printed` (a decimal, a leading `-` allowed): `None` when `printed`
/// is no decimal of at most 12 decimals, `den` is 0, or the products pass 128 bits. Exact
/// integer arithmetic: |num/den − d/10^k| ≤ 1/(2·10^k) ⇔ |2·num·10^k − 2·d·den| ≤ den.
pub(crate) fn within_rounding(printed: &str, num: i128, den: i128, percent: bool) -> Option<bool> {
    let (negative, body) = match printed.strip_prefix('-') {
        Some(body) => (true, body),
        None => (false, printed),
    };
    if !is_decimal(body) || den == 0 {
        return None;
    }
    let (whole, fraction) = body.split_once('.').unwrap_or((body, ""));
    if fraction.len() > 12 {
        return None;
    }
    let digits = format!("{whole}{fraction}").parse::<i128>().ok()?;
    let digits = if negative { -digits } else { digits };
    let scale = 10i128
        .checked_pow(fraction.len() as u32)?
        .checked_mul(if percent { 100 } else { 1 })?;
    let left = num.checked_mul(scale)?.checked_mul(2)?;
    let right = digits.checked_mul(den)?.checked_mul(2)?;
    Some(left.checked_sub(right)?.checked_abs()? <= den.checked_abs()?)
}

/// The printed decimal as a number, for scale decisions only (never a verdict).
pub(crate) fn magnitude(printed: &str) -> f64 {
    printed.parse::<f64>().unwrap_or(0.0)
}

/// Whether a cell holds several values and nothing else (`0.024; 0.0952`,
/// `0.11±0.11; 0.16±0.10`, `93.6% and 88.5%`, `0.014 0.19`): numbers, their spreads and
/// separators, at least two numbers.
pub(crate) fn is_value_list(text: &str) -> bool {
    if is_date(text) {
        return false;
    }
    let spaced = format!(" {} ", text.trim());
    let rest = spaced
        .replace("+/-", "±")
        .replace("+-", "±")
        .replace(" and ", " ; ")
        .replace(" vs ", " ; ");
    let allowed = |c: char| c.is_ascii_digit() || c.is_whitespace() || ".·;,±%+-−/()".contains(c);
    if !rest.chars().all(allowed) {
        return false;
    }
    // Count the values: a number right after `±` is the spread of the one before
    // (`0.11±0.11`), and what is in parentheses (`95.1 (0.3)`, `0.95 (0.93-0.97)`) belongs
    // to the value before it.
    let mut values = 0;
    let mut depth = 0usize;
    let mut after_spread = false;
    let mut in_number = false;
    for c in rest.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            '±' => after_spread = true,
            _ => {}
        }
        let digit = c.is_ascii_digit() || ((c == '.' || c == '·') && in_number);
        if digit && !in_number {
            if depth == 0 && !after_spread {
                values += 1;
            }
            after_spread = false;
        }
        in_number = digit;
    }
    values >= 2
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_count_and_its_rate_read_as_the_rate() {
        assert_eq!(
            read("11 (91.7%)"),
            CellValue::Number {
                printed: "91.7".into(),
                percent_sign: true
            }
        );
        // (Plain, too: `90/103` is no list of two values.)
        assert_eq!(
            read("90/103 (87.4%)"),
            CellValue::Number {
                printed: "87.4".into(),
                percent_sign: true
            }
        );
        assert_eq!(
            read("90/103 (87.4%)*"),
            CellValue::Number {
                printed: "87.4".into(),
                percent_sign: true
            }
        );
        // A value and its spread stay the value.
        assert_eq!(
            read("95.1 (0.3)"),
            CellValue::Number {
                printed: "95.1".into(),
                percent_sign: false
            }
        );
        assert_eq!(rate_of_count("11 (91.7)", false), Some("91.7"));
        assert_eq!(rate_of_count("11 (91.7)", true), None);
        assert_eq!(rate_of_count("0.91 (0.88)", false), None);
        assert_eq!(rate_of_count("11 (9)", false), None);
        // Unsigned, a bracketed decimal above its whole number is no spread: not read.
        assert!(matches!(read("43 (86.00)"), CellValue::Text(_)));
        assert!(matches!(read("146 (91.25)"), CellValue::Text(_)));
        assert!(matches!(read("86 (2.10)"), CellValue::Number { .. }));
        assert!(matches!(read("43 (86.00%)"), CellValue::Number { .. }));
        assert!(matches!(read("−5.0 (×10⁻²)"), CellValue::Text(_)));
        assert!(matches!(read("3.2 (x 10^-2)"), CellValue::Text(_)));
    }

    use super::*;

    #[test]
    fn a_rational_within_a_printed_figures_rounding() {
        assert_eq!(within_rounding("0.833", 5, 6, false), Some(true));
        assert_eq!(within_rounding("0.834", 5, 6, false), Some(false));
        assert_eq!(within_rounding("83.3", 5, 6, true), Some(true));
        assert_eq!(within_rounding("-0.25", -1, 4, false), Some(true));
        assert_eq!(within_rounding("?", 1, 2, false), None);
        assert_eq!(within_rounding("0.5", 1, 0, false), None);
        // Products past 128 bits are no answer, never a wrong one.
        assert_eq!(
            within_rounding("99999999999999999999999999.5", i128::MAX / 4, 3, false),
            None
        );
    }

    #[test]
    fn decimal_commas_are_read_where_they_can_be_nothing_else() {
        let number = |t: &str| match read(t) {
            CellValue::Number { printed, .. } => Some(printed),
            _ => None,
        };
        assert_eq!(number("0,91").as_deref(), Some("0.91"));
        assert_eq!(number("91,25 ± 0,30").as_deref(), Some("91.25"));
        assert_eq!(number("0,910").as_deref(), Some("0.910"));
        // A thousands separator, or a list: not a decimal.
        assert_eq!(number("1,029"), None);
        assert_eq!(whole_number("1,029"), Some(1029));
        assert_eq!(whole_number("1\u{2009}204"), Some(1204));
        assert_eq!(whole_number("1'204"), Some(1204));
        assert_eq!(whole_number("5 389"), Some(5389));
        assert_eq!(whole_number("1 204,567"), None);
        assert_eq!(whole_number("12 34"), None);
        assert_eq!(whole_number("85,295"), Some(85295));
        assert_eq!(whole_number("1,234,567"), Some(1_234_567));
        assert_eq!(whole_number("12,5"), None);
        assert_eq!(whole_number("1234,567"), None);
        assert_eq!(whole_number("0.5"), None);
        assert_eq!(whole_number(""), None);
        assert_eq!(whole_number("007"), Some(7));
        assert_eq!(number("0.91, 0.80"), None);
        assert_eq!(number("3, 4"), None);
    }

    #[test]
    fn scientific_notation_is_the_plain_decimal_with_the_same_digits() {
        assert_eq!(
            plain_of_scientific("1.22055699651e-05").as_deref(),
            Some("0.0000122055699651")
        );
        assert_eq!(plain_of_scientific("9.5E-1").as_deref(), Some("0.95"));
        assert_eq!(
            plain_of_scientific("-1.94127442587e-02").as_deref(),
            Some("-0.0194127442587")
        );
        assert_eq!(plain_of_scientific("1.5e+2").as_deref(), Some("150"));
        assert_eq!(plain_of_scientific("2.5e1").as_deref(), Some("25"));
        assert_eq!(plain_of_scientific("0.95"), None);
        assert_eq!(plain_of_scientific("1e999"), None);
        assert_eq!(plain_of_scientific("e-5"), None);
    }

    #[test]
    fn fractions_become_percentages_with_their_digits() {
        for (fraction, percent) in [
            ("0.975", Some("97.5")),
            ("0.82", Some("82")),
            ("0.05", Some("5")),
            ("1.000", Some("100.0")),
            ("0.9750", Some("97.50")),
            ("-0.125", Some("-12.5")),
            ("0.00", Some("0")),
            ("0.9", None),
            ("1", None),
            ("0.x5", None),
        ] {
            assert_eq!(as_percent(fraction).as_deref(), percent, "{fraction}");
        }
    }

    #[test]
    fn several_values_in_one_cell_are_no_value() {
        for list in [
            "0.024; 0.0952",
            "0.11±0.11; 0.16±0.10",
            "93.6% and 88.5%",
            "0.014 0.19",
            "0.13±0.177 0.29±0.17",
        ] {
            assert!(is_value_list(list), "{list}");
            assert!(matches!(read(list), CellValue::Text(_)), "{list}");
        }
        for one in [
            "0.95",
            "95.1 ± 0.3",
            "95.1+-0.3",
            "95.1 (0.3)",
            "0.95 (0.93-0.97)",
            "12%",
        ] {
            assert!(!is_value_list(one), "{one}");
        }
        assert!(matches!(read("95.1 (0.3)"), CellValue::Number { .. }));
    }

    fn number(printed: &str) -> CellValue {
        CellValue::Number {
            printed: printed.to_string(),
            percent_sign: false,
        }
    }

    #[test]
    fn a_value_printed_three_times_is_read_once() {
        assert_eq!(read("0.8080.8080.808"), number("0.808"));
        assert_eq!(read("0.8330.833{\\bf 0.833}"), number("0.833"));
        assert_eq!(read("95.495.4\\textbf{95.4}"), number("95.4"));
        assert_eq!(read("111"), number("111"));
        for text in [
            "0.8080.8080.809",
            "0.8080.808",
            "abcabcabc",
            "0.80.8{\\it 0.8}",
        ] {
            assert!(matches!(read(text), CellValue::Text(_)), "{text}");
        }
    }

    #[test]
    fn values_keep_their_digits() {
        assert_eq!(read("95.40"), number("95.40"));
        assert_eq!(read(" 95.40 ± 0.31 "), number("95.40"));
        assert_eq!(read("0.912+-0.01"), number("0.912"));
        assert_eq!(read("0.912 (0.010)"), number("0.912"));
        assert_eq!(read("0.912*"), number("0.912"));
        assert_eq!(read("0.912†"), number("0.912"));
        assert_eq!(read("0.817²"), number("0.817"));
        assert_eq!(read("0.817ᵃ"), number("0.817"));
        assert_eq!(read(".95"), number("0.95"));
        assert_eq!(read("−0.12"), number("-0.12"));
        assert_eq!(read("− 0.408"), number("-0.408"));
        assert_eq!(read("\u{2013}0.0806"), number("-0.0806"));
        assert_eq!(read("\u{2013}.5"), number("-0.5"));
        assert!(!matches!(read("\u{2013}"), CellValue::Number { .. }));
        assert!(!matches!(read("0.7\u{2013}0.8"), CellValue::Number { .. }));
        assert_eq!(
            read("95.4%"),
            CellValue::Number {
                printed: "95.4".into(),
                percent_sign: true
            }
        );
    }

    #[test]
    fn not_reported_and_text() {
        for cell in ["-", "--", "N/A", "n/a", "—", ""] {
            assert_eq!(read(cell), CellValue::NotReported, "{cell}");
        }
        assert_eq!(read("SVM"), CellValue::Text("SVM".into()));
        assert_eq!(read("1,234"), CellValue::Text("1,234".into()));
        assert_eq!(read("12/30"), CellValue::Text("12/30".into()));
        // Scientific notation is a number (a kappa of 1.2e-05 printed by a program).
        assert_eq!(
            read("1e-3"),
            CellValue::Number {
                printed: "0.001".into(),
                percent_sign: false
            }
        );
    }
}
