//! A small expression language for graph documents, with a real parser.
//!
//! ```text
//! expr    := or
//! or      := and ("or" and)*
//! and     := not ("and" not)*
//! not     := "not" not | cmp
//! cmp     := sum (("==" | "!=" | "<" | "<=" | ">" | ">=") sum)?
//! sum     := product (("+" | "-") product)*
//! product := unary (("*" | "/" | "%") unary)*
//! unary   := "-" unary | postfix
//! postfix := primary ("." name | "[" expr "]")*
//! primary := number | string | true | false | null | name | name "(" args ")"
//!          | "[" (expr ("," expr)*)? "]" | "(" expr ")"
//! ```
//! Names read state keys; `len(x)`, `str(x)`, `num(x)`, `if(c, a, b)` and `has(x, item)`
//! (a list holds the item, a string the text, an object the key) are functions. `+`
//! adds numbers, concatenates strings (a string with anything) and lists.
//! Templates: `"Hello {{ name }}"`. Errors carry the character position.
use crate::json::text as json;
use serde_json::{Number, Value};
use std::fmt;

#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    Lit(Value),
    Name(String),
    Get(Box<Expr>, Box<Expr>),
    List(Vec<Expr>),
    Call(String, Vec<Expr>),
    Unary(&'static str, Box<Expr>),
    Binary(&'static str, Box<Expr>, Box<Expr>),
}

/// A parse or evaluation error, with the character offset it concerns.
#[derive(Clone, Debug, PartialEq)]
pub struct ExprError {
    pub pos: usize,
    pub message: String,
}

impl fmt::Display for ExprError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at {}: {}", self.pos, self.message)
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Num(f64),
    Str(String),
    Ident(String),
    Op(&'static str),
}

const OPS: &[&str] = &["==", "!=", "<=", ">=", "<", ">", "+", "-", "*", "/", "%", "(", ")", "[", "]", ",", "."];

fn lex(src: &str) -> Result<Vec<(Tok, usize)>, ExprError> {
    let chars: Vec<(usize, char)> = src.char_indices().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let (pos, c) = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let start = i;
            while i < chars.len() && (chars[i].1.is_ascii_digit() || chars[i].1 == '.') {
                i += 1;
            }
            let text: String = chars[start..i].iter().map(|(_, c)| c).collect();
            let n = decimal(&text).ok_or_else(|| ExprError { pos, message: format!("bad number {text}") })?;
            out.push((Tok::Num(n), pos));
        } else if c == '"' || c == '\'' {
            let mut s = String::new();
            i += 1;
            loop {
                match chars.get(i) {
                    None => return Err(ExprError { pos, message: "unterminated string".into() }),
                    Some((_, q)) if *q == c => break,
                    Some((_, '\\')) => {
                        let esc = chars.get(i + 1).map(|x| x.1).unwrap_or('\\');
                        s.push(match esc {
                            'n' => '\n',
                            't' => '\t',
                            other => other,
                        });
                        i += 2;
                        continue;
                    }
                    Some((_, ch)) => s.push(*ch),
                }
                i += 1;
            }
            i += 1;
            out.push((Tok::Str(s), pos));
        } else if super::is_name_char(c) {
            let start = i;
            while i < chars.len() && super::is_name_char(chars[i].1) {
                i += 1;
            }
            out.push((Tok::Ident(chars[start..i].iter().map(|(_, c)| c).collect()), pos));
        } else {
            let rest = &src[pos..];
            match OPS.iter().find(|op| rest.starts_with(**op)) {
                Some(op) => {
                    out.push((Tok::Op(op), pos));
                    i += op.chars().count();
                }
                None => return Err(ExprError { pos, message: format!("unexpected character '{c}'") }),
            }
        }
    }
    Ok(out)
}

