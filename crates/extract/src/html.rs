//! HTML tables, by scraper (html5ever): `<table>` rows and `th`/`td` cells with their
//! `colspan` and `rowspan`, the `<caption>` or the enclosing figure's `<figcaption>` (arXiv's
//! LaTeXML: `ltx_tabular` in a `figure.ltx_table` with an `ltx_caption`), footnote marks
//! (`<sup>`), MathML annotations and LaTeXML notes left out.

use scraper::{ElementRef, Html, Node};

use crate::model::{RawCell, RawTable};
use crate::{Document, Error, ErrorKind, Limits};

/// Elements whose text is never a cell's value or a caption's words.
const SKIPPED: &[&str] = &[
    "sup",
    "annotation",
    "annotation-xml",
    "script",
    "style",
    "template",
];

/// Whether an element is set as a superscript by its style (`<span
/// style="vertical-align:super">`, as word processors export a footnote mark): a mark, as
/// `<sup>` is, never part of a value.
fn raised(element: &scraper::node::Element) -> bool {
    element.attr("style").is_some_and(|style| {
        let squeezed: String = style
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_lowercase();
        squeezed.contains("vertical-align:super")
    })
}

/// Whether an element is not shown (`hidden`, `style="display:none"` or
/// `visibility:hidden`): its text is no part of what a reader sees in the cell.
fn not_shown(element: &scraper::node::Element) -> bool {
    element.attr("hidden").is_some()
        || element.attr("style").is_some_and(|style| {
            let squeezed: String = style
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect::<String>()
                .to_lowercase();
            squeezed.contains("display:none") || squeezed.contains("visibility:hidden")
        })
}

