//! The board page in a real browser: headless chromium driven through WebDriver
//! (chromedriver) plays every variant by clicks on the squares (`data-square`), enters every
//! special move kind, and after each move compares the board drawn with the engine's
//! position. One browser session serves every case, to keep the suite short.
//!
//! Needs chromium and chromedriver (Debian: `apt-get install chromium chromium-driver`, which
//! `.ci/run` does); without them the test fails unless SISSA_SKIP_BROWSER=1. SISSA_BROWSER_CASES
//! runs only the cases whose name contains it.

#[path = "gui_browser/cases.rs"]
mod cases;
#[path = "gui_browser/expected.rs"]
mod expected;
#[path = "gui_browser/page.rs"]
mod page;
#[path = "gui_browser/processes.rs"]
mod processes;
#[path = "gui_browser/table.rs"]
mod table;
#[path = "gui_browser/webdriver.rs"]
mod webdriver;

use page::Page;
use processes::{Browser, Server};
use std::panic::{self, AssertUnwindSafe};
use std::time::Instant;

#[test]
fn the_page_plays_every_variant_and_every_special_move_in_a_browser() {
    let Some((chromium, driver)) = processes::browser_binaries() else { return };
    let start = Instant::now();
    let server = Server::start();
    let browser = Browser::start(&chromium, &driver);
    let page = Page::open(&browser.session, &server.url);
    eprintln!("browser and server up in {:.1} s", start.elapsed().as_secs_f64());
    let only = std::env::var("SISSA_BROWSER_CASES").unwrap_or_default();
    let mut failed = Vec::new();
    for (name, case) in cases::ALL.iter().filter(|(name, _)| name.contains(only.as_str())) {
        let started = Instant::now();
        // A failing case is reported and the others still run, on a freshly loaded page.
        if panic::catch_unwind(AssertUnwindSafe(|| case(&page))).is_err() {
            failed.push(*name);
            page.reload();
        }
        eprintln!("{name}: {:.1} s", started.elapsed().as_secs_f64());
    }
    eprintln!("all cases in {:.1} s", start.elapsed().as_secs_f64());
    assert!(failed.is_empty(), "failed in the browser: {failed:?}");
}

/// Retakes the screenshots of each variant's start position in docs/gui (run by hand:
/// `cargo test --profile ci --test integration -- --ignored gui_browser::`).
#[test]
#[ignore]
fn screenshots_of_each_variant() {
    let Some((chromium, driver)) = processes::browser_binaries() else { return };
    let server = Server::start();
    let browser = Browser::start(&chromium, &driver);
    let page = Page::open(&browser.session, &server.url);
    browser.session.set_window_size(1150, 720);
    let directory = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/gui");
    for variant in ["chess", "lionsunicorns", "seahorses", "rollingkings", "rococo", "uc40"] {
        page.new_game(variant, None, "human", "sissa", 1);
        let path = directory.join(format!("{variant}.png"));
        std::fs::write(&path, browser.session.screenshot()).expect("the screenshot written");
    }
}