/// How deep an expression may be, in brackets and in operations. Parsing,
/// evaluating, copying and dropping one recurse through it, and the wasm stack is
/// 1 MB: an expression a thousand deep overflowed it, which leaves the whole
/// engine unusable. (A debug build's `eval` takes 8 KB of stack a level.)
const MAX_DEPTH: usize = 64;

struct Parser {
    toks: Vec<(Tok, usize)>,
    i: usize,
    end: usize,
    /// How many parse calls are open: brackets nest calls, not tree nodes.
    open: usize,
}

/// An expression and the depth of its tree.
type Parsed = Result<(Expr, usize), ExprError>;

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.i).map(|(t, _)| t)
    }
    fn pos(&self) -> usize {
        self.toks.get(self.i).map(|(_, p)| *p).unwrap_or(self.end)
    }
    fn err<T>(&self, message: impl Into<String>) -> Result<T, ExprError> {
        Err(ExprError { pos: self.pos(), message: message.into() })
    }
    /// `e`, whose children are `below` deep.
    fn node(&self, e: Expr, below: usize) -> Parsed {
        if below >= MAX_DEPTH {
            return self.err(format!("expression more than {MAX_DEPTH} operations deep"));
        }
        Ok((e, below + 1))
    }
    fn binary(&self, op: &'static str, (l, dl): (Expr, usize), (r, dr): (Expr, usize)) -> Parsed {
        self.node(Expr::Binary(op, Box::new(l), Box::new(r)), dl.max(dr))
    }
    /// `parse(self)`, one call deeper.
    fn nested(&mut self, parse: fn(&mut Self) -> Parsed) -> Parsed {
        if self.open >= MAX_DEPTH {
            return self.err(format!("expression nested more than {MAX_DEPTH} deep"));
        }
        self.open += 1;
        let parsed = parse(self);
        self.open -= 1;
        parsed
    }
    fn eat_op(&mut self, op: &str) -> bool {
        if self.peek()
            == Some(&Tok::Op(match OPS.iter().find(|o| **o == op) {
                Some(o) => o,
                None => return false,
            }))
        {
            self.i += 1;
            true
        } else {
            false
        }
    }
    fn eat_word(&mut self, w: &str) -> bool {
        if matches!(self.peek(), Some(Tok::Ident(x)) if x == w) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    fn expect(&mut self, op: &str) -> Result<(), ExprError> {
        if self.eat_op(op) {
            Ok(())
        } else {
            self.err(format!("expected `{op}`"))
        }
    }
    /// An expression inside brackets, parentheses or a call's arguments.
    fn inner(&mut self) -> Parsed {
        self.nested(Self::or)
    }
    fn or(&mut self) -> Parsed {
        let mut l = self.and()?;
        while self.eat_word("or") {
            let r = self.and()?;
            l = self.binary("or", l, r)?;
        }
        Ok(l)
    }
    fn and(&mut self) -> Parsed {
        let mut l = self.not()?;
        while self.eat_word("and") {
            let r = self.not()?;
            l = self.binary("and", l, r)?;
        }
        Ok(l)
    }
    fn not(&mut self) -> Parsed {
        if self.eat_word("not") {
            let (x, d) = self.nested(Self::not)?;
            return self.node(Expr::Unary("not", Box::new(x)), d);
        }
        self.cmp()
    }
    fn cmp(&mut self) -> Parsed {
        let l = self.sum()?;
        for op in ["==", "!=", "<=", ">=", "<", ">"] {
            if self.eat_op(op) {
                let op = OPS.iter().find(|o| **o == op).expect("listed");
                let r = self.sum()?;
                return self.binary(op, l, r);
            }
        }
        Ok(l)
    }
    fn sum(&mut self) -> Parsed {
        let mut l = self.product()?;
        loop {
            let op = if self.eat_op("+") {
                "+"
            } else if self.eat_op("-") {
                "-"
            } else {
                return Ok(l);
            };
            let r = self.product()?;
            l = self.binary(op, l, r)?;
        }
    }
    fn product(&mut self) -> Parsed {
        let mut l = self.unary()?;
        loop {
            let op = if self.eat_op("*") {
                "*"
            } else if self.eat_op("/") {
                "/"
            } else if self.eat_op("%") {
                "%"
            } else {
                return Ok(l);
            };
            let r = self.unary()?;
            l = self.binary(op, l, r)?;
        }
    }
    fn unary(&mut self) -> Parsed {
        if self.eat_op("-") {
            let (x, d) = self.nested(Self::unary)?;
            return self.node(Expr::Unary("-", Box::new(x)), d);
        }
        self.postfix()
    }
    fn postfix(&mut self) -> Parsed {
        let mut e = self.primary()?;
        loop {
            if self.eat_op(".") {
                match self.peek().cloned() {
                    Some(Tok::Ident(n)) => {
                        self.i += 1;
                        e = self.get(e, (Expr::Lit(Value::String(n)), 1))?;
                    }
                    _ => return self.err("expected a name after `.`"),
                }
            } else if self.eat_op("[") {
                let idx = self.inner()?;
                self.expect("]")?;
                e = self.get(e, idx)?;
            } else {
                return Ok(e);
            }
        }
    }
    fn get(&self, (base, db): (Expr, usize), (idx, di): (Expr, usize)) -> Parsed {
        self.node(Expr::Get(Box::new(base), Box::new(idx)), db.max(di))
    }
    /// Expressions up to `close`, separated by commas, and the deepest of them.
    fn items(&mut self, close: &str) -> Result<(Vec<Expr>, usize), ExprError> {
        let (mut items, mut deepest) = (Vec::new(), 0);
        if !self.eat_op(close) {
            loop {
                let (item, d) = self.inner()?;
                items.push(item);
                deepest = deepest.max(d);
                if self.eat_op(close) {
                    break;
                }
                self.expect(",")?;
            }
        }
        Ok((items, deepest))
    }
    fn primary(&mut self) -> Parsed {
        let Some(tok) = self.peek().cloned() else { return self.err("unexpected end of expression") };
        self.i += 1;
        let leaf = |e| Ok((e, 1));
        match tok {
            Tok::Num(n) => leaf(Expr::Lit(num(n))),
            Tok::Str(s) => leaf(Expr::Lit(Value::String(s))),
            Tok::Ident(w) => match w.as_str() {
                "true" => leaf(Expr::Lit(Value::Bool(true))),
                "false" => leaf(Expr::Lit(Value::Bool(false))),
                "null" => leaf(Expr::Lit(Value::Null)),
                _ if self.eat_op("(") => {
                    // An unknown function is reported at its name.
                    let name_at = self.i - 2;
                    let (args, d) = self.items(")")?;
                    if !["len", "str", "num", "if", "has"].contains(&w.as_str()) {
                        self.i = name_at;
                        return self.err(format!("unknown function {w}"));
                    }
                    self.node(Expr::Call(w, args), d)
                }
                _ => leaf(Expr::Name(w)),
            },
            Tok::Op("[") => {
                let (items, d) = self.items("]")?;
                self.node(Expr::List(items), d)
            }
            Tok::Op("(") => {
                let e = self.inner()?;
                self.expect(")")?;
                Ok(e)
            }
            Tok::Op(op) => {
                self.i -= 1;
                self.err(format!("unexpected `{op}`"))
            }
        }
    }
}

