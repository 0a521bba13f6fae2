//! Keeps the promise of `ui-tests/`: every rejected program is documented, and the compiler's
//! answer to it is short and in our words on every line.
//!
//! For each `ui-tests/fail/*.rs` and `ui-tests/no_alloc/*.rs` (the rejected programs of a build
//! without the `alloc` feature) this test checks that
//! - it starts with a `//! Rejected:` comment saying what it shows, and has a `.stderr` snapshot;
//! - the snapshot has at most [`MAX_LINES`] lines (errors found after type checking: see
//!   [`MAX_LINES_POST_MONO`]);
//! - no line of the snapshot names `typenum` machinery or a private helper of the crate: the
//!   words of [`FORBIDDEN`], and the name of every item the crate hides from its documentation
//!   (`#[doc(hidden)]` on a module-level item, or any item of the hidden `__private` module),
//!   read from `src/` so that a new hidden helper is covered without editing this test.
//!
//! It reads the snapshots that `tests/ui.rs` compares against, so a blessed snapshot that leaks
//! machinery fails here even though trybuild accepts it.

use std::fs;
use std::path::Path;

/// The most lines a snapshot may have.
const MAX_LINES: usize = 20;

/// The most lines of a snapshot of an error found while building, after type checking (E0080: a
/// rank above 16 is refused where a tensor is built). rustc frames those with three notes of its
/// own (the constant, its use, the instantiation) whatever the check looks like; one line more
/// than [`MAX_LINES`] is what that frame costs.
const MAX_LINES_POST_MONO: usize = 21;

/// Words that must not appear in any line a user reads: `typenum` numbers and booleans, and the
/// crate's internal helpers (hidden traits, their impls' types, and private modules).
const FORBIDDEN: &[&str] = &[
    // typenum
    "UInt",
    "UTerm",
    "B0",
    "B1",
    "typenum::",
    "True",
    "False",
    "IsLess",
    "IsEqual",
    "IsGreater",
    "IsNotEqual",
    // the crate's private helpers
    "RankRule<",
    "RankRule`",
    "Undecided",
    "Num<",
    "NumToRank",
    "RankOf",
    "RemoveAxisIf",
    "GrowIf",
    "MergeAxesIf",
    "SplitAxisIf",
    "SliceArityIf",
    "SliceCounts",
    "PlainInteger",
    "SliceList",
    "Counted",
    "Valid<",
    "Sealed",
    "sealed::",
    "NoAlloc",
    "Unbounded",
    "Admits<",
    "Meet<",
    "Written",
    "__private",
    "__ranked",
    "$crate::__",
];

/// `word` occurs in `line` as a whole word (not inside a longer identifier), except for
/// patterns that end in punctuation, which match anywhere.
fn names(line: &str, word: &str) -> bool {
    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let whole = word.chars().all(is_ident);
    line.match_indices(word).any(|(at, _)| {
        if !whole {
            return true;
        }
        let before = line[..at].chars().next_back();
        let after = line[at + word.len()..].chars().next();
        !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
    })
}

/// The names of the crate's hidden module-level items: each item at column 0 whose attributes
/// include `#[doc(hidden)]`, and each item declared inside a hidden module.
fn hidden_names(source: &str) -> Vec<String> {
    const KINDS: &[&str] = &[
        "fn ",
        "trait ",
        "struct ",
        "enum ",
        "type ",
        "mod ",
        "macro_rules! ",
    ];
    let mut names = Vec::new();
    let mut hidden = false;
    let mut in_hidden_module = false;
    for line in source.lines() {
        if line.starts_with("#[doc(hidden)]") {
            hidden = true;
            continue;
        }
        if line.starts_with("#[") || line.starts_with("///") {
            continue;
        }
        if in_hidden_module && line.starts_with('}') {
            in_hidden_module = false;
        }
        let indented = line.starts_with(' ');
        let trimmed = line.trim_start();
        let item = trimmed
            .strip_prefix("pub ")
            .unwrap_or(trimmed)
            .trim_start_matches("const ")
            .trim_start_matches("unsafe ");
        let kind = KINDS.iter().find(|k| item.starts_with(*k));
        if let Some(kind) = kind
            && (hidden && !indented || in_hidden_module && trimmed.starts_with("pub "))
        {
            let name: String = item[kind.len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if *kind == "mod " && hidden && !indented {
                in_hidden_module = true;
            }
            names.push(name);
        }
        if !indented {
            hidden = false;
        }
    }
    names
}

/// Every hidden name of the crate's sources.
fn hidden_names_of_the_crate() -> Vec<String> {
    fn walk(dir: &Path, names: &mut Vec<String>) {
        for entry in fs::read_dir(dir).expect("readable src directory") {
            let path = entry.expect("readable directory entry").path();
            if path.is_dir() {
                walk(&path, names);
            } else if path.extension().is_some_and(|e| e == "rs") {
                names.extend(hidden_names(
                    &fs::read_to_string(&path).expect("readable source"),
                ));
            }
        }
    }
    let mut names = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut names,
    );
    names.sort();
    names.dedup();
    names
}

