//! No import circles between modules: within each crate, the modules that
//! `use` one another (by `crate::…`, `super::…` and `self::…` paths) form
//! no cycle. A module and its own parent or child are not counted: a child
//! reading its parent's items is how Rust nests modules; but a parent
//! that uses (or re-exports) its child's items depends on it, so
//! `search::tt` → `search_thread::go` → `search` (which re-exports `tt`)
//! would be a circle. A circle makes
//! two modules one unit in all but name (the issue that asked for this
//! found the old `game.rs` → oracles → Kalah's database → search → `game.rs`).
//! Between folders (a crate's top-level modules) there is no circle either,
//! and the engine library's folders import only down its layers.
//!
//! The reading is textual, as a reviewer's grep: `use` statements and
//! paths in code, without comments and without the unit tests at a file's
//! end (`#[cfg(test)] mod tests`), and not `$crate::` paths, which a
//! macro writes into the module that calls it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Each crate's source folder, from the repository root. A binary with
/// modules of its own (`src/bin/NAME/main.rs` and its folders) is a crate
/// of its own, checked apart from its package's library.
const CRATE_SOURCES: [&str; 9] = [
    "engine/src",
    "engine/src/bin/ply-engine",
    "engine/rules/src",
    "referee/src",
    "gui-adapter/src",
    "protocol/src",
    "protocol/client/src",
    "signals/src",
    "stats/src",
];

/// The path-root keywords whose paths stay inside the crate.
const LOCAL_ROOTS: [&str; 3] = ["crate", "super", "self"];

/// Where a file's unit tests begin: what follows is not the module's code.
const TESTS_MARKER: &str = "#[cfg(test)]\nmod tests";

/// A module's path inside its crate (`["session", "go"]`; the crate root
/// is empty).
type ModulePath = Vec<String>;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the tests crate is inside the repository")
        .to_path_buf()
}

/// The `.rs` files under `dir`, each with its module path. Binaries
/// (`bin/`, `main.rs`) are crates of their own and are left out (a
/// binary's folder is in `CRATE_SOURCES` when it has modules).
fn modules(src: &Path, dir: &Path, found: &mut BTreeMap<ModulePath, PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            if path.file_name().is_some_and(|name| name != "bin") {
                modules(src, &path, found);
            }
            continue;
        }
        if path.extension().is_none_or(|ext| ext != "rs") {
            continue;
        }
        let relative = path
            .strip_prefix(src)
            .expect("under its crate")
            .with_extension("");
        let mut module: ModulePath = relative
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        match module.last().map(String::as_str) {
            Some("main") => continue,
            Some("mod" | "lib") => {
                module.pop();
            }
            _ => {}
        }
        found.insert(module, path);
    }
}