/// A decimal (`[+-]digits[.digits][e[+-]digits]`, either side of the point may be
/// empty) read by serde_json's parser, rewritten to JSON's stricter form first:
/// std's `f64::from_str` would add a second float parser and its 10 KB table.
fn decimal(text: &str) -> Option<f64> {
    let (sign, rest) = match text.as_bytes().first()? {
        b'-' => ("-", &text[1..]),
        b'+' => ("", &text[1..]),
        _ => ("", text),
    };
    let (mantissa, exponent) = rest.split_at(rest.find(['e', 'E']).unwrap_or(rest.len()));
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if (int.is_empty() && frac.is_empty()) || !digits(int) || !digits(frac) {
        return None;
    }
    let int = match int.trim_start_matches('0') {
        "" => "0",
        int => int,
    };
    let point = if frac.is_empty() { "" } else { "." };
    serde_json::from_str::<Value>(&format!("{sign}{int}{point}{frac}{exponent}")).ok()?.as_f64()
}

fn num(n: f64) -> Value {
    if n.fract() == 0.0 && n.abs() < 9.0e15 {
        Value::from(n as i64)
    } else {
        Number::from_f64(n).map(Value::Number).unwrap_or(Value::Null)
    }
}

/// Parses an expression.
pub fn parse(src: &str) -> Result<Expr, ExprError> {
    let toks = lex(src)?;
    let mut p = Parser { toks, i: 0, end: src.len(), open: 0 };
    let (e, _) = p.or()?;
    if p.i < p.toks.len() {
        return p.err("unexpected input after the expression");
    }
    Ok(e)
}

