"""The official Python MCP client (`mcp`) driving `flights mcp` over stdio: the tools listed with their schemas and
annotations, a search, an offer and its seats, a booking refused at the wrong total and made at the right one, the
same booking asked for twice, a booking's lost answer found by its key, a hold paid, a change and a cancellation each
quoted and confirmed, the bookings as resources and the plan_trip prompt, a search the API fails, a dozen
malformed calls, and price watches kept, checked as the clock moves, listed and removed (watches.py), each step asserted against the tool contract (docs/mcp.md); the helpers are in mcp_support.py. Agents reach Flights through clients like this one;
this proves what the server sends is what they read.

    FLIGHTS_BIN=.build/debug/flights python3 test_mcp_client.py

Run by `scripts/check-mcp-client`, which installs the client in a virtual environment and builds `flights`. Every
server the test starts runs `$FLIGHTS_BIN mcp` with a data directory of its own (`FLIGHTS_DATA_DIR`), under
`$MCP_WORK_DIR/<server>/` (a new temporary directory without it), its stderr in `stderr.log` beside it.
`MCP_SERVER_CMD="python3 other_server.py"` runs that command instead of `$FLIGHTS_BIN mcp` (to try the test against
another server). Every step prints `ok` or `FAILED` with the reason; the exit status is 1 when any step failed.
"""
import asyncio
import json
import sys
import traceback
from decimal import Decimal

import mcp.types as types
from mcp.shared.exceptions import MCPError

from cancellation import cancelled_search_stops
from watches import watched_over_time
from mcp_support import (
    DEPARTURE,
    DESTRUCTIVE,
    INVALID_PARAMS,
    PASSENGER,
    READS,
    RETURN,
    RawToolCall,
    WORK,
    answer,
    assert_money,
    assert_progress,
    booking,
    need,
    outcomes,
    plus_one,
    protocol_error,
    references,
    refusal,
    same_money,
    server,
    state,
    step,
    within,
)


