"""benchmarks/results.py: every benchmark script keeps its own section of RESULTS.md."""

from benchmarks.results import write_section


def test_sections_are_replaced_in_place_and_others_kept(tmp_path):
    path = tmp_path / "RESULTS.md"
    write_section("bench_a", "A", "| a | 1.0× |", path)
    write_section("bench_b", "B", "| b | 2.0× |", path)
    write_section("bench_a", "A", "| a | 1.5× |", path)
    text = path.read_text()
    assert text.startswith("# Benchmark results")
    assert "| a | 1.5× |" in text and "| a | 1.0× |" not in text and "| b | 2.0× |" in text
    assert text.index("bench_a") < text.index("bench_b") and text.count("<!-- bench_a -->") == 1
    assert "cores" in text          # the machine is recorded
