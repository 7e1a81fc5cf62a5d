//! Running commands from the repository root, with their output passed through.
use std::path::{Path, PathBuf};
use std::process::Command;

pub type Result<T = ()> = std::result::Result<T, String>;

pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask lives in the repo").to_path_buf()
}

/// Runs `cmd`, failing with its command line if it exits non-zero.
pub fn run(cmd: &mut Command) -> Result {
    let line = format!("{cmd:?}");
    eprintln!("$ {line}");
    let status = cmd.status().map_err(|e| format!("cannot start {line}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{line} failed with {status}"))
    }
}

/// A command with the repository root as working directory.
pub fn cmd(program: &str) -> Command {
    let mut c = Command::new(program);
    c.current_dir(root());
    c
}

/// The trimmed stdout of a command, or None if it cannot run or fails.
pub fn output(program: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(program).args(args).output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}