/// `text` without its unit tests and its `//` comments (doc comments too).
fn code_of(text: &str) -> String {
    let text = text.find(TESTS_MARKER).map_or(text, |at| &text[..at]);
    text.lines()
        .map(|line| line.find("//").map_or(line, |at| &line[..at]))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every path in `code` that may be local: `crate::a::b`, `super::c`, each
/// leaf of a `use crate::a::{b, c::d}` group as a path of its own, and
/// every `use` path (`use child::Item` is relative to the module).
fn local_paths(code: &str) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    for statement in code.split(';') {
        // `use` as a word, not the end of one (`house letter`).
        let at = statement
            .match_indices("use ")
            .map(|(at, _)| at)
            .find(|&at| {
                statement[..at]
                    .chars()
                    .next_back()
                    .is_none_or(|c| !c.is_alphanumeric() && c != '_')
            });
        if let Some(at) = at {
            let body: String = statement[at + 4..].split_whitespace().collect();
            paths.extend(expand_group(&body));
        }
    }
    // Paths written in code (`crate::search::Limits::depth(…)`).
    let bytes = code.as_bytes();
    for keyword in LOCAL_ROOTS {
        let mut from = 0;
        while let Some(found) = code[from..].find(&format!("{keyword}::")) {
            let at = from + found;
            from = at + keyword.len();
            let before = at.checked_sub(1).map(|i| bytes[i]);
            if before.is_some_and(|b| b == b'$' || b == b'_' || b.is_ascii_alphanumeric()) {
                continue;
            }
            let path: String = code[at..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            paths.push(path.split("::").map(str::to_owned).collect());
        }
    }
    paths
}

/// `a::{b, c::{d, e}}` → `a::b`, `a::c::d`, `a::c::e` (no spaces in `body`).
fn expand_group(body: &str) -> Vec<Vec<String>> {
    let Some(open) = body.find('{') else {
        let path = body.split(" as ").next().unwrap_or(body);
        return vec![path.split("::").map(str::to_owned).collect()];
    };
    let prefix = &body[..open];
    let inner = &body[open + 1..body.rfind('}').unwrap_or(body.len())];
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .filter(|part| !part.is_empty())
        .flat_map(|part| expand_group(&format!("{prefix}{part}")))
        .collect()
}

/// The module a `path` written in `module` names: the longest prefix that
/// is a module of the crate, or `None` for another crate's path.
fn target(
    modules: &BTreeMap<ModulePath, PathBuf>,
    module: &ModulePath,
    path: &[String],
) -> Option<ModulePath> {
    let mut absolute: ModulePath = Vec::new();
    let mut rest = path;
    match path.first().map(String::as_str) {
        Some("crate") => rest = &path[1..],
        Some(first) if !LOCAL_ROOTS.contains(&first) => {
            // Relative to the module (`use child::Item`), else another crate.
            let mut child = module.clone();
            child.push(first.to_owned());
            if !modules.contains_key(&child) {
                return None;
            }
            absolute.clone_from(module);
        }
        _ => {
            absolute.clone_from(module);
            while let Some(first) = rest.first() {
                match first.as_str() {
                    "super" => {
                        absolute.pop();
                    }
                    "self" => {}
                    _ => break,
                }
                rest = &rest[1..];
            }
        }
    }
    absolute.extend(rest.iter().cloned());
    (1..=absolute.len())
        .rev()
        .map(|n| absolute[..n].to_vec())
        .find(|prefix| modules.contains_key(prefix))
}

/// The crate's import graph, without the edges from a module to its
/// ancestors.
fn graph(src: &Path) -> BTreeMap<ModulePath, BTreeSet<ModulePath>> {
    let mut files = BTreeMap::new();
    modules(src, src, &mut files);
    let mut edges: BTreeMap<ModulePath, BTreeSet<ModulePath>> = BTreeMap::new();
    for (module, file) in &files {
        let text =
            std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let targets = edges.entry(module.clone()).or_default();
        for path in local_paths(&code_of(&text)) {
            let Some(to) = target(&files, module, &path) else {
                continue;
            };
            if !module.starts_with(&to) {
                targets.insert(to);
            }
        }
    }
    edges
}

/// The strongly connected groups of more than one module (Tarjan's).
fn circles(edges: &BTreeMap<ModulePath, BTreeSet<ModulePath>>) -> Vec<Vec<ModulePath>> {
    struct State<'a> {
        edges: &'a BTreeMap<ModulePath, BTreeSet<ModulePath>>,
        index: BTreeMap<&'a ModulePath, usize>,
        low: BTreeMap<&'a ModulePath, usize>,
        stack: Vec<&'a ModulePath>,
        groups: Vec<Vec<ModulePath>>,
    }
    fn visit<'a>(state: &mut State<'a>, v: &'a ModulePath) {
        let n = state.index.len();
        state.index.insert(v, n);
        state.low.insert(v, n);
        state.stack.push(v);
        for w in state.edges.get(v).into_iter().flatten() {
            if !state.index.contains_key(w) {
                visit(state, w);
                let low = state.low[v].min(state.low[w]);
                state.low.insert(v, low);
            } else if state.stack.contains(&w) {
                let low = state.low[v].min(state.index[w]);
                state.low.insert(v, low);
            }
        }
        if state.low[v] == state.index[v] {
            let mut group = Vec::new();
            while let Some(w) = state.stack.pop() {
                group.push(w.clone());
                if w == v {
                    break;
                }
            }
            if group.len() > 1 {
                state.groups.push(group);
            }
        }
    }
    let mut state = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        groups: Vec::new(),
    };
    for v in edges.keys() {
        if !state.index.contains_key(v) {
            visit(&mut state, v);
        }
    }
    state.groups
}

/// The graph between a crate's top-level modules (its folders and root
/// files): every import from inside one to inside another, without the
/// imports within one.
fn folder_graph(
    edges: &BTreeMap<ModulePath, BTreeSet<ModulePath>>,
) -> BTreeMap<ModulePath, BTreeSet<ModulePath>> {
    let top = |module: &ModulePath| module.iter().take(1).cloned().collect::<ModulePath>();
    let mut folders: BTreeMap<ModulePath, BTreeSet<ModulePath>> = BTreeMap::new();
    for (from, targets) in edges {
        let from = top(from);
        let entry = folders.entry(from.clone()).or_default();
        for to in targets.iter().map(top) {
            if to != from && !to.is_empty() && !from.is_empty() {
                entry.insert(to);
            }
        }
    }
    folders
}

/// The engine library's layers, bottom first (docs/architecture.md,
/// "The engine's layers"): a module may import from its own layer and those below,
/// never from above. The per-game hooks and the games sit on the search;
/// the protocol session runs them; the commands run sessions.
const ENGINE_LAYERS: [&[&str]; 5] = [
    // The search and what it stands on.
    &[
        "options",
        "search",
        "endgame",
        "regular_file",
        "input_text",
        "database_cache",
        "tune",
        "network",
    ],
    // A search on its own thread.
    &["search_thread"],
    // The per-game hooks, the games, the opening book they are played from.
    &[
        "engine_game",
        "games",
        "book",
        "selfplay",
        "training_data",
        "network_training",
        "openings_file",
    ],
    // The protocol session.
    &["session"],
    // The commands beside it: analyse, annotate, build-book. (The binary,
    // `bin/ply-engine/`, imports the library by its name, `ply_engine::…`,
    // above them all: its own modules are a crate of `CRATE_SOURCES`.)
    &["commands"],
];

