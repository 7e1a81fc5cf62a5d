//! The editor's entry point: mounts the Leptos app on the page body.

mod app;

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}