/// `line` names the hidden item `name`: as a whole word, and not as the macro of that name
/// (`rearrange!` is public; the function `rearrange` behind it is not).
fn names_hidden(line: &str, name: &str) -> bool {
    names(line, name)
        && !line.contains(&format!("macro `{name}`"))
        && !line.contains(&format!("{name}!"))
}

#[test]
fn every_rejected_program_is_documented_short_and_in_our_words() {
    let hidden = hidden_names_of_the_crate();
    assert!(
        hidden.iter().any(|n| n == "EinsumOperand") && hidden.iter().any(|n| n == "from_nested"),
        "the hidden helpers are read from src/: {hidden:?}"
    );
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("ui-tests");
    let mut programs: Vec<_> = ["fail", "no_alloc", "linalg"]
        .iter()
        .flat_map(|dir| fs::read_dir(root.join(dir)).expect("ui-tests directory exists"))
        .map(|entry| entry.expect("readable directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "rs"))
        .collect();
    programs.sort();
    assert!(
        !programs.is_empty(),
        "no rejected programs found in {root:?}"
    );

    let mut problems = Vec::new();
    for program in &programs {
        let name = program.file_name().unwrap().to_string_lossy().into_owned();
        let source = fs::read_to_string(program).expect("readable program");
        if !source.starts_with("//! Rejected:") {
            problems.push(format!(
                "{name}: does not start with a `//! Rejected:` comment"
            ));
        }
        let stderr = program.with_extension("stderr");
        let Ok(snapshot) = fs::read_to_string(&stderr) else {
            problems.push(format!("{name}: has no .stderr snapshot"));
            continue;
        };
        let lines: Vec<&str> = snapshot.lines().collect();
        let limit = if snapshot.starts_with("error[E0080]") {
            MAX_LINES_POST_MONO
        } else {
            MAX_LINES
        };
        if lines.len() > limit {
            problems.push(format!(
                "{name}: the error is {} lines long (at most {limit})",
                lines.len()
            ));
        }
        for (number, line) in lines.iter().enumerate() {
            for word in FORBIDDEN {
                if names(line, word) {
                    problems.push(format!(
                        "{name}:{}: names `{word}`: {}",
                        number + 1,
                        line.trim()
                    ));
                }
            }
            for word in &hidden {
                if names_hidden(line, word) {
                    problems.push(format!(
                        "{name}:{}: names the hidden helper `{word}`: {}",
                        number + 1,
                        line.trim()
                    ));
                }
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} problem(s) in {} rejected programs:\n{}",
        problems.len(),
        programs.len(),
        problems.join("\n")
    );
}

#[test]
fn the_word_check_matches_whole_words_only() {
    assert!(names("the trait `B1` is", "B1"));
    assert!(!names("a B10 value", "B1"));
    assert!(!names("FalseStart", "False"));
    assert!(names("`Rank<R>: Check<B0>`", "Check<"));
    assert!(names("UInt<UTerm, B1>", "UInt"));
}

#[test]
fn hidden_items_are_found_at_module_level_and_in_hidden_modules() {
    let source = "\
#[doc(hidden)]
pub fn helper() {}
pub fn public() {}
impl X {
    #[doc(hidden)]
    pub fn stub() {}
}
#[doc(hidden)]
#[allow(dead_code)]
pub mod __private {
    pub const fn shape1() {}
}
pub struct After;
";
    assert_eq!(hidden_names(source), ["helper", "__private", "shape1"]);
    assert!(names_hidden(
        "required by a bound in `einsum_into`",
        "einsum_into"
    ));
    assert!(!names_hidden(
        "originates in the macro `rearrange`",
        "rearrange"
    ));
}
