"""What the MCP client test is made of: the server under test started per part, each step reported, and the checks
every answer gets (the text content equal to structuredContent, tool errors with a code and what to do, protocol
errors that must be invalid params). See test_mcp_client.py."""
import asyncio
import contextlib
import datetime
import json
import os
import re
import shlex
import sys
import tempfile
import traceback
from decimal import Decimal
from pathlib import Path
from typing import Any, Literal

import mcp.types as types
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.shared.exceptions import MCPError

COMMAND = shlex.split(os.environ.get("MCP_SERVER_CMD", "")) or [os.environ["FLIGHTS_BIN"], "mcp"]
WORK = Path(os.environ.get("MCP_WORK_DIR") or tempfile.mkdtemp(prefix="mcp-client-"))
INVALID_PARAMS = -32602
CALL_TIMEOUT = 60  # seconds; a call that takes longer is a hang
TODAY = datetime.date.today()
DEPARTURE = (TODAY + datetime.timedelta(days=30)).isoformat()
RETURN = (TODAY + datetime.timedelta(days=37)).isoformat()
READS = ["find_places", "search_flights", "search_dates", "get_offer", "seat_map", "list_bookings", "get_booking",
         "list_watches"]
DESTRUCTIVE = ["book", "pay", "cancel", "change_booking", "remove_watch"]
PASSENGER = {"title": "ms", "given_name": "Ada", "family_name": "Lovelace", "born_on": "1985-12-10", "gender": "f",
             "email": "ada@example.com", "phone_number": "+442080160508"}
state: dict[str, Any] = {}
outcomes: list[tuple[str, bool]] = []


class NotRun(Exception):
    """An earlier step did not make what this one needs."""


class RawToolCall(types.Request[dict[str, Any], Literal["tools/call"]]):
    """A tools/call whose params go out as given: `call_tool` will not send arguments that are not an object."""
    method: Literal["tools/call"] = "tools/call"
    params: dict[str, Any]


def need(key):
    if key not in state:
        raise NotRun(f"not run: needs {key} from an earlier step")
    return state[key]


async def step(name, body):
    try:
        await body()
        print(f"ok      {name}", flush=True)
        outcomes.append((name, True))
    except Exception as error:  # every step is reported; the run fails at the end
        if isinstance(error, (TimeoutError, asyncio.TimeoutError)):
            detail = f"no answer within {CALL_TIMEOUT} s"
        elif isinstance(error, MCPError) and error.code == types.CONNECTION_CLOSED:
            detail = "the connection closed: the server exited, or closed its stdout"
        elif isinstance(error, MCPError):
            detail = f"protocol error {error.code}: {error.message}"
        elif isinstance(error, KeyError):
            detail = f"no {error} in the answer"
        else:
            detail = str(error) or repr(error)
        print(f"FAILED  {name}: {detail}", flush=True)
        if not isinstance(error, (NotRun, AssertionError, MCPError, TimeoutError, asyncio.TimeoutError)):
            traceback.print_exc(limit=4, file=sys.stdout)
        outcomes.append((name, False))


@contextlib.asynccontextmanager
async def server(name, faults=None, extra=None):
    """A session with a fresh `flights mcp` (its own data directory, unless `extra` names another), initialized by the
    first step that asks; `extra` adds to its environment (FLIGHTS_NOW, say)."""
    folder = WORK / name
    (folder / "data").mkdir(parents=True)
    env = {"FLIGHTS_DATA_DIR": str(folder / "data")}
    if faults:
        env["FLIGHTS_SANDBOX_FAULTS"] = faults
    env.update(extra or {})
    parameters = StdioServerParameters(command=COMMAND[0], args=COMMAND[1:], env=env)
    unreadable = []

    async def on_message(message):  # the client hands over lines of stdout that are not JSON-RPC as exceptions
        if isinstance(message, Exception):
            unreadable.append(message)

    with open(folder / "stderr.log", "w") as errlog:
        async with stdio_client(parameters, errlog=errlog) as (read, write):
            async with ClientSession(read, write, message_handler=on_message) as session:
                yield session
    if unreadable:
        first = " ".join(str(unreadable[0]).split())[:300]
        raise AssertionError(f"{len(unreadable)} lines of its stdout were not JSON-RPC (logs go to stderr): {first}")


