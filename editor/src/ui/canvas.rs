//! The SVG canvas: nodes, START/END, every edge kind, the selected
//! superstep's statuses, and editing by hand: drag a node (or the selection)
//! to move it, drag from a node's handle to connect (dropping on empty space
//! offers to create a node there), click and shift-click to select, click
//! an edge and press Delete to remove it, shift-drag the background to
//! box-select, drag the background to pan, wheel to zoom. Gestures end in
//! `EditorChange`s; nothing here edits.
use crate::model::edge_removal::removal;
use crate::model::edit::{add_fresh_node, EditorChange};
use crate::model::layout::{EdgeKind, EdgeLine, Layout, NODE_H, NODE_W};
use crate::model::problems::Problem;
use crate::model::routes::{label_text, routes, short, shown_label};
use crate::model::run::{node_error, served_from_cache, status};
use crate::model::selection::{click, hit, in_box, to_graph, Screen, ViewBox};
use crate::ui::shortcuts::typing;
use leptos::prelude::*;
use superstep::doc::{EdgeDoc, GraphDoc, Position};
use superstep::pregel::StepSnapshot;

/// What the pointer is doing, in graph coordinates.
#[derive(Clone, Debug, PartialEq)]
enum Gesture {
    Pan { last: (f64, f64) },
    Move { ids: Vec<String>, start: (f64, f64), at: (f64, f64), shift: bool },
    Connect { from: String, at: (f64, f64) },
    Boxing { start: (f64, f64), at: (f64, f64) },
}

/// A drop on empty space: create a node there, connected from `from`.
#[derive(Clone, Debug, PartialEq)]
struct DropMenu {
    from: String,
    at: (f64, f64),
    screen: (f64, f64),
}

fn offset(g: &Option<Gesture>, id: &str) -> (f64, f64) {
    match g {
        Some(Gesture::Move { ids, start, at, .. }) if ids.iter().any(|i| i == id) => (at.0 - start.0, at.1 - start.1),
        _ => (0.0, 0.0),
    }
}

fn center(l: &Layout, g: &Option<Gesture>, id: &str) -> (f64, f64) {
    let (dx, dy) = offset(g, id);
    l.node(id).map(|n| (n.x + dx + NODE_W / 2.0, n.y + dy + NODE_H / 2.0)).unwrap_or((0.0, 0.0))
}

/// How many characters of a node's name fit its box at the canvas font.
const NAME_FITS: usize = 17;

