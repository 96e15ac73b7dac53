//! The access token `ply-gui` asks for when it listens beyond loopback.

/// A fresh random token: 128 bits from the operating system, in hex.
///
/// # Errors
/// When the operating system gives no random bytes.
pub fn generate() -> Result<String, getrandom::Error> {
    let mut bytes = [0_u8; 16];
    getrandom::fill(&mut bytes)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Whether `given` is the token, compared in time that does not depend on
/// where they first differ.
#[must_use]
pub fn matches(expected: &str, given: Option<&str>) -> bool {
    let Some(given) = given else {
        return false;
    };
    let (a, b) = (expected.as_bytes(), given.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0_u8, |diff, (x, y)| diff | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_compared_exactly() {
        let one = generate().unwrap();
        let two = generate().unwrap();
        assert_eq!(one.len(), 32);
        assert_ne!(one, two);
        assert!(matches(&one, Some(&one)));
        assert!(!matches(&one, Some(&two)));
        assert!(!matches(&one, Some("")));
        assert!(!matches(&one, None));
    }
}
