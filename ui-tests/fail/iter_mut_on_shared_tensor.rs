//! Rejected: a `SharedTensor` (`Arc<[T]>`) shares its elements between clones, so it cannot be
//! written through, not even element by element with `iter_mut`.
use ranked::tensor;

fn main() {
    let mut shared = tensor![1, 2, 3].into_shared();
    for x in shared.iter_mut() {
        *x += 1;
    }
}
