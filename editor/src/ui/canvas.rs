//! The SVG canvas: nodes, START/END, every edge kind, the selected
//! superstep's statuses, pan (drag the background), zoom (wheel) and fit.
use crate::model::layout::{EdgeKind, Layout, NODE_H, NODE_W};
use crate::model::run::{node_error, status, NodeStatus};
use leptos::prelude::*;
use superstep::pregel::StepSnapshot;

fn center(l: &Layout, id: &str) -> (f64, f64) {
    l.node(id).map(|n| (n.x + NODE_W / 2.0, n.y + NODE_H / 2.0)).unwrap_or((0.0, 0.0))
}

/// An edge's SVG path: straight down, or curving around for back-edges.
fn edge_path(l: &Layout, from: &str, to: &str, back: bool) -> String {
    let (fx, fy) = center(l, from);
    let (tx, ty) = center(l, to);
    if from == to {
        let (x, y) = (fx + NODE_W / 2.0, fy);
        return format!("M {x} {} C {} {} {} {} {x} {}", y - 10.0, x + 60.0, y - 40.0, x + 60.0, y + 40.0, y + 10.0);
    }
    if back {
        let side = fx.max(tx) + NODE_W / 2.0 + 40.0;
        return format!("M {} {fy} C {side} {fy} {side} {ty} {} {ty}", fx + NODE_W / 2.0, tx + NODE_W / 2.0);
    }
    let (sy, ey) = if ty >= fy { (fy + NODE_H / 2.0, ty - NODE_H / 2.0 - 4.0) } else { (fy - NODE_H / 2.0, ty + NODE_H / 2.0 + 4.0) };
    let mid = (sy + ey) / 2.0;
    format!("M {fx} {sy} C {fx} {mid} {tx} {mid} {tx} {ey}")
}

