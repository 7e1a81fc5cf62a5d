//! Where each edge runs on the canvas, and where its label sits: down from
//! one box to the next, around any box in the way (a long edge takes the
//! nearest free column past the rows it skips), and back up beside the boxes
//! for loops, on whichever side has room. Plain data, so the canvas only draws.
use crate::model::layout::{EdgeKind, EdgeLine, Layout, NODE_H, NODE_W};
use std::collections::HashMap;

/// Room kept between an edge and a box it passes.
const CLEAR: f64 = 14.0;
/// How far a detour runs before it turns: half the gap between rows.
const TURN: f64 = 27.0;
/// What crossing a box costs a loop's side: more than any detour.
const CROSSING: f64 = 1e4;
/// Characters of an edge label shown on the canvas, and their width at its font.
const LABEL_FITS: usize = 18;
const LABEL_CHAR_W: f64 = 5.6;
/// Height of one line of edge-label text on the canvas.
const LABEL_LINE: f64 = 12.0;

type Point = (f64, f64);
/// One cubic Bézier piece: start, two control points, end.
pub type Cubic = [Point; 4];

/// A node's box on screen (its top-left corner; every box is `NODE_W` × `NODE_H`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
}

impl Rect {
    fn center(self) -> Point {
        (self.x + NODE_W / 2.0, self.y + NODE_H / 2.0)
    }
    /// Whether `p` is inside the box grown by `pad` on every side.
    pub fn holds(self, (px, py): Point, pad: f64) -> bool {
        px > self.x - pad && px < self.x + NODE_W + pad && py > self.y - pad && py < self.y + NODE_H + pad
    }
    /// Whether the box (grown by `CLEAR`) reaches into the band of heights `lo..hi`.
    fn in_band(self, lo: f64, hi: f64) -> bool {
        self.y - CLEAR < hi && lo < self.y + NODE_H + CLEAR
    }
    /// Whether a vertical line at `x` keeps `CLEAR` away from the box.
    fn clear_of(self, x: f64) -> bool {
        x <= self.x - CLEAR + 0.01 || x >= self.x + NODE_W + CLEAR - 0.01
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct EdgeRoute {
    pub curves: Vec<Cubic>,
    pub label_at: Point,
}

impl EdgeRoute {
    /// SVG path data.
    pub fn d(&self) -> String {
        let Some(first) = self.curves.first() else { return String::new() };
        let mut d = format!("M {} {}", first[0].0, first[0].1);
        for [_, a, b, c] in &self.curves {
            d += &format!(" C {} {} {} {} {} {}", a.0, a.1, b.0, b.1, c.0, c.1);
        }
        d
    }
}

/// The point of a cubic at `t` in 0..=1.
fn at([p0, p1, p2, p3]: &Cubic, t: f64) -> Point {
    let u = 1.0 - t;
    let (a, b, c, d) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
    (a * p0.0 + b * p1.0 + c * p2.0 + d * p3.0, a * p0.1 + b * p1.1 + c * p2.1 + d * p3.1)
}

fn line(a: Point, b: Point) -> Cubic {
    [a, a, b, b]
}

/// A rounded corner from `a` through the bend at `corner` to `b` (a quadratic, as a cubic).
fn corner(a: Point, corner: Point, b: Point) -> Cubic {
    let toward = |p: Point| (p.0 + 2.0 / 3.0 * (corner.0 - p.0), p.1 + 2.0 / 3.0 * (corner.1 - p.1));
    [a, toward(a), toward(b), b]
}

/// The text an edge shows: a router's rule or path key, or what kind of edge it is.
pub fn label_text(kind: &EdgeKind) -> Option<String> {
    match kind {
        EdgeKind::Conditional(k) => Some(k.clone()),
        EdgeKind::Send(over) => Some(format!("Send × {over}")),
        EdgeKind::Command => Some("Command".into()),
        EdgeKind::Normal | EdgeKind::Join => None,
    }
}

/// `t` cut to `n` characters, with an ellipsis when cut.
pub fn short(t: &str, n: usize) -> String {
    if t.chars().count() > n {
        format!("{}…", t.chars().take(n - 1).collect::<String>())
    } else {
        t.to_string()
    }
}

/// What the canvas prints of a label (long rule expressions are cut; the full text is the tooltip).
pub fn shown_label(text: &str) -> String {
    short(text, LABEL_FITS)
}

/// Every edge's route, in the order of `l.edges`, with each node moved by `offset`
/// (a drag in progress). Labels of one router are kept apart.
pub fn routes(l: &Layout, offset: impl Fn(&str) -> Point) -> Vec<EdgeRoute> {
    let boxes: Vec<(&str, Rect)> = l
        .nodes
        .iter()
        .map(|n| {
            let (dx, dy) = offset(&n.id);
            (n.id.as_str(), Rect { x: n.x + dx, y: n.y + dy })
        })
        .collect();
    let by_id: HashMap<&str, Rect> = boxes.iter().copied().collect();
    let mut out = Vec::with_capacity(l.edges.len());
    let mut wanted = Vec::with_capacity(l.edges.len());
    // The boxes other than an edge's own two, refilled for each edge.
    let mut others: Vec<Rect> = Vec::with_capacity(boxes.len());
    for e in &l.edges {
        let width = label_text(&e.kind).map_or(0.0, |t| shown_label(&t).chars().count() as f64 * LABEL_CHAR_W);
        let (Some(&a), Some(&b)) = (by_id.get(e.from.as_str()), by_id.get(e.to.as_str())) else {
            out.push(EdgeRoute { curves: Vec::new(), label_at: (0.0, 0.0) });
            wanted.push((0.0, 0.0, 0.0));
            continue;
        };
        others.clear();
        others.extend(boxes.iter().filter(|(id, _)| *id != e.from && *id != e.to).map(|(_, r)| *r));
        let route = route(e, a, b, &others, width);
        wanted.push((route.label_at.0, route.label_at.1, width));
        out.push(route);
    }
    for (route, spot) in out.iter_mut().zip(spread_labels(&wanted)) {
        route.label_at = spot;
    }
    out
}

fn route(e: &EdgeLine, a: Rect, b: Rect, others: &[Rect], label_w: f64) -> EdgeRoute {
    if e.from == e.to {
        let (x, y) = (a.x + NODE_W, a.y + NODE_H / 2.0);
        // Its widest point, 3/4 of the control points' reach, stays inside the gap to a right-hand neighbour.
        let curves = vec![[(x, y - 10.0), (x + 48.0, y - 40.0), (x + 48.0, y + 40.0), (x, y + 10.0)]];
        // The label goes past the loop, or above the box's right end when a box sits there.
        let beside = (x + 40.0, y + 3.0);
        let covers =
            |r: &Rect| r.holds(beside, 0.0) || r.holds((beside.0 + label_w, beside.1), 0.0) || r.holds((beside.0, beside.1 - 8.0), 0.0);
        let label_at = if others.iter().any(covers) { (x - label_w, a.y - 4.0) } else { beside };
        return EdgeRoute { curves, label_at };
    }
    if e.back {
        around(a, b, others, label_w)
    } else {
        down(a, b, others, label_w)
    }
}

/// From the bottom of `a` to the top of `b` (or the other way up when a box was
/// moved above its source): one S-curve, or a detour down a free column when a
/// box is in its way.
fn down(a: Rect, b: Rect, others: &[Rect], label_w: f64) -> EdgeRoute {
    let ((fx, _), (tx, _)) = (a.center(), b.center());
    let s = if b.y >= a.y { 1.0 } else { -1.0 };
    let (sy, ey) = if s > 0.0 { (a.y + NODE_H, b.y - 4.0) } else { (a.y, b.y + NODE_H + 4.0) };
    let mid = (sy + ey) / 2.0;
    let curve = [(fx, sy), (fx, mid), (tx, mid), (tx, ey)];
    // Only boxes level with the curve can be in its way; the others are skipped before sampling.
    let level = |r: &&Rect| r.y - 2.0 < sy.max(ey) && sy.min(ey) < r.y + NODE_H + 2.0;
    let blocked = others.iter().filter(level).any(|r| (0..=24).any(|k| r.holds(at(&curve, k as f64 / 24.0), 2.0)));
    if !blocked {
        // On the outer side of a fan-out: left of an edge that heads left, right of the others.
        let label_x = if tx < fx - 1.0 { (fx + tx) / 2.0 - 6.0 - label_w } else { (fx + tx) / 2.0 + 6.0 };
        return EdgeRoute { curves: vec![curve], label_at: (label_x, mid + 2.0) };
    }
    let turn = ((ey - sy).abs() / 3.0).min(TURN);
    let (y1, y2) = (sy + s * turn, ey - s * turn);
    let band: Vec<Rect> = others.iter().copied().filter(|r| r.in_band(y1.min(y2), y1.max(y2))).collect();
    let x = nearest_free(&band, (fx + tx) / 2.0, None);
    let (m1, m2) = ((sy + y1) / 2.0, (y2 + ey) / 2.0);
    let curves = vec![[(fx, sy), (fx, m1), (x, m1), (x, y1)], line((x, y1), (x, y2)), [(x, y2), (x, m2), (tx, m2), (tx, ey)]];
    // The label sits just past the first turn, in the gap between rows, clear of the boxes the column passes.
    EdgeRoute { curves, label_at: (x + 6.0, y1 + 4.0) }
}

/// A loop back up: out of `a`'s side, up a free column, into `b`'s side. The
/// right-hand side unless leaving or arriving that way crosses a box and the
/// left does not.
fn around(a: Rect, b: Rect, others: &[Rect], label_w: f64) -> EdgeRoute {
    let ((_, ay), (_, by)) = (a.center(), b.center());
    let band: Vec<Rect> = others.iter().copied().filter(|r| r.in_band(ay.min(by), ay.max(by))).collect();
    let crosses =
        |y: f64, x0: f64, x1: f64| others.iter().any(|r| r.y < y && y < r.y + NODE_H && r.x < x0.max(x1) && x0.min(x1) < r.x + NODE_W);
    let side = |right: bool| {
        let edge = |r: Rect| if right { r.x + NODE_W } else { r.x };
        let (ax, bx) = (edge(a), edge(b));
        let want = if right { ax.max(bx) + 40.0 } else { ax.min(bx) - 40.0 };
        let x = nearest_free(&band, want, Some(right));
        let cost = (x - want).abs() + if crosses(ay, ax, x) || crosses(by, bx, x) { CROSSING } else { 0.0 };
        (cost, x, ax, bx)
    };
    let (right, left) = (side(true), side(false));
    let ((_, x, ax, bx), on_right) = if left.0 < right.0 { (left, false) } else { (right, true) };
    let k = ((by - ay).abs() / 2.0).min(16.0);
    let s = if by < ay { -1.0 } else { 1.0 };
    let curves = vec![
        corner((ax, ay), (x, ay), (x, ay + s * k)),
        line((x, ay + s * k), (x, by - s * k)),
        corner((x, by - s * k), (x, by), (bx, by)),
    ];
    let label_x = if on_right { x + 4.0 } else { x - 4.0 - label_w };
    EdgeRoute { curves, label_at: (label_x, (ay + by) / 2.0) }
}

/// The column nearest `want` that passes every box of `band` at `CLEAR`; only
/// to the right of `want` (`Some(true)`) or left of it (`Some(false)`) if asked.
fn nearest_free(band: &[Rect], want: f64, only: Option<bool>) -> f64 {
    let sides = band.iter().flat_map(|r| [r.x - CLEAR, r.x + NODE_W + CLEAR]);
    std::iter::once(want)
        .chain(sides)
        .filter(|&x| match only {
            Some(true) => x >= want,
            Some(false) => x <= want,
            None => true,
        })
        .filter(|&x| band.iter().all(|r| r.clear_of(x)))
        .min_by(|p, q| (p - want).abs().total_cmp(&(q - want).abs()).then(p.total_cmp(q)))
        .unwrap_or(want)
}

/// Edge labels `(x, y, width)` placed in order, each moved down a line at a
/// time (a few at most) until it overlaps no label placed before it: routers
/// with several targets would otherwise print their rules over each other.
pub fn spread_labels(wanted: &[(f64, f64, f64)]) -> Vec<Point> {
    let mut placed: Vec<(f64, f64, f64)> = Vec::with_capacity(wanted.len());
    for &(x, mut y, w) in wanted {
        let clashes = |y: f64, placed: &[(f64, f64, f64)]| {
            w > 0.0 && placed.iter().any(|&(px, py, pw)| pw > 0.0 && (py - y).abs() < LABEL_LINE && x < px + pw && px < x + w)
        };
        for _ in 0..6 {
            if !clashes(y, &placed) {
                break;
            }
            y += LABEL_LINE;
        }
        placed.push((x, y, w));
    }
    placed.into_iter().map(|(x, y, _)| (x, y)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::layout::layout;
    use superstep::doc::GraphDoc;

    fn doc(name: &str) -> GraphDoc {
        let text = std::fs::read_to_string(format!("{}/../www/examples/{name}.json", env!("CARGO_MANIFEST_DIR"))).unwrap();
        GraphDoc::from_json(&text).unwrap()
    }

    fn examples() -> Vec<String> {
        let index = std::fs::read_to_string(format!("{}/../www/examples/index.json", env!("CARGO_MANIFEST_DIR"))).unwrap();
        serde_json::from_str(&index).unwrap()
    }

    /// Points along a route, 40 to each piece.
    fn points(r: &EdgeRoute) -> impl Iterator<Item = Point> + '_ {
        r.curves.iter().flat_map(|c| (0..=40).map(move |k| at(c, k as f64 / 40.0)))
    }

    /// The boxes an edge's route passes through, other than its own two.
    fn crossed(l: &Layout, i: usize, r: &EdgeRoute) -> Vec<String> {
        let e = &l.edges[i];
        l.nodes
            .iter()
            .filter(|n| n.id != e.from && n.id != e.to)
            .filter(|n| points(r).any(|p| Rect { x: n.x, y: n.y }.holds(p, 0.0)))
            .map(|n| n.id.clone())
            .collect()
    }

    #[test]
    fn no_edge_of_an_example_runs_through_a_box_it_does_not_join() {
        for name in examples() {
            let l = layout(&doc(&name));
            for (i, r) in routes(&l, |_| (0.0, 0.0)).iter().enumerate() {
                let e = &l.edges[i];
                assert_eq!(crossed(&l, i, r), Vec::<String>::new(), "{name}: {} -> {}", e.from, e.to);
            }
        }
    }

    #[test]
    fn a_long_edge_takes_a_free_column_and_a_short_one_stays_one_curve() {
        let l = layout(&doc("deferred-summary"));
        let rs = routes(&l, |_| (0.0, 0.0));
        let of = |from: &str, to: &str| &rs[l.edges.iter().position(|e| e.from == from && e.to == to).unwrap()];
        assert_eq!(of("search_docs", "summarize").curves.len(), 3, "a detour past read_pages");
        assert_eq!(of("read_pages", "summarize").curves.len(), 1);
        let chain = layout(&doc("human-review"));
        assert!(routes(&chain, |_| (0.0, 0.0)).iter().all(|r| r.curves.len() == 1));
    }

    #[test]
    fn a_loop_leaves_by_the_side_with_room() {
        let l = layout(&doc("support-agent"));
        let i = l.edges.iter().position(|e| e.from == "retry_wait" && e.to == "drafting").unwrap();
        let (a, b) = (l.node("retry_wait").unwrap(), l.node("waiting_for_approval").unwrap());
        assert!(a.x < b.x, "retry_wait sits left of waiting_for_approval");
        let r = &routes(&l, |_| (0.0, 0.0))[i];
        assert!(r.curves[1][0].0 < a.x, "up the left-hand side");
    }

    #[test]
    fn a_fan_out_labels_each_edge_on_its_outer_side() {
        let l = layout(&doc("support-agent"));
        let rs = routes(&l, |_| (0.0, 0.0));
        let label_x = |to: &str| rs[l.edges.iter().position(|e| e.from == "drafting" && e.to == to).unwrap()].label_at.0;
        let center = |id: &str| l.node(id).unwrap().x + NODE_W / 2.0;
        let mid = (center("drafting") + center("retry_wait")) / 2.0;
        let width = shown_label("attempt < 3").chars().count() as f64 * LABEL_CHAR_W;
        assert!(label_x("retry_wait") + width < mid, "ends left of the edge heading left");
        assert!(label_x("waiting_for_approval") > (center("drafting") + center("waiting_for_approval")) / 2.0);
    }

    #[test]
    fn a_loop_on_itself_keeps_out_of_its_right_hand_neighbour() {
        let mut d = doc("support-agent");
        // waiting_for_approval loops on itself; put a box right beside it.
        let w = layout(&d).node("waiting_for_approval").cloned().unwrap();
        let mut n = d.nodes[0].clone();
        n.id = "beside".into();
        d.nodes.push(n);
        d.layout.insert("beside".into(), superstep::doc::Position { x: w.x + NODE_W + 40.0, y: w.y });
        let l = layout(&d);
        let i = l.edges.iter().position(|e| e.from == "waiting_for_approval" && e.to == "waiting_for_approval").unwrap();
        let r = &routes(&l, |_| (0.0, 0.0))[i];
        assert_eq!(crossed(&l, i, r), Vec::<String>::new());
        let beside = l.node("beside").unwrap();
        assert!(r.label_at.1 < w.y, "its label moves above the box, off the neighbour");
        assert!(!Rect { x: beside.x, y: beside.y }.holds(r.label_at, 0.0));
    }

    #[test]
    fn a_dragged_node_moves_its_routes() {
        let l = layout(&doc("command"));
        let still = routes(&l, |_| (0.0, 0.0));
        let moved = routes(&l, |id| if id == "my_node" { (100.0, 0.0) } else { (0.0, 0.0) });
        let i = l.edges.iter().position(|e| e.from == "my_node").unwrap();
        assert_eq!(moved[i].curves[0][0].0, still[i].curves[0][0].0 + 100.0);
        assert!(moved[i].d().starts_with("M "));
    }

    #[test]
    fn the_nearest_free_column_skips_boxes() {
        let band = [Rect { x: 0.0, y: 0.0 }];
        assert_eq!(nearest_free(&band, 200.0, None), 200.0, "nothing in the way");
        assert_eq!(nearest_free(&band, 60.0, None), -CLEAR, "closer on the left");
        assert_eq!(nearest_free(&band, 100.0, None), NODE_W + CLEAR);
        assert_eq!(nearest_free(&band, 60.0, Some(true)), NODE_W + CLEAR, "asked for the right");
    }

    #[test]
    fn labels_that_would_overlap_move_down_and_others_stay() {
        let spots = spread_labels(&[(0.0, 0.0, 50.0), (20.0, 4.0, 30.0), (200.0, 0.0, 30.0), (10.0, 0.0, 0.0)]);
        assert_eq!(spots[0], (0.0, 0.0));
        assert_eq!(spots[1], (20.0, 4.0 + LABEL_LINE), "overlapped the first");
        assert_eq!(spots[2], (200.0, 0.0), "far to the right: stays");
        assert_eq!(spots[3], (10.0, 0.0), "no label: stays");
    }
}