/// The imports of `src`'s top-level modules that run from a layer of
/// `layers` to a higher one, and the top-level modules in no layer.
fn upward_imports(src: &Path, layers: &[&[&str]]) -> Vec<String> {
    let layer_of = |module: &ModulePath| {
        let name = module.first().map_or("", String::as_str);
        layers.iter().position(|layer| layer.contains(&name))
    };
    let mut found = Vec::new();
    for (from, targets) in folder_graph(&graph(src)) {
        if from.is_empty() {
            // The crate root declares every module.
            continue;
        }
        let Some(from_layer) = layer_of(&from) else {
            found.push(format!("{} is in no layer", from.join("::")));
            continue;
        };
        for to in targets {
            if layer_of(&to).is_none_or(|to_layer| to_layer > from_layer) {
                found.push(format!("{} imports {}", from.join("::"), to.join("::")));
            }
        }
    }
    found
}

#[test]
fn the_engine_imports_only_down_its_layers() {
    let found = upward_imports(&root().join("engine/src"), &ENGINE_LAYERS);
    assert!(
        found.is_empty(),
        "imports running back up:\n{}",
        found.join("\n")
    );
}

#[test]
fn no_crate_has_an_import_circle_between_its_folders() {
    let mut found = Vec::new();
    for src in CRATE_SOURCES {
        for group in circles(&folder_graph(&graph(&root().join(src)))) {
            let names: Vec<String> = group.iter().map(|m| m.join("::")).collect();
            found.push(format!("{src}: {}", names.join(" <-> ")));
        }
    }
    assert!(found.is_empty(), "folder circles:\n{}", found.join("\n"));
}

#[test]
fn no_crate_has_an_import_circle_between_its_modules() {
    let mut found = Vec::new();
    for src in CRATE_SOURCES {
        for group in circles(&graph(&root().join(src))) {
            let names: Vec<String> = group.iter().map(|m| m.join("::")).collect();
            found.push(format!("{src}: {}", names.join(" <-> ")));
        }
    }
    assert!(found.is_empty(), "import circles:\n{}", found.join("\n"));
}

/// The checker sees a circle when there is one, through `use` groups,
/// `super::`, paths in code and a parent's use of its child, and not in a
/// child's use of its parent.
#[test]
fn the_checker_finds_a_circle_and_ignores_nesting() {
    let dir = std::env::temp_dir().join(format!("ply-module-graph-{}", std::process::id()));
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("a")).expect("a temporary folder");
    let write = |name: &str, text: &str| std::fs::write(src.join(name), text).expect("a file");
    write("lib.rs", "mod a;\nmod b;\nmod c;\nmod d;\nmod f;\nmod g;\n");
    write(
        "a/mod.rs",
        "mod inner;\nuse crate::{b::{One, Two as T}, x};\npub struct A;\n",
    );
    write("a/inner.rs", "use super::A; // a child reads its parent\n");
    write("b.rs", "pub fn f() { let _ = crate::c::g(); }\n");
    write(
        "c.rs",
        "// use crate::a::inner; only a comment\nuse super::a::A;\n",
    );
    write("d.rs", "use crate::a::A;\n");
    // Through a parent's re-export: e → f → e's parent g, which uses e.
    std::fs::create_dir_all(src.join("g")).expect("a temporary folder");
    write("g/mod.rs", "mod e;\npub use e::E;\n");
    write("g/e.rs", "use crate::f::F;\npub struct E;\n");
    write("f.rs", "use crate::g::E;\npub struct F;\n");
    let edges = graph(&src);
    let groups = circles(&edges);
    // Between folders: a → b → c → a, and f ↔ g (through g's child e).
    let mut folders: Vec<Vec<String>> = circles(&folder_graph(&edges))
        .iter()
        .map(|group| {
            let mut names: Vec<String> = group.iter().map(|m| m.join("::")).collect();
            names.sort();
            names
        })
        .collect();
    folders.sort();
    assert_eq!(folders, [vec!["a", "b", "c"], vec!["f", "g"]]);
    // With d below the rest, its import of a runs back up; a module in no
    // layer is named.
    let upward = upward_imports(&src, &[&["d"], &["a", "b", "c", "f"]]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(upward, ["d imports a", "f imports g", "g is in no layer"]);
    let mut names: Vec<String> = groups.iter().flatten().map(|m| m.join("::")).collect();
    names.sort();
    // `a::inner` reads its parent and `d` only uses `a`: neither is in one.
    assert_eq!(names, ["a", "b", "c", "f", "g", "g::e"]);
}
