//! Release builds of the editor and the JS package: cargo → wasm-bindgen → wasm-opt,
//! then the package's JS sources bundled into its two entries.
use crate::sh::{self, Result};
use crate::tools;
use std::io::Write;
use std::path::Path;

const TARGET: &str = "wasm32-unknown-unknown";
/// Features rustc enables by default on wasm32; wasm-opt must accept them all.
const WASM_FEATURES: &[&str] = &[
    "--enable-bulk-memory",
    "--enable-bulk-memory-opt",
    "--enable-nontrapping-float-to-int",
    "--enable-sign-ext",
    "--enable-mutable-globals",
    "--enable-reference-types",
    "--enable-multivalue",
];

pub struct Artifact {
    /// The file cargo writes (binaries keep their hyphens).
    pub wasm_file: &'static str,
    /// The name wasm-bindgen gives its outputs.
    pub crate_name: &'static str,
    pub out_dir: &'static str,
    pub opt_level: &'static str,
}

pub const EDITOR: Artifact =
    Artifact { wasm_file: "superstep-editor.wasm", crate_name: "superstep_editor", out_dir: "dist/editor", opt_level: "-Oz" };
pub const PACKAGE: Artifact =
    Artifact { wasm_file: "superstep_wasm.wasm", crate_name: "superstep_wasm", out_dir: "www/superstep/wasm", opt_level: "-O3" };

pub fn all() -> Result {
    sh::run(sh::cmd("cargo").args(["build", "--release", "--target", TARGET, "-p", "superstep-editor", "-p", "superstep-wasm"]))?;
    let mut sizes = Vec::new();
    for artifact in [&EDITOR, &PACKAGE] {
        bindgen_and_opt(artifact)?;
        sizes.push(size_line(artifact)?);
    }
    bundle_package()?;
    sizes.push(package_size_line()?);
    for line in sizes {
        eprintln!("{line}");
    }
    Ok(())
}

fn bindgen_and_opt(a: &Artifact) -> Result {
    let input = sh::root().join("target").join(TARGET).join("release").join(a.wasm_file);
    let out = sh::root().join(a.out_dir);
    let _ = std::fs::remove_dir_all(&out);
    sh::run(sh::cmd("wasm-bindgen").args(["--target", "web", "--out-name", a.crate_name, "--out-dir"]).arg(&out).arg(&input))?;
    let wasm = out.join(format!("{}_bg.wasm", a.crate_name));
    sh::run(sh::cmd(tools::wasm_opt().to_str().unwrap_or("wasm-opt")).arg(a.opt_level).args(WASM_FEATURES).arg(&wasm).arg("-o").arg(&wasm))
}

/// `www/superstep/src` → `index.js` (browsers) and `node.js`, each one minified
/// ES module with the wasm glue inside: one file loads faster than nine, and
/// minified it is half the bytes. Not `--keep-names`: it wraps every closure
/// the glue makes in a `defineProperty` call, 12% of a fan-out's time.
/// Node's entry keeps its line breaks: Node prints an uncaught error's source
/// line, and one 100 KB line would flood the terminal.
fn bundle_package() -> Result {
    let dir = sh::root().join("www/superstep");
    let browser: &[&str] = &["--minify"];
    let node: &[&str] = &["--minify-identifiers", "--minify-syntax"];
    for (entry, platform, minify) in [("index.js", "browser", browser), ("node.js", "node", node)] {
        sh::run(
            sh::cmd(tools::esbuild().to_str().unwrap_or("esbuild"))
                .current_dir(&dir)
                .arg(format!("src/{entry}"))
                .args(["--bundle", "--format=esm", "--sourcemap", "--log-level=warning"])
                .args(minify)
                .arg(format!("--platform={platform}"))
                .arg(format!("--outfile={entry}")),
        )?;
    }
    Ok(())
}

/// What a browser loads: the wasm and the bundled entry.
fn package_size_line() -> Result<String> {
    let dir = sh::root().join("www/superstep");
    let (_, wasm_gz) = sizes(&dir.join("wasm/superstep_wasm_bg.wasm"))?;
    let (_, js_gz) = sizes(&dir.join("index.js"))?;
    Ok(format!("size package (browser)   wasm + index.js {:>7} B gzipped", wasm_gz + js_gz))
}

fn size_line(a: &Artifact) -> Result<String> {
    let wasm = sh::root().join(a.out_dir).join(format!("{}_bg.wasm", a.crate_name));
    let js = sh::root().join(a.out_dir).join(format!("{}.js", a.crate_name));
    let (raw, gz) = sizes(&wasm)?;
    let (js_raw, js_gz) = sizes(&js)?;
    Ok(format!("size {:<16} wasm {:>8} B raw, {:>7} B gzipped; glue js {:>6} B raw, {:>6} B gzipped", a.crate_name, raw, gz, js_raw, js_gz))
}

/// Raw and gzip -9 sizes of a file, in bytes.
pub fn sizes(path: &Path) -> Result<(usize, usize)> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    enc.write_all(&bytes).map_err(|e| e.to_string())?;
    let gz = enc.finish().map_err(|e| e.to_string())?;
    Ok((bytes.len(), gz.len()))
}