/// The text of an element, skipped elements left out, spaces collapsed.
fn text_of(element: ElementRef<'_>, limits: &Limits) -> String {
    let mut out = String::new();
    collect(element, &mut out, 0, limits.max_depth);
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn collect(element: ElementRef<'_>, out: &mut String, depth: usize, max_depth: usize) {
    if depth > max_depth {
        // Said in the text, so that the cell is not read as empty (a row of empty cells
        // would be taken for the first line of the next row's label).
        out.push_str(&format!(" [elements nested deeper than {max_depth}] "));
        return;
    }
    for child in element.children() {
        match child.value() {
            Node::Text(t) => out.push_str(t),
            Node::Element(e) => {
                let name = e.name();
                if name == "sup" {
                    if let Some(sup) = ElementRef::wrap(child) {
                        let text: String = sup.text().collect();
                        if crate::value::superscript_minus(&text) {
                            out.push('−');
                        } else if crate::value::is_note_mark(&text) {
                            out.push(crate::value::NOTE_MARK);
                        }
                    }
                    continue;
                }
                if SKIPPED.contains(&name)
                    || e.classes().any(|c| c == "ltx_note" || c == "ltx_tag_note")
                    || raised(e)
                    || not_shown(e)
                {
                    continue;
                }
                // A subscript after a digit (`0.93<sub>0.01</sub>`, `0.8<sub>5</sub>`) is
                // no digit of the number: kept apart (`F<sub>1</sub>` stays `F1`).
                if name == "sub" && out.ends_with(|c: char| c.is_ascii_digit()) {
                    out.push(' ');
                }
                if name == "br" {
                    out.push(' ');
                    continue;
                }
                if let Some(child) = ElementRef::wrap(child) {
                    if matches!(name, "p" | "div" | "td" | "th" | "li") {
                        out.push(' ');
                    }
                    collect(child, out, depth + 1, max_depth);
                    if matches!(name, "p" | "div") {
                        out.push(' ');
                    }
                }
            }
            _ => {}
        }
    }
}

/// The nearest ancestor `table` of a node (its own table).
fn owning_table(element: ElementRef<'_>) -> Option<ElementRef<'_>> {
    element
        .ancestors()
        .filter_map(ElementRef::wrap)
        .find(|a| a.value().name() == "table")
}

fn span(element: ElementRef<'_>, attribute: &str) -> usize {
    element
        .value()
        .attr(attribute)
        .and_then(|v| v.trim().parse::<usize>().ok())
        .unwrap_or(1)
        .clamp(1, 256)
}

/// Elements that never nest (void) or close themselves implicitly: not counted as depth.
const NOT_NESTING: &[&str] = &[
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
    "track", "wbr", "p", "li", "td", "th", "tr", "dt", "dd", "option", "thead", "tbody", "tfoot",
    "colgroup", "caption", "!doctype",
];

/// The deepest nesting of explicitly closed elements, estimated from the tags alone (before
/// parsing: html5ever's tree building slows quadratically with the depth). Comments, scripts
/// and styles are skipped.
fn nesting(text: &str) -> usize {
    let bytes = text.as_bytes();
    let (mut depth, mut deepest, mut i) = (0usize, 0usize, 0usize);
    // The depth at which an `<svg>` or `<math>` opened: inside, `<path/>` closes itself;
    // outside, `<div/>` is an open `<div>` (HTML ignores the slash), and nests.
    let mut foreign_at: Option<usize> = None;
    while let Some(at) = bytes[i..].iter().position(|&b| b == b'<') {
        i += at + 1;
        if bytes[i..].starts_with(b"!--") {
            i = text[i..].find("-->").map_or(bytes.len(), |e| i + e + 3);
            continue;
        }
        if bytes.get(i) == Some(&b'/') {
            depth = depth.saturating_sub(1);
            if foreign_at.is_some_and(|f| depth < f) {
                foreign_at = None;
            }
            continue;
        }
        let name: String = text[i..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '!' || *c == '-')
            .take(32)
            .collect::<String>()
            .to_ascii_lowercase();
        if name.is_empty() || !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
            continue;
        }
        let close = text[i..].find('>').map_or(bytes.len(), |e| i + e);
        let self_closing = close > i && bytes.get(close - 1) == Some(&b'/');
        if name == "script" || name == "style" {
            // To the matching end tag, compared without case and without copying the rest.
            let mut j = close.min(bytes.len());
            i = bytes.len();
            while let Some(at) = bytes[j..].windows(2).position(|w| w == b"</") {
                let tag = j + at + 2;
                if bytes[tag..]
                    .get(..name.len())
                    .is_some_and(|t| t.eq_ignore_ascii_case(name.as_bytes()))
                {
                    i = tag;
                    break;
                }
                j = tag;
            }
            continue;
        }
        let closes_itself = self_closing && foreign_at.is_some();
        if !(NOT_NESTING.contains(&name.as_str()) || closes_itself) {
            depth += 1;
            deepest = deepest.max(depth);
            if (name == "svg" || name == "math") && !self_closing && foreign_at.is_none() {
                foreign_at = Some(depth);
            }
        }
    }
    deepest
}

/// Deepest element nesting read (8 times the brace and element cap: real pages, arXiv's
/// LaTeXML included, nest a few dozen deep).
fn max_html_depth(limits: &Limits) -> usize {
    limits.max_depth.saturating_mul(8)
}

pub(crate) fn read(text: &str, limits: &Limits) -> Result<Document, Error> {
    let deepest = nesting(text);
    if deepest > max_html_depth(limits) {
        return Err(Error::new(
            ErrorKind::TooLarge,
            format!(
                "elements nested {deepest} deep, more than the {} an HTML document may have",
                max_html_depth(limits)
            ),
        ));
    }
    let html = Html::parse_document(text);
    let mut document = Document::default();
    let mut heading = String::new();
    // Every `<pre>`'s text, and the heading each starts under (by its first line).
    let mut pre_text = String::new();
    let mut pre_headings: Vec<(usize, String)> = Vec::new();
    // Tables read as the text of another table's cells.
    let mut in_cells = Vec::new();
    for node in html.tree.root().descendants() {
        let Some(element) = ElementRef::wrap(node) else {
            continue;
        };
        let name = element.value().name();
        match name {
            "h1" | "h2" | "h3" | "h4" | "h5" | "h6" => {
                heading = text_of(element, limits);
                document.text.push_str(&heading);
                document.text.push_str("\n\n");
            }
            "p" if owning_table(element).is_none() => {
                document.text.push_str(&text_of(element, limits));
                document.text.push_str("\n\n");
            }
            "table" => {
                if in_cells.contains(&element.id()) {
                    continue;
                }
                // A layout table around data tables is not read (the inner ones are); a data
                // table whose cells hold small tables (a value over its interval) is read
                // with those cells' text, and its small tables are not read again.
                let inner: Vec<ElementRef<'_>> = element
                    .descendants()
                    .skip(1)
                    .filter_map(ElementRef::wrap)
                    .filter(|d| d.value().name() == "table")
                    .collect();
                if !inner.is_empty() {
                    if !holds_small_tables(element, &inner) {
                        continue;
                    }
                    in_cells.extend(inner.iter().map(|t| t.id()));
                }
                if document.tables.len() >= limits.max_tables {
                    document.more_tables = true;
                    continue;
                }
                document.push_table(table(element, &heading, limits), limits);
                // A table's footnotes (`<tfoot>`) are the text's: what a marked column
                // holds is said there.
                for foot in element
                    .descendants()
                    .filter_map(ElementRef::wrap)
                    .filter(|e| e.value().name() == "tfoot")
                {
                    document.text.push_str(&text_of(foot, limits));
                    document.text.push_str("\n\n");
                }
            }
            "pre" => {
                // A classification report printed as text is a table of its own.
                let text: String = element.text().collect();
                crate::report::push_tables(&mut document, &text, "", &heading, limits);
                pre_headings.push((pre_text.lines().count(), heading.clone()));
                pre_text.push_str(&text);
                pre_text.push('\n');
            }
            _ => {}
        }
    }
    // Weka's runs, from every `<pre>` together: a run's sections are often in blocks of
    // their own.
    let heading_of = |at: usize| {
        pre_headings
            .iter()
            .rev()
            .find(|(from, _)| *from <= at)
            .map(|(_, h)| h.clone())
            .unwrap_or_default()
    };
    crate::weka::push(&mut document, &pre_text, heading_of, limits);
    // R caret's printed matrices (an R Markdown page's output blocks), likewise.
    crate::caret::push(&mut document, &pre_text, heading_of, limits);
    Ok(document)
}

/// Whether `element` is a data table whose cells hold the small tables `inner`: two or more
/// rows of its own of two or more cells, and no inner table of more than four cells.
fn holds_small_tables(element: ElementRef<'_>, inner: &[ElementRef<'_>]) -> bool {
    let cells = |t: ElementRef<'_>| {
        t.descendants()
            .filter_map(ElementRef::wrap)
            .filter(|e| matches!(e.value().name(), "td" | "th"))
            .take(5)
            .count()
    };
    let own_rows = element
        .descendants()
        .filter_map(ElementRef::wrap)
        .filter(|e| e.value().name() == "tr")
        .filter(|tr| owning_table(*tr).map(|t| t.id()) == Some(element.id()))
        .filter(|tr| {
            tr.children()
                .filter_map(ElementRef::wrap)
                .filter(|c| matches!(c.value().name(), "td" | "th"))
                .count()
                >= 2
        })
        .take(2)
        .count();
    own_rows >= 2 && inner.iter().all(|t| cells(*t) <= 4)
}

