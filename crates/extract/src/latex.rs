//! LaTeX tables, by a small tokenizer of our own (Rust has no well-kept tabular parser):
//! comments, number macros and `\input` first, then each `tabular`, `tabular*`,
//! `tabularx`, `tabulary` and `longtable` split into rows at `\\` and cells at `&` (both at
//! brace depth 0), `\multicolumn` and `\multirow` read as spans, and each cell's markup
//! reduced to its text.

use crate::model::{RawCell, RawTable, CITED};
use crate::{Document, Error, ErrorKind, Limits};

/// The tabular environments read, with how many arguments precede the body.
const TABULARS: &[(&str, usize)] = &[
    ("tabular", 1),
    ("tabular*", 2),
    ("tabularx", 2),
    ("tabulary", 2),
    ("longtable", 1),
    ("longtable*", 1),
    ("supertabular", 1),
];

/// Citation commands, written as [`CITED`] with their optional arguments and keys dropped:
/// a row `ANN~\cite{kumar2019}` is another paper's figures where the text says it reports
/// them, as `ANN [14]` is, and a sentence citing states that paper's protocol.
const CITES: &[&str] = &[
    "cite",
    "citep",
    "citet",
    "citealp",
    "citealt",
    "citeauthor",
    "citeyear",
    "parencite",
    "textcite",
    "autocite",
    "footcite",
    "Cite",
    "Citep",
    "Citet",
    "citenum",
    "citeA",
    "citeNP",
    "shortcite",
    "supercite",
    "smartcite",
    "Parencite",
    "Autocite",
    "Textcite",
    "fullcite",
    "footfullcite",
    "citeyearpar",
    "citealias",
    "nptextcite",
];

/// Commands dropped with their arguments (references, footnotes, colours, spacing).
const DROPPED: &[(&str, usize)] = &[
    ("nocite", 1),
    ("ref", 1),
    ("eqref", 1),
    ("autoref", 1),
    ("cref", 1),
    ("Cref", 1),
    ("label", 1),
    ("footnote", 1),
    ("footnotemark", 0),
    ("footnotetext", 1),
    ("tnote", 1),
    ("tablefootnote", 1),
    ("textsuperscript", 1),
    ("cellcolor", 1),
    ("rowcolor", 1),
    ("color", 1),
    ("hspace", 1),
    ("vspace", 1),
    ("includegraphics", 1),
    ("cline", 1),
    ("cmidrule", 1),
    ("hhline", 1),
    ("arrayrulecolor", 1),
    ("setlength", 2),
    ("addlinespace", 0),
    ("rule", 2),
    ("phantom", 1),
    ("hphantom", 1),
    ("vphantom", 1),
    ("fontsize", 2),
    ("resizebox", 2),
    ("scalebox", 1),
    ("documentclass", 1),
    ("usepackage", 1),
    ("bibliographystyle", 1),
    ("bibliography", 1),
    ("url", 1),
];

/// Commands replaced by a character.
const SYMBOLS: &[(&str, &str)] = &[
    ("pm", "±"),
    ("mp", "±"),
    ("textpm", "±"),
    ("dagger", "†"),
    ("ddagger", "‡"),
    ("dag", "†"),
    ("ddag", "‡"),
    ("ast", "*"),
    ("star", "*"),
    ("S", "§"),
    ("times", "×"),
    ("textendash", "–"),
    // A minus said in words; per mille and per ten thousand, whose figures are no percent.
    ("textminus", "−"),
    ("minus", "−"),
    ("textperthousand", "‰"),
    ("permil", "‰"),
    ("permille", "‰"),
    ("textpertenthousand", "‱"),
    ("textemdash", "—"),
    ("percent", "%"),
    ("cdot", "·"),
    ("uparrow", "↑"),
    ("downarrow", "↓"),
    ("kappa", "κ"),
    ("alpha", "α"),
    ("beta", "β"),
    ("gamma", "γ"),
    ("delta", "δ"),
    ("epsilon", "ε"),
    ("eta", "η"),
    ("theta", "θ"),
    ("lambda", "λ"),
    ("mu", "μ"),
    ("nu", "ν"),
    ("rho", "ρ"),
    ("sigma", "σ"),
    ("tau", "τ"),
    ("phi", "φ"),
    ("omega", "ω"),
    ("Delta", "Δ"),
    ("Sigma", "Σ"),
    ("textbar", "|"),
    // Comparisons: a cell `$\ge 0.90$` is a target or a bound, not a value (dropping the
    // command read it as the value 0.90).
    ("ge", "≥"),
    ("geq", "≥"),
    ("geqslant", "≥"),
    ("le", "≤"),
    ("leq", "≤"),
    ("leqslant", "≤"),
    ("gg", "≫"),
    ("ll", "≪"),
    ("approx", "≈"),
    ("sim", "~"),
    ("simeq", "≃"),
    ("textgreater", ">"),
    ("textless", "<"),
    ("textasciitilde", "~"),
];

fn chars(text: &str) -> Vec<char> {
    text.chars().collect()
}

/// The text without `%` comments (an escaped `\%` stays).
fn without_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let mut escaped = false;
        let mut cut = line.len();
        for (i, c) in line.char_indices() {
            if c == '%' && !escaped {
                cut = i;
                break;
            }
            escaped = c == '\\' && !escaped;
        }
        out.push_str(&line[..cut]);
        if cut < line.len() && line.ends_with('\n') {
            out.push('\n');
        }
    }
    out
}

/// The text without what a LaTeX run leaves out: `%` comments, `comment` environments
/// (the `comment` and `verbatim` packages), `\iffalse ... \fi` and `\if0 ... \fi` blocks
/// and those of a `\newif` switch never set true (an `\else` branch stays), and the true
/// branch of `\ifthenelse{\boolean{b}}` or `\iftoggle{t}` for a boolean or toggle never set
/// true. A block left open is kept as it is.
fn uncommented(text: &str) -> String {
    let text = without_comment_environments(&without_comments(text));
    without_false_arguments(&without_false_blocks(&text))
}

/// The names of `\newif` switches (`\newif\ifdraft`: `draft`) that the text never sets
/// true (`\drafttrue`): false wherever they are tested (a switch starts false); and of those
/// it sets true and never false (`\finaltrue`): true wherever they are tested.
fn switches(text: &str) -> (Vec<&str>, Vec<&str>) {
    let mut names = Vec::new();
    let mut true_names = Vec::new();
    for (at, _) in text.match_indices("\\newif") {
        let rest = text[at + "\\newif".len()..].trim_start();
        let Some(rest) = rest.strip_prefix("\\if") else {
            continue;
        };
        let name_end = rest
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(rest.len());
        let name = &rest[..name_end];
        if name.is_empty() {
            continue;
        }
        match (
            text.contains(&format!("\\{name}true")),
            text.contains(&format!("\\{name}false")),
        ) {
            (false, _) => names.push(name),
            (true, false) => true_names.push(name),
            (true, true) => {}
        }
    }
    (names, true_names)
}

/// Booleans (`\newboolean{b}`, `\provideboolean`) and toggles (`\newtoggle{t}`) the text
/// never sets true (`\setboolean{b}{true}`, `\toggletrue{t}`): false wherever tested.
fn false_flags(text: &str) -> (Vec<String>, Vec<String>) {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let declared = |commands: &[&str]| -> Vec<String> {
        let mut names = Vec::new();
        for command in commands {
            let open = format!("\\{command}{{");
            for (at, _) in compact.match_indices(&open) {
                let rest = &compact[at + open.len()..];
                if let Some(end) = rest.find('}') {
                    names.push(rest[..end].to_string());
                }
            }
        }
        names
    };
    let booleans = declared(&["newboolean", "provideboolean"])
        .into_iter()
        .filter(|b| !compact.contains(&format!("\\setboolean{{{b}}}{{true}}")))
        .collect();
    let toggles = declared(&["newtoggle", "providetoggle"])
        .into_iter()
        .filter(|t| {
            !compact.contains(&format!("\\toggletrue{{{t}}}"))
                && !compact.contains(&format!("\\settoggle{{{t}}}{{true}}"))
        })
        .collect();
    (booleans, toggles)
}