async def within(awaitable):
    return await asyncio.wait_for(awaitable, CALL_TIMEOUT)


def assert_progress(reports, what):
    """Progress reports that only grow, each with a total and a message, the last of them the whole."""
    assert reports, f"{what}: no notifications/progress although the call gave a progressToken"
    done = [report[0] for report in reports]
    assert done == sorted(done) and len(set(done)) == len(done), f"{what}: progress not increasing: {done}"
    assert all(total is not None and message for _, total, message in reports), f"{what}: {reports}"
    assert reports[-1][0] == reports[-1][1], f"{what}: the last report is not the whole: {reports[-1]}"


def error_of(result):
    content = result.structured_content
    assert isinstance(content, dict) and isinstance(content.get("error"), dict), \
        f"a tool error without structuredContent.error: {content!r} {text_of(result)!r}"
    return content["error"]


def text_of(result):
    return " ".join(block.text for block in result.content if block.type == "text")


async def answer(session, tool, arguments, progress=None):
    """The structuredContent of a successful call (one text content holding the same JSON). With `progress` (a
    list), the call asks for progress (a progressToken) and each notifications/progress it gets is appended to it as
    (progress, total, message)."""
    async def heard(done, total, message):
        progress.append((done, total, message))
    result = await within(session.call_tool(tool, arguments, progress_callback=heard if progress is not None else None))
    if result.is_error:
        error = error_of(result)
        raise AssertionError(f"{tool} answered a tool error {error.get('code')}: {error.get('message')}")
    content = result.structured_content
    assert isinstance(content, dict), f"{tool}: structuredContent is {content!r}"
    texts = [block for block in result.content if block.type == "text"]
    assert len(texts) == 1, f"{tool}: {len(texts)} text contents"
    assert json.loads(texts[0].text) == content, f"{tool}: the text content is not the structuredContent"
    return content


async def refusal(session, tool, arguments, code):
    """The error of a call that must be a tool error with `code`."""
    result = await within(session.call_tool(tool, arguments))
    assert result.is_error, f"{tool} succeeded where {code} was due: {result.structured_content!r}"
    error = error_of(result)
    assert error.get("code") == code, f"{tool}: error code {error.get('code')!r} where {code} was due: {error}"
    assert isinstance(error.get("message"), str) and error["message"], f"{tool}: no message: {error}"
    assert isinstance(error.get("what_to_do"), str), f"{tool}: no what_to_do: {error}"
    return error


async def protocol_error(session, request):
    """The call must be answered with JSON-RPC invalid params (-32602), not a result, a crash or a hang."""
    try:
        result = await within(request)
    except MCPError as error:
        if error.code == types.CONNECTION_CLOSED:
            raise
        assert error.code == INVALID_PARAMS, f"error {error.code} ({error.message}), not {INVALID_PARAMS}"
        return
    raise AssertionError(f"answered with a result (isError {result.is_error}): {str(result.structured_content)[:300]}")


def assert_money(money, what):
    assert isinstance(money, dict), f"{what}: {money!r} is not Money"
    assert isinstance(money.get("amount"), str) and re.fullmatch(r"-?\d+(\.\d+)?", money["amount"]), \
        f"{what}: amount {money.get('amount')!r}"
    assert isinstance(money.get("currency"), str) and re.fullmatch(r"[A-Z]{3}", money["currency"]), \
        f"{what}: currency {money.get('currency')!r}"


def same_money(a, b):
    return a["currency"] == b["currency"] and Decimal(a["amount"]) == Decimal(b["amount"])


def plus_one(amount):
    """An amount that is not `amount`, with as many decimals."""
    return str(Decimal(amount) + Decimal("1.00"))


async def references(session):
    bookings = (await answer(session, "list_bookings", {}))["bookings"]
    return [booking["booking_reference"] for booking in bookings]


async def booking(session, reference):
    found = (await answer(session, "get_booking", {"reference": reference}))["booking"]
    assert found["booking_reference"] == reference, found
    return found
