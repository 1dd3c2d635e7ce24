//! A CSV text answered in chunks gives the rows a stream gives, in order, with their input
//! lines; bad rows keep their place and make no request.

use scorecheck::RunOptions;
use scorecheck_table::{csv_record, read_csv, CsvText};

const TABLE: &str = "id,p,n,acc,eps,note\n\
a,10,20,0.123,0.0001,first\n\
\n\
b,10,20,0.5,0.0001,\"two\nlines\"\n\
c,10,20,zero,0.0001,\n\
d,10,20,0.5,0.0001,x,y\n\
e,1000,6000,0.6821,1e-4,=cmd\n\
f,10,20,0.5,0.0001,\"open\n";

fn streamed() -> Vec<String> {
    let (table, rows) = read_csv(TABLE.as_bytes()).unwrap();
    let mut lines = vec![csv_record(&table.output_columns())];
    for row in rows {
        let row = row.answer(&table, &RunOptions::default()).unwrap();
        lines.push(csv_record(&row.output_cells(&table)));
    }
    lines
}

#[test]
fn chunks_give_the_streamed_rows_in_order() {
    let mut text = CsvText::open(TABLE.as_bytes().to_vec()).unwrap();
    assert_eq!(text.row_count(), 6);
    let mut lines = vec![text.header_record()];
    let mut numbers = Vec::new();
    while !text.is_done() {
        for answered in text.next_rows(4, &RunOptions::default()) {
            numbers.push((answered.number, answered.line));
            lines.push(csv_record(&answered.row.output_cells(text.table())));
        }
    }
    assert!(text.next_rows(4, &RunOptions::default()).is_empty());
    assert_eq!(lines, streamed());
    assert_eq!(
        numbers,
        [1, 2, 3, 4, 5, 6]
            .into_iter()
            .zip([2, 4, 6, 7, 8, 9].map(Some))
            .collect::<Vec<_>>()
    );
    // The formula cell is neutralised, the quoted line break kept inside its quotes.
    assert!(
        lines[5].ends_with(",'=cmd,consistent,,0,4774,2002,,"),
        "{}",
        lines[5]
    );
    assert!(lines[2].contains(",\"two\nlines\","), "{}", lines[2]);
}

