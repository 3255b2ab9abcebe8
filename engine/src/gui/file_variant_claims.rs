//! One variant from a variants file at a time across the server's tabs. A file variant's
//! rules are chosen for the whole process by naming it (movegen keeps one active definition
//! per board shape), so a tab naming another file variant would change the rules under a
//! game in play in another tab. Each tab holds a claim on the file variant it plays; naming
//! a different one while another tab holds a claim is refused. Built-in variants are free.

use sissa_movegen::Variant;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};

/// The claims: a tab and the file variant (lower case) it plays.
static CLAIMS: Mutex<Vec<(u64, String)>> = Mutex::new(Vec::new());
static NEXT_TAB: AtomicU64 = AtomicU64::new(1);

fn claims() -> MutexGuard<'static, Vec<(u64, String)>> {
    CLAIMS.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A tab's claim; dropping it (the tab closed) frees the variant.
pub struct FileVariantClaim {
    tab: u64,
}

impl FileVariantClaim {
    pub fn new() -> FileVariantClaim {
        FileVariantClaim { tab: NEXT_TAB.fetch_add(1, Ordering::Relaxed) }
    }

    /// The variant `name` for a new game of this tab, which then holds the claim on it if it
    /// comes from a file (and none otherwise).
    pub fn for_game(&self, name: &str) -> Result<Variant, String> {
        let mut claims = claims();
        let (variant, key) = self.choose(&claims, name)?;
        claims.retain(|(tab, _)| *tab != self.tab);
        if variant.is_file() {
            claims.push((self.tab, key));
        }
        Ok(variant)
    }

    /// The variant `name` for a question that starts no game (the editor's FEN check).
    pub fn for_question(&self, name: &str) -> Result<Variant, String> {
        let claims = claims();
        self.choose(&claims, name).map(|(variant, _)| variant)
    }

    /// Names `name` (choosing its rules if it comes from a file) unless another tab holds a
    /// claim on a different file variant.
    fn choose(&self, claims: &[(u64, String)], name: &str) -> Result<(Variant, String), String> {
        let key = name.trim().to_ascii_lowercase();
        let from_file = sissa_movegen::ini::loaded_names().contains(&key)
            && !Variant::ALL.iter().any(|v| v.name() == key);
        if from_file {
            let other = claims.iter().find(|(tab, claimed)| *tab != self.tab && *claimed != key);
            if let Some((_, playing)) = other {
                return Err(format!(
                    "another tab is playing {playing}: the server plays one variant from a \
                     file at a time"
                ));
            }
        }
        Ok((key.parse()?, key))
    }
}

impl Drop for FileVariantClaim {
    fn drop(&mut self) {
        claims().retain(|(tab, _)| *tab != self.tab);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_file_variant_waits_for_the_first_tab() {
        let file = "[claims-a:chess]\n[claims-b:chess]\n";
        assert!(sissa_movegen::ini::load_text(file).errors.is_empty());
        let (first, second) = (FileVariantClaim::new(), FileVariantClaim::new());
        assert_eq!(first.for_game("claims-a").map(|v| v.name()), Ok("claims-a"));
        assert!(second.for_game("claims-b").is_err(), "claims-a is in play");
        assert!(second.for_question("claims-b").is_err());
        assert!(second.for_game("claims-a").is_ok(), "the same variant is shared");
        assert!(second.for_game("rococo").is_ok(), "built-in variants are free");
        drop(first);
        assert!(second.for_game("claims-b").is_ok(), "the first tab is gone");
    }
}
