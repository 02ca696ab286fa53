//! The text of each WARC record, cut into blocks for the workers.
//!
//! `conversion` and `resource` blocks are scanned whole; a `response`
//! block is an HTTP message whose body is scanned, decoded from the
//! charset of its Content-Type. Offsets and lines count within the text
//! scanned (the record block, or the HTTP body), so a link can be found
//! again in its record. A record larger than a block is cut like any
//! other text: memory stays bounded whatever the record's size.

use super::driver::{buffered, skip, InputCtx, Record, RecordSink};
use super::input::Decoding;
use super::segment::{self, Block};
use super::warc;
use std::io::{self, Read};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Reads the records of `text` and hands the blocks of every scanned
/// record to `emit` with the record's context. Returns the number of
/// records read; `Err` says why the input could not be read to its end (or
/// that the writer went away). `before` records of the input came before
/// `text` (for the record numbers in messages). `boundary`, when given, is
/// set before each record is read if nothing after the previous record
/// has been read yet: the reader may then end the input there (see
/// [`super::members::InOrder`]).
pub fn for_each_record<R: Read>(
    run: &impl RecordSink,
    text: R,
    before: u64,
    boundary: Option<&AtomicBool>,
    emit: &mut dyn FnMut(&Arc<InputCtx>, Block) -> io::Result<()>,
) -> Result<u64, String> {
    let mut r = buffered(text);
    let mut index = before;
    loop {
        if let Some(flag) = boundary {
            flag.store(r.buffer().is_empty(), Ordering::Relaxed);
        }
        let at = |what: &str, head: Option<&warc::RecordHead>| match head.and_then(|h| h.record_id.as_deref()) {
            Some(id) => format!("record {} ({id}): {what}", index + 1),
            None => format!("record {}: {what}", index + 1),
        };
        let head = match warc::read_head(&mut r) {
            Ok(Some(h)) => h,
            Ok(None) => return Ok(index - before),
            Err(e) => return Err(at(&super::driver::describe(&e), None)),
        };
        let mut block = (&mut r).take(head.content_length);
        if head.scanned() {
            let ctx = Arc::new(InputCtx {
                record: Some(Record {
                    url: head.target_uri.clone(),
                    id: head.record_id.clone(),
                }),
                ..run.ctx().clone()
            });
            let charset = if head.is_http_response() {
                match warc::read_http_head(&mut block) {
                    Ok((charset, _)) => charset,
                    Err(e) => return Err(at(&super::driver::describe(&e), Some(&head))),
                }
            } else {
                head.content_type.as_deref().and_then(warc::charset_param)
            };
            let encoding = charset
                .and_then(|c| encoding_rs::Encoding::for_label(c.trim().as_bytes()))
                .or_else(|| run.fallback_encoding())
                .filter(|&e| e != encoding_rs::UTF_8);
            let hint = Some(block.limit());
            let mut stopped = None;
            let segmented = {
                let mut send = |b: Block| emit(&ctx, b).map_err(|e| stopped = Some(e));
                let (pf, t) = (run.pf(), run.terminator());
                match encoding {
                    Some(enc) => segment::for_each_block(
                        Decoding::new(&mut block, enc, run.malformed().clone()),
                        pf,
                        t,
                        segment::BLOCK,
                        hint,
                        &mut send,
                    ),
                    None => segment::for_each_block(&mut block, pf, t, segment::BLOCK, hint, &mut send),
                }
            };
            let segmented = match segmented {
                Ok(s) => s,
                Err(()) => {
                    return Err(super::driver::describe(
                        &stopped.unwrap_or_else(|| io::Error::other("stopped")),
                    ))
                }
            };
            if let Some(e) = segmented.error {
                return Err(at(&super::driver::describe(&e), Some(&head)));
            }
        }
        if let Err(e) = skip(&mut block) {
            return Err(at(&super::driver::describe(&e), Some(&head)));
        }
        if block.limit() > 0 {
            return Err(at(
                &format!("input ended {} bytes before the end of the record", block.limit()),
                Some(&head),
            ));
        }
        if let Err(e) = warc::read_trailer(&mut r) {
            return Err(at(&super::driver::describe(&e), Some(&head)));
        }
        index += 1;
    }
}