fn table(element: ElementRef<'_>, heading: &str, limits: &Limits) -> RawTable {
    let me = element.id();
    let mut rows = Vec::new();
    let mut head_rows = 0usize;
    let (mut more_rows, mut more_columns) = (false, false);
    for tr in element
        .descendants()
        .filter_map(ElementRef::wrap)
        .filter(|e| e.value().name() == "tr")
    {
        if owning_table(tr).map(|t| t.id()) != Some(me) {
            continue;
        }
        if rows.len() >= limits.max_rows {
            more_rows = true;
            continue;
        }
        let in_head = tr
            .ancestors()
            .filter_map(ElementRef::wrap)
            .take_while(|a| a.value().name() != "table")
            .any(|a| a.value().name() == "thead");
        let mut all_cells = tr
            .children()
            .filter_map(ElementRef::wrap)
            .filter(|c| matches!(c.value().name(), "td" | "th"));
        let cells: Vec<RawCell> = all_cells
            .by_ref()
            .take(limits.max_columns)
            .map(|c| RawCell {
                text: text_of(c, limits),
                colspan: span(c, "colspan"),
                rowspan: span(c, "rowspan"),
                rowspan_up: 0,
                header: c.value().name() == "th",
            })
            .collect();
        more_columns |= all_cells.next().is_some();
        if in_head {
            head_rows += 1;
        }
        rows.push(cells);
    }
    let caption_element = element
        .children()
        .filter_map(ElementRef::wrap)
        .find(|c| c.value().name() == "caption")
        .or_else(|| {
            let figure = element
                .ancestors()
                .filter_map(ElementRef::wrap)
                .find(|a| a.value().name() == "figure")?;
            figure.descendants().filter_map(ElementRef::wrap).find(|d| {
                d.value().name() == "figcaption" || d.value().classes().any(|c| c == "ltx_caption")
            })
        });
    let label = element
        .ancestors()
        .filter_map(ElementRef::wrap)
        .find(|a| a.value().name() == "figure")
        .and_then(|f| f.value().id())
        .or_else(|| element.value().id())
        .map(str::to_string);
    // Without a caption element, a `Table 1: ...` just before the table is its caption (HTML
    // converted from PDF, project pages).
    let caption = match caption_element {
        Some(c) => text_of(c, limits),
        None => caption_before(element, limits).unwrap_or_default(),
    };
    // Without a `<thead>`, the leading rows of header cells only (`<th>`), when body rows
    // follow (a pandas or README table whose first `<th>` is the index's, empty).
    let header_rows = (head_rows > 0).then_some(head_rows).or_else(|| {
        let leading = rows
            .iter()
            .take_while(|row: &&Vec<RawCell>| !row.is_empty() && row.iter().all(|c| c.header))
            .count();
        (leading > 0 && leading < rows.len()).then_some(leading)
    });
    RawTable {
        label,
        caption,
        heading: heading.to_string(),
        rows,
        header_rows,
        more_rows,
        more_columns,
        rows_after_end: 0,
        note: None,
        one_matrix: false,
        printed: false,
        weighted: false,
        unbalanced: false,
    }
}

/// The text just before `table` when it starts with "Table" (`Table 1: ...`), as its caption.
fn caption_before(table: ElementRef<'_>, limits: &Limits) -> Option<String> {
    let before = table.prev_siblings().find_map(|node| match node.value() {
        Node::Text(t) if t.trim().is_empty() => None,
        Node::Text(t) => Some(t.trim().to_string()),
        Node::Element(_) => ElementRef::wrap(node).map(|e| text_of(e, limits)),
        _ => None,
    })?;
    let lower = before.trim_start().to_lowercase();
    (lower.starts_with("table ") || lower.starts_with("table:") || lower.starts_with("tab."))
        .then(|| before.chars().take(2000).collect())
}
