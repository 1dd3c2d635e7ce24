//! HTML tables, by scraper (html5ever): `<table>` rows and `th`/`td` cells with their
//! `colspan` and `rowspan`, the `<caption>` or the enclosing figure's `<figcaption>` (arXiv's
//! LaTeXML: `ltx_tabular` in a `figure.ltx_table` with an `ltx_caption`), footnote marks
//! (`<sup>`), MathML annotations and LaTeXML notes left out.

use scraper::{ElementRef, Html, Node};

use crate::model::{RawCell, RawTable};
use crate::{Document, Limits};

/// Elements whose text is never a cell's value or a caption's words.
const SKIPPED: &[&str] = &[
    "sup",
    "annotation",
    "annotation-xml",
    "script",
    "style",
    "template",
];

/// The text of an element, skipped elements left out, spaces collapsed.
fn text_of(element: ElementRef<'_>, limits: &Limits) -> String {
    let mut out = String::new();
    collect(element, &mut out, 0, limits.max_depth);
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn collect(element: ElementRef<'_>, out: &mut String, depth: usize, max_depth: usize) {
    if depth > max_depth {
        return;
    }
    for child in element.children() {
        match child.value() {
            Node::Text(t) => out.push_str(t),
            Node::Element(e) => {
                let name = e.name();
                if SKIPPED.contains(&name)
                    || e.classes().any(|c| c == "ltx_note" || c == "ltx_tag_note")
                {
                    continue;
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

pub(crate) fn read(text: &str, limits: &Limits) -> Document {
    let html = Html::parse_document(text);
    let mut document = Document::default();
    let mut heading = String::new();
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
                // Innermost tables only: a layout table around a data table is not read.
                let nested = element
                    .descendants()
                    .skip(1)
                    .filter_map(ElementRef::wrap)
                    .any(|d| d.value().name() == "table");
                if nested || document.tables.len() >= limits.max_tables {
                    continue;
                }
                document.tables.push(table(element, &heading, limits));
            }
            _ => {}
        }
    }
    document
}

fn table(element: ElementRef<'_>, heading: &str, limits: &Limits) -> RawTable {
    let me = element.id();
    let mut rows = Vec::new();
    let mut head_rows = 0usize;
    for tr in element
        .descendants()
        .filter_map(ElementRef::wrap)
        .filter(|e| e.value().name() == "tr")
    {
        if owning_table(tr).map(|t| t.id()) != Some(me) || rows.len() >= 100_000 {
            continue;
        }
        let in_head = tr
            .ancestors()
            .filter_map(ElementRef::wrap)
            .take_while(|a| a.value().name() != "table")
            .any(|a| a.value().name() == "thead");
        let cells: Vec<RawCell> = tr
            .children()
            .filter_map(ElementRef::wrap)
            .filter(|c| matches!(c.value().name(), "td" | "th"))
            .take(limits.max_columns)
            .map(|c| RawCell {
                text: text_of(c, limits),
                colspan: span(c, "colspan"),
                rowspan: span(c, "rowspan"),
                header: c.value().name() == "th",
            })
            .collect();
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
    RawTable {
        label,
        caption: caption_element
            .map(|c| text_of(c, limits))
            .unwrap_or_default(),
        heading: heading.to_string(),
        rows,
        header_rows: (head_rows > 0).then_some(head_rows),
    }
}
