"""A stored run of scripts/bench, and the changes since it: `--save FILE` keeps this run's rows, `--compare FILE`
prints, row by row, the figure and the ratio then and now, and marks the rows that moved by more than the noise
(figures move by up to a fifth from run to run on a shared 2-core machine; ratios against a reference from the same
run move less, which is why a regression is called on the ratio where there is one)."""
import json
import re

NOISE = 0.20  # a change smaller than this is not called a regression or a gain


def save(path, header, table):
    rows = [{"measure": measure, "flights": flights, "reference": reference, "ratio": ratio, "target": target,
             "met": met} for measure, flights, reference, ratio, target, met in table.rows]
    with open(path, "w") as file:
        json.dump({"header": header, "rows": rows}, file, indent=2)
        file.write("\n")


def number(cell):
    """The leading number of a cell (`6,306/s`, `22 ms`, `0.21x`), or None."""
    match = re.match(r"\s*([0-9][0-9,]*(?:\.[0-9]+)?)", cell or "")
    return float(match.group(1).replace(",", "")) if match else None


def higher_is_better(cell):
    """Rates (`/s`, `MB/s`) and ratios of a rate are better higher; times and sizes lower."""
    return "/s" in (cell or "")


def compare(path, table):
    """The lines comparing `table` with the run saved at `path`."""
    with open(path) as file:
        stored = json.load(file)
    before = {row["measure"]: row for row in stored["rows"]}
    lines = [f"Against the stored run ({stored['header']}):", ""]
    for measure, flights, _, ratio, _, _ in table.rows:
        old = before.get(measure)
        if old is None:
            lines.append(f"  {measure}: new row, {flights}")
            continue
        # The ratio where both runs have one wide enough to read (it carries its reference's noise away; 0.01x
        # does not), else the figure.
        then, now = number(old["ratio"]), number(ratio)
        basis = "ratio"
        if then is None or now is None or min(then, now) < 0.1:
            then, now, basis = number(old["flights"]), number(flights), "figure"
        if then is None or now is None or not then:
            lines.append(f"  {measure}: {old['flights']} then, {flights} now")
            continue
        change = now / then - 1
        better = change > 0 if higher_is_better(flights) else change < 0
        mark = "" if abs(change) < NOISE else ("  <- better" if better else "  <- REGRESSION")
        lines.append(f"  {measure}: {old['flights']} -> {flights} ({basis} {change:+.0%}){mark}")
    return "\n".join(lines)