async def story(s):
    async def initialize():
        result = await within(s.initialize())
        assert result.server_info.name, "no server name"
        assert result.capabilities.tools is not None, "no tools capability"
        state["initialized"] = True
    await step("initialize", initialize)

    async def tools():
        need("initialized")
        listed = {tool.name: tool for tool in (await within(s.list_tools())).tools}
        missing = [name for name in READS + DESTRUCTIVE if name not in listed]
        assert not missing, f"missing tools: {missing}; listed: {sorted(listed)}"
        for name in READS + DESTRUCTIVE:
            tool = listed[name]
            assert isinstance(tool.input_schema, dict) and tool.input_schema.get("type") == "object", \
                f"{name}: inputSchema {tool.input_schema!r}"
            assert tool.annotations is not None, f"{name}: no annotations"
        not_read_only = [name for name in READS if listed[name].annotations.read_only_hint is not True]
        assert not not_read_only, f"readOnlyHint not true on {not_read_only}"
        not_destructive = [name for name in DESTRUCTIVE if listed[name].annotations.destructive_hint is not True
                           or listed[name].annotations.read_only_hint is True]
        assert not not_destructive, f"destructiveHint not true (or readOnlyHint true) on {not_destructive}"
    await step("tools listed: every contract tool, with an input schema and annotations", tools)

    async def places():
        need("initialized")
        found = (await answer(s, "find_places", {"query": "london"}))["places"]
        codes = [place.get("iata_code") for place in found]
        assert "LHR" in codes or "LON" in codes, f"neither LHR nor LON in {codes}"
        assert all(place.get("type") in ("airport", "city") for place in found), found
    await step("find_places london: LHR or LON", places)

    async def search():
        need("initialized")
        found = await answer(s, "search_flights", {
            "origin": "LHR", "destination": "JFK", "departure_date": DEPARTURE, "return_date": RETURN})
        offers = found["offers"]
        assert offers, "no offers"
        assert found["count"] == len(offers), (found["count"], len(offers))
        assert found["offer_request_id"].startswith("orq_"), found["offer_request_id"]
        for offer in offers:
            assert offer["id"].startswith("off_"), offer["id"]
            assert_money(offer["total"], offer["id"])
            assert Decimal(offer["total"]["amount"]) > 0, offer["total"]
            legs = [(leg["origin"], leg["destination"]) for leg in offer["slices"]]
            assert legs == [("LHR", "JFK"), ("JFK", "LHR")], f"{offer['id']}: slices {legs}"
        state["offer_id"] = offers[0]["id"]
    await step(f"search_flights LHR → JFK, {DEPARTURE} back {RETURN}: offers with ids and totals", search)

    async def slow_airlines():
        need("initialized")
        reports = []
        # LHR → LAX: the sandbox's airlines answer in three batches, after 0.3, 2 and 8 seconds.
        found = await answer(s, "search_flights", {
            "origin": "LHR", "destination": "LAX", "departure_date": DEPARTURE, "supplier_timeout": 2},
            progress=reports)
        assert found["offers"], "no offers"
        assert found["airlines_without_offers"] == 1, found["airlines_without_offers"]
        assert_progress(reports, "search_flights")
        assert [done for done, _, _ in reports] == [1, 2, 3], reports
        assert "still answering" in reports[0][2], reports[0]
    await step("search_flights with supplier_timeout 2 on the slow-airline route: progress per batch, the slowest "
               "airlines counted in airlines_without_offers", slow_airlines)

    async def dates():
        need("initialized")
        reports = []
        cells = (await answer(s, "search_dates", {
            "origin": "LHR", "destination": "JFK", "departure_date": DEPARTURE, "return_date": RETURN},
            progress=reports))["cells"]
        assert cells, "no cells"
        assert_progress(reports, "search_dates")
        assert reports[-1][1] == len(cells), f"progress counts {reports[-1][1]} days, the answer {len(cells)}"
        priced = [cell for cell in cells if cell.get("lowest_total") is not None]
        assert priced, f"no cell with a lowest_total among {len(cells)}"
        for cell in priced:
            assert_money(cell["lowest_total"], cell["departure_date"])
    await step("search_dates around those dates: cells, at least one with a lowest_total; progress told day by day",
               dates)

    async def offer():
        offer_id = need("offer_id")
        read = (await answer(s, "get_offer", {"offer_id": offer_id}))["offer"]
        assert read["id"] == offer_id, read["id"]
        assert_money(read["total"], "total")
        passengers = read["passengers"]
        assert passengers and all(p["id"].startswith("pas_") for p in passengers), passengers
        state["offer"] = read
    await step("get_offer on the first offer: its passengers and total", offer)

    async def seats():
        offer_id = need("offer_id")
        maps = (await answer(s, "seat_map", {"offer_id": offer_id}))["seat_maps"]
        with_seats = [m for m in maps if m.get("seats")]
        assert with_seats, f"no segment with seats among {len(maps)} seat maps"
        assert all(seat["designator"] for m in with_seats for seat in m["seats"])
    await step("seat_map on the first offer: a segment with seats", seats)

    async def wrong_total():
        read = need("offer")
        before = await references(s)
        error = await refusal(s, "book", {
            "offer_id": read["id"], "passengers": [PASSENGER] * len(read["passengers"]),
            "confirm_total": plus_one(read["total"]["amount"])}, "price_changed")
        assert_money(error.get("total"), "the error's total")
        assert same_money(error["total"], read["total"]), (error["total"], read["total"])
        after = await references(s)
        assert after == before, f"bookings before {before}, after {after}"
    await step("book at a wrong confirm_total: price_changed with the real total, nothing booked", wrong_total)

    async def book():
        read = need("offer")
        arguments = {"offer_id": read["id"], "passengers": [PASSENGER] * len(read["passengers"]),
                     "confirm_total": read["total"]["amount"]}
        reports = []
        booked = await answer(s, "book", arguments, progress=reports)
        assert booked["status"] == "booked", booked
        assert isinstance(booked["booking_reference"], str) and booked["booking_reference"], booked
        assert_progress(reports, "book")
        assert len(reports) >= 3, f"book told of {len(reports)} steps: {reports}"
        assert booked["already_booked"] is False, booked
        assert same_money(booked["total"], read["total"]), (booked["total"], read["total"])
        state["booked"] = booked
        state["book_arguments"] = arguments
    await step("book at the right total: booked, with a booking_reference; progress told step by step", book)

    async def book_again():
        booked, arguments = need("booked"), need("book_arguments")
        again = await answer(s, "book", arguments)
        assert again["booking_reference"] == booked["booking_reference"], (again, booked)
        assert again["already_booked"] is True, again
        listed = await references(s)
        assert listed.count(booked["booking_reference"]) == 1, f"{booked['booking_reference']} in {listed}"
    await step("book again with the same arguments: the same booking, already_booked, listed once", book_again)

    async def read_back():
        booked = need("booked")
        reference = booked["booking_reference"]
        listed = [b for b in (await answer(s, "list_bookings", {}))["bookings"] if b["booking_reference"] == reference]
        assert len(listed) == 1, listed
        assert listed[0]["state"] == "confirmed", listed[0]
        assert listed[0]["order_id"] == booked["order_id"], (listed[0], booked)
        assert same_money(listed[0]["total"], booked["total"]), listed[0]
        found = await booking(s, reference)
        assert found["order_id"] == booked["order_id"], found
        assert found["state"] == "confirmed", found
        assert found["awaiting_payment"] is False, found
        assert found["cancelled_at"] is None, found
        assert same_money(found["total"], booked["total"]), found
    await step("list_bookings and get_booking show it confirmed", read_back)

    async def resources_and_prompt():
        reference = need("booked")["booking_reference"]
        listed = await within(s.list_resources())
        uris = [str(resource.uri) for resource in listed.resources]
        assert "flights://bookings" in uris and f"flights://bookings/{reference}" in uris, uris
        read = await within(s.read_resource(f"flights://bookings/{reference}"))
        document = json.loads(read.contents[0].text)
        assert document["booking"]["booking_reference"] == reference, document
        prompt = await within(s.get_prompt("plan_trip", {"origin": "London", "destination": "New York"}))
        words = " ".join(message.content.text for message in prompt.messages)
        assert "confirm_total" in words and "London" in words, words
    await step("the booking as a resource, and the plan_trip prompt", resources_and_prompt)

    async def hold():
        need("initialized")
        candidates = []
        # Any route's offers may be holdable; JFK → EWR is the sandbox's route where every offer is.
        for origin, destination in (("LHR", "JFK"), ("JFK", "EWR")):
            offers = (await answer(s, "search_flights", {
                "origin": origin, "destination": destination, "departure_date": DEPARTURE, "limit": 50}))["offers"]
            candidates = [offer for offer in offers if offer.get("can_hold") is True]
            if candidates:
                break
        assert candidates, "no offer can be held, LHR → JFK or JFK → EWR"
        read = (await answer(s, "get_offer", {"offer_id": candidates[0]["id"]}))["offer"]
        held = await answer(s, "book", {
            "offer_id": read["id"], "passengers": [PASSENGER] * len(read["passengers"]), "hold": True,
            "confirm_total": read["total"]["amount"]})
        assert held["status"] == "held", held
        assert held["payment_required_by"], held
        assert held["already_booked"] is False, held
        found = await booking(s, held["booking_reference"])
        assert found["awaiting_payment"] is True, found
        assert found["state"] == "held", found
        state["held"] = held
    await step("hold: an offer that can be held, booked with hold: held, awaiting payment", hold)

    async def pay():
        held = need("held")
        reference = held["booking_reference"]
        error = await refusal(s, "pay", {"reference": reference, "confirm_total": plus_one(held["total"]["amount"])},
                              "price_changed")
        assert_money(error.get("total"), "the error's total")
        assert same_money(error["total"], held["total"]), (error["total"], held["total"])
        assert (await booking(s, reference))["awaiting_payment"] is True, "paid at the wrong total"
        paid = await answer(s, "pay", {"reference": reference, "confirm_total": held["total"]["amount"]})
        assert paid["status"] == "paid", paid
        assert paid["booking_reference"] == reference, paid
        assert same_money(paid["total"], held["total"]), paid
        assert (await booking(s, reference))["awaiting_payment"] is False, "still awaiting payment once paid"
    await step("pay the hold at a wrong total: price_changed; at the right total: paid", pay)

    async def cancel():
        booked = need("booked")
        reference = booked["booking_reference"]
        quote = await answer(s, "cancel", {"reference": reference})
        assert quote["status"] == "quoted", quote
        assert isinstance(quote["token"], str) and quote["token"], quote
        refund = quote["refund"]
        if refund is not None:
            assert_money(refund, "refund")
        assert (await booking(s, reference))["state"] != "cancelled", "cancelled by the quote"

        error = await refusal(s, "cancel", {
            "reference": reference, "token": quote["token"],
            "confirm_refund": plus_one(refund["amount"] if refund else "0.00")}, "refund_changed")
        if refund is not None:
            assert_money(error.get("refund"), "the error's refund")
            assert same_money(error["refund"], refund), (error["refund"], refund)
        assert (await booking(s, reference))["state"] != "cancelled", "cancelled at the wrong refund"

        confirm = {"confirm_refund": refund["amount"] if refund else "0"}
        await refusal(s, "cancel", {"reference": reference, "token": "not-a-token", **confirm}, "invalid_token")
        if "held" in state:  # a real token, from a quote of another booking
            other = await answer(s, "cancel", {"reference": state["held"]["booking_reference"]})
            await refusal(s, "cancel", {"reference": reference, "token": other["token"], **confirm}, "invalid_token")
        assert (await booking(s, reference))["state"] != "cancelled", "cancelled with an invalid token"

        cancelled = await answer(s, "cancel", {"reference": reference, "token": quote["token"], **confirm})
        assert cancelled["status"] == "cancelled", cancelled
        assert cancelled["booking_reference"] == reference, cancelled
        found = await booking(s, reference)
        assert found["state"] == "cancelled", found
        assert found["cancelled_at"], found
    await step("cancel: quoted; a wrong refund, then a bad token, refused; then cancelled", cancel)

    async def change():
        need("initialized")
        offers = (await answer(s, "search_flights", {
            "origin": "LHR", "destination": "JFK", "departure_date": DEPARTURE, "return_date": RETURN, "limit": 20}))["offers"]
        changeable = None
        for offer in offers:
            read = (await answer(s, "get_offer", {"offer_id": offer["id"]}))["offer"]
            rule = (read.get("conditions") or {}).get("change_before_departure") or {}
            if rule.get("allowed") is True:
                changeable = read
                break
        assert changeable, "no offer of twenty allows changes"
        booked = await answer(s, "book", {
            "offer_id": changeable["id"], "passengers": [PASSENGER] * len(changeable["passengers"]),
            "confirm_total": changeable["total"]["amount"]})
        reference = booked["booking_reference"]
        before = await booking(s, reference)
        quote = await answer(s, "change_booking", {"reference": reference, "flights": [{"flight": 2, "date": "+2"}]})
        assert quote["status"] == "quoted", quote
        assert isinstance(quote["token"], str) and quote["token"], quote
        assert_money(quote["change_total"], "change_total")
        assert quote["new_flights"], quote
        assert (await booking(s, reference))["slices"] == before["slices"], "changed by the quote"
        confirm = {"reference": reference, "token": quote["token"]}
        error = await refusal(s, "change_booking", {**confirm, "confirm_total": plus_one(quote["change_total"]["amount"])},
                              "price_changed")
        assert_money(error.get("total"), "the error's total")
        assert (await booking(s, reference))["slices"] == before["slices"], "changed at the wrong total"
        changed = await answer(s, "change_booking", {**confirm, "confirm_total": quote["change_total"]["amount"]})
        assert changed["status"] == "changed", changed
        after = await booking(s, reference)
        old_return = before["slices"][1]["departing_at"][:10]
        new_return = after["slices"][1]["departing_at"][:10]
        assert new_return == quote["new_flights"][0]["departing_at"][:10] != old_return, (old_return, new_return)
        assert after["slices"][0] == before["slices"][0], "the outbound moved too"
        # The same confirmation again (a retry after a lost answer) changes nothing more.
        again = await answer(s, "change_booking", {**confirm, "confirm_total": quote["change_total"]["amount"]})
        assert again["status"] == "changed", again
        assert (await booking(s, reference))["slices"] == after["slices"], "moved again by the repeat"
        state["changed booking"] = reference
    await step("change_booking: quoted with a token; a wrong total refused; the return moved as quoted; a repeat moves nothing", change)

    async def chosen_offer():
        reference = need("changed booking")
        before = await booking(s, reference)
        quote = await answer(s, "change_booking", {"reference": reference, "flights": [{"flight": 1, "date": "+1"}]})
        offers = quote["offers"]
        assert offers and all(isinstance(o["change_offer_id"], str) and o["new_flights"] for o in offers), quote
        assert offers[0]["change_total"] == quote["change_total"], "the first listed is not the cheapest quoted"
        chosen = offers[-1]
        confirm = {"reference": reference, "token": quote["token"], "change_offer_id": chosen["change_offer_id"]}
        await refusal(s, "change_booking", {**confirm, "change_offer_id": "oco_notlisted",
                                            "confirm_total": chosen["change_total"]["amount"]}, "invalid_token")
        changed = await answer(s, "change_booking", {**confirm, "confirm_total": chosen["change_total"]["amount"]})
        assert changed["status"] == "changed", changed
        after = await booking(s, reference)
        assert after["slices"][0]["departing_at"][:10] == chosen["new_flights"][0]["departing_at"][:10] \
            != before["slices"][0]["departing_at"][:10], (before["slices"][0], chosen)
    await step("change_booking: the quote lists every offer; the last listed, confirmed by its change_offer_id, moves the outbound",
               chosen_offer)