/// The text with `\ifthenelse{\boolean{b}}{A}{B}` and `\iftoggle{t}{A}{B}` (also
/// `\ifbool{b}{A}{B}`) of a false boolean or toggle ([`false_flags`]) replaced by `B`.
fn without_false_arguments(text: &str) -> String {
    let (booleans, toggles) = false_flags(text);
    if booleans.is_empty() && toggles.is_empty() {
        return text.to_string();
    }
    let s: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < s.len() {
        let at_command = |name: &str| {
            s[i] == '\\'
                && s.len() >= i + 1 + name.len()
                && s[i + 1..i + 1 + name.len()]
                    .iter()
                    .copied()
                    .eq(name.chars())
                && !s
                    .get(i + 1 + name.len())
                    .is_some_and(char::is_ascii_alphabetic)
        };
        let command = ["ifthenelse", "iftoggle", "ifbool"]
            .into_iter()
            .find(|c| at_command(c));
        if let Some(command) = command {
            let after = i + 1 + command.len();
            let test_false = group(&s, after).and_then(|(test, next)| {
                let test: String = test.chars().filter(|c| !c.is_whitespace()).collect();
                let flag_false = match command {
                    "ifthenelse" => test
                        .strip_prefix("\\boolean{")
                        .and_then(|t| t.strip_suffix('}'))
                        .is_some_and(|b| booleans.iter().any(|x| x == b)),
                    "ifbool" => booleans.contains(&test),
                    _ => toggles.contains(&test),
                };
                flag_false.then_some(next)
            });
            if let Some(next) = test_false {
                if let Some((_, after_true)) = group(&s, next) {
                    if let Some((otherwise, end)) = group(&s, after_true) {
                        out.push_str(&otherwise);
                        i = end;
                        continue;
                    }
                }
            }
        }
        out.push(s[i]);
        i += 1;
    }
    out
}

/// The text without `\begin{comment} ... \end{comment}`.
fn without_comment_environments(text: &str) -> String {
    const BEGIN: &str = "\\begin{comment}";
    const END: &str = "\\end{comment}";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(BEGIN) {
        let Some(length) = rest[start..].find(END) else {
            break;
        };
        out.push_str(&rest[..start]);
        rest = &rest[start + length + END.len()..];
    }
    out.push_str(rest);
    out
}

/// Control words beginning with `if` that no `\fi` closes: conditionals written with
/// arguments (`ifthen`, `etoolbox`) and math's `\iff`.
const ARGUMENT_CONDITIONALS: &[&str] = &[
    "iff",
    "ifthenelse",
    "ifdef",
    "ifndef",
    "ifundef",
    "ifbool",
    "ifboolexpr",
    "iftoggle",
    "ifdefempty",
    "ifdefstring",
    "ifstrequal",
    "ifstrempty",
    "ifblank",
    "ifnumcomp",
    "ifnumequal",
    "ifdimcomp",
    "ifcsdef",
    "ifcsundef",
    "ifcsempty",
    "ifdefined@",
];

/// The text without `\iffalse ... \fi` blocks (and `\if0`, and a false [`switches`]'
/// `\ifdraft`), nested conditionals counted, the `\else` branch of such a block kept; and
/// without the `\else` branch of `\iftrue` and a true switch's blocks.
fn without_false_blocks(text: &str) -> String {
    let s = text.as_bytes();
    let switches = switches(text);
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    let mut i = 0;
    while let Some(found) = text[i..].find("\\if") {
        let start = i + found;
        let word_end = (start + 1..s.len())
            .find(|&k| !s[k].is_ascii_alphabetic())
            .unwrap_or(s.len());
        let word = &text[start + 1..word_end];
        // `\if0` compares 0 with the next token: false but for a `0` next.
        let if_zero = word == "if"
            && s.get(word_end) == Some(&b'0')
            && s.get(word_end + 1).is_none_or(|b| *b != b'0');
        let opens_false = word == "iffalse"
            || if_zero
            || (word.len() > 2
                && switches.0.contains(&&word[2..])
                && !text[..start].ends_with("\\newif"));
        // `\iftrue`, a switch set true and never false: the `\else` branch goes.
        let opens_true = !opens_false
            && (word == "iftrue"
                || (word.len() > 2
                    && switches.1.contains(&&word[2..])
                    && !text[..start].ends_with("\\newif")));
        if !opens_false && !opens_true {
            i = word_end;
            continue;
        }
        let after = if if_zero { word_end + 1 } else { word_end };
        // Walk the control words to the matching `\fi`.
        let (mut depth, mut j, mut kept) = (1usize, after, None);
        let mut end = None;
        while j < s.len() {
            if s[j] != b'\\' {
                j += 1;
                continue;
            }
            let word_end = (j + 1..s.len())
                .find(|&k| !s[k].is_ascii_alphabetic() && s[k] != b'@')
                .unwrap_or(s.len());
            let word = &text[j + 1..word_end];
            if word.is_empty() {
                j += 2;
                continue;
            }
            if word == "fi" {
                depth -= 1;
                if depth == 0 {
                    end = Some(word_end);
                    break;
                }
            } else if word == "else" && depth == 1 && kept.is_none() {
                kept = Some((j, word_end));
            } else if word.starts_with("if")
                && word != "if@"
                && !ARGUMENT_CONDITIONALS.contains(&word)
                && !text[..j].ends_with("\\newif")
            {
                depth += 1;
            }
            j = word_end;
        }
        let Some(end) = end else {
            break;
        };
        out.push_str(&text[copied..start]);
        let fi = end - "\\fi".len();
        match (opens_true, kept) {
            (true, Some((otherwise, _))) => out.push_str(&text[after..otherwise]),
            (true, None) => out.push_str(&text[after..fi]),
            (false, Some((_, kept))) => out.push_str(&text[kept..fi]),
            (false, None) => {}
        }
        copied = end;
        i = end;
    }
    out.push_str(&text[copied..]);
    out
}