#[test]
fn bad_rows_make_no_request_and_keep_their_id() {
    let mut text = CsvText::open(TABLE.as_bytes().to_vec()).unwrap();
    let rows = text.next_rows(10, &RunOptions::default());
    let table = text.table();
    let summary: Vec<(Option<&str>, &str, bool)> = rows
        .iter()
        .map(|a| (a.row.id(table), a.row.verdict(), a.row.request().is_some()))
        .collect();
    assert_eq!(
        summary,
        [
            (Some("a"), "inconsistent", true),
            (Some("b"), "consistent", true),
            (Some("c"), "error", false),
            (Some("d"), "error", false),
            (Some("e"), "consistent", true),
            (Some("f"), "error", false),
        ]
    );
    let request = rows[0].row.request().unwrap().to_string();
    assert!(request.contains(r#""acc":0.123"#), "{request}");
    let error = rows[2].row.result().unwrap_err().to_json();
    assert_eq!(error["field"], "acc");
    assert_eq!(error["kind"], "invalid_value");
}

#[test]
fn a_refused_header_is_an_error_naming_the_column() {
    let message = CsvText::open(b"id,p,n,acuracy\n1,2,3,0.5\n".to_vec())
        .err()
        .unwrap();
    assert!(message.contains("\"acuracy\" (column 4)"), "{message}");
    assert!(message.contains("\"accuracy\""), "{message}");
    let empty = CsvText::open(Vec::new()).err().unwrap();
    assert!(empty.starts_with("the table is empty"), "{empty}");
}

#[test]
fn a_header_of_more_columns_than_the_cap_is_refused() {
    let header = vec!["x"; scorecheck_table::MAX_COLUMNS + 1].join(",");
    let text = format!("{header}\n");
    let Err(error) = read_csv(text.as_bytes()) else {
        panic!(
            "read a header of {} columns",
            scorecheck_table::MAX_COLUMNS + 1
        );
    };
    assert!(error.contains("more than the 1024"), "{error}");
}

#[test]
fn fold_columns_on_a_row_without_folds_name_their_own_column() {
    let table = "id,check,p,n,folds,repeats,strategy,acc,eps\n\
l,,100,200,2,,,0.5,0.01\n\
m,1_dataset_kfold_som,100,200,,2,,0.5,0.01\n\
n,1_testset_no_kfold,100,200,,,stratified_sklearn,0.5,0.01\n";
    let mut text = CsvText::open(table.as_bytes().to_vec()).unwrap();
    let rows = text.next_rows(10, &RunOptions::default());
    let columns: Vec<Option<String>> = rows
        .iter()
        .map(|a| a.row.result().err().and_then(|e| e.column.clone()))
        .collect();
    assert_eq!(
        columns,
        vec![
            Some("folds".to_string()),
            Some("folds".to_string()),
            Some("strategy".to_string())
        ]
    );
}

#[test]
fn the_betas_of_fbp_and_fbn_are_columns_beside_the_scores() {
    // fbp with beta 2 and fbn with beta 1/2 over p = n = 5: no matrix gives both within
    // [0.45, 0.55] (brute force); without its beta a row is an error naming the beta.
    let table = "id,p,n,fbp,beta_positive,fbn,beta_negative,eps\n\
1,5,5,0.5,2,0.5,0.5,auto\n\
2,5,5,0.5,2,,,auto\n\
3,5,5,0.5,,,,auto\n";
    let (table, rows) = read_csv(table.as_bytes()).unwrap();
    let verdicts: Vec<Vec<String>> = rows
        .map(|row| {
            row.answer(&table, &RunOptions::default())
                .unwrap()
                .output_cells(&table)
        })
        .collect();
    let column = |name: &str| {
        table
            .output_columns()
            .iter()
            .position(|c| c == name)
            .unwrap()
    };
    let (verdict, field) = (column("verdict"), column("error_field"));
    assert_eq!(verdicts[0][verdict], "inconsistent");
    assert_eq!(verdicts[1][verdict], "consistent");
    assert_eq!(verdicts[2][verdict], "error");
    assert_eq!(verdicts[2][field], "beta_positive");
}

#[test]
fn json_lines_given_as_a_table_are_named_as_such() {
    let text = "{\"id\": 1, \"testset\": {\"p\": 10, \"n\": 20}, \"scores\": {\"acc\": 0.5}, \"eps\": 0.01}\n";
    for input in [text.to_string(), format!("\u{feff}{text}")] {
        let Err(message) = read_csv(input.as_bytes()) else {
            panic!("JSON Lines read as a table");
        };
        assert!(message.contains("JSON Lines"), "{message}");
        assert!(!message.contains("column"), "{message}");
    }
}

#[test]
fn lines_ended_by_a_bare_cr_are_refused_with_the_fix() {
    let Err(message) = read_csv("id,p,n,acc,eps\r1,10,20,0.5,0.01\r".as_bytes()) else {
        panic!("a table of bare-CR lines is refused");
    };
    assert!(message.to_string().contains("bare CR"), "{message}");
}

#[test]
fn a_stray_cr_that_joins_two_rows_is_named_and_the_text_after_a_quote_too() {
    let text = "id,p,n,acc,eps\r\n1,10,10,0.5,0.01\r2,10,10,0.6,0.01\r\n3,10,10,\"0.5\"x,0.01\r\n4,10,10,0.5,0.01\r\n";
    let (table, rows) = read_csv(text.as_bytes()).unwrap();
    let rows: Vec<Vec<String>> = rows
        .map(|row| {
            let row = row.answer(&table, &RunOptions::default()).unwrap();
            row.output_cells(&table)
        })
        .collect();
    let columns = table.output_columns();
    let at = |name: &str| columns.iter().position(|c| c == name).unwrap();
    assert_eq!(rows.len(), 3);
    assert!(
        rows[0][at("error_message")].contains("cell 5 holds a carriage return"),
        "{rows:?}"
    );
    assert_eq!(rows[1][at("error_field")], "acc");
    assert!(
        rows[1][at("error_message")].contains("line 3, column 4"),
        "{rows:?}"
    );
    assert_eq!(rows[2][at("verdict")], "consistent");
}

#[test]
fn a_column_of_bounds_or_a_nested_field_is_refused_not_carried() {
    for name in [
        "fold_score_bounds",
        "Dataset_Score_Bounds",
        "aggregation",
        "folding",
        "scores",
    ] {
        let text = format!(
            "id,check,p,n,folds,acc,eps,{name}\n1,1_dataset_known_folds_mos,10,10,2,0.55,0.01,x\n"
        );
        let Err(message) = read_csv(text.as_bytes()) else {
            panic!("a {name} column is refused");
        };
        assert!(message.contains(name), "{message}");
    }
}

/// A row whose protocol does not take some of its reported scores says which, so a
/// "consistent" is not read as covering them (the mean of scores over folds takes acc,
/// sens, spec and bacc only).
#[test]
fn scores_a_protocol_leaves_unchecked_are_named_in_the_explanation() {
    let table = "id,check,p,n,folds,acc,f1p,mcc,eps\n1,1_dataset_known_folds_mos,50,100,5,0.9,0.999,0.2,0.0005\n2,1_testset_no_kfold,50,100,,0.9,,,0.0005\n";
    let (table, rows) = read_csv(table.as_bytes()).unwrap();
    let header = table.output_columns();
    let explanation = header.iter().position(|c| c == "explanation").unwrap();
    let cells: Vec<Vec<String>> = rows
        .into_iter()
        .map(|row| {
            row.answer(&table, &RunOptions::default())
                .unwrap()
                .output_cells(&table)
        })
        .collect();
    assert_eq!(
        cells[0][explanation],
        "not used by this protocol, so not checked: f1p, mcc"
    );
    assert_eq!(cells[1][explanation], "");
}

/// Each row's request as the table builds it, as JSON text.
fn requests(table: &str) -> Vec<String> {
    let (table, rows) = read_csv(table.as_bytes()).unwrap();
    rows.map(|row| {
        let row = row.answer(&table, &RunOptions::default()).unwrap();
        row.request()
            .map_or_else(|| format!("error: {}", row.verdict()), ToString::to_string)
    })
    .collect()
}

#[test]
fn splits_and_the_multiclass_model_are_read_and_a_papers_model_is_carried() {
    let built = requests(
        "id,check,total,split,dataset,max_setups,model,p,n,acc,eps\n\
         a,,50,,,3,,,,0.52,0.005\n\
         b,,,unknown,ecoli1,,,,,0.9,0.01\n\
         c,1_testset_no_kfold_macro,,,,,one_vs_rest,10,10,0.5,0.01\n\
         d,,,,,,SVM,10,10,0.5,0.01\n\
         e,,20,test,,,,10,10,0.5,0.01\n",
    );
    // Beside class counts, a `total` and a `split` other than `unknown` are the paper's.
    assert!(
        !built[4].contains("total") && !built[4].contains("split"),
        "{}",
        built[4]
    );
    assert!(built[0].contains(r#""total":50"#), "{}", built[0]);
    assert!(built[0].contains(r#""max_setups":3"#), "{}", built[0]);
    assert!(built[1].contains(r#""split":"unknown""#), "{}", built[1]);
    assert!(
        built[2].contains(r#""model":"one_vs_rest""#),
        "{}",
        built[2]
    );
    assert!(!built[3].contains("model"), "{}", built[3]);
}

#[test]
fn two_names_of_one_score_in_one_header_give_that_score() {
    let table = "p,n,eps,PPV / precision,Specificity,acc\n50,50,0.01,0.8,0.9,0.85\n50,50,0.01,0.9,0.9,0.85\n";
    let mut text = CsvText::open(table.as_bytes().to_vec()).unwrap();
    let rows = text.next_rows(10, &RunOptions::default());
    let verdicts: Vec<&str> = rows.iter().map(|a| a.row.verdict()).collect();
    // ppv 0.8 and spec 0.9 on 50 and 50 force acc near 0.65: the column is checked.
    assert_eq!(verdicts, ["inconsistent", "consistent"]);
    // Two names of two scores stay refused, and so does a second column of the same score.
    for header in ["p,n,eps,Sens/Spec\n", "p,n,eps,sens,Sensitivity/recall\n"] {
        let message = CsvText::open(format!("{header}1,2,0.01,0.5,0.5\n").into_bytes())
            .err()
            .unwrap();
        assert!(message.contains("column"), "{message}");
    }
}

#[test]
fn a_papers_split_beside_a_dataset_and_a_total_not_p_plus_n_are_errors() {
    let built = requests(
        "id,total,split,dataset,p,n,acc,eps\n\
         a,,test,ecoli1,,,0.9,0.01\n\
         b,50,,,10,20,0.5,0.01\n\
         c,30,,,10,20,0.5,0.01\n",
    );
    assert!(built[0].starts_with("error"), "{}", built[0]);
    assert!(built[1].starts_with("error"), "{}", built[1]);
    assert!(
        !built[2].starts_with("error") && !built[2].contains("total"),
        "{}",
        built[2]
    );
}

#[test]
fn a_field_named_among_other_words_is_refused() {
    for header in [
        "Repeats (x)",
        "no. of repeats",
        "Rounding (mode)",
        "fold rules (pruning)",
        "Eps (tol)",
    ] {
        let table = format!("p,n,acc,{header}\n10,10,0.5,2\n");
        let err = read_csv(table.as_bytes())
            .err()
            .unwrap_or_else(|| panic!("{header} read"));
        assert!(
            err.to_string().contains("among other words"),
            "{header}: {err}"
        );
    }
}

#[test]
fn two_letter_reference_names_papers_use_otherwise_are_refused() {
    for header in ["FM", "PT", "TS"] {
        let table = format!("p,n,acc,{header}\n10,10,0.5,0.6\n");
        let err = read_csv(table.as_bytes())
            .err()
            .unwrap_or_else(|| panic!("{header} read"));
        assert!(err.to_string().contains("two letters"), "{header}: {err}");
    }
    // The reference's `prec` and `rec` are precision and recall.
    let built = requests("p,n,Prec,Rec,eps\n10,10,0.5,0.5,0.01\n");
    assert!(built[0].contains(r#""Prec":0.5"#), "{}", built[0]);
}

#[test]
fn a_score_name_broken_by_a_space_or_an_invisible_mark_is_refused() {
    for header in ["se ns", "ac c", "se\u{a0}ns", "se\u{34f}ns", "𝐒𝐞𝐧𝐬"] {
        let table = format!("p,n,acc,{header}\n10,10,0.5,0.95\n");
        let err = read_csv(table.as_bytes())
            .err()
            .unwrap_or_else(|| panic!("{header:?} read"));
        assert!(
            err.to_string().contains("\"sens\"") || err.to_string().contains("\"acc\""),
            "{header:?}: {err}"
        );
    }
}