/// Truthiness as in JS: null, false, 0, "" and [] are false.
pub fn truthy(v: &Value) -> bool {
    match v {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64() != Some(0.0),
        Value::String(s) => !s.is_empty(),
        Value::Array(a) => !a.is_empty(),
        Value::Object(_) => true,
    }
}

/// Text form of a value: strings bare, others as JSON.
pub fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => json(other),
    }
}

fn f(v: &Value) -> Option<f64> {
    v.as_f64()
}

/// Evaluates `e`; `lookup` reads a name (a state key).
pub fn eval(e: &Expr, lookup: &dyn Fn(&str) -> Option<Value>) -> Result<Value, String> {
    Ok(match e {
        Expr::Lit(v) => v.clone(),
        Expr::Name(n) => lookup(n).unwrap_or(Value::Null),
        Expr::List(items) => {
            let list = Value::Array(items.iter().map(|i| eval(i, lookup)).collect::<Result<_, _>>()?);
            // The one way an expression nests deeper: `[x]` run in a loop would
            // grow a value no saver could read back, and then overflow the stack.
            if crate::json::nests_deeper_than(&list, crate::json::VALUE_DEPTH) {
                return Err(format!("a list that nests more than {} levels deep, the most a value in state can", crate::json::VALUE_DEPTH));
            }
            list
        }
        Expr::Get(base, idx) => {
            let b = eval(base, lookup)?;
            let i = eval(idx, lookup)?;
            match (&b, &i) {
                (Value::Object(m), Value::String(k)) => m.get(k).cloned().unwrap_or(Value::Null),
                (Value::Array(a), Value::Number(n)) => {
                    let n = n.as_i64().unwrap_or(0);
                    let idx = if n < 0 { a.len() as i64 + n } else { n };
                    a.get(idx.max(0) as usize).cloned().unwrap_or(Value::Null)
                }
                (Value::String(s), Value::Number(n)) => {
                    s.chars().nth(n.as_u64().unwrap_or(0) as usize).map(|c| Value::String(c.to_string())).unwrap_or(Value::Null)
                }
                _ => Value::Null,
            }
        }
        Expr::Call(name, args) if name == "if" => {
            let [c, yes, no] = args.as_slice() else { return Err("if() takes a condition and two values".into()) };
            if truthy(&eval(c, lookup)?) {
                eval(yes, lookup)?
            } else {
                eval(no, lookup)?
            }
        }
        Expr::Call(name, args) => {
            let a: Vec<Value> = args.iter().map(|x| eval(x, lookup)).collect::<Result<_, _>>()?;
            let first = a.first().cloned().unwrap_or(Value::Null);
            match name.as_str() {
                "len" => Value::from(match &first {
                    Value::String(s) => s.chars().count(),
                    Value::Array(l) => l.len(),
                    Value::Object(m) => m.len(),
                    Value::Null => 0,
                    other => return Err(format!("len() of {}", json(other))),
                }),
                "str" => Value::String(text(&first)),
                "has" => {
                    let item = a.get(1).cloned().unwrap_or(Value::Null);
                    Value::Bool(match (&first, &item) {
                        (Value::Array(l), _) => l.contains(&item),
                        (Value::String(s), Value::String(part)) => s.contains(part.as_str()),
                        (Value::Object(m), Value::String(k)) => m.contains_key(k),
                        (Value::Null, _) => false,
                        (other, _) => return Err(format!("has() in {}", json(other))),
                    })
                }
                "num" => match &first {
                    Value::Number(_) => first.clone(),
                    Value::String(s) => decimal(s.trim()).map(num).ok_or_else(|| format!("num() cannot read {}", super::quoted(s)))?,
                    Value::Bool(b) => Value::from(*b as i64),
                    other => return Err(format!("num() of {}", json(other))),
                },
                _ => return Err(format!("unknown function {name}")),
            }
        }
        Expr::Unary("not", x) => Value::Bool(!truthy(&eval(x, lookup)?)),
        Expr::Unary(_, x) => {
            let v = eval(x, lookup)?;
            match &v {
                Value::Number(n) if n.as_i64().and_then(i64::checked_neg).is_some() => Value::from(-n.as_i64().unwrap_or(0)),
                Value::Number(n) => num(-n.as_f64().unwrap_or(0.0)),
                other => return Err(format!("cannot negate {}", json(other))),
            }
        }
        Expr::Binary("and", l, r) => {
            let lv = eval(l, lookup)?;
            if truthy(&lv) {
                eval(r, lookup)?
            } else {
                lv
            }
        }
        Expr::Binary("or", l, r) => {
            let lv = eval(l, lookup)?;
            if truthy(&lv) {
                lv
            } else {
                eval(r, lookup)?
            }
        }
        Expr::Binary(op, l, r) => binary(op, eval(l, lookup)?, eval(r, lookup)?)?,
    })
}

