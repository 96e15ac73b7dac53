//! Feeds arbitrary bytes to the parsers, UCI's and Hub's. They must never panic, and
//! whatever they accept must print to a line that parses back to the same
//! message.

#![no_main]

use libfuzzer_sys::fuzz_target;
use ply_protocol::hub::{parse_hub_command, parse_hub_response};
use ply_protocol::{parse_command, parse_response};

fuzz_target!(|data: &[u8]| {
    let line = String::from_utf8_lossy(data);
    if let Ok(command) = parse_command(&line) {
        let printed = command.to_string();
        assert_eq!(
            parse_command(&printed),
            Ok(command),
            "{line:?} printed as {printed:?}"
        );
    }
    if let Ok(response) = parse_response(&line) {
        let printed = response.to_string();
        assert_eq!(
            parse_response(&printed),
            Ok(response),
            "{line:?} printed as {printed:?}"
        );
    }
    if let Ok(command) = parse_hub_command(&line) {
        let printed = command.to_string();
        assert_eq!(
            parse_hub_command(&printed),
            Ok(command),
            "{line:?} printed as {printed:?}"
        );
    }
    if let Ok(response) = parse_hub_response(&line) {
        let printed = response.to_string();
        assert_eq!(
            parse_hub_response(&printed),
            Ok(response),
            "{line:?} printed as {printed:?}"
        );
    }
});