/// The balanced `{...}` group starting at `i` (after spaces): its content and the index
/// after it.
fn group(s: &[char], mut i: usize) -> Option<(String, usize)> {
    while i < s.len() && s[i].is_whitespace() {
        i += 1;
    }
    if s.get(i) != Some(&'{') {
        return None;
    }
    let mut depth = 0usize;
    let start = i + 1;
    while i < s.len() {
        match s[i] {
            '\\' => i += 1,
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some((s[start..i].iter().collect(), i + 1));
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// An optional `[...]` argument at `i` (after spaces): the index after it, or `i`.
fn optional(s: &[char], i: usize) -> usize {
    let mut j = i;
    while j < s.len() && s[j].is_whitespace() {
        j += 1;
    }
    if s.get(j) != Some(&'[') {
        return i;
    }
    let mut depth = 0usize;
    while j < s.len() {
        match s[j] {
            '[' => depth += 1,
            ']' => {
                depth -= 1;
                if depth == 0 {
                    return j + 1;
                }
            }
            _ => {}
        }
        j += 1;
    }
    i
}

/// `(...)` trim argument of `\cmidrule(lr)`.
fn parenthesised(s: &[char], i: usize) -> usize {
    if s.get(i) == Some(&'(') {
        if let Some(end) = s[i..].iter().position(|&c| c == ')') {
            return i + end + 1;
        }
    }
    i
}

/// The command name at `i` (just after a backslash) and the index after it.
fn command(s: &[char], i: usize) -> (String, usize) {
    let mut j = i;
    while j < s.len() && s[j].is_ascii_alphabetic() {
        j += 1;
    }
    if j < s.len() && s[j] == '*' && j > i {
        j += 1;
    }
    if j == i && i < s.len() {
        return (s[i].to_string(), i + 1);
    }
    (s[i..j].iter().collect(), j)
}

/// A macro defined with arguments: how many, the first one's default when it is optional,
/// and the body (`#1` ... `#9` standing for them).
struct ArgumentMacro {
    name: String,
    count: usize,
    default: Option<String>,
    body: String,
}

/// `\newcommand{\name}[n][default]{body}` (and `renewcommand`, `providecommand`): the
/// macros that take arguments, and those without whose body ends a table row.
fn argument_macros(s: &[char]) -> Vec<ArgumentMacro> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() && out.len() < 10_000 {
        if s[i] != '\\' {
            i += 1;
            continue;
        }
        let (name, after) = command(s, i + 1);
        i = after;
        if !matches!(
            name.trim_end_matches('*'),
            "newcommand" | "renewcommand" | "providecommand"
        ) {
            continue;
        }
        let mut j = after;
        while j < s.len() && s[j].is_whitespace() {
            j += 1;
        }
        let (macro_name, j) = if s.get(j) == Some(&'{') {
            match group(s, j) {
                Some((inner, end)) => (inner.trim().to_string(), end),
                None => continue,
            }
        } else if s.get(j) == Some(&'\\') {
            let (n, end) = command(s, j + 1);
            (format!("\\{n}"), end)
        } else {
            continue;
        };
        let Some(name) = macro_name.strip_prefix('\\') else {
            continue;
        };
        let bracket = |at: usize| -> Option<(String, usize)> {
            let end = optional(s, at);
            (end > at).then(|| {
                let text: String = s[at..end].iter().collect();
                let text = text.trim();
                let inner = &text[1..text.len() - 1];
                (inner.to_string(), end)
            })
        };
        let Some((count, j)) = bracket(j) else {
            // No arguments: kept where the body ends a table row (`\newcommand{\tline}{
            // \Tstrut\\}` after each row), so that rows split where LaTeX ends them.
            if let Some((body, end)) = group(s, j) {
                if body.contains("\\\\") {
                    out.push(ArgumentMacro {
                        name: name.to_string(),
                        count: 0,
                        default: None,
                        body,
                    });
                }
                i = end;
            }
            continue;
        };
        let Ok(count) = count.trim().parse::<usize>() else {
            continue;
        };
        let (default, j) = match bracket(j) {
            Some((default, end)) => (Some(default), end),
            None => (None, j),
        };
        if let Some((body, end)) = group(s, j) {
            if (1..=9).contains(&count) {
                out.push(ArgumentMacro {
                    name: name.to_string(),
                    count,
                    default,
                    body,
                });
            }
            i = end;
        }
    }
    out
}

/// The text with each use of a macro that takes arguments replaced by its body, the
/// arguments put in (`\pick{0.9}` of `\newcommand{\pick}[2][0.1]{#1}` is `0.1`, as LaTeX
/// prints it; `\twice{5}` of `{#1#1}` is `55`). A use nested in an argument or a body is
/// expanded in the next of at most four passes; what is left after them, or past the size
/// bound, is written `??` so that it is never read as the number in its argument.
fn expand_argument_macros(text: &str, max_bytes: usize) -> String {
    let s = chars(text);
    let defined = argument_macros(&s);
    if defined.is_empty() {
        return text.to_string();
    }
    let mut text = text.to_string();
    for pass in 0..=4 {
        let s = chars(&text);
        let mut out = String::with_capacity(text.len());
        let mut used = false;
        let mut i = 0;
        while i < s.len() {
            if s[i] != '\\' {
                out.push(s[i]);
                i += 1;
                continue;
            }
            let (name, after) = command(&s, i + 1);
            // Definitions are copied whole (their bodies hold `#1`, not uses).
            if matches!(
                name.trim_end_matches('*'),
                "newcommand" | "renewcommand" | "providecommand"
            ) {
                let mut j = optional(
                    &s,
                    optional(&s, {
                        let mut j = after;
                        while j < s.len() && s[j].is_whitespace() {
                            j += 1;
                        }
                        if s.get(j) == Some(&'\\') {
                            command(&s, j + 1).1
                        } else {
                            group(&s, j).map_or(j, |(_, end)| end)
                        }
                    }),
                );
                j = group(&s, j).map_or(j, |(_, end)| end);
                out.extend(&s[i..j]);
                i = j;
                continue;
            }
            let Some(m) = defined.iter().rev().find(|m| m.name == name) else {
                out.extend(&s[i..after]);
                i = after;
                continue;
            };
            used = true;
            let mut j = after;
            let mut args: Vec<String> = Vec::new();
            if let Some(default) = &m.default {
                let end = optional(&s, j);
                if end > j {
                    let text: String = s[j..end].iter().collect();
                    let text = text.trim();
                    args.push(text[1..text.len() - 1].to_string());
                } else {
                    args.push(default.clone());
                }
                j = end;
            }
            while args.len() < m.count {
                match group(&s, j) {
                    Some((arg, end)) => {
                        args.push(arg);
                        j = end;
                    }
                    None => {
                        // One token (`\twice5`): a character or a command.
                        while j < s.len() && s[j].is_whitespace() {
                            j += 1;
                        }
                        let end = if s.get(j) == Some(&'\\') {
                            command(&s, j + 1).1
                        } else {
                            (j + 1).min(s.len())
                        };
                        args.push(s[j..end].iter().collect());
                        j = end;
                    }
                }
            }
            if pass == 4 || out.len() + text.len() > max_bytes {
                out.push_str("??");
            } else {
                let mut body = String::new();
                let b = chars(&m.body);
                let mut k = 0;
                while k < b.len() {
                    match (b[k], b.get(k + 1).and_then(|d| d.to_digit(10))) {
                        ('#', Some(d)) if (1..=m.count).contains(&(d as usize)) => {
                            body.push_str(&args[d as usize - 1]);
                            k += 2;
                        }
                        (c, _) => {
                            body.push(c);
                            k += 1;
                        }
                    }
                }
                out.push_str(&body);
            }
            i = j;
        }
        text = out;
        if !used {
            break;
        }
    }
    text
}

/// `\newcommand{\name}{number}`, `\newcommand\name{number}`, `\def\name{number}`: the
/// macros that stand for a number. A macro defined again with another body (`\def\acc`
/// before each of two tables, `\renewcommand`) stands for no one number and is left out:
/// which definition a cell sees depends on where it is.
fn number_macros(text: &str) -> Vec<(String, String)> {
    let defined = macro_definitions(text);
    let mut out: Vec<(String, String)> = Vec::new();
    for (name, value) in &defined {
        let Some(value) = value else { continue };
        let alike = defined
            .iter()
            .filter(|(other, _)| other == name)
            .all(|(_, other)| other.as_ref() == Some(value));
        if alike && !out.iter().any(|(m, _)| m == name) {
            out.push((name.clone(), value.clone()));
        }
    }
    out
}

/// Every macro definition without arguments, in order: its name and its number (an alias
/// of a number macro gives that macro's number as it stands then), `None` for another body.
fn macro_definitions(text: &str) -> Vec<(String, Option<String>)> {
    let s = chars(text);
    let mut out: Vec<(String, Option<String>)> = Vec::new();
    let mut i = 0;
    while i < s.len() && out.len() < 10_000 {
        if s[i] != '\\' {
            i += 1;
            continue;
        }
        let (name, after) = command(&s, i + 1);
        i = after;
        if !matches!(
            name.as_str(),
            "newcommand" | "renewcommand" | "def" | "providecommand"
        ) {
            continue;
        }
        let mut j = after;
        while j < s.len() && s[j].is_whitespace() {
            j += 1;
        }
        let (macro_name, j) = if s.get(j) == Some(&'{') {
            match group(&s, j) {
                Some((inner, end)) => (inner.trim().to_string(), end),
                None => continue,
            }
        } else if s.get(j) == Some(&'\\') {
            let (n, end) = command(&s, j + 1);
            (format!("\\{n}"), end)
        } else {
            continue;
        };
        if s.get(j).is_some_and(|&c| c == '[') {
            continue;
        }
        if let Some((body, end)) = group(&s, j) {
            let body = body.trim();
            // `\newcommand{\y}{\x}`: another number macro's value, as it stands now.
            let aliased = body
                .strip_prefix('\\')
                .and_then(|other| out.iter().rev().find(|(m, _)| m == other))
                .and_then(|(_, v)| v.clone());
            if let Some(name) = macro_name.strip_prefix('\\') {
                let value =
                    aliased.or_else(|| crate::value::is_decimal(body).then(|| body.to_string()));
                out.push((name.to_string(), value));
            }
            i = end;
        }
    }
    out
}

/// TeX's `\input name` without braces: the name up to a space, a brace, a command or a
/// comment, and the index after it.
fn bare_file_name(s: &[char], after: usize, name: &str) -> Option<(String, usize)> {
    if name != "input" {
        return None;
    }
    let mut start = after;
    while start < s.len() && (s[start] == ' ' || s[start] == '\t') {
        start += 1;
    }
    let mut end = start;
    while end < s.len() && !s[end].is_whitespace() && !matches!(s[end], '{' | '}' | '\\' | '%') {
        end += 1;
    }
    // Only from the text itself: after a space (`\inputfoo` is another command).
    (end > start && start > after).then(|| (s[start..end].iter().collect(), end))
}

/// `\input{name}`, `\include{name}` and `\subfile{name}` replaced by the resolver's text,
/// recursively.
fn inputs(
    text: &str,
    limits: &Limits,
    resolve: &dyn Fn(&str) -> Option<String>,
    chain: &mut Vec<String>,
    budget: &mut usize,
) -> Result<String, Error> {
    if !(text.contains("\\input") || text.contains("\\include") || text.contains("\\subfile")) {
        return Ok(text.to_string());
    }
    let s = chars(text);
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < s.len() {
        if s[i] == '\\' {
            let (name, after) = command(&s, i + 1);
            if name == "input" || name == "include" || name == "subfile" {
                if let Some((file, end)) =
                    group(&s, after).or_else(|| bare_file_name(&s, after, &name))
                {
                    let file = file.trim();
                    // A file that includes itself, directly or through others, would never
                    // end; TeX itself stops with an error there too.
                    if chain.iter().any(|f| f == file) || chain.len() >= limits.max_depth {
                        let path = chain.iter().map(String::as_str).chain([file]);
                        return Err(Error::new(
                            ErrorKind::Unreadable,
                            format!(
                                "\\input{{{file}}} {}: {}; remove the inclusion that closes the loop",
                                if chain.len() >= limits.max_depth {
                                    format!("nests files deeper than {}", limits.max_depth)
                                } else {
                                    "includes a file that is already being read".to_string()
                                },
                                path.collect::<Vec<_>>().join(" -> ")
                            ),
                        ));
                    }
                    if let Some(included) = resolve(file) {
                        if included.len() > *budget {
                            return Err(Error::new(
                                ErrorKind::TooLarge,
                                format!(
                                    "\\input{{{file}}} makes the document larger than {} bytes",
                                    limits.max_bytes
                                ),
                            ));
                        }
                        *budget -= included.len();
                        let included = uncommented(&included);
                        chain.push(file.to_string());
                        out.push_str(&inputs(&included, limits, resolve, chain, budget)?);
                        chain.pop();
                        out.push('\n');
                        i = end;
                        continue;
                    }
                    // A file not read (said on stderr) leaves nothing: its name is no text
                    // (it was glued to the next row's label, `missing A`).
                    i = end;
                    continue;
                }
            }
            out.extend(&s[i..after]);
            i = after;
            continue;
        }
        out.push(s[i]);
        i += 1;
    }
    Ok(out)
}

/// The text of LaTeX markup: formatting kept as its content, references, footnotes and
/// superscripts (footnote marks) dropped, symbols as characters, spaces collapsed.
pub(crate) fn plain(text: &str, macros: &[(String, String)], depth: usize) -> String {
    let s = chars(text);
    let mut out = String::new();
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        match c {
            '\\' => {
                let (name, after) = command(&s, i + 1);
                i = after;
                if let Some((_, value)) = macros.iter().find(|(m, _)| *m == name) {
                    out.push_str(value);
                    continue;
                }
                if let Some((_, symbol)) = SYMBOLS.iter().find(|(n, _)| *n == name) {
                    out.push_str(symbol);
                    continue;
                }
                if CITES.contains(&name.trim_end_matches('*')) {
                    // `\citep[see][p.~3]{key}`: up to two optional arguments, then the keys.
                    i = optional(&s, optional(&s, i));
                    if let Some((_, end)) = group(&s, i) {
                        i = end;
                    }
                    if !out.ends_with([' ', '~']) && !out.is_empty() {
                        out.push(' ');
                    }
                    out.push_str(CITED);
                    continue;
                }
                if let Some(&(_, args)) = DROPPED.iter().find(|(n, _)| *n == name) {
                    // A table note's reference leaves its mark, as a printed `†` does.
                    if matches!(name.as_str(), "tnote" | "footnotemark" | "tablefootnote")
                        && !out.ends_with(crate::value::NOTE_MARK)
                    {
                        out.push(crate::value::NOTE_MARK);
                    }
                    i = optional(&s, i);
                    i = parenthesised(&s, i);
                    for _ in 0..args {
                        i = optional(&s, i);
                        if let Some((_, end)) = group(&s, i) {
                            i = end;
                        }
                    }
                    continue;
                }
                match name.as_str() {
                    // A definition is no text: its name, arguments and body are skipped.
                    "newcommand" | "renewcommand" | "providecommand" | "def" => {
                        while i < s.len() && s[i].is_whitespace() {
                            i += 1;
                        }
                        if s.get(i) == Some(&'\\') {
                            i = command(&s, i + 1).1;
                        } else if let Some((_, end)) = group(&s, i) {
                            i = end;
                        }
                        i = optional(&s, i);
                        i = optional(&s, i);
                        if let Some((_, end)) = group(&s, i) {
                            i = end;
                        }
                    }
                    "%" | "&" | "_" | "#" | "$" | "{" | "}" => out.push_str(&name),
                    "," | ";" | ":" | "!" | " " | "\\" | "quad" | "qquad" | "newline" => {
                        out.push(' ')
                    }
                    // `\rotatebox[origin=c]{90}{Accuracy}`, `\scalebox{0.8}{...}`: the box's
                    // setting is no text, its content is (`\resizebox{w}{h}{...}` has two).
                    "textcolor" | "colorbox" | "rotatebox" | "turnbox" | "scalebox"
                    | "resizebox" => {
                        i = optional(&s, i);
                        for _ in 0..1 + usize::from(name == "resizebox") {
                            if let Some((_, end)) = group(&s, i) {
                                i = end;
                            }
                        }
                    }
                    "SI" | "SIrange" => {
                        if let Some((number, end)) = group(&s, optional(&s, i)) {
                            out.push_str(&plain(&number, macros, depth + 1));
                            i = end;
                            if let Some((unit, end)) = group(&s, i) {
                                if unit.contains("percent") {
                                    out.push('%');
                                } else {
                                    // Another unit (`\permille`) stays, so that the figure
                                    // is not read as a fraction or a percentage.
                                    let unit = plain(&unit, macros, depth + 1);
                                    if !unit.trim().is_empty() {
                                        out.push(' ');
                                        out.push_str(unit.trim());
                                    }
                                }
                                i = end;
                            }
                        }
                    }
                    "begin" | "end" => {
                        // An environment inside a cell (`minipage`, `tabular`): its name and,
                        // when it opens, its position and width arguments are not text.
                        if let Some((env, end)) = group(&s, i) {
                            i = end;
                            if name == "begin"
                                && matches!(env.trim(), "minipage" | "tabular" | "array")
                            {
                                i = optional(&s, i);
                                if let Some((_, end)) = group(&s, i) {
                                    i = end;
                                }
                            }
                        }
                    }
                    // `\frac{TP}{TP+FN}`: a formula's division, bracketed as a whole (a
                    // header's formula after its name), `(TP/(TP+FN))`.
                    "frac" | "dfrac" | "tfrac" => {
                        if let Some((top, end)) = group(&s, i) {
                            if let Some((bottom, end)) = group(&s, end) {
                                let term = |part: &str| {
                                    let text = plain(part, macros, depth + 1);
                                    if text.contains(['+', '-', '−', ' ']) {
                                        format!("({text})")
                                    } else {
                                        text
                                    }
                                };
                                out.push_str(&format!("({}/{})", term(&top), term(&bottom)));
                                i = end;
                            }
                        }
                    }
                    "makecell" | "shortstack" | "num" | "tablenum" | "parbox" => {
                        i = optional(&s, i);
                        if name == "parbox" {
                            if let Some((_, end)) = group(&s, i) {
                                i = end;
                            }
                        }
                    }
                    _ => {}
                }
            }
            '^' => {
                // A superscript: a footnote mark (kept as one, [`crate::value::NOTE_MARK`])
                // or an exponent, never part of a value.
                i += 1;
                let start = i;
                if let Some((_, end)) = group(&s, i) {
                    i = end;
                } else if i < s.len() {
                    if s[i] == '\\' {
                        let (_, after) = command(&s, i + 1);
                        i = after;
                    } else {
                        i += 1;
                    }
                }
                let raised: String = s[start..i].iter().collect();
                if superscript_mark(&raised) && !out.ends_with(crate::value::NOTE_MARK) {
                    out.push(crate::value::NOTE_MARK);
                }
            }
            '_' => i += 1,
            '{' | '}' | '$' => i += 1,
            '~' => {
                out.push(' ');
                i += 1;
            }
            c if c.is_whitespace() => {
                if !out.ends_with(' ') {
                    out.push(' ');
                }
                i += 1;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
        if depth > 64 {
            break;
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether a superscript's source (`{\dagger}`, `*`, `{a}`, `{\textit{b}}`) is a footnote's
/// mark, not an exponent.
fn superscript_mark(raised: &str) -> bool {
    let inner = raised
        .trim()
        .trim_start_matches('{')
        .trim_end_matches('}')
        .trim();
    let inner = [
        "\\text{",
        "\\textit{",
        "\\mathrm{",
        "\\mathit{",
        "\\textrm{",
    ]
    .iter()
    .find_map(|w| inner.strip_prefix(w))
    .map_or(inner, |rest| rest.trim_end_matches('}'));
    match inner.strip_prefix('\\') {
        Some(command) => matches!(
            command.trim(),
            "dagger" | "ddagger" | "ast" | "star" | "S" | "P" | "#" | "dag" | "ddag"
        ),
        None => crate::value::is_note_mark(inner),
    }
}

/// The text with every `\name[..]{..}` taken out (a float's caption, read on its own).
fn without_command(s: &[char], name: &str) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < s.len() {
        if s[i] == '\\' {
            let (found, after) = command(s, i + 1);
            if found == name {
                if let Some((_, end)) = group(s, optional(s, after)) {
                    i = end;
                    continue;
                }
            }
            out.extend(&s[i..after.max(i + 1)]);
            i = after.max(i + 1);
            continue;
        }
        out.push(s[i]);
        i += 1;
    }
    out
}

/// Where each `\begin{name}` ... `\end{name}` of `names` lies: (env, start, body start,
/// body end, end), outermost first, nested ones of the same names skipped.
fn environments(
    s: &[char],
    wanted: &dyn Fn(&str) -> bool,
) -> Vec<(String, usize, usize, usize, usize)> {
    let mut found = Vec::new();
    let mut i = 0;
    while i < s.len() {
        if s[i] == '\\' {
            let (name, after) = command(s, i + 1);
            if name == "begin" {
                if let Some((env, body)) = group(s, after) {
                    let env = env.trim().to_string();
                    if wanted(&env) {
                        // The matching \end, counting nested environments of the same name.
                        let mut depth = 1usize;
                        let mut j = body;
                        let mut end = None;
                        while j < s.len() {
                            if s[j] == '\\' {
                                let (n, a) = command(s, j + 1);
                                if n == "begin" || n == "end" {
                                    if let Some((e, a2)) = group(s, a) {
                                        if e.trim() == env {
                                            if n == "begin" {
                                                depth += 1;
                                            } else {
                                                depth -= 1;
                                                if depth == 0 {
                                                    end = Some((j, a2));
                                                    break;
                                                }
                                            }
                                        }
                                        j = a2;
                                        continue;
                                    }
                                }
                                j = a;
                                continue;
                            }
                            j += 1;
                        }
                        let (body_end, stop) = end.unwrap_or((s.len(), s.len()));
                        found.push((env, i, body, body_end, stop));
                        i = stop;
                        continue;
                    }
                }
            }
            i = after;
            continue;
        }
        i += 1;
    }
    found
}

/// Whether a tabular's body opens a brace it never closes (outside `\{`).
fn braces_unbalanced(s: &[char]) -> bool {
    let mut depth = 0usize;
    let mut i = 0;
    while i < s.len() {
        match s[i] {
            '\\' => i += 1,
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    depth > 0
}

/// The body rows of a tabular: split at `\\` and cells at `&`, both at depth 0.
fn split_rows(s: &[char]) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let mut row = Vec::new();
    let mut cell = String::new();
    let mut depth = 0usize;
    let mut env_depth = 0usize;
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        match c {
            '\\' if i + 1 < s.len() => {
                let (name, after) = command(s, i + 1);
                if depth == 0 && env_depth == 0 && (name == "\\" || name == "tabularnewline") {
                    row.push(std::mem::take(&mut cell));
                    rows.push(std::mem::take(&mut row));
                    // `\\[2pt]` and `\\*`
                    i = optional(s, after);
                    continue;
                }
                if name == "begin" {
                    env_depth += 1;
                } else if name == "end" {
                    env_depth = env_depth.saturating_sub(1);
                }
                cell.extend(&s[i..after]);
                i = after;
                continue;
            }
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            '&' if depth == 0 && env_depth == 0 => {
                row.push(std::mem::take(&mut cell));
                i += 1;
                continue;
            }
            _ => {}
        }
        cell.push(c);
        i += 1;
    }
    row.push(cell);
    rows.push(row);
    rows
}

/// A longtable's body without the parts it prints on other pages: the head repeated after
/// `\endfirsthead` (up to `\endhead`) and the feet (up to `\endfoot`, `\endlastfoot`);
/// their `continued on next page` had joined every row's label.
fn without_repeated_heads_and_feet(body: &[char]) -> Vec<char> {
    let marks = ["endfirsthead", "endhead", "endfoot", "endlastfoot"];
    let text: String = body.iter().collect();
    if !marks.iter().any(|m| text.contains(&format!("\\{m}"))) {
        return body.to_vec();
    }
    let has_first_head = text.contains("\\endfirsthead");
    let mut out = Vec::with_capacity(body.len());
    let mut start = 0;
    let mut i = 0;
    while i < body.len() {
        if body[i] == '\\' {
            let (name, after) = command(body, i + 1);
            if marks.contains(&name.as_str()) {
                let keep = match name.as_str() {
                    "endfirsthead" => true,
                    "endhead" => !has_first_head,
                    _ => false,
                };
                if keep {
                    out.extend_from_slice(&body[start..i]);
                }
                start = after;
                i = after;
                continue;
            }
            i = after;
            continue;
        }
        i += 1;
    }
    out.extend_from_slice(&body[start..]);
    out
}

/// Rules and other row-level commands that are not content (`\hline`, `\toprule`, ...).
fn without_rules(cell: &str) -> String {
    let s = chars(cell);
    let mut out = String::new();
    let mut i = 0;
    while i < s.len() {
        if s[i] == '\\' {
            let (name, after) = command(&s, i + 1);
            let args = match name.as_str() {
                "hline" | "toprule" | "midrule" | "bottomrule" | "endhead" | "endfirsthead"
                | "endfoot" | "endlastfoot" | "noalign" | "specialrule" | "hdashline"
                | "centering" | "raggedright" | "raggedleft" | "morecmidrules" => Some(0),
                "cline" | "cmidrule" | "hhline" | "rowcolor" | "cdashline" => Some(1),
                "caption" | "label" => Some(1),
                _ => None,
            };
            if let Some(args) = args {
                let mut j = optional(&s, after);
                j = parenthesised(&s, j);
                for _ in 0..args {
                    if let Some((_, end)) = group(&s, j) {
                        j = end;
                    }
                }
                if name == "noalign" || name == "specialrule" {
                    if let Some((_, end)) = group(&s, j) {
                        j = end;
                    }
                }
                i = j;
                continue;
            }
            out.extend(&s[i..after]);
            i = after;
            continue;
        }
        out.push(s[i]);
        i += 1;
    }
    out
}

/// A cell's span and text: `\multicolumn{n}{spec}{x}` and `\multirow{n}{w}{x}`, nested.
fn cell(text: &str, macros: &[(String, String)]) -> RawCell {
    let mut text = text.trim().to_string();
    let mut colspan = 1;
    let mut rowspan = 1;
    let mut rowspan_up = 0;
    for _ in 0..4 {
        let s = chars(&text);
        if s.first() != Some(&'\\') {
            break;
        }
        let (name, after) = command(&s, 1);
        let args = match name.as_str() {
            "multicolumn" => 3,
            "multirow" | "multirowcell" => 3,
            _ => break,
        };
        let mut i = after;
        let mut parts = Vec::new();
        for _ in 0..args {
            i = optional(&s, i);
            match group(&s, i) {
                Some((part, end)) => {
                    parts.push(part);
                    i = end;
                }
                None => {
                    // `\multirow{2}*{x}`: a bare star for the width.
                    let mut j = i;
                    while j < s.len() && s[j].is_whitespace() {
                        j += 1;
                    }
                    if s.get(j) == Some(&'*') {
                        parts.push("*".to_string());
                        i = j + 1;
                    } else {
                        break;
                    }
                }
            }
        }
        if parts.len() < args && !(name == "multirowcell" && parts.len() == 2) {
            break;
        }
        let count = parts[0].trim().parse::<usize>().unwrap_or(1).clamp(1, 256);
        if name == "multicolumn" {
            colspan = count;
        } else if let Some(up) = parts[0].trim().strip_prefix('-') {
            // `\multirow{-2}`: the cell and the row above it.
            rowspan_up = up.trim().parse::<usize>().unwrap_or(1).clamp(1, 256) - 1;
        } else {
            rowspan = count;
        }
        let mut inner = parts.last().cloned().unwrap_or_default();
        // Anything after the construct (a footnote mark) stays with the content.
        inner.extend(&s[i..]);
        text = inner.trim().to_string();
    }
    let mut plain_text = plain(&text, macros, 0);
    if plain_text.is_empty() {
        if let Some(name) = unknown_command(&text) {
            plain_text = format!("\\{name}");
        }
    }
    RawCell {
        text: plain_text,
        colspan,
        rowspan,
        rowspan_up,
        header: false,
    }
}

/// Commands that print nothing in a cell: rules, spacing, font and colour switches.
const PRINTS_NOTHING: &[&str] = &[
    "hline",
    "toprule",
    "midrule",
    "bottomrule",
    "cline",
    "cmidrule",
    "addlinespace",
    "specialrule",
    "hdashline",
    "cdashline",
    "morecmidrules",
    "Xhline",
    "vline",
    "centering",
    "raggedright",
    "raggedleft",
    "arraybackslash",
    "bf",
    "it",
    "rm",
    "em",
    "tt",
    "sf",
    "sc",
    "sl",
    "bfseries",
    "itshape",
    "mdseries",
    "upshape",
    "rmfamily",
    "sffamily",
    "ttfamily",
    "scshape",
    "normalfont",
    "boldmath",
    "unboldmath",
    "tiny",
    "scriptsize",
    "footnotesize",
    "small",
    "normalsize",
    "large",
    "Large",
    "LARGE",
    "huge",
    "Huge",
    "hfill",
    "hss",
    "relax",
    "null",
    "empty",
    "strut",
    "bigstrut",
    "noindent",
    "par",
    "nobreak",
    "linebreak",
    "newline",
    "tabularnewline",
    "cr",
    "rowcolor",
    "cellcolor",
    "color",
    "hspace",
    "vspace",
    "phantom",
    "hphantom",
    "vphantom",
    "rule",
    "noalign",
    "label",
    "textcolor",
    "colorbox",
    "makecell",
    "shortstack",
    "num",
    "tablenum",
    "parbox",
    "begin",
    "end",
    "newcommand",
    "renewcommand",
    "providecommand",
    "def",
    "global",
    "protect",
    "leavevmode",
    "selectfont",
    "fontsize",
    "setlength",
    "arrayrulecolor",
    "ignorespaces",
    "unskip",
    "kern",
    "quad",
    "qquad",
    "enspace",
    "thinspace",
    "negthinspace",
];

/// The first command in a cell that LaTeX would print as something the reader does not
/// know (an undefined macro, or one defined twice with other bodies, `\accB`): a cell
/// holding only such a command is not empty, and is kept as its name (an empty cell would
/// make the row's label the first line of the next row's).
fn unknown_command(text: &str) -> Option<String> {
    let s = chars(text);
    let mut i = 0;
    while i < s.len() {
        if s[i] == '\\' {
            let (name, after) = command(&s, i + 1);
            i = after;
            let known = name.is_empty()
                || !name.chars().all(char::is_alphabetic)
                || PRINTS_NOTHING.contains(&name.as_str())
                || SYMBOLS.iter().any(|(n, _)| *n == name)
                || DROPPED.iter().any(|(n, _)| *n == name);
            if !known {
                return Some(name);
            }
        } else {
            i += 1;
        }
    }
    None
}

/// Whether an environment is a table float whose caption and label belong to the tabulars
/// inside it: `table`, `table*`, and the classes' and packages' own (`sidewaystable`,
/// `wraptable`, a journal's `paperwidetable`), by the name's ending; never a tabular itself.
fn is_table_float(env: &str) -> bool {
    let name = env.strip_suffix('*').unwrap_or(env);
    name.ends_with("table") && !TABULARS.iter().any(|(n, _)| *n == env || *n == name)
}

/// The tables of a LaTeX document.
pub(crate) fn read(
    text: &str,
    limits: &Limits,
    resolve: &dyn Fn(&str) -> Option<String>,
) -> Result<Document, Error> {
    let text = uncommented(text);
    let mut budget = limits.max_bytes.saturating_sub(text.len());
    let text = inputs(&text, limits, resolve, &mut Vec::new(), &mut budget)?;
    // Expansion may at most double the text (or reach a megabyte), within the input bound.
    let grown = text
        .len()
        .saturating_mul(2)
        .max(1 << 20)
        .min(limits.max_bytes);
    let text = expand_argument_macros(&text, grown);
    let macros = number_macros(&text);
    let s = chars(&text);
    let floats = environments(&s, &is_table_float);
    let tabulars = environments(&s, &|env| TABULARS.iter().any(|(n, _)| *n == env));
    // Panels of a float (`minipage`, `subtable`) with a caption of their own.
    let panels = environments(&s, &|env| {
        matches!(env, "minipage" | "subtable" | "subfigure")
    });
    let mut tables = Vec::new();
    let mut count_in_float: Vec<usize> = vec![0; floats.len()];
    let mut float_titles: Vec<Option<(String, Option<String>)>> = vec![None; floats.len()];
    let more_tables = tabulars.len() > limits.max_tables;
    for (env, start, body, body_end, _) in tabulars.iter().take(limits.max_tables) {
        let args = TABULARS
            .iter()
            .find(|(n, _)| n == env)
            .map_or(1, |(_, a)| *a);
        let mut i = optional(&s, *body);
        for _ in 0..args {
            i = optional(&s, i);
            if let Some((_, end)) = group(&s, i) {
                i = end;
            }
        }
        let inner: Vec<char> = s[i.min(*body_end)..*body_end].to_vec();
        let float = floats
            .iter()
            .position(|(_, fs, _, _, fe)| fs <= start && start < fe);
        // A float's caption and label are read once, however many tabulars it holds; a
        // tabular outside a float (a longtable) carries its own.
        // A panel of the float holding this tabular and a caption of its own titles it
        // (the innermost such panel).
        let panel = panels
            .iter()
            .filter(|(_, ps, _, _, pe)| ps <= start && start < pe)
            .filter(|(_, ps, _, _, _)| float.is_none_or(|k| floats[k].1 <= *ps))
            .map(|(_, _, pb, pbe, _)| titles(&s[*pb..*pbe], &macros))
            .rfind(|(caption, _)| !caption.is_empty());
        let own_panel = panel.is_some();
        let (caption, mut label) = match (panel, float) {
            (Some(own), _) => own,
            (None, Some(k)) => float_titles[k]
                .get_or_insert_with(|| titles(&s[floats[k].2..floats[k].3], &macros))
                .clone(),
            (None, None) => titles(&inner, &macros),
        };
        if let Some(k) = float {
            count_in_float[k] += 1;
            if count_in_float[k] > 1 && !own_panel {
                label = label.map(|l| format!("{l}-{}", count_in_float[k]));
            }
        }
        let inner = without_repeated_heads_and_feet(&inner);
        let mut rows: Vec<Vec<RawCell>> = split_rows(&inner)
            .into_iter()
            .map(|row| {
                row.iter()
                    .map(|c| cell(&without_rules(c), &macros))
                    .collect::<Vec<_>>()
            })
            .filter(|row: &Vec<RawCell>| row.iter().any(|c| !c.text.is_empty()))
            .take(limits.max_rows.saturating_add(1))
            .collect();
        let more_rows = rows.len() > limits.max_rows;
        rows.truncate(limits.max_rows);
        fill_multirows(&mut rows);
        // The rest of a table continued in a float of its own (`\ContinuedFloat`, the
        // caption package's) often prints no header row: the table before's heads it.
        let continued = float.is_some_and(|k| {
            s[floats[k].2..floats[k].3]
                .iter()
                .collect::<String>()
                .contains("\\ContinuedFloat")
        });
        let names_a_score = |row: &[RawCell]| {
            row.iter()
                .any(|c| crate::names::score_of_header(&c.text).is_some())
        };
        if continued && rows.first().is_some_and(|row| !names_a_score(row)) {
            let before: Option<&RawTable> = tables.last();
            if let Some(head) = before
                .and_then(|before| before.rows.first())
                .filter(|head| names_a_score(head) && head.len() == rows[0].len())
            {
                rows.insert(0, head.clone());
            }
        }
        tables.push(RawTable {
            label,
            caption,
            heading: heading_before(&s, *start, &macros),
            rows,
            more_rows,
            unbalanced: braces_unbalanced(&inner),
            ..RawTable::default()
        });
    }
    // Lists of figures (`\item \textbf{accuracy}: 92\%;`), read as a Markdown list is: the
    // paragraph before the list as its caption, the section above as its heading (and the
    // model's name, where it names one).
    let lists = environments(&s, &|env| matches!(env, "itemize" | "enumerate"));
    for (_, start, body, body_end, _) in &lists {
        if tables.len() >= limits.max_tables {
            break;
        }
        let inner: String = s[*body..*body_end].iter().collect();
        let items: Vec<String> = list_items(&inner)
            .iter()
            .map(|item| {
                plain(item, &macros, 0)
                    .trim()
                    .trim_end_matches([';', '.', ','])
                    .trim()
                    .to_string()
            })
            .filter(|item| !item.is_empty())
            .take(limits.max_rows)
            .collect();
        let before: String = s[..*start].iter().collect();
        let paragraph = before.rsplit("\n\n").next().unwrap_or("");
        let caption = plain(paragraph, &macros, 0);
        let heading = heading_before(&s, *start, &macros);
        if let Some(table) =
            crate::markdown::metrics_list(&items, caption.trim(), &heading, &heading)
        {
            tables.push(table);
        }
    }
    // The running text, tables out, for the protocol.
    let mut source = String::new();
    let mut last = 0;
    for (_, start, _, _, end) in &floats {
        if *start >= last {
            source.extend(&s[last..*start]);
            source.push_str("\n\n");
            last = *end;
        }
    }
    source.extend(&s[last.min(s.len())..]);
    let mut running = paragraphs(&source)
        .iter()
        .map(|p| plain(p, &macros, 0))
        .collect::<Vec<_>>()
        .join("\n\n");
    // What a float says beside its tabulars and caption (a table's notes, a minipage's
    // `Note: every figure is the mean over ten runs`) and what footnotes say: text too.
    for (_, _, body, body_end, _) in &floats {
        let mut rest = String::new();
        let mut last = *body;
        for (_, start, _, _, end) in tabulars.iter().filter(|t| t.1 >= *body && t.4 <= *body_end) {
            if *start >= last {
                rest.extend(&s[last..*start]);
                rest.push('\n');
                last = *end;
            }
        }
        rest.extend(&s[last.min(*body_end)..*body_end]);
        let rest = without_command(&chars(&rest), "caption");
        let note = plain(&rest, &macros, 0);
        if note.chars().any(char::is_alphabetic) {
            running.push_str("\n\n");
            running.push_str(&note);
        }
    }
    for name in ["footnote", "footnotetext", "tablefootnote", "tnote"] {
        let mut i = 0;
        while i < s.len() {
            if s[i] == '\\' {
                let (found, after) = command(&s, i + 1);
                if found == name {
                    if let Some((text, end)) = group(&s, optional(&s, after)) {
                        running.push_str("\n\n");
                        running.push_str(&plain(&text, &macros, 0));
                        i = end;
                        continue;
                    }
                }
                i = after.max(i + 1);
                continue;
            }
            i += 1;
        }
    }
    Ok(Document {
        tables,
        text: running,
        more_tables,
        code: String::new(),
    })
}

/// The items of a list's body: the text after each `\item` (not `\itemsep`), up to the
/// next; a nested list stays inside its item.
fn list_items(body: &str) -> Vec<String> {
    let s = chars(body);
    let mut items: Vec<String> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < s.len() {
        if s[i] == '\\' {
            let (name, after) = command(&s, i + 1);
            match name.as_str() {
                "begin" => depth += 1,
                "end" => depth = depth.saturating_sub(1),
                "item" if depth == 0 => {
                    items.push(String::new());
                    i = optional(&s, after);
                    continue;
                }
                _ => {}
            }
            if let Some(item) = items.last_mut() {
                item.extend(&s[i..after]);
            }
            i = after.max(i + 1);
            continue;
        }
        if let Some(item) = items.last_mut() {
            item.push(s[i]);
        }
        i += 1;
    }
    items
}

/// `\multirow` leaves an empty cell in each row it covers (unlike HTML's `rowspan`, whose
/// covered cells are absent): its text goes into those placeholders, below it or, for a
/// negative count, above it, and the span is dropped.
fn fill_multirows(rows: &mut [Vec<RawCell>]) {
    let position =
        |row: &[RawCell], index: usize| -> usize { row[..index].iter().map(|c| c.colspan).sum() };
    for r in 0..rows.len() {
        for index in 0..rows[r].len() {
            let up = std::mem::take(&mut rows[r][index].rowspan_up);
            if up > 0 {
                let at = position(&rows[r], index);
                let text = rows[r][index].text.clone();
                for above in rows[r.saturating_sub(up)..r].iter_mut() {
                    let found = (0..above.len()).find(|&i| position(above, i) == at);
                    if let Some(i) = found {
                        if above[i].text.is_empty() {
                            above[i].text = text.clone();
                        }
                    }
                }
            }
            let span = rows[r][index].rowspan;
            if span <= 1 {
                continue;
            }
            rows[r][index].rowspan = 1;
            let at = position(&rows[r], index);
            let text = rows[r][index].text.clone();
            for below in rows.iter_mut().skip(r + 1).take(span - 1) {
                let found = (0..below.len()).find(|&i| position(below, i) == at);
                if let Some(i) = found {
                    if below[i].text.is_empty() {
                        below[i].text = text.clone();
                    }
                }
            }
        }
    }
}

/// The paragraphs of LaTeX source: split at blank lines, and section titles on their own
/// (a heading is not the start of the sentence after it).
fn paragraphs(source: &str) -> Vec<String> {
    let mut out = Vec::new();
    for paragraph in source.split("\n\n") {
        let s = chars(paragraph);
        let mut current = String::new();
        let mut i = 0;
        while i < s.len() {
            if s[i] == '\\' {
                let (n, after) = command(&s, i + 1);
                if matches!(
                    n.as_str(),
                    "section"
                        | "subsection"
                        | "subsubsection"
                        | "section*"
                        | "subsection*"
                        | "subsubsection*"
                        | "paragraph"
                        | "caption"
                ) {
                    if let Some((title, end)) = group(&s, optional(&s, after)) {
                        out.push(std::mem::take(&mut current));
                        out.push(title);
                        i = end;
                        continue;
                    }
                }
                // Each item of a list is a sentence of its own (`\item Train/Test Split:
                // 80/20` and `\item Cross-Validation: 10-fold` are two statements).
                if n == "item" {
                    out.push(std::mem::take(&mut current));
                    i = after;
                    continue;
                }
                current.extend(&s[i..after]);
                i = after;
                continue;
            }
            current.push(s[i]);
            i += 1;
        }
        out.push(current);
    }
    out.retain(|p| !p.trim().is_empty());
    out
}

/// The caption (as text) and the label of a float's or a longtable's body.
fn titles(context: &[char], macros: &[(String, String)]) -> (String, Option<String>) {
    let mut caption = String::new();
    let mut label = None;
    if let Some(at) = find_command(context, "caption") {
        let j = optional(context, at);
        if let Some((c, _)) = group(context, j) {
            caption = plain(&c, macros, 0);
        }
    } else if let Some(at) = find_command(context, "captionof") {
        // `\captionof{table}{...}` (package capt-of, in a minipage): the second group.
        if let Some((_, after)) = group(context, at) {
            let j = optional(context, after);
            if let Some((c, _)) = group(context, j) {
                caption = plain(&c, macros, 0);
            }
        }
    }
    if let Some(at) = find_command(context, "label") {
        if let Some((l, _)) = group(context, at) {
            label = Some(l.trim().to_string());
        }
    }
    (caption, label)
}

/// The index just after the first `\name` in `s`.
fn find_command(s: &[char], name: &str) -> Option<usize> {
    let mut i = 0;
    while i < s.len() {
        if s[i] == '\\' {
            let (n, after) = command(s, i + 1);
            if n == name {
                return Some(after);
            }
            i = after;
            continue;
        }
        i += 1;
    }
    None
}

/// The title of the last `\section` or `\subsection` before `at`.
fn heading_before(s: &[char], at: usize, macros: &[(String, String)]) -> String {
    let window_start = at.saturating_sub(200_000);
    let mut best = String::new();
    let mut i = window_start;
    while i < at {
        if s[i] == '\\' {
            let (n, after) = command(s, i + 1);
            if matches!(
                n.as_str(),
                "section"
                    | "subsection"
                    | "subsubsection"
                    | "section*"
                    | "subsection*"
                    | "paragraph"
            ) {
                if let Some((title, end)) = group(s, optional(s, after)) {
                    best = plain(&title, macros, 0);
                    i = end;
                    continue;
                }
            }
            i = after;
            continue;
        }
        i += 1;
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_floats_by_name() {
        for env in [
            "table",
            "table*",
            "sidewaystable",
            "wraptable",
            "paperwidetable",
        ] {
            assert!(is_table_float(env), "{env}");
        }
        for env in ["tabular", "longtable", "longtable*", "figure", "tablenotes"] {
            assert!(!is_table_float(env), "{env}");
        }
    }

    #[test]
    fn cells_lose_their_markup() {
        let m = vec![("accA".to_string(), "95.4".to_string())];
        assert_eq!(plain(r"\textbf{95.40}$\pm$0.3", &m, 0), "95.40±0.3");
        // A note's mark stays as one (values pass over it, a label keeps it).
        assert_eq!(plain(r"\underline{0.91}$^{a}$", &m, 0), "0.91†");
        assert_eq!(plain(r"\num{0.912}\tnote{b}", &m, 0), "0.912†");
        assert_eq!(plain(r"SVM$^{\dagger}$", &m, 0), "SVM†");
        assert_eq!(plain(r"$10^{-3}$ and $R^2$", &m, 0), "10 and R");
        assert_eq!(plain(r"\accA", &m, 0), "95.4");
        assert_eq!(plain(r"\textcolor{red}{\emph{88.1}}", &m, 0), "88.1");
        assert_eq!(plain(r"F$_1$-score", &m, 0), "F1-score");
        assert_eq!(plain(r"Acc. (\%)", &m, 0), "Acc. (%)");
        assert_eq!(plain(r"$\frac{TN}{TN+FP}$", &m, 0), "(TN/(TN+FP))");
        assert_eq!(
            plain(
                r"\begin{minipage}[b]{\linewidth}Bananas\end{minipage}",
                &m,
                0
            ),
            "Bananas"
        );
    }

    #[test]
    fn spans_are_read() {
        let c = cell(r"\multicolumn{3}{c|}{\textbf{ecoli1}}", &[]);
        assert_eq!((c.text.as_str(), c.colspan), ("ecoli1", 3));
        let c = cell(r"\multirow{2}{*}{SVM}", &[]);
        assert_eq!((c.text.as_str(), c.rowspan), ("SVM", 2));
        let c = cell(r"\multirow{2}*{SVM}", &[]);
        assert_eq!((c.text.as_str(), c.rowspan), ("SVM", 2));
    }

    #[test]
    fn macros_with_arguments_are_expanded_as_latex_prints_them() {
        let expand = |t: &str| expand_argument_macros(t, 1 << 20);
        // An optional first argument takes its default when the use gives none.
        let t = expand(r"\newcommand{\pick}[2][0.1]{#1} A & \pick{0.9} \\");
        assert!(t.ends_with(r"A & 0.1 \\"), "{t}");
        assert!(expand(r"\newcommand{\pick}[2][0.1]{#1} \pick[0.3]{0.9}").ends_with(" 0.3"));
        assert!(expand(r"\newcommand{\twice}[1]{#1#1} \twice{5}").ends_with(" 55"));
        assert!(
            expand(r"\newcommand*{\best}[1]{\textbf{#1}} \best{0.9}").ends_with(r" \textbf{0.9}")
        );
        // A macro without arguments that ends a row is expanded, so that the row ends.
        assert!(expand(r"\newcommand{\tl}{\strut\\} a & b \tl").ends_with(r" a & b \strut\\"));
        // A body that drops its argument hides it.
        assert!(expand(r"\newcommand{\hide}[1]{} x\hide{0.91}y").ends_with(" xy"));
        // Nested uses expand in later passes; a macro that never stops is cut to `??`.
        assert!(expand(r"\newcommand{\b}[1]{[#1]} \b{\b{2}}").ends_with(" [[2]]"));
        let t = expand(r"\newcommand{\loop}[1]{\loop{#1}} \loop{0.5}");
        assert!(t.ends_with(" ??"), "{t}");
        // A body that multiplies itself stops at the size bound.
        let t = expand_argument_macros(
            r"\newcommand{\m}[1]{\m{#1}\m{#1}\m{#1}\m{#1}\m{#1}\m{#1}\m{#1}\m{#1}} \m{0.5}",
            10_000,
        );
        assert!(
            t.len() < 30_000 && !t.contains(r"\m{0.5}") && t.contains("??"),
            "{}",
            t.len()
        );
    }

    #[test]
    fn macros_and_comments() {
        let m = number_macros(
            r"\newcommand{\accA}{95.4} \def\b{0.5} \newcommand{\best}[1]{\textbf{#1}}",
        );
        assert_eq!(
            m,
            vec![("accA".into(), "95.4".into()), ("b".into(), "0.5".into())]
        );
        assert_eq!(without_comments("a % b\nc \\% d"), "a \nc \\% d");
        // What a LaTeX run leaves out.
        assert_eq!(
            uncommented("a\n\\begin{comment}\nT\n\\end{comment}\nb \\iffalse x \\ifnum1=1 y\\fi z\\fi c \\iffalse u\\else v\\fi"),
            "a\n\nb  c  v"
        );
        assert_eq!(uncommented("\\iffalsex \\fi"), "\\iffalsex \\fi");
        assert_eq!(uncommented("a \\iffalse $x \\iff y$ T\\fi b"), "a  b");
        assert_eq!(uncommented("a \\iffalse open"), "a \\iffalse open");
        assert_eq!(
            uncommented("\\iffalse \\ifthenelse{1}{2}{3} \\newif\\ifdraft t\\fi k"),
            " k"
        );
        // What a switch never set true, `\if0`, a false boolean or toggle leave out.
        assert_eq!(
            uncommented("\\newif\\ifdraft\\draftfalse a \\ifdraft T\\else U\\fi b \\if0 V\\fi c"),
            "\\newif\\ifdraft\\draftfalse a  U b  c"
        );
        // What `\\iftrue` and a switch set true (and never false) leave out: the other branch.
        assert_eq!(
            uncommented("\\newif\\iffinal\\finaltrue \\iffinal T\\fi"),
            "\\newif\\iffinal\\finaltrue  T"
        );
        assert_eq!(
            uncommented("\\newif\\iffinal\\finaltrue a \\iffinal T\\else U\\fi b \\iftrue V\\else \\iffalse W\\fi X\\fi c"),
            "\\newif\\iffinal\\finaltrue a  T b  V c"
        );
        assert_eq!(
            uncommented("\\newif\\iffinal\\finaltrue\\finalfalse \\iffinal T\\else U\\fi"),
            "\\newif\\iffinal\\finaltrue\\finalfalse \\iffinal T\\else U\\fi"
        );
        assert_eq!(
            uncommented("\\newboolean{old}\\setboolean{old}{false} \\ifthenelse{\\boolean{old}}{T}{U} \\newtoggle{x} \\iftoggle{x}{V}{} w"),
            "\\newboolean{old}\\setboolean{old}{false} U \\newtoggle{x}  w"
        );
        assert_eq!(
            uncommented("\\newtoggle{x}\\toggletrue{x} \\iftoggle{x}{V}{W}"),
            "\\newtoggle{x}\\toggletrue{x} \\iftoggle{x}{V}{W}"
        );
        // A macro standing for another number macro.
        let m = number_macros(r"\newcommand{\x}{0.954} \newcommand{\y}{\x}");
        // Defined twice with other bodies: no one number.
        assert!(number_macros(r"\def\a{0.9} x \def\a{0.8}").is_empty());
        assert!(number_macros(r"\def\a{0.9} \renewcommand{\a}{\textbf{0.9}}").is_empty());
        assert_eq!(number_macros(r"\def\a{0.9} \def\a{0.9}").len(), 1);
        assert_eq!(m[1], ("y".into(), "0.954".into()));
    }
}
