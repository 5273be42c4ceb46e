//! Errors as Python exceptions, each with the one line the `dlx` command prints for it.

use std::io;

use pyo3::exceptions::{PyFileNotFoundError, PyOSError, PyPermissionError};
use pyo3::{PyErr, PyTypeInfo};

/// The message on one line: control characters from the input are written as escapes, as
/// the `dlx` command writes them.
pub fn one_line(message: &str) -> String {
    message
        .chars()
        .flat_map(|c| {
            let escaped = c.is_control().then(|| c.escape_default());
            escaped
                .into_iter()
                .flatten()
                .chain((!c.is_control()).then_some(c))
        })
        .collect()
}

/// An exception of type `E` with `message` on one line.
pub fn raise<E: PyTypeInfo>(message: impl std::fmt::Display) -> PyErr {
    PyErr::new::<E, _>(one_line(&message.to_string()))
}

/// A file that could not be read, as the matching `OSError` (`FileNotFoundError`, ...),
/// named as the command names it: `PATH: reason`.
pub fn io_error(path: &str, e: &io::Error) -> PyErr {
    let message = one_line(&format!("{path}: {e}"));
    match e.kind() {
        io::ErrorKind::NotFound => PyFileNotFoundError::new_err(message),
        io::ErrorKind::PermissionDenied => PyPermissionError::new_err(message),
        _ => PyOSError::new_err(message),
    }
}
