//! `cargo xtask` — the project's one build tool.
//!
//! * `serve [--port N]` builds the release editor and JS package, then serves the repo root.
//! * `test` installs what is missing, then runs every test layer and fails if any fails.
//! * `build` builds the editor and the JS package without serving.
//! * `bench` runs the benchmarks and writes `target/bench/*.json`.
mod build;
mod layers;
mod serve;
mod sh;
mod tools;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("serve") => {
            let port = flag_value(&args, "--port").unwrap_or(8080);
            tools::ensure_build_tools().and_then(|_| build::all()).and_then(|_| serve::forever(port))
        }
        Some("build") => tools::ensure_build_tools().and_then(|_| build::all()),
        Some("test") => layers::run_all(&args[1..]),
        Some("bench") => layers::bench(&args[1..]),
        _ => {
            eprintln!("usage: cargo xtask <serve [--port N] | test [layer...] | build | bench>");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}

fn flag_value(args: &[String], flag: &str) -> Option<u16> {
    let i = args.iter().position(|a| a == flag)?;
    args.get(i + 1)?.parse().ok()
}
