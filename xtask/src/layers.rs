//! Every test layer, run in order; the command fails if any layer fails.
use crate::sh::{self, Result};
use crate::{build, serve, tools};

type Layer = (&'static str, fn() -> Result);

const LAYERS: &[Layer] = &[
    ("lint", lint),
    ("native", native),
    ("browser", browser),
    ("build", build::all),
    ("js", js),
    ("e2e", e2e),
    ("conformance", conformance),
];

pub fn run_all(only: &[String]) -> Result {
    tools::ensure_test_tools()?;
    let mut failed = Vec::new();
    let mut passed = 0;
    for (name, layer) in LAYERS {
        if !only.is_empty() && !only.iter().any(|o| o == name) {
            continue;
        }
        eprintln!("\n=== layer: {name}");
        let started = std::time::Instant::now();
        match layer() {
            Ok(()) => {
                passed += 1;
                eprintln!("=== layer {name}: ok ({:.1}s)", started.elapsed().as_secs_f64());
            }
            Err(e) => {
                eprintln!("=== layer {name}: FAILED: {e}");
                failed.push(*name);
            }
        }
    }
    println!("test layers: {passed} passed, {} failed", failed.len());
    if failed.is_empty() {
        Ok(())
    } else {
        Err(format!("failed layers: {}", failed.join(", ")))
    }
}

fn lint() -> Result {
    sh::run(sh::cmd("cargo").args(["fmt", "--all", "--check"]))?;
    sh::run(sh::cmd("cargo").args(["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"]))
}

fn native() -> Result {
    sh::run(sh::cmd("cargo").args(["test", "--workspace", "--exclude", "superstep-wasm"]))
}

/// wasm-bindgen-test in headless Chromium (IndexedDB and other browser-only code).
fn browser() -> Result {
    let root = sh::root();
    // chromedriver and Chromium leave scratch folders in TMPDIR: give them one of
    // the run's own, removed after, so runs leave nothing in /tmp.
    let scratch = root.join("target/browser-tmp");
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).map_err(|e| format!("cannot create {}: {e}", scratch.display()))?;
    let out = sh::run(
        sh::cmd("cargo")
            .args(["test", "-p", "superstep-wasm", "--target", "wasm32-unknown-unknown"])
            .current_dir(root.join("engine/wasm"))
            .env("CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER", "wasm-bindgen-test-runner")
            .env("CHROMEDRIVER", "/usr/bin/chromedriver")
            .env("WASM_BINDGEN_TEST_TIMEOUT", "120")
            .env("TMPDIR", &scratch),
    );
    let _ = std::fs::remove_dir_all(&scratch);
    out
}

fn node_test(dir: &str, url: Option<&str>) -> Result {
    let mut c = sh::cmd("node");
    c.args(["--test", "--test-concurrency=1"]).arg(format!("tests/{dir}/"));
    if let Some(url) = url {
        c.env("SUPERSTEP_URL", url);
    }
    sh::run(&mut c)
}

fn js() -> Result {
    node_test("js", None)
}

fn e2e() -> Result {
    let url = serve::spawn()?;
    node_test("e2e", Some(&url))
}

/// The shared conformance scenarios, through the project's adapter.
fn conformance() -> Result {
    let runner = sh::root().join("../shared/conformance/run.mjs");
    if !runner.exists() {
        return Err(format!("{} is missing: the conformance suite lives in ../shared", runner.display()));
    }
    let extra = "tests/conformance/extra/run.mjs";
    // Each suite twice: with the engine's MemorySaver, then with LangGraph.js's own
    // (a saver written in JS, through the package's bridge).
    for adapter in ["tests/conformance/adapter.mjs", "tests/conformance/adapter-js-saver.mjs"] {
        sh::run(sh::cmd("node").arg(&runner).arg(adapter))?;
        // Our own scenarios in the same format, with goldens recorded from LangGraph.js.
        sh::run(sh::cmd("node").arg(extra).arg(adapter))?;
    }
    Ok(())
}

/// Native workloads, then the JS package against LangGraph.js, then the editor and the IndexedDB saver.
pub fn bench(_args: &[String]) -> Result {
    tools::ensure_test_tools()?;
    sh::run(sh::cmd("cargo").args(["run", "-q", "--profile", "bench", "-p", "superstep", "--example", "workloads"]))?;
    build::all()?;
    let js = sh::root().join("bench/js");
    if !js.join("node_modules").exists() {
        sh::run(sh::cmd("npm").current_dir(&js).args(["install", "--no-audit", "--no-fund"]))?;
    }
    sh::run(sh::cmd("node").arg("bench/js/bench.mjs"))?;
    let url = serve::spawn()?;
    sh::run(sh::cmd("node").arg("bench/editor.mjs").env("SUPERSTEP_URL", &url))?;
    sh::run(sh::cmd("node").arg("bench/indexeddb.mjs").env("SUPERSTEP_URL", url))
}