async def service_error(s):
    async def search_fails():
        await within(s.initialize())
        error = await refusal(s, "search_flights", {
            "origin": "LHR", "destination": "JFK", "departure_date": DEPARTURE}, "service_error")
        message = error["message"].lower()
        assert any(word in message for word in ("500", "error", "fail", "fault")), \
            f"the message does not say what happened: {error['message']!r}"
        places = (await answer(s, "find_places", {"query": "london"}))["places"]
        assert places, "find_places found nothing after the failed search"
    await step("a search the API answers with 500: tool error service_error, then find_places still answers",
               search_fails)


async def lost_answer(s):
    async def booked_once():
        await within(s.initialize())
        offers = (await answer(s, "search_flights", {
            "origin": "LHR", "destination": "JFK", "departure_date": DEPARTURE, "limit": 1}))["offers"]
        read = (await answer(s, "get_offer", {"offer_id": offers[0]["id"]}))["offer"]
        arguments = {"offer_id": read["id"], "passengers": [PASSENGER] * len(read["passengers"]),
                     "confirm_total": read["total"]["amount"]}
        # The sandbox makes the order, then answers 500: the answer is lost, and the order is found by its key.
        booked = await answer(s, "book", arguments)
        assert booked["status"] == "booked", booked
        again = await answer(s, "book", arguments)
        assert again["booking_reference"] == booked["booking_reference"] and again["already_booked"] is True, again
        listed = [b for b in (await answer(s, "list_bookings", {}))["bookings"] if b["state"] != "failed"]
        assert len(listed) == 1, listed
    await step("a booking whose answer is lost (made, then a 500) is found by its key; asked again, still one", booked_once)


