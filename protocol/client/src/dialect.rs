//! Commands printed in the engine's dialect.

use ply_protocol::{Command, Dialect, GoParams};

/// The line for `command`: its `Display`, except that `go` gets the
/// dialect's clock names ([`go_line`]).
#[must_use]
pub fn command_line(command: &Command, dialect: Dialect) -> String {
    match command {
        Command::Go(params) => go_line(params, dialect),
        other => other.to_string(),
    }
}

/// The `go` line in the engine's dialect: UGI engines get
/// `p1time p2time p1inc p2inc` for UCI's `wtime btime winc binc`.
#[must_use]
pub fn go_line(params: &GoParams, dialect: Dialect) -> String {
    let line = Command::Go(params.clone()).to_string();
    match dialect {
        Dialect::Uci => line,
        Dialect::Ugi => line
            .split(' ')
            .map(|token| match token {
                "wtime" => "p1time",
                "btime" => "p2time",
                "winc" => "p1inc",
                "binc" => "p2inc",
                other => other,
            })
            .collect::<Vec<_>>()
            .join(" "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ugi_engines_get_ugi_clocks() {
        let params = GoParams {
            depth: Some(4),
            time: [Some(1000), Some(2000)],
            inc: [Some(10), Some(20)],
            movestogo: Some(5),
            ..GoParams::default()
        };
        assert_eq!(
            go_line(&params, Dialect::Uci),
            "go depth 4 wtime 1000 btime 2000 winc 10 binc 20 movestogo 5"
        );
        assert_eq!(
            go_line(&params, Dialect::Ugi),
            "go depth 4 p1time 1000 p2time 2000 p1inc 10 p2inc 20 movestogo 5"
        );
    }
}