#[component]
pub fn Canvas(
    layout: Signal<Layout>,
    step: Signal<Option<StepSnapshot>>,
    carried: Signal<Vec<(String, String)>>,
    selected: Signal<Option<String>>,
    #[prop(into)] on_open: Callback<String>,
    #[prop(into)] on_select: Callback<String>,
) -> impl IntoView {
    let zoom = RwSignal::new(1.0f64);
    let pan = RwSignal::new((0.0f64, 0.0f64));
    let drag = RwSignal::new(None::<(f64, f64)>);
    let fit = move |_| {
        zoom.set(1.0);
        pan.set((0.0, 0.0));
    };
    // Small graphs keep their natural size (centred) instead of being blown up to fill the canvas.
    let view_box = move || {
        let l = layout.get();
        let (px, py) = pan.get();
        let z = zoom.get();
        let (w, h) = ((l.width + 80.0).max(820.0), (l.height + 20.0).max(560.0));
        format!("{} {} {} {}", px - (w - l.width) / 2.0, py, w / z, h / z)
    };
    let edges = move || {
        let l = layout.get();
        let hot = carried.get();
        l.edges
            .iter()
            .map(|e| {
                let d = edge_path(&l, &e.from, &e.to, e.back);
                let (class, label) = match &e.kind {
                    EdgeKind::Normal => ("edge", None),
                    EdgeKind::Conditional(k) => ("edge conditional", Some(k.clone())),
                    EdgeKind::Join => ("edge join", None),
                    EdgeKind::Send => ("edge send", Some("Send".to_string())),
                    EdgeKind::Command => ("edge command", Some("Command".to_string())),
                };
                let lit = hot.iter().any(|(f, t)| *f == e.from && *t == e.to);
                let (fx, fy) = center(&l, &e.from);
                let (tx, ty) = center(&l, &e.to);
                let (lx, ly) =
                    if e.back { (fx.max(tx) + NODE_W / 2.0 + 44.0, (fy + ty) / 2.0) } else { ((fx + tx) / 2.0 + 6.0, (fy + ty) / 2.0) };
                view! {
                    <g class=class class:carried=lit>
                        <path d=d marker-end="url(#arrow)" />
                        {label.map(|t| {
                            // Long rule expressions are shortened on the canvas; the full text is the tooltip.
                            let short: String = if t.chars().count() > 18 { format!("{}…", t.chars().take(17).collect::<String>()) } else { t.clone() };
                            view! { <text class="edge-label" x=lx y=ly><title>{t}</title>{short}</text> }
                        })}
                    </g>
                }
            })
            .collect_view()
    };
    let nodes = move || {
        let l = layout.get();
        let s = step.get();
        l.nodes
            .iter()
            .map(|n| {
                let st = s.as_ref().map(|s| status(s, &n.id)).unwrap_or(NodeStatus::Halted);
                let error = s.as_ref().and_then(|s| node_error(s, &n.id));
                let picked = selected.get().as_deref() == Some(n.id.as_str());
                let class = format!(
                    "node kind-{} {}{}{}",
                    n.kind,
                    if s.is_some() { st.class() } else { "idle" },
                    if n.terminal { " terminal" } else { "" },
                    if picked { " picked" } else { "" }
                );
                let select_id = n.id.clone();
                let select = on_select;
                let id = n.id.clone();
                let label = match n.id.as_str() {
                    "__start__" => "START".to_string(),
                    "__end__" => "END".to_string(),
                    other => other.to_string(),
                };
                let kind = if n.terminal { String::new() } else { n.kind.clone() };
                let (x, y) = (n.x, n.y);
                let open = on_open;
                let subgraph = n.kind == "subgraph";
                view! {
                    <g class=class data-node=id.clone() transform=format!("translate({x},{y})")
                        on:click=move |_| select.run(select_id.clone())
                        on:dblclick=move |_| if subgraph { open.run(id.clone()) }>
                        <rect width=NODE_W height=NODE_H rx=if label == "START" || label == "END" { 22 } else { 8 } />
                        <text class="node-name" x=NODE_W / 2.0 y=if n.terminal { 27 } else { 19 }>{label}</text>
                        <text class="node-kind" x=NODE_W / 2.0 y=35>{kind}</text>
                        {error.map(|e| view! {
                            <title>{e.clone()}</title>
                            <text class="node-error" x=NODE_W / 2.0 y=NODE_H + 14.0>{if e.chars().count() > 28 { format!("{}…", e.chars().take(27).collect::<String>()) } else { e }}</text>
                        })}
                    </g>
                }
            })
            .collect_view()
    };
    view! {
        <div class="canvas-wrap">
            <div class="canvas-tools">
                <button aria-label="Zoom in" on:click=move |_| zoom.update(|z| *z = (*z * 1.2).min(4.0))>"+"</button>
                <button aria-label="Zoom out" on:click=move |_| zoom.update(|z| *z = (*z / 1.2).max(0.2))>"−"</button>
                <button aria-label="Fit to view" on:click=fit>"Fit"</button>
            </div>
            <svg class="canvas" role="img" aria-label="graph canvas" viewBox=view_box preserveAspectRatio="xMidYMin meet"
                on:wheel=move |ev: web_sys::WheelEvent| {
                    ev.prevent_default();
                    zoom.update(|z| *z = (*z * if ev.delta_y() < 0.0 { 1.1 } else { 1.0 / 1.1 }).clamp(0.2, 4.0));
                }
                on:mousedown=move |ev: web_sys::MouseEvent| drag.set(Some((ev.client_x() as f64, ev.client_y() as f64)))
                on:mousemove=move |ev: web_sys::MouseEvent| {
                    if let Some((x0, y0)) = drag.get_untracked() {
                        let (x, y) = (ev.client_x() as f64, ev.client_y() as f64);
                        pan.update(|(px, py)| {
                            *px -= (x - x0) / zoom.get_untracked();
                            *py -= (y - y0) / zoom.get_untracked();
                        });
                        drag.set(Some((x, y)));
                    }
                }
                on:mouseup=move |_| drag.set(None)
                on:mouseleave=move |_| drag.set(None)>
                <defs>
                    <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                        <path d="M 0 0 L 10 5 L 0 10 z" />
                    </marker>
                </defs>
                {edges}
                {nodes}
            </svg>
            {move || {
                // A minimap for large graphs: every node as a dot, the view as a frame.
                let l = layout.get();
                (l.nodes.len() > 12).then(|| {
                    let (px, py) = pan.get();
                    let z = zoom.get();
                    view! {
                        <svg class="minimap" aria-label="minimap" viewBox=format!("0 0 {} {}", l.width, l.height) preserveAspectRatio="xMidYMid meet">
                            {l.nodes.iter().map(|n| view! { <rect x=n.x y=n.y width=NODE_W height=NODE_H /> }).collect_view()}
                            <rect class="frame" x=px y=py width=(l.width + 80.0) / z height=(l.height + 20.0) / z />
                        </svg>
                    }
                })
            }}
        </div>
    }
}