#[component]
pub fn Canvas(
    layout: Signal<Layout>,
    step: Signal<Option<StepSnapshot>>,
    carried: Signal<Vec<(String, String)>>,
    selection: RwSignal<Vec<String>>,
    problems: Signal<Vec<Problem>>,
    /// The document being edited (the open graph or a subgraph opened in place); `None` makes the canvas read-only.
    doc: Signal<Option<GraphDoc>>,
    #[prop(into)] on_open: Callback<String>,
    #[prop(into)] on_edit: Callback<EditorChange>,
) -> impl IntoView {
    let zoom = RwSignal::new(1.0f64);
    let pan = RwSignal::new((0.0f64, 0.0f64));
    let gesture = RwSignal::new(None::<Gesture>);
    let menu = RwSignal::new(None::<DropMenu>);
    // The edge picked on the canvas (what Delete removes).
    let picked = RwSignal::new(None::<EdgeLine>);
    Effect::new(move |_| {
        if !selection.with(Vec::is_empty) {
            picked.set(None);
        }
    });
    let on_key = window_event_listener(leptos::ev::keydown, move |ev| {
        if !matches!(ev.key().as_str(), "Delete" | "Backspace") || typing(&ev) {
            return;
        }
        let (Some(e), Some(d)) = (picked.get_untracked(), doc.get_untracked()) else { return };
        picked.set(None);
        if let Some(change) = removal(&d, &e) {
            on_edit.run(change);
        }
    });
    // A press anywhere else lets go of the pick (an edge's own press stops before the window),
    // so a later Backspace meant for something else removes nothing.
    let on_press = window_event_listener(leptos::ev::mousedown, move |_| picked.set(None));
    on_cleanup(move || {
        on_key.remove();
        on_press.remove();
    });
    let svg_ref = NodeRef::<leptos::svg::Svg>::new();
    let fit = move |_| {
        zoom.set(1.0);
        pan.set((0.0, 0.0));
    };
    // The canvas's width on screen: a graph narrower than it is shown at its natural
    // size (centred) rather than blown up; a wider one is scaled down to fit.
    let screen_w = RwSignal::new(820.0f64);
    let measure = move || {
        if let Some(svg) = svg_ref.get_untracked() {
            let w = svg.get_bounding_client_rect().width();
            if w > 0.0 {
                screen_w.set(w);
            }
        }
    };
    Effect::new(move |_| {
        if svg_ref.get().is_some() {
            request_animation_frame(measure);
        }
    });
    let on_resize = window_event_listener(leptos::ev::resize, move |_| measure());
    on_cleanup(move || on_resize.remove());
    let view = move || {
        let l = layout.get();
        let (px, py) = pan.get();
        let z = zoom.get();
        // The canvas's height follows the view box's aspect (at least 0.68 of its width).
        let w = (l.width + 80.0).max(screen_w.get());
        let h = (l.height + 20.0).max(w * 0.68);
        ViewBox { x: px - (w - l.width) / 2.0, y: py, w: w / z, h: h / z }
    };
    let graph_point = move |ev: &web_sys::MouseEvent| -> (f64, f64) {
        let Some(svg) = svg_ref.get_untracked() else { return (0.0, 0.0) };
        let r = svg.get_bounding_client_rect();
        let screen = Screen { left: r.left(), top: r.top(), width: r.width(), height: r.height() };
        to_graph(view(), screen, (ev.client_x() as f64, ev.client_y() as f64))
    };
    let editable = move || doc.get_untracked().is_some();

    let on_down = move |ev: web_sys::MouseEvent| {
        menu.set(None);
        let p = graph_point(&ev);
        gesture.set(Some(if ev.shift_key() && editable() {
            Gesture::Boxing { start: p, at: p }
        } else {
            Gesture::Pan { last: (ev.client_x() as f64, ev.client_y() as f64) }
        }));
    };
    let on_move = move |ev: web_sys::MouseEvent| {
        let Some(g) = gesture.get_untracked() else { return };
        let p = graph_point(&ev);
        gesture.set(Some(match g {
            Gesture::Pan { last: (x0, y0) } => {
                let (x, y) = (ev.client_x() as f64, ev.client_y() as f64);
                let z = zoom.get_untracked();
                pan.update(|(px, py)| {
                    *px -= (x - x0) / z;
                    *py -= (y - y0) / z;
                });
                Gesture::Pan { last: (x, y) }
            }
            Gesture::Move { ids, start, shift, .. } => Gesture::Move { ids, start, at: p, shift },
            Gesture::Connect { from, .. } => Gesture::Connect { from, at: p },
            Gesture::Boxing { start, .. } => Gesture::Boxing { start, at: p },
        }));
    };
    let on_up = move |ev: web_sys::MouseEvent| {
        let Some(g) = gesture.get_untracked() else { return };
        gesture.set(None);
        let l = layout.get_untracked();
        match g {
            Gesture::Pan { .. } => {}
            Gesture::Boxing { start, at } => selection.set(in_box(&l, start, at)),
            Gesture::Move { ids, start, at, shift } => {
                let (dx, dy) = (at.0 - start.0, at.1 - start.1);
                if dx.abs() + dy.abs() < 3.0 {
                    // A click, not a drag.
                    if let Some(id) = ids.first().filter(|_| ids.len() == 1 || !shift) {
                        let picked = hit(&l, start).unwrap_or_else(|| id.clone());
                        selection.update(|s| *s = click(s, &picked, shift));
                    }
                    return;
                }
                let moves = ids
                    .iter()
                    .filter_map(|id| l.node(id).filter(|n| !n.terminal).map(|n| (id, n)))
                    .map(|(id, n)| EditorChange::Move { id: id.clone(), to: Some(Position { x: n.x + dx, y: n.y + dy }) })
                    .collect::<Vec<_>>();
                if !moves.is_empty() {
                    on_edit.run(EditorChange::Batch(moves));
                }
            }
            Gesture::Connect { from, at } => match hit(&l, at) {
                Some(to) if to != "__start__" => {
                    let n = doc.get_untracked().map_or(0, |d| d.edges.len());
                    on_edit.run(EditorChange::AddEdge { edge: EdgeDoc { from: serde_json::Value::String(from), to }, at: n });
                }
                Some(_) => {}
                None => {
                    let wrap = svg_ref.get_untracked().map(|s| s.get_bounding_client_rect());
                    let (left, top, w, h) = wrap.map_or((0.0, 0.0, 800.0, 600.0), |r| (r.left(), r.top(), r.width(), r.height()));
                    // Keep the menu inside the canvas.
                    let screen =
                        ((ev.client_x() as f64 - left).min(w - 170.0).max(0.0), (ev.client_y() as f64 - top).min(h - 270.0).max(0.0));
                    menu.set(Some(DropMenu { from, at, screen }));
                }
            },
        }
    };
    let create_at = move |kind: &'static str| {
        let (Some(m), Some(d)) = (menu.get_untracked(), doc.get_untracked()) else { return };
        menu.set(None);
        let (id, mut changes) = add_fresh_node(&d, kind);
        changes.extend([
            EditorChange::Move { id: id.clone(), to: Some(Position { x: m.at.0 - NODE_W / 2.0, y: m.at.1 - NODE_H / 2.0 }) },
            EditorChange::AddEdge { edge: EdgeDoc { from: serde_json::Value::String(m.from), to: id.clone() }, at: d.edges.len() },
        ]);
        on_edit.run(EditorChange::Batch(changes));
        selection.set(vec![id]);
    };

    // Only a move changes where nodes are drawn: panning or connecting leaves the routes be.
    let moving = Memo::new(move |_| gesture.with(|g| g.clone().filter(|g| matches!(g, Gesture::Move { .. }))));
    // Every route at once: a route steers around the other boxes, and labels of one router sit apart.
    let routes = Memo::new(move |_| {
        let g = moving.get();
        layout.with(|l| routes(l, |id| offset(&g, id)))
    });
    // Lit edges and node states follow the superstep on view element by element: a run's
    // superstep re-renders no list (each rebuilt its 200 nodes' views and listeners).
    let edges = move || {
        let l = layout.get();
        l.edges
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let class = match &e.kind {
                    EdgeKind::Normal => "edge",
                    EdgeKind::Conditional(_) => "edge conditional",
                    EdgeKind::Join => "edge join",
                    EdgeKind::Send(_) => "edge send",
                    EdgeKind::Command => "edge command",
                };
                let (from, to) = (e.from.clone(), e.to.clone());
                let lit = Memo::new(move |_| carried.with(|hot| hot.iter().any(|(f, t)| *f == from && *t == to)));
                let line = e.clone();
                let picked_now = move || picked.with(|p| p.as_ref() == Some(&line));
                let arrow = move || if lit.get() { "url(#arrow-carried)" } else { "url(#arrow)" };
                let d = move || routes.with(|r| r.get(i).map(|r| r.d()).unwrap_or_default());
                let spot = move || routes.with(|r| r.get(i).map(|r| r.label_at).unwrap_or_default());
                view! {
                    <g class=class class:carried=lit class:picked=picked_now data-edge=format!("{}>{}", e.from, e.to)>
                        <path d=d marker-end=arrow />
                        {label_text(&e.kind).map(|t| {
                            let s = shown_label(&t);
                            view! { <text class="edge-label" x=move || spot().0 y=move || spot().1><title>{t}</title>{s}</text> }
                        })}
                    </g>
                }
            })
            .collect_view()
    };
    // Invisible wide strokes under the edges. A drawn edge is picked, and Delete removes it;
    // a line that a node's code or settings make (Command, Send, a code router) selects
    // that node instead, since its panel is where the line is edited.
    let edge_hits = move || {
        let (l, d) = (layout.get(), doc.get());
        let d = d?;
        let hits = l.edges.iter().enumerate().filter_map(|(i, e)| {
            let removable = removal(&d, e).is_some();
            if !removable && e.from == "__start__" {
                return None;
            }
            let e = e.clone();
            let key = format!("{}>{}", e.from, e.to);
            let title = if removable {
                "Click to pick; Delete removes this edge".to_string()
            } else {
                format!("Set by {}: click to open it", e.from)
            };
            let d = move || routes.with(|r| r.get(i).map(|r| r.d()).unwrap_or_default());
            let pick = move |ev: web_sys::MouseEvent| {
                ev.stop_propagation();
                menu.set(None);
                if removable {
                    selection.set(vec![]);
                    picked.set(Some(e.clone()));
                } else {
                    picked.set(None);
                    selection.set(vec![e.from.clone()]);
                }
            };
            Some(view! {
                <path class="edge-hit" class:owned=!removable data-edge=key d=d on:mousedown=pick><title>{title}</title></path>
            })
        });
        Some(hits.collect_view())
    };
    let nodes = move || {
        let l = layout.get();
        let issues = problems.get();
        l.nodes
            .iter()
            .map(|n| {
                let id = n.id.clone();
                let issue: Vec<String> = issues.iter().filter(|p| p.node.as_deref() == Some(n.id.as_str())).map(|p| p.text.clone()).collect();
                // The node's state in the superstep on view, `(class, from cache, error)`: a memo, so a
                // superstep that leaves it as it was re-renders nothing of it.
                let state = {
                    let id = id.clone();
                    Memo::new(move |_| {
                        step.with(|s| s.as_ref().map(|s| (status(s, &id).class(), served_from_cache(s, &id), node_error(s, &id))))
                    })
                };
                let hit = move || state.with(|s| s.as_ref().is_some_and(|s| s.1));
                let error = move || state.with(|s| s.as_ref().and_then(|s| s.2.clone()));
                let fixed = format!(
                    "node kind-{}{}{}",
                    n.kind,
                    if n.terminal { " terminal" } else { "" },
                    if issue.is_empty() { "" } else { " has-problem" }
                );
                // One class string, `picked` in it: setting the string would drop a class added beside it.
                let class = {
                    let id = id.clone();
                    move || {
                        let (st, hit) = state.with(|s| s.as_ref().map_or(("idle", false), |s| (s.0, s.1)));
                        let picked = selection.with(|sel| sel.contains(&id));
                        format!("{fixed} {st}{}{}", if hit { " cached" } else { "" }, if picked { " picked" } else { "" })
                    }
                };
                let label = match n.id.as_str() {
                    "__start__" => "START".to_string(),
                    "__end__" => "END".to_string(),
                    other => other.to_string(),
                };
                // A long name is squeezed to the box; a very long one is also cut (the full name is its tooltip).
                let squeeze = (label.chars().count() > NAME_FITS).then_some(NODE_W - 14.0);
                let shown = short(&label, 24);
                let caption = n.caption();
                let kind = move || if hit() { format!("{caption} · cached") } else { caption.clone() };
                let (x, y) = (n.x, n.y);
                let subgraph = n.kind == "subgraph";
                let (move_id, hand_id, open_id) = (id.clone(), id.clone(), id.clone());
                let transform = move || {
                    let (dx, dy) = offset(&gesture.get(), &move_id);
                    format!("translate({},{})", x + dx, y + dy)
                };
                let grab = {
                    let id = id.clone();
                    move |ev: web_sys::MouseEvent| {
                        ev.stop_propagation();
                        menu.set(None);
                        let p = graph_point(&ev);
                        let sel = selection.get_untracked();
                        let ids = if sel.contains(&id) && !ev.shift_key() { sel } else { vec![id.clone()] };
                        gesture.set(Some(Gesture::Move { ids, start: p, at: p, shift: ev.shift_key() }));
                    }
                };
                let start_connect = move |ev: web_sys::MouseEvent| {
                    ev.stop_propagation();
                    if editable() {
                        let p = graph_point(&ev);
                        gesture.set(Some(Gesture::Connect { from: hand_id.clone(), at: p }));
                    }
                };
                view! {
                    <g class=class data-node=id.clone() transform=transform
                        on:mousedown=grab
                        on:dblclick=move |_| if subgraph { on_open.run(open_id.clone()) }>
                        <rect width=NODE_W height=NODE_H rx=if n.terminal { 22 } else { 8 } />
                        <text class="node-name" x=NODE_W / 2.0 y=if n.terminal { 27 } else { 19 }
                            textLength=squeeze lengthAdjust=squeeze.map(|_| "spacingAndGlyphs")><title>{label}</title>{shown}</text>
                        <text class="node-kind" x=NODE_W / 2.0 y=35>{kind}</text>
                        {(!issue.is_empty()).then(|| view! {
                            <g class="problem-badge"><title>{issue.join("\n")}</title><circle cx=NODE_W - 4.0 cy=4 r=8 /><text x=NODE_W - 4.0 y=8>"!"</text></g>
                        })}
                        {(id != "__end__").then(|| view! {
                            <circle class="handle" aria-label=format!("connect from {id}") cx=NODE_W / 2.0 cy=NODE_H r=6 on:mousedown=start_connect />
                        })}
                        {move || error().map(|e| view! {
                            <title>{e.clone()}</title>
                            <text class="node-error" x=NODE_W / 2.0 y=NODE_H + 20.0>{short(&e, 28)}</text>
                        })}
                    </g>
                }
            })
            .collect_view()
    };
    // What a gesture in progress draws: the rubber band and the edge being dragged out.
    let overlay = move || match gesture.get() {
        Some(Gesture::Boxing { start, at }) => {
            let (x, y, w, h) = (start.0.min(at.0), start.1.min(at.1), (at.0 - start.0).abs(), (at.1 - start.1).abs());
            Some(view! { <rect class="rubber-band" x=x y=y width=w height=h /> }.into_any())
        }
        Some(Gesture::Connect { from, at }) => {
            let (fx, fy) = center(&layout.get_untracked(), &None, &from);
            Some(view! { <path class="edge dragging" d=format!("M {fx} {} L {} {}", fy + NODE_H / 2.0, at.0, at.1) /> }.into_any())
        }
        _ => None,
    };
    view! {
        <div class="canvas-wrap">
            <div class="canvas-tools">
                <button aria-label="Zoom in" on:click=move |_| zoom.update(|z| *z = (*z * 1.2).min(4.0))>"+"</button>
                <button aria-label="Zoom out" on:click=move |_| zoom.update(|z| *z = (*z / 1.2).max(0.2))>"−"</button>
                <button aria-label="Fit to view" on:click=fit>"Fit"</button>
            </div>
            <svg node_ref=svg_ref class="canvas" role="img" aria-label="graph canvas" preserveAspectRatio="xMidYMin meet"
                viewBox=move || { let v = view(); format!("{} {} {} {}", v.x, v.y, v.w, v.h) }
                on:wheel=move |ev: web_sys::WheelEvent| {
                    ev.prevent_default();
                    zoom.update(|z| *z = (*z * if ev.delta_y() < 0.0 { 1.1 } else { 1.0 / 1.1 }).clamp(0.2, 4.0));
                }
                on:mousedown=on_down
                on:mousemove=on_move
                on:mouseup=on_up
                on:mouseleave=move |_| if matches!(gesture.get_untracked(), Some(Gesture::Pan { .. })) { gesture.set(None) }>
                <defs>
                    <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="10.5" markerHeight="10.5" markerUnits="userSpaceOnUse" orient="auto-start-reverse">
                        <path d="M 0 0 L 10 5 L 0 10 z" />
                    </marker>
                    // A carried edge's line is twice as thick; its arrow keeps the plain size (fixed units).
                    <marker id="arrow-carried" class="carried" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="11" markerHeight="11" markerUnits="userSpaceOnUse" orient="auto-start-reverse">
                        <path d="M 0 0 L 10 5 L 0 10 z" />
                    </marker>
                </defs>
                {edge_hits}
                {edges}
                {nodes}
                {overlay}
                {move || {
                    let l = layout.get();
                    (l.nodes.iter().all(|n| n.terminal) && doc.get().is_some()).then(|| {
                        let y = l.nodes.iter().map(|n| n.y).fold(0.0, f64::max) + NODE_H + 40.0;
                        view! {
                            <text class="canvas-hint" x=l.width / 2.0 y=y>"Add nodes from Build (right), then drag from a node's ○ handle to another node."</text>
                            <text class="canvas-hint" x=l.width / 2.0 y=y + 20.0>"Drop on empty space to create a node there."</text>
                        }
                    })
                }}
            </svg>
            {move || menu.get().map(|m| view! {
                <div class="drop-menu" role="menu" aria-label="create a node here" style=format!("left:{}px;top:{}px", m.screen.0, m.screen.1)>
                    <p class="muted">{format!("New node after {}", m.from)}</p>
                    {super::build_panel::KINDS.iter().map(|k| view! {
                        <button role="menuitem" aria-label=format!("create {k} node here") on:click=move |_| create_at(k)>{k.to_string()}</button>
                    }).collect_view()}
                    <button class="muted" on:click=move |_| menu.set(None)>"cancel"</button>
                </div>
            })}
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
