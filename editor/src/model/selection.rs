//! Canvas geometry and selection as plain functions: screen to graph
//! coordinates, box selection, shift-click.
use super::layout::{Layout, NODE_H, NODE_W};

/// The part of the graph in view (an SVG viewBox).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ViewBox {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

/// The element's box on screen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Screen {
    pub left: f64,
    pub top: f64,
    pub width: f64,
    pub height: f64,
}

/// Graph coordinates of a screen point, for `preserveAspectRatio="xMidYMin meet"`.
pub fn to_graph(v: ViewBox, s: Screen, client: (f64, f64)) -> (f64, f64) {
    let scale = (s.width / v.w).min(s.height / v.h);
    let pad_x = (s.width - v.w * scale) / 2.0;
    (v.x + (client.0 - s.left - pad_x) / scale, v.y + (client.1 - s.top) / scale)
}

/// Nodes (START and END excluded) overlapping the box between `a` and `b`.
pub fn in_box(l: &Layout, a: (f64, f64), b: (f64, f64)) -> Vec<String> {
    let (x0, x1) = (a.0.min(b.0), a.0.max(b.0));
    let (y0, y1) = (a.1.min(b.1), a.1.max(b.1));
    l.nodes.iter().filter(|n| !n.terminal && n.x < x1 && n.x + NODE_W > x0 && n.y < y1 && n.y + NODE_H > y0).map(|n| n.id.clone()).collect()
}

/// The node under a graph point, if any.
pub fn hit(l: &Layout, p: (f64, f64)) -> Option<String> {
    l.nodes.iter().rev().find(|n| p.0 >= n.x && p.0 <= n.x + NODE_W && p.1 >= n.y && p.1 <= n.y + NODE_H).map(|n| n.id.clone())
}

/// A click selects one node; a shift-click adds it or takes it away.
pub fn click(selection: &[String], id: &str, shift: bool) -> Vec<String> {
    if !shift {
        return vec![id.to_string()];
    }
    if selection.iter().any(|s| s == id) {
        selection.iter().filter(|s| *s != id).cloned().collect()
    } else {
        selection.iter().cloned().chain(std::iter::once(id.to_string())).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::layout::layout;
    use superstep::doc::GraphDoc;

    #[test]
    fn screen_points_map_into_the_view_box() {
        let v = ViewBox { x: -100.0, y: 0.0, w: 800.0, h: 400.0 };
        // 1600 px wide but only 400 px tall: scale 1, the view is centred horizontally.
        let s = Screen { left: 10.0, top: 20.0, width: 1600.0, height: 400.0 };
        assert_eq!(to_graph(v, s, (10.0 + 400.0, 20.0)), (-100.0, 0.0));
        assert_eq!(to_graph(v, s, (10.0 + 1200.0, 420.0)), (700.0, 400.0));
    }

    #[test]
    fn a_box_selects_what_it_touches_and_shift_toggles() {
        let doc = GraphDoc::from_json(include_str!("../../../www/examples/schemas-lance.json")).unwrap();
        let l = layout(&doc);
        let n1 = l.node("node_1").unwrap().clone();
        let n2 = l.node("node_2").unwrap().clone();
        let got = in_box(&l, (n1.x - 5.0, n1.y - 5.0), (n2.x + 10.0, n2.y + 10.0));
        assert_eq!(got, vec!["node_1".to_string(), "node_2".to_string()]);
        assert_eq!(hit(&l, (n1.x + 1.0, n1.y + 1.0)).as_deref(), Some("node_1"));
        let s = click(&[], "a", false);
        let s = click(&s, "b", true);
        assert_eq!(s, vec!["a", "b"]);
        assert_eq!(click(&s, "a", true), vec!["b"]);
        assert_eq!(click(&s, "c", false), vec!["c"]);
    }
}
