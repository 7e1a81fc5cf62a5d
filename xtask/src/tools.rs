//! Installs what the build and the tests need, skipping what is already there.
use crate::sh::{self, Result};
use std::path::{Path, PathBuf};

/// The exact wasm-bindgen version pinned in the workspace manifest.
pub fn wasm_bindgen_version() -> Result<String> {
    let manifest = std::fs::read_to_string(sh::root().join("Cargo.toml")).map_err(|e| e.to_string())?;
    manifest
        .lines()
        .find_map(|l| l.trim().strip_prefix("wasm-bindgen = \"=")?.strip_suffix('"').map(str::to_string))
        .ok_or_else(|| "Cargo.toml must pin wasm-bindgen with = \"=x.y.z\"".to_string())
}

pub fn ensure_build_tools() -> Result {
    ensure_wasm_target()?;
    ensure_wasm_bindgen()?;
    ensure_node_packages()
}

pub fn ensure_test_tools() -> Result {
    ensure_build_tools()?;
    ensure_chromium()
}

fn ensure_wasm_target() -> Result {
    let installed = sh::output("rustup", &["target", "list", "--installed"]).unwrap_or_default();
    if installed.lines().any(|l| l == "wasm32-unknown-unknown") {
        return Ok(());
    }
    sh::run(sh::cmd("rustup").args(["target", "add", "wasm32-unknown-unknown"]))
}

fn ensure_wasm_bindgen() -> Result {
    let want = wasm_bindgen_version()?;
    let have = sh::output("wasm-bindgen", &["--version"]).unwrap_or_default();
    if have.split_whitespace().nth(1) == Some(want.as_str()) {
        return Ok(());
    }
    // Not --locked: the locked build fails on this toolchain.
    sh::run(sh::cmd("cargo").args(["install", "wasm-bindgen-cli", "--version", &want]))
}

/// playwright-core, binaryen (wasm-opt), esbuild and typescript, from tests/package-lock.json.
fn ensure_node_packages() -> Result {
    let dir = sh::root().join("tests");
    let stamp = dir.join("node_modules/.package-lock.json");
    let lock = dir.join("package-lock.json");
    if is_newer(&stamp, &lock) {
        return Ok(());
    }
    sh::run(sh::cmd("npm").current_dir(&dir).args(["ci", "--no-audit", "--no-fund"]))
}

fn ensure_chromium() -> Result {
    if Path::new("/usr/bin/chromium").exists() && Path::new("/usr/bin/chromedriver").exists() {
        return Ok(());
    }
    let is_root = sh::output("id", &["-u"]).as_deref() == Some("0");
    if !is_root {
        return Err("install Chromium and its driver first: sudo apt-get install -y chromium chromium-driver".into());
    }
    sh::run(sh::cmd("apt-get").arg("update"))?;
    sh::run(sh::cmd("apt-get").args(["install", "-y", "chromium", "chromium-driver"]).env("DEBIAN_FRONTEND", "noninteractive"))
}

fn is_newer(a: &Path, b: &Path) -> bool {
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    matches!((modified(a), modified(b)), (Some(x), Some(y)) if x >= y)
}

pub fn wasm_opt() -> PathBuf {
    sh::root().join("tests/node_modules/binaryen/bin/wasm-opt")
}

pub fn esbuild() -> PathBuf {
    sh::root().join("tests/node_modules/.bin/esbuild")
}