async def malformed(s):
    def call(name, arguments):
        return s.call_tool(name, arguments)

    offer = {"offer_id": "off_0000000000000000000000", "passengers": [PASSENGER]}
    trip = {"origin": "LHR", "destination": "JFK", "departure_date": DEPARTURE}
    cases = [
        ("an unknown tool", lambda: call("no_such_tool", {})),
        ("search_flights without origin", lambda: call("search_flights", {"destination": "JFK",
                                                                           "departure_date": DEPARTURE})),
        ('search_flights with limit "ten"', lambda: call("search_flights", {**trip, "limit": "ten"})),
        ("search_flights with limit 0", lambda: call("search_flights", {**trip, "limit": 0})),
        ("search_flights with limit 1000", lambda: call("search_flights", {**trip, "limit": 1000})),
        ("search_flights with passengers not a list", lambda: call("search_flights", {
            **trip, "passengers": {"type": "adult"}})),
        ("find_places with a 1 MB query", lambda: call("find_places", {"query": "x" * 1_000_000})),
        ("find_places with one letter and 300,000 combining accents",
         lambda: call("find_places", {"query": "l" + "\u0301" * 300_000})),
        ("find_places with an unknown argument", lambda: call("find_places", {"query": "london", "colour": "blue"})),
        ("book without confirm_total", lambda: call("book", offer)),
        ("cancel with reference a number", lambda: call("cancel", {"reference": 12345})),
        ("get_offer with offer_id null", lambda: call("get_offer", {"offer_id": None})),
        ("tools/call with arguments not an object", lambda: s.send_request(
            RawToolCall(params={"name": "find_places", "arguments": ["london"]}), types.CallToolResult)),
    ]

    async def initialize():
        await within(s.initialize())
        await within(s.list_tools())
        state["malformed session"] = True
    await step("malformed input: a session to send it on", initialize)

    async def refused(request):
        need("malformed session")
        await protocol_error(s, request())
    for name, request in cases:
        await step(f"malformed input: {name} → invalid params", lambda request=request: refused(request))

    async def too_long():
        need("malformed session")
        try:
            result = await within(s.call_tool("find_places", {"query": "x" * 10_000_000}))
        except MCPError as error:
            assert error.code == -32600, f"error {error.code} ({error.message}), not -32600"
            assert "at most 4194304 bytes" in error.message, error.message
            return
        raise AssertionError(f"a 10 MB message was answered with a result (isError {result.is_error})")
    await step("malformed input: a 10 MB message → refused as too long (-32600), by its id", too_long)

    async def unknown_resource():
        need("malformed session")
        for uri, code in (("flights://bookings/NOPE99", -32002), ("flights://bookings/NO-PE", INVALID_PARAMS)):
            try:
                await within(s.read_resource(uri))
            except MCPError as error:
                assert error.code == code, f"{uri}: error {error.code} ({error.message}), not {code}"
                continue
            raise AssertionError(f"{uri} was read as if it were a booking")
    await step("resources/read of an unknown booking → resource not found (-32002); of no reference's shape → invalid params",
               unknown_resource)

    async def still_answers():
        need("malformed session")
        places = (await answer(s, "find_places", {"query": "london"}))["places"]
        assert places, "find_places found nothing"
    await step("malformed input: find_places answers after them", still_answers)