fn binary(op: &str, l: Value, r: Value) -> Result<Value, String> {
    Ok(match op {
        "==" => Value::Bool(l == r || (f(&l).is_some() && f(&l) == f(&r))),
        "!=" => Value::Bool(!(l == r || (f(&l).is_some() && f(&l) == f(&r)))),
        "<" | "<=" | ">" | ">=" => {
            let ord = match (&l, &r) {
                (Value::String(a), Value::String(b)) => a.partial_cmp(b),
                _ => f(&l).zip(f(&r)).and_then(|(a, b)| a.partial_cmp(&b)),
            }
            .ok_or_else(|| format!("cannot compare {} {op} {}", json(&l), json(&r)))?;
            Value::Bool(match op {
                "<" => ord.is_lt(),
                "<=" => ord.is_le(),
                ">" => ord.is_gt(),
                _ => ord.is_ge(),
            })
        }
        "+" => match (&l, &r) {
            (Value::Array(a), Value::Array(b)) => Value::Array(a.iter().chain(b).cloned().collect()),
            (Value::String(_), _) | (_, Value::String(_)) => Value::String(text(&l) + &text(&r)),
            (Value::Number(a), Value::Number(b)) if a.is_i64() && b.is_i64() => {
                Value::from(a.as_i64().unwrap_or(0).checked_add(b.as_i64().unwrap_or(0)).ok_or("integer overflow")?)
            }
            _ => {
                let cannot = || format!("cannot add {} and {}", json(&l), json(&r));
                num(f(&l).ok_or_else(cannot)? + f(&r).ok_or_else(cannot)?)
            }
        },
        "-" | "*" | "/" | "%" => {
            let (a, b) = f(&l).zip(f(&r)).ok_or_else(|| format!("cannot compute {} {op} {}", json(&l), json(&r)))?;
            if (op == "/" || op == "%") && b == 0.0 {
                return Err("division by zero".into());
            }
            num(match op {
                "-" => a - b,
                "*" => a * b,
                "/" => a / b,
                _ => a % b,
            })
        }
        other => return Err(format!("unknown operator {other}")),
    })
}

