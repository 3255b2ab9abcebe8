//! Perft speed per variant (bulk-counted, single thread). Throughput is reported in leaf
//! nodes, so criterion prints nodes per second directly.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sissa_movegen::{AnyPosition, Variant};
use std::hint::black_box;

fn bench_start(c: &mut Criterion, variant: Variant, depth: u32) {
    let pos = AnyPosition::start(variant);
    let nodes = pos.perft(depth);
    let mut group = c.benchmark_group(format!("perft/{variant}"));
    group.throughput(Throughput::Elements(nodes));
    group.sample_size(10);
    group.bench_function(format!("start depth {depth}"), |b| {
        b.iter(|| black_box(pos.perft(black_box(depth))))
    });
    group.finish();
}

fn perft_benches(c: &mut Criterion) {
    bench_start(c, Variant::Chess, 5);
    bench_start(c, Variant::LionsUnicorns, 4);
    bench_start(c, Variant::RollingKings, 5);
    bench_start(c, Variant::Rococo, 4);
    bench_start(c, Variant::SeaHorses, 5);
}

criterion_group!(benches, perft_benches);
criterion_main!(benches);
