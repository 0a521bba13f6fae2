//! The conformance table of the guide (`src/guide/array_api.md`) against the list of the
//! Python Array API standard's functions (`tests/data/array_api/functions.txt`, written by
//! `make_functions.py` beside it from array-api-strict, the standard's reference
//! implementation): every function of the main namespace and of the `linalg` and `fft`
//! extensions has exactly one row, in its section, with a `ranked` call and a status, and the
//! counts in the page's text are those of its rows. (`cargo doc` with warnings as errors checks
//! that every `ranked` name the table links to exists.) `RANKED_ARRAY_API_FUNCTIONS` names
//! another list.

use std::collections::BTreeSet;

fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|err| panic!("{path}: {err}"))
}

#[test]
fn the_guide_lists_every_function_of_the_standard() {
    let list = std::env::var("RANKED_ARRAY_API_FUNCTIONS").unwrap_or_else(|_| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/array_api/functions.txt"
        )
        .into()
    });
    let mut want = BTreeSet::new();
    for line in read(&list)
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (ns, name) = line.split_once(' ').unwrap();
        want.insert(match ns {
            "main" => name.to_string(),
            _ => format!("{ns}.{name}"),
        });
    }
    assert_eq!(want.len(), 174, "the standard v2025.12 has 174 functions");
    let page = read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src/guide/array_api.md"
    ));
    let (mut got, mut statuses) = (BTreeSet::new(), Vec::new());
    let mut section = "";
    for line in page.lines() {
        if let Some(title) = line.strip_prefix("### ") {
            section = title;
            continue;
        }
        let cells: Vec<&str> = line.split(" | ").collect();
        let Some(name) = cells[0]
            .strip_prefix("| `")
            .and_then(|c| c.strip_suffix('`'))
        else {
            continue;
        };
        if name == "the standard" || cells.len() != 4 {
            continue;
        }
        let expected_section = match name.split_once('.') {
            Some(("linalg", _)) => "`linalg` extension",
            Some(("fft", _)) => "`fft` extension",
            _ => "Main namespace",
        };
        assert_eq!(
            section, expected_section,
            "{name} is listed under {section}"
        );
        assert!(!cells[1].trim().is_empty(), "{name} has no ranked call");
        assert!(got.insert(name.to_string()), "{name} is listed twice");
        statuses.push(cells[2].trim().to_string());
        if cells[2] == "n/a" || cells[2] == "~" {
            assert!(
                cells[3].trim_end_matches(" |").trim().len() > 1,
                "{name}: say why"
            );
        }
    }
    let missing: Vec<_> = want.difference(&got).collect();
    let unknown: Vec<_> = got.difference(&want).collect();
    assert!(
        missing.is_empty(),
        "functions of the standard missing from the guide: {missing:?}"
    );
    assert!(
        unknown.is_empty(),
        "rows for no function of the standard: {unknown:?}"
    );
    let count = |s: &str| statuses.iter().filter(|x| *x == s).count();
    let (full, part, na) = (count("✓"), count("~"), count("n/a"));
    assert_eq!(
        full + part + na,
        statuses.len(),
        "every status is ✓, ~ or n/a"
    );
    let text = format!("{full} are here with the standard's semantics (✓), {part} with a");
    assert!(
        page.replace('\n', " ").contains(&text),
        "the page's counts: {text}"
    );
    assert!(
        page.contains(&format!("and {na} cannot exist")),
        "the page's count of n/a: {na}"
    );
}