async def main():
    for name, faults, run in (("story", None, story),
                              ("service-error", "error=500,on=POST:/air/batch_offer_requests", service_error),
                              ("lost-answer", "after=500,on=POST:/air/orders", lost_answer),
                              ("malformed", None, malformed)):
        try:
            async with server(name, faults) as session:
                await run(session)
        except Exception as error:  # a server that cannot be started or stopped fails its part, not the others
            print(f"FAILED  the {name} server: {error}", flush=True)
            if not isinstance(error, (AssertionError, OSError)):
                traceback.print_exc(limit=6, file=sys.stdout)
            outcomes.append((f"the {name} server", False))

    await watched_over_time()

    await step("search_dates cancelled at its first progress report: no answer for it, its searches stop, the "
               "server still answers and exits once its input closes", cancelled_search_stops)

    async def nothing_personal_logged():
        log = (WORK / "story" / "stderr.log").read_text(errors="replace")
        for personal in (PASSENGER["family_name"], PASSENGER["email"], PASSENGER["phone_number"], PASSENGER["born_on"]):
            assert personal not in log, f"the server's stderr holds a passenger's {personal!r}"
    await step("the story server's stderr holds no passenger's details", nothing_personal_logged)


asyncio.run(main())
failed = [name for name, passed in outcomes if not passed]
print(f"{len(outcomes) - len(failed)} of {len(outcomes)} steps passed"
      + (f"; failed: {'; '.join(failed)}" if failed else ""), flush=True)
sys.exit(1 if failed else 0)
