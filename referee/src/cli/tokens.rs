//! Splitting the command line into options and their values.
//!
//! cutechess and fastchess options start with a single dash (`-engine`);
//! two dashes are accepted too. Every token up to the next option belongs
//! to the option before it: `-engine cmd=x name=y -games 4` is the option
//! `engine` with `cmd=x name=y`, then `games` with `4`.

use super::CliError;

/// One option and the tokens after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionGroup {
    /// The option name without dashes, e.g. `engine`.
    pub name: String,
    /// The tokens that follow it.
    pub values: Vec<String>,
}

/// Whether a token starts a new option: a dash followed by a letter, so
/// that `-5` stays a value.
fn is_option(token: &str) -> bool {
    let rest = token.strip_prefix("--").or_else(|| token.strip_prefix('-'));
    rest.and_then(|r| r.chars().next())
        .is_some_and(|c| c.is_ascii_alphabetic())
}

/// Groups the tokens.
///
/// # Errors
/// [`CliError::StrayValue`] for a value before the first option.
pub fn group(args: &[String]) -> Result<Vec<OptionGroup>, CliError> {
    let mut groups: Vec<OptionGroup> = Vec::new();
    for token in args {
        if is_option(token) {
            let name = token.trim_start_matches('-').to_owned();
            groups.push(OptionGroup {
                name,
                values: Vec::new(),
            });
        } else if let Some(group) = groups.last_mut() {
            group.values.push(token.clone());
        } else {
            return Err(CliError::StrayValue(token.clone()));
        }
    }
    Ok(groups)
}

/// Splits `key=value`.
///
/// # Errors
/// [`CliError::NotKeyValue`] naming the option when there is no `=`.
pub fn key_value<'a>(option: &str, token: &'a str) -> Result<(&'a str, &'a str), CliError> {
    token.split_once('=').ok_or_else(|| CliError::NotKeyValue {
        option: option.to_owned(),
        token: token.to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn options_take_the_tokens_up_to_the_next_option() {
        let groups = group(&strings(&[
            "-engine", "cmd=a", "name=A", "--games", "4", "-srand", "-5", "-noswap",
        ]))
        .unwrap();
        assert_eq!(groups.len(), 4);
        assert_eq!(groups[0].name, "engine");
        assert_eq!(groups[0].values, ["cmd=a", "name=A"]);
        assert_eq!(groups[1].name, "games");
        assert_eq!(groups[2].values, ["-5"]);
        assert!(groups[3].values.is_empty());
    }

    #[test]
    fn a_value_before_any_option_is_an_error() {
        assert!(matches!(
            group(&strings(&["x", "-games", "2"])),
            Err(CliError::StrayValue(_))
        ));
    }
}
