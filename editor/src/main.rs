//! The editor's entry point: mounts the Leptos app on the page body.
mod model;
mod ui;

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(ui::app::App);
}