/// A template: literal text with `{{ expr }}` holes.
#[derive(Clone, Debug, PartialEq)]
pub struct Template {
    parts: Vec<Part>,
}

#[derive(Clone, Debug, PartialEq)]
enum Part {
    Text(String),
    Hole(Expr),
}

impl Template {
    pub fn parse(src: &str) -> Result<Template, ExprError> {
        let mut parts = Vec::new();
        let mut rest = src;
        let mut offset = 0;
        while let Some(open) = rest.find("{{") {
            if open > 0 {
                parts.push(Part::Text(rest[..open].to_string()));
            }
            let after = &rest[open + 2..];
            let close = after.find("}}").ok_or(ExprError { pos: offset + open, message: "`{{` without `}}`".into() })?;
            let e = parse(&after[..close]).map_err(|e| ExprError { pos: offset + open + 2 + e.pos, message: e.message })?;
            parts.push(Part::Hole(e));
            let consumed = open + 2 + close + 2;
            offset += consumed;
            rest = &rest[consumed..];
        }
        if !rest.is_empty() {
            parts.push(Part::Text(rest.to_string()));
        }
        Ok(Template { parts })
    }

    /// A template that is exactly one hole yields the value itself (not its text).
    pub fn render(&self, lookup: &dyn Fn(&str) -> Option<Value>) -> Result<Value, String> {
        if let [Part::Hole(e)] = self.parts.as_slice() {
            return eval(e, lookup);
        }
        let mut s = String::new();
        for p in &self.parts {
            match p {
                Part::Text(t) => s.push_str(t),
                Part::Hole(e) => s.push_str(&text(&eval(e, lookup)?)),
            }
        }
        Ok(Value::String(s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn run(src: &str) -> Value {
        let state = json!({"n": 3, "name": "Lance", "items": [1, 2, 3], "user": {"age": 40}});
        eval(&parse(src).unwrap(), &|k| state.get(k).cloned()).unwrap()
    }

    #[test]
    fn arithmetic_comparisons_logic_paths_and_functions() {
        assert_eq!(run("n + 1 * 2"), json!(5));
        assert_eq!(run("(n + 1) * 2"), json!(8));
        assert_eq!(run("n / 2"), json!(1.5));
        assert_eq!(run("n >= 3 and not (name == 'x')"), json!(true));
        assert_eq!(run("len(items) + len(name)"), json!(8));
        assert_eq!(run("items[-1] + user.age"), json!(43));
        assert_eq!(run("name + ' is ' + n"), json!("Lance is 3"));
        assert_eq!(run("items + [4]"), json!([1, 2, 3, 4]));
        assert_eq!(run("missing or 'default'"), json!("default"));
        assert_eq!(run("if(n > 2, 'big', null)"), json!("big"));
        assert_eq!(run("if(n > 5, 'big', null)"), json!(null));
        assert_eq!(
            run("[has(items, 2), has(items, '2'), has(name, 'anc'), has(user, 'age'), has(missing, 1)]"),
            json!([true, false, true, true, false])
        );
    }

    #[test]
    fn numbers_read_as_decimals() {
        assert_eq!(run("1.5 + 5. + 007"), json!(13.5));
        assert_eq!(run("num(' 2.50 ') + num('.5') + num('+1e2') + num('-0.25E1')"), json!(100.5));
        assert_eq!(run("num('12345678901234567890')"), json!(1.2345678901234567e19));
        for bad in ["num('abc')", "num('1.2.3')", "num('.')", "num('1e')", "num('inf')", "num('')", "num('0x10')"] {
            assert!(eval(&parse(bad).unwrap(), &|_| None).is_err(), "{bad}");
        }
        assert_eq!(parse("1.2.3").unwrap_err().message, "bad number 1.2.3");
    }

    #[test]
    fn names_in_any_script() {
        let lookup = |k: &str| json!({"이름": "Lance", "名字_2": 2}).get(k).cloned();
        assert_eq!(eval(&parse("이름 + ' ' + 名字_2").unwrap(), &lookup).unwrap(), json!("Lance 2"));
        assert_eq!(parse("n # 1").unwrap_err().message, "unexpected character '#'");
    }

    #[test]
    fn evaluation_errors_quote_values_as_compact_json() {
        let fails = |src: &str| eval(&parse(src).unwrap(), &|k| (k == "user").then(|| json!({"age": 40}))).unwrap_err();
        assert_eq!(fails("user - 1"), r#"cannot compute {"age":40} - 1"#);
        assert_eq!(fails("[1, 2] < user"), r#"cannot compare [1,2] < {"age":40}"#);
        assert_eq!(fails("-user"), r#"cannot negate {"age":40}"#);
        assert_eq!(fails("len(true)"), "len() of true");
        assert_eq!(fails("num([0.5])"), "num() of [0.5]");
        assert_eq!(fails("has(3, 1)"), "has() in 3");
    }

    #[test]
    fn strings_take_escapes() {
        assert_eq!(run(r#"'it\'s' + "\t" + 'a\nb' + '\\' + "\q""#), json!("it's\ta\nb\\q"));
        // A backslash at the very end escapes nothing: the string is unterminated.
        assert_eq!(parse(r"'a\").unwrap_err().message, "unterminated string");
    }

    #[test]
    fn equality_order_remainders_and_exact_integers() {
        assert_eq!(
            run("[1 == 1.0, '1' == 1, null == missing, [1] == [1], 1 != 1.0, 'a' != 'b']"),
            json!([true, false, true, true, false, true])
        );
        assert_eq!(run("['apple' < 'banana', 'b' >= 'a', 2 <= 1.5]"), json!([true, true, false]));
        assert_eq!(run("[7 % 3, 7 - 3 * 2]"), json!([1, 1]));
        for zero in ["n / 0", "n % 0"] {
            assert_eq!(eval(&parse(zero).unwrap(), &|_| Some(json!(1))), Err("division by zero".to_string()), "{zero}");
        }
        // Whole numbers add as integers: no rounding past 2^53.
        let big = |_: &str| Some(json!(9007199254740993_i64));
        assert_eq!(eval(&parse("big + 1").unwrap(), &big).unwrap(), json!(9007199254740994_i64));
        assert_eq!(eval(&parse("-big").unwrap(), &big).unwrap(), json!(-9007199254740993_i64));
        // A state's 1.0 (a float in JSON) equals 1.
        let one = |_: &str| Some(json!(1.0));
        assert_eq!(eval(&parse("[x == 1, x != 1]").unwrap(), &one).unwrap(), json!([true, false]));
    }

    #[test]
    fn indexing_negation_truthiness_and_str() {
        assert_eq!(run("'abc'[1] + str(5) + str(null) + str([1])"), json!("b5[1]"));
        assert_eq!(run("[[1, 2, 3][0], [1, 2, 3][-1], [1][5]]"), json!([1, 3, null]));
        assert_eq!(run("[-(3), -(1.5), -(0 - 2)]"), json!([-3, -1.5, 2]));
        assert_eq!(run("[if(0, 'y', 'n'), if(2, 'y', 'n'), if(0.5, 'y', 'n')]"), json!(["n", "y", "y"]));
    }

    #[test]
    fn literals_are_not_names() {
        // Even where the state has keys of those names.
        let lookup = |_: &str| Some(json!(1));
        let lit = |src: &str| eval(&parse(src).unwrap(), &lookup).unwrap();
        assert_eq!((lit("true"), lit("false"), lit("null"), lit("other")), (json!(true), json!(false), Value::Null, json!(1)));
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_stack_overflow() {
        let deep = |n: usize, open: &str, leaf: &str, close: &str| format!("{}{leaf}{}", open.repeat(n), close.repeat(n));
        let chain = |n: usize| vec!["1"; n].join(" + ");
        for src in [
            deep(100_000, "(", "1", ")"),
            deep(100_000, "[", "", "]"),
            deep(100_000, "-", "1", ""),
            deep(100_000, "not ", "1", ""),
            deep(100_000, "len(", "1", ")"),
        ] {
            assert_eq!(parse(&src).unwrap_err().message, "expression nested more than 64 deep", "{}", &src[..20]);
        }
        for src in [chain(100_000), format!("x{}", ".a".repeat(100_000)), format!("x{}", "[0]".repeat(100_000))] {
            assert_eq!(parse(&src).unwrap_err().message, "expression more than 64 operations deep", "{}", &src[..20]);
        }
        // Up to the limits they parse and evaluate.
        assert_eq!(run(&chain(64)), json!(64));
        assert_eq!(run(&deep(63, "(", "-1", ")")), json!(-1));
        assert_eq!(run(&deep(63, "[", "", "]")).to_string().len(), 2 * 63);
        assert_eq!(run(&format!("{}1", "- ".repeat(63))), json!(-1));
        // A list literal cannot build a value deeper than state holds (`[x]` in a loop would).
        let nested = |n: usize| (0..n).fold(json!(1), |v, _| json!([v]));
        let wrap = |x: Value| eval(&parse("[x]").unwrap(), &|_| Some(x.clone()));
        assert_eq!(wrap(nested(125)), Ok(nested(126)));
        assert_eq!(wrap(nested(126)).unwrap_err(), "a list that nests more than 126 levels deep, the most a value in state can");
        // Negating the least integer does not overflow.
        assert_eq!(run("-(0 - 9223372036854775807 - 1)"), json!(9223372036854775808.0));
    }

    #[test]
    fn parse_errors_carry_positions() {
        assert_eq!(parse("n + ").unwrap_err().pos, 4);
        assert_eq!(parse("n + foo(1)").unwrap_err(), ExprError { pos: 4, message: "unknown function foo".into() });
        assert_eq!(parse("n + )").unwrap_err(), ExprError { pos: 4, message: "unexpected `)`".into() });
        assert_eq!(parse("n 1").unwrap_err(), ExprError { pos: 2, message: "unexpected input after the expression".into() });
        assert_eq!(parse("n @ 1").unwrap_err(), ExprError { pos: 2, message: "unexpected character '@'".into() });
        assert_eq!(parse("n @ 1").unwrap_err().to_string(), "at 2: unexpected character '@'");
        assert_eq!(parse("foo(1)").unwrap_err().message, "unknown function foo");
        assert_eq!(parse("(n").unwrap_err().message, "expected `)`");
    }

    #[test]
    fn templates_render_text_or_single_values() {
        let lookup = |k: &str| json!({"user_input": "My", "n": 2}).get(k).cloned();
        assert_eq!(Template::parse("{{user_input}} name").unwrap().render(&lookup).unwrap(), json!("My name"));
        assert_eq!(Template::parse("{{ n + 1 }}").unwrap().render(&lookup).unwrap(), json!(3));
        assert_eq!(Template::parse("n is {{ n }}, {{n}}").unwrap().render(&lookup).unwrap(), json!("n is 2, 2"));
        // An error inside a later hole is placed in the whole template.
        let err = Template::parse("{{n}} and {{ n + }}").unwrap_err();
        assert_eq!(err, ExprError { pos: 17, message: "unexpected end of expression".into() });
        assert_eq!(Template::parse("a {{ n").unwrap_err().pos, 2);
    }
}
