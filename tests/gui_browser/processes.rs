//! The programs the browser tests run: `sissa gui`, chromedriver and the headless chromium it
//! starts. Each is owned by a guard that stops it when dropped, also when a test fails.

use super::webdriver::{self, Session};
use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Set to 1 on a machine without a browser to skip these tests (CI installs one).
pub const SKIP_VARIABLE: &str = "SISSA_SKIP_BROWSER";

/// A child process killed and reaped when dropped.
struct Process {
    child: Child,
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A fresh directory removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(prefix: &str) -> TempDir {
        let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
        let path = std::env::temp_dir().join(format!("{prefix}-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&path).expect("a temporary directory");
        TempDir(path)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `name` on this machine: the variable's path if set, else the Debian path, else the PATH.
fn locate(variable: &str, debian: &str, names: &[&str]) -> Option<PathBuf> {
    if let Some(path) = std::env::var_os(variable) {
        return Some(PathBuf::from(path));
    }
    if Path::new(debian).is_file() {
        return Some(PathBuf::from(debian));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |n| dir.join(n)))
        .find(|p| p.is_file())
}

/// The browser's binaries, `None` if the tests are to be skipped; fails clearly if absent.
pub fn browser_binaries() -> Option<(PathBuf, PathBuf)> {
    if std::env::var(SKIP_VARIABLE).map(|v| v == "1").unwrap_or(false) {
        eprintln!("browser tests skipped ({SKIP_VARIABLE}=1)");
        return None;
    }
    let chromium = locate(
        "SISSA_CHROMIUM",
        "/usr/bin/chromium",
        &["chromium", "chromium-browser", "google-chrome"],
    );
    let driver = locate("SISSA_CHROMEDRIVER", "/usr/bin/chromedriver", &["chromedriver"]);
    match (chromium, driver) {
        (Some(chromium), Some(driver)) => Some((chromium, driver)),
        _ => panic!(
            "the browser tests need chromium and chromedriver (Debian: apt-get install chromium \
             chromium-driver; .ci/run installs them), or SISSA_CHROMIUM and SISSA_CHROMEDRIVER \
             naming them; set {SKIP_VARIABLE}=1 to skip these tests on a machine without a browser"
        ),
    }
}

fn free_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
    listener.local_addr().expect("a bound address").port()
}

/// `sissa gui` on a port of its choosing, and the address it serves.
pub struct Server {
    _process: Process,
    pub url: String,
}

impl Server {
    pub fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sissa"))
            .args(["gui", "--no-browser", "--port", "0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("sissa gui starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let process = Process { child };
        let mut reader = BufReader::new(stdout);
        let mut line = String::new();
        reader.read_line(&mut line).expect("sissa gui prints its address");
        let url = line.split_whitespace().find(|w| w.starts_with("http://")).map(str::to_string);
        let url = url.unwrap_or_else(|| panic!("no address in {line:?}"));
        // Whatever the server prints later is read so that it never blocks on a full pipe.
        std::thread::spawn(move || std::io::copy(&mut reader, &mut std::io::sink()));
        Server { _process: process, url }
    }
}

/// Chromedriver and one headless chromium session. Fields drop in order: the session first
/// (which closes chromium), then the driver, then chromium's profile directory.
pub struct Browser {
    pub session: Session,
    _driver: Process,
    _profile: TempDir,
}

impl Browser {
    pub fn start(chromium: &Path, driver: &Path) -> Browser {
        let profile = TempDir::new("sissa-browser-profile");
        let (process, address) = start_driver(driver);
        let args: Vec<String> = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--window-size=1280,1100",
        ]
        .iter()
        .map(|s| s.to_string())
        .chain([format!("--user-data-dir={}", profile.0.display())])
        .collect();
        let session = Session::start(&address, &chromium.display().to_string(), &args)
            .unwrap_or_else(|e| panic!("{e}"));
        Browser { session, _driver: process, _profile: profile }
    }
}

/// Chromedriver on a free port, once it answers.
fn start_driver(driver: &Path) -> (Process, String) {
    let port = free_port();
    let child = Command::new(driver)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", driver.display()));
    let mut process = Process { child };
    let address = format!("127.0.0.1:{port}");
    let start = Instant::now();
    loop {
        if let Ok((200, reply)) = webdriver::request(&address, "GET", "/status", None) {
            if reply["value"]["ready"] == true {
                return (process, address);
            }
        }
        if let Ok(Some(status)) = process.child.try_wait() {
            panic!("{} exited at once ({status})", driver.display());
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "chromedriver did not answer on {address}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}
