//! JATS XML (PubMed Central), by quick-xml: each `table-wrap` with its `label` and
//! `caption`, the `table`'s `thead` rows as header rows, `th`/`td` with `colspan` and
//! `rowspan`; footnote references (`xref`, `sup`) left out of cells; section titles as
//! headings; paragraphs and `table-wrap-foot` as running text for the protocol.

use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;

use crate::model::{RawCell, RawTable};
use crate::{Document, Error, ErrorKind, Limits};

fn local_name(e: &BytesStart<'_>) -> String {
    String::from_utf8_lossy(e.local_name().as_ref()).to_ascii_lowercase()
}

fn span(e: &BytesStart<'_>, name: &[u8]) -> usize {
    e.attributes()
        .flatten()
        .find(|a| a.key.local_name().as_ref() == name)
        .and_then(|a| {
            String::from_utf8_lossy(&a.value)
                .trim()
                .parse::<usize>()
                .ok()
        })
        .unwrap_or(1)
        .clamp(1, 256)
}

pub(crate) fn read(text: &str, limits: &Limits) -> Result<Document, Error> {
    let mut reader = Reader::from_str(text);
    reader.config_mut().check_end_names = false;
    let mut document = Document::default();
    let mut stack: Vec<String> = Vec::new();
    let mut heading = String::new();
    let mut title_text = String::new();
    let mut paragraph = String::new();
    let mut wrap: Option<RawTable> = None;
    let mut label = String::new();
    let mut caption = String::new();
    let mut row: Vec<RawCell> = Vec::new();
    let mut cell: Option<RawCell> = None;
    let mut head_rows = 0usize;
    loop {
        let event = reader.read_event().map_err(|e| {
            Error::new(
                ErrorKind::Unreadable,
                format!(
                    "not well-formed XML near byte {}: {e}; give the JATS file as PubMed Central serves it",
                    reader.buffer_position()
                ),
            )
        })?;
        match event {
            Event::Eof => break,
            Event::Start(e) => {
                let name = local_name(&e);
                if stack.len() >= limits.max_depth {
                    return Err(Error::new(
                        ErrorKind::TooLarge,
                        format!("elements nested deeper than {}", limits.max_depth),
                    ));
                }
                match name.as_str() {
                    "table-wrap" => {
                        wrap = Some(RawTable {
                            heading: heading.clone(),
                            label: e
                                .attributes()
                                .flatten()
                                .find(|a| a.key.as_ref() == b"id")
                                .map(|a| String::from_utf8_lossy(&a.value).into_owned()),
                            ..RawTable::default()
                        });
                        label.clear();
                        caption.clear();
                        head_rows = 0;
                    }
                    "tr" => row.clear(),
                    "th" | "td" => {
                        cell = Some(RawCell {
                            text: String::new(),
                            colspan: span(&e, b"colspan"),
                            rowspan: span(&e, b"rowspan"),
                            rowspan_up: 0,
                            header: name == "th",
                        });
                    }
                    // A table footnote's reference: its mark (the label's text is left out).
                    "xref" => {
                        let footnote = e.attributes().flatten().any(|a| {
                            a.key.as_ref() == b"ref-type" && a.value.as_ref() == b"table-fn"
                        });
                        if let (true, Some(c)) = (footnote, cell.as_mut()) {
                            if !c.text.ends_with(crate::value::NOTE_MARK) {
                                c.text.push(crate::value::NOTE_MARK);
                            }
                        }
                    }
                    "title" => title_text.clear(),
                    "p" if wrap.is_none() => paragraph.clear(),
                    _ => {}
                }
                stack.push(name);
            }
            Event::Empty(e) if local_name(&e) == "break" => {
                if let Some(c) = cell.as_mut() {
                    c.text.push(' ');
                }
            }
            // An empty cell written `<td/>` (PMC and PLOS write empty header cells so) still
            // takes its place in the row.
            Event::Empty(e) if matches!(local_name(&e).as_str(), "td" | "th") && wrap.is_some() => {
                if row.len() >= limits.max_columns {
                    if let Some(w) = wrap.as_mut() {
                        w.more_columns = true;
                    }
                    continue;
                }
                row.push(RawCell {
                    text: String::new(),
                    colspan: span(&e, b"colspan"),
                    rowspan: span(&e, b"rowspan"),
                    rowspan_up: 0,
                    header: local_name(&e) == "th",
                });
            }
            Event::End(_) => {
                let Some(name) = stack.pop() else { continue };
                match name.as_str() {
                    "th" | "td" => {
                        if let Some(mut c) = cell.take() {
                            c.text = c.text.split_whitespace().collect::<Vec<_>>().join(" ");
                            if row.len() < limits.max_columns {
                                row.push(c);
                            } else if let Some(w) = wrap.as_mut() {
                                w.more_columns = true;
                            }
                        }
                    }
                    "tr" => {
                        if let Some(w) = wrap.as_mut() {
                            if stack.iter().any(|s| s == "thead") {
                                head_rows += 1;
                            }
                            w.push_row(std::mem::take(&mut row), limits);
                        }
                    }
                    "table-wrap" => {
                        if let Some(mut w) = wrap.take() {
                            let label_text = label.split_whitespace().collect::<Vec<_>>().join(" ");
                            let caption_text =
                                caption.split_whitespace().collect::<Vec<_>>().join(" ");
                            w.caption = caption_text;
                            if w.label.is_none() && !label_text.is_empty() {
                                w.label = Some(label_text);
                            }
                            w.header_rows = (head_rows > 0).then_some(head_rows);
                            document.push_table(w, limits);
                        }
                    }
                    "title" if wrap.is_none() && stack.last().is_some_and(|p| p == "sec") => {
                        heading = title_text.split_whitespace().collect::<Vec<_>>().join(" ");
                        document.text.push_str(&heading);
                        document.text.push_str("\n\n");
                    }
                    "p" if wrap.is_none() => {
                        document.text.push_str(&paragraph);
                        document.text.push_str("\n\n");
                    }
                    "caption" | "title" if wrap.is_some() => caption.push(' '),
                    _ => {}
                }
            }
            Event::Text(t) => {
                let text = match t.unescape() {
                    Ok(text) => text.into_owned(),
                    Err(_) => String::from_utf8_lossy(&t).into_owned(),
                };
                let in_mark = stack
                    .iter()
                    .rev()
                    .take_while(|s| !matches!(s.as_str(), "td" | "th"))
                    .any(|s| s == "xref" || s == "sup");
                if let Some(c) = cell.as_mut() {
                    if !in_mark {
                        c.text.push_str(&text);
                    } else if stack.last().is_some_and(|s| s == "sup")
                        && crate::value::superscript_minus(&text)
                    {
                        c.text.push('−');
                    }
                } else if wrap.is_some() {
                    if stack.iter().any(|s| s == "caption") {
                        caption.push_str(&text);
                    } else if stack.iter().any(|s| s == "table-wrap-foot") {
                        // A footnote's own label (`a`) is its mark, as the cells show it.
                        if stack.last().is_some_and(|s| s == "label") {
                            document.text.push(crate::value::NOTE_MARK);
                            continue;
                        }
                        document.text.push_str(&text);
                        document.text.push(' ');
                    } else if stack.last().is_some_and(|s| s == "label") {
                        label.push_str(&text);
                    }
                } else if stack.iter().any(|s| s == "title") {
                    title_text.push_str(&text);
                } else if stack.iter().any(|s| s == "p") {
                    paragraph.push_str(&text);
                }
            }
            Event::CData(t) => {
                if let Some(c) = cell.as_mut() {
                    c.text.push_str(&String::from_utf8_lossy(&t));
                }
            }
            _ => {}
        }
    }
    Ok(document)
}
