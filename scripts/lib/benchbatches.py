"""Row (i) of scripts/bench: offers as the airlines answer, on the sandbox's slow-airline route (LHR → LAX, batches
after 0.3, 2 and 8 seconds), in a real terminal. From Enter on the search's review to the first offers painted, and
to the last batch painted, beside a plain offer request for the same search (curl: the request, then its offers),
which waits for the slowest airline: the reference, measured in the same run."""
import json
import os
import subprocess
import time

import benchkit
from benchrows import median, open_review, pane_wait, ratio

FASTEST_AIRLINE = 0.3  # seconds: the first batch of the slow route


def plain_request_seconds(sandbox, date, rounds):
    """curl: the plain offer request for LHR → LAX on `date` (it answers once the slowest airline has), then its
    offers sorted by price."""
    common = ["-fsS", "--compressed", "-H", f"Authorization: Bearer {benchkit.TOKEN}", "-H", "Duffel-Version: v2"]
    body = json.dumps({"data": {"slices": [{"origin": "LHR", "destination": "LAX", "departure_date": date}],
                                "passengers": [{"type": "adult"}], "cabin_class": "economy"}})
    samples = []
    for _ in range(rounds):
        started = time.perf_counter()
        created = subprocess.run(["curl", *common, "-H", "Content-Type: application/json", "--data", body,
                                  sandbox.url + "/air/offer_requests?return_offers=false"],
                                 capture_output=True, check=True).stdout
        request_id = json.loads(created)["data"]["id"]
        subprocess.run(["curl", *common, "-o", "/dev/null", sandbox.url
                        + f"/air/offers?offer_request_id={request_id}&sort=total_amount&limit=200"], check=True)
        samples.append(time.perf_counter() - started)
    return samples


def arriving_rows(table, flights, sandbox, work, day, rounds):
    benchkit.need("tmux", "tmux")
    rounds = max(1, min(rounds, 3))  # each round waits for the 8-second airline
    first, last = [], []
    for index in range(rounds):
        session = f"flights-bench-arriving-{os.getpid()}-{index}"
        try:
            open_review(session, flights, os.path.join(work, f"arriving-{index}"), "LHR", "LAX", day(80 + index), 110)
            started = time.perf_counter()
            subprocess.run(["tmux", "send-keys", "-t", session, "Enter"], check=True)
            pane_wait(session, "Enter choose")
            first.append(time.perf_counter() - started)
            pane_wait(session, "Sort: price", absent="still answering")
            last.append(time.perf_counter() - started)
        finally:
            subprocess.run(["tmux", "kill-session", "-t", session], stderr=subprocess.DEVNULL)
    plain = median(plain_request_seconds(sandbox, day(80), rounds))
    first_ms, target = median(first), min(1.5 * FASTEST_AIRLINE, plain)
    table.add("(i) slow airlines (0.3/2/8 s): Enter to the first offers painted, tmux", f"{first_ms * 1000:.0f} ms",
              f"plain offer request {plain * 1000:.0f} ms", ratio(first_ms, plain),
              f"<= {target * 1000:.0f} ms (1.5x the fastest airline, and before the plain answer)", first_ms <= target)
    table.add("(i) slow airlines: Enter to the last batch painted, tmux", f"{median(last) * 1000:.0f} ms",
              f"plain offer request {plain * 1000:.0f} ms", ratio(median(last), plain), "", None)
