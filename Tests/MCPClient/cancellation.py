"""A call cancelled mid-way, over raw JSON-RPC on the pipe (as any client may send it): a search_dates of 49
searches, each answered two seconds late by the embedded sandbox, cancelled as soon as its first progress report
arrives. The server must stop starting searches, send nothing more for the call, keep serving, and exit once its
input closes. Its stderr (at debug) logs each search the sandbox received as it arrives, so the searches made can
be counted once the server has exited: a server that went on would have made all 49 before it could exit."""
import asyncio
import json
import os

from mcp_support import CALL_TIMEOUT, COMMAND, DEPARTURE, RETURN, WORK

SEARCH = "method=POST path=/air/batch_offer_requests"  # in the sandbox's log line for each search it received
PARALLEL = 4  # SearchFlights.maxParallelSearches: the searches under way at once


async def cancelled_search_stops():
    folder = WORK / "cancelled"
    (folder / "data").mkdir(parents=True)
    environment = {name: value for name, value in os.environ.items()
                   if name not in ("FLIGHTS_API_URL", "DUFFEL_ACCESS_TOKEN")}
    environment.update({"FLIGHTS_DATA_DIR": str(folder / "data"), "FLIGHTS_LOG_LEVEL": "debug",
                        "FLIGHTS_SANDBOX_FAULTS": "late=2s,on=POST:/air/batch_offer_requests"})
    with open(folder / "stderr.log", "wb") as errlog:
        process = await asyncio.create_subprocess_exec(
            *COMMAND, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=errlog, env=environment)
        try:
            heard = await converse(process)
        finally:
            if process.returncode is None:
                process.kill()
                await process.wait()
    log = (folder / "stderr.log").read_text(errors="replace").splitlines()
    searches = sum(1 for line in log if SEARCH in line and line.endswith("[SandboxServer] request"))
    total, first = heard["total"], heard["first"]
    assert searches >= first, f"the sandbox logged {searches} searches, fewer than the {first} reported answered"
    assert total == 49, f"the grid's progress counts {total} days, not 49"
    # Searches under way when the cancel arrived, and as many started before it was read, at most.
    assert searches <= first + 2 * PARALLEL, \
        f"{searches} of {total} searches were made although the call was cancelled after {first} had answered"


async def converse(process):
    """Initializes, calls search_dates with a progress token, cancels it at its first report, pings, closes the
    input, and reads to the end: what was heard of the call."""
    async def send(message):
        process.stdin.write(json.dumps(message).encode() + b"\n")
        await process.stdin.drain()

    async def until(wanted):
        while True:
            line = await asyncio.wait_for(process.stdout.readline(), CALL_TIMEOUT)
            assert line, "the server closed its output before answering"
            message = json.loads(line)
            assert message.get("id") != 2, f"the cancelled call was answered: {message}"
            if wanted(message):
                return message

    await send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}})
    await until(lambda m: m.get("id") == 1)
    await send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    await send({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
        "name": "search_dates", "_meta": {"progressToken": "grid"},
        "arguments": {"origin": "LHR", "destination": "JFK", "departure_date": DEPARTURE, "return_date": RETURN}}})
    report = (await until(lambda m: m.get("method") == "notifications/progress"))["params"]
    assert report["progressToken"] == "grid", report
    await send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 2, "reason": "test"}})
    await send({"jsonrpc": "2.0", "id": 3, "method": "ping"})
    await until(lambda m: m.get("id") == 3)
    process.stdin.close()
    # Everything else it writes, to the end: no answer for the call, and no report of the whole grid.
    while line := await asyncio.wait_for(process.stdout.readline(), CALL_TIMEOUT):
        message = json.loads(line)
        assert message.get("id") != 2, f"the cancelled call was answered: {message}"
        if message.get("method") == "notifications/progress":
            assert message["params"]["progress"] < report["total"], f"the whole grid was reported: {message}"
    status = await asyncio.wait_for(process.wait(), CALL_TIMEOUT)
    assert status == 0, f"the server exited {status}"
    return {"total": int(report["total"]), "first": int(report["progress"])}
