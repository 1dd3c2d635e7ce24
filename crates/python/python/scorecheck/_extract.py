"""Documents' results tables read into rows of reported scores: `scorecheck.extract`, the rows
`scorecheck extract FILE` writes (the CSV batch's columns, in order)."""

import errno
import os
import pathlib
import warnings

from . import _scorecheck

# The formats the Rust reader takes, and the extensions that name them (as the CLI reads them).
_FORMATS = ("latex", "markdown", "html", "jats")
_EXTENSIONS = {
    "tex": "latex", "latex": "latex",
    "md": "markdown", "markdown": "markdown",
    "html": "html", "htm": "html", "xhtml": "html",
    "xml": "jats", "nxml": "jats", "jats": "jats",
}
# Largest document or `\input` file read, as the CLI's cap.
_MAX_BYTES = 16 << 20


def _read(path):
    """A file's text, refused above the size cap or when not UTF-8, the error naming it."""
    size = os.stat(path).st_size
    if size > _MAX_BYTES:
        raise ValueError(f"{path}: {size} bytes is more than the {_MAX_BYTES} a document may "
                         "have; give the part with the tables")
    data = pathlib.Path(path).read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ValueError(f"{path}: not valid UTF-8 (at byte {error.start}); save it as UTF-8") from None


def _refuse_unread_path(text):
    """Raises for one line that names a file rather than holding a document: a folder, a
    path that is no regular file (a pipe, a device), or a missing file named with a
    document's extension (a typo would otherwise be read as a document of one line)."""
    if "\n" in text or len(text) >= 4096 or not text.strip():
        return
    if os.path.isdir(text):
        raise IsADirectoryError(errno.EISDIR, "a folder, not a document: give the path of a file", text)
    if os.path.exists(text):
        raise OSError(errno.EINVAL, "not a regular file (a pipe or a device): give the path of a "
                      "regular file, or the document's text", text)
    extension = text.rsplit(".", 1)[1].lower() if "." in os.path.basename(text) else ""
    if extension in _EXTENSIONS and " " not in text.strip():
        raise FileNotFoundError(errno.ENOENT, "no such file (a one-line text ending in a "
                                "document's extension is read as a path)", text)


def _resolver(path):
    """The `\\input`/`\\include` resolver of a LaTeX file, as the CLI's: names relative to its
    folder, never absolute or above it (`..`, or a link leading out of it), `.tex` added when
    the name has no extension, each file at most the size cap; anything else leaves the
    command as it is."""
    folder = pathlib.Path(path).parent
    # Where the file system resolves the folder: an input must resolve inside it (a link in a
    # paper's archive must not reach a file elsewhere on the reader's machine).
    root = folder.resolve()

    def unread(name, why):
        # Said, as the CLI says it on stderr: a table in the file left out is no silent loss.
        warnings.warn(f"{path}: \\input{{{name}}} not read: {why}", UserWarning, stacklevel=4)

    def resolve(name):
        relative = pathlib.PurePath(name)
        outside = ("only files in the document's folder or below it are read; run extract on a "
                   "copy of the project with the file there")
        if relative.is_absolute() or relative.anchor or any(part == ".." for part in relative.parts):
            unread(name, outside)
            return None
        candidates = [folder / relative]
        if not relative.suffix:
            candidates.append(folder / f"{name}.tex")
        led_out = False
        for candidate in candidates:
            try:
                real = candidate.resolve()
                if real != root and root not in real.parents:
                    led_out = True
                    continue
                if candidate.is_file() and candidate.stat().st_size <= _MAX_BYTES:
                    return candidate.read_bytes().decode("utf-8")
            except (OSError, UnicodeDecodeError):
                continue
        unread(name, outside if led_out else
               f"no such regular file of at most {_MAX_BYTES} bytes, in UTF-8, beside the document")
        return None

    return resolve


def extract(path_or_text, format=None):
    """The results tables of a document as rows: a list of dicts, one per (table, dataset,
    method), keys the columns `scorecheck extract` writes in its order (`source`, `table`,
    `caption`, `dataset_text`, `method`, `registry_name`, `p`, `n`, `folds`, `check`,
    `protocol_text`, one column per score the rows report, `percent`, `eps`, `note`), every
    cell a string as printed (an empty string where the CLI's CSV cell is empty).

    `path_or_text` is a path (`str` or `os.PathLike`) of an existing file, or the document's
    text; `format` is one of "latex", "markdown", "html", "jats", or None to take it from the
    path's extension (text given directly needs `format`). A LaTeX file's `\\input{name}` and
    `\\include{name}` are read relative to the file, as the CLI reads them; text given directly
    has no folder, so its `\\input`s stay unread. `source` is the path as given, or `<text>`.

    Raises ValueError naming `format` for an unknown format or a missing one, ValueError
    naming the file for a file too large or not UTF-8, and OSError for a file that cannot be
    read, a folder, a path that is no regular file, or a missing file named with a document's
    extension (`"results.tex"` that does not exist is no one-line document)."""
    if format is not None and format not in _FORMATS:
        raise ValueError(f"format: {format!r} is not a document format; give one of "
                         + ", ".join(repr(f) for f in _FORMATS) + " or None (from the path's extension)")
    is_path = isinstance(path_or_text, os.PathLike) or (
        isinstance(path_or_text, str) and "\n" not in path_or_text
        and len(path_or_text) < 4096 and os.path.isfile(path_or_text))
    if is_path:
        path = os.fspath(path_or_text)
        if format is None:
            extension = path.rsplit(".", 1)[1].lower() if "." in os.path.basename(path) else ""
            format = _EXTENSIONS.get(extension)
            if format is None:
                raise ValueError(f"format: {path} is not a document extract reads by its "
                                 "extension (.tex, .md, .html, .xml); give format= one of "
                                 + ", ".join(repr(f) for f in _FORMATS))
        text = _read(path)
        resolve = _resolver(path) if format == "latex" else None
        names, rows = _scorecheck.extract_rows(text, format, path, resolve)
    else:
        if not isinstance(path_or_text, str):
            raise TypeError("path_or_text: expected a path (str or os.PathLike) or the "
                            f"document's text, found a {type(path_or_text).__name__}")
        _refuse_unread_path(path_or_text)
        if format is None:
            raise ValueError("format: text given directly needs format= one of "
                             + ", ".join(repr(f) for f in _FORMATS)
                             + " (or give the path of an existing file)")
        names, rows = _scorecheck.extract_rows(path_or_text, format, "<text>", None)
    return [dict(zip(names, row)) for row in rows]
