//! Writes records in input order, whatever order the jobs finish in.

use std::collections::BTreeMap;
use std::io::Write;

/// Holds records that finished early until those before them are written.
#[derive(Debug)]
pub struct OrderedWriter<W: Write> {
    out: W,
    /// The sequence number of the next record to write.
    next: usize,
    /// Records finished before their turn, by sequence number.
    waiting: BTreeMap<usize, String>,
}

impl<W: Write> OrderedWriter<W> {
    /// Writes to `out`, starting with sequence number 0.
    pub fn new(out: W) -> Self {
        Self {
            out,
            next: 0,
            waiting: BTreeMap::new(),
        }
    }

    /// Takes record `seq` (one line, no newline) and writes every record
    /// now in turn, flushed, so an interrupted run leaves whole lines for
    /// `--resume` (but perhaps a torn last one).
    ///
    /// # Errors
    /// The output cannot be written.
    pub fn push(&mut self, seq: usize, line: String) -> std::io::Result<()> {
        self.waiting.insert(seq, line);
        while let Some(line) = self.waiting.remove(&self.next) {
            writeln!(self.out, "{line}")?;
            self.next += 1;
        }
        self.out.flush()
    }

    /// Records taken but not yet written (waiting for an earlier one).
    #[must_use]
    pub fn waiting(&self) -> usize {
        self.waiting.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_come_out_in_sequence_order() {
        let mut buffer = Vec::new();
        let mut writer = OrderedWriter::new(&mut buffer);
        writer.push(2, "c".into()).unwrap();
        writer.push(1, "b".into()).unwrap();
        assert_eq!(writer.waiting(), 2);
        writer.push(0, "a".into()).unwrap();
        assert_eq!(writer.waiting(), 0);
        drop(writer);
        assert_eq!(String::from_utf8(buffer).unwrap(), "a\nb\nc\n");
    }
}
