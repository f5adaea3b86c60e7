"""The four watch tools through the official Python MCP client: a watch kept on LHR → LIS (the sandbox's seat-sale
route) with a price under today's lowest, checked by a server whose clock is later (FLIGHTS_NOW) but before the sale,
then by one in the sale: its lowest went under the price; the history listed whole; the watch removed. Each server is
a new `flights mcp` on the same data directory, as a timer's checks would be."""
from decimal import Decimal

from mcp_support import WORK, answer, assert_money, protocol_error, refusal, server, state, step, need, within

TRIP = {"origin": "LHR", "destination": "LIS", "departure_date": "2031-03-20"}
TWENTY_DAYS_BEFORE = "2031-02-28T09:00:00Z"
FIFTEEN_DAYS_BEFORE = "2031-03-05T15:00:00Z"
NINE_DAYS_BEFORE = "2031-03-11T09:00:00Z"


async def watched_over_time():
    data = {"FLIGHTS_DATA_DIR": str(WORK / "watches" / "data")}

    async with server("watches", extra={**data, "FLIGHTS_NOW": TWENTY_DAYS_BEFORE}) as s:
        async def kept():
            await within(s.initialize())
            probe = await answer(s, "watch_trip", TRIP)
            assert_money(probe["lowest_now"], "the first check's lowest")
            removed = await answer(s, "remove_watch", {"watch_id": probe["id"]})
            assert removed["status"] == "removed" and removed["id"] == probe["id"], removed
            below = (Decimal(probe["lowest_now"]["amount"]) * Decimal("0.75")).quantize(Decimal("1"))
            watch = await answer(s, "watch_trip", {**TRIP, "below": str(below)})
            assert watch["id"] != probe["id"], "a removed watch's number was given again"
            assert watch["check"]["status"] == "checked" and watch["under_price"] is False, watch
            assert len(watch["history"]) == 1 and watch["history"][0]["offer"]["airline"], watch
            state["watch"] = watch["id"]
            await refusal(s, "remove_watch", {"watch_id": probe["id"]}, "not_found")
            await protocol_error(s, s.call_tool("watch_trip", {**TRIP, "below": "-1"}))
        await step("watch_trip keeps a watch and checks it at once; remove_watch removes one (again: not_found); a "
                   "negative price is invalid params", kept)

    async with server("watches-before-sale", extra={**data, "FLIGHTS_NOW": FIFTEEN_DAYS_BEFORE}) as s:
        async def before_sale():
            watch = need("watch")
            await within(s.initialize())
            checked = (await answer(s, "check_watches", {}))["watches"]
            assert [w["id"] for w in checked] == [watch], checked
            assert checked[0]["check"]["went_under_price"] is False, checked[0]
            assert len(checked[0]["history"]) == 2, checked[0]
        await step("check_watches later, before the sale: checked, not under the price, the history grows", before_sale)

    async with server("watches-in-sale", extra={**data, "FLIGHTS_NOW": NINE_DAYS_BEFORE}) as s:
        async def in_sale():
            watch = need("watch")
            await within(s.initialize())
            checked = (await answer(s, "check_watches", {"watch_ids": [watch]}))["watches"]
            assert checked[0]["check"]["went_under_price"] is True and checked[0]["under_price"] is True, checked[0]
            listed = (await answer(s, "list_watches", {}))["watches"]
            assert len(listed) == 1 and len(listed[0]["history"]) == 3, listed
            totals = [Decimal(c["lowest"]["amount"]) for c in listed[0]["history"]]
            assert Decimal(listed[0]["lowest_ever"]["amount"]) == min(totals), listed[0]
            assert Decimal(listed[0]["change_since_first"]["amount"]) == totals[-1] - totals[0], listed[0]
            assert listed[0]["backend"] == "sandbox", listed[0]["backend"]
        await step("check_watches in the sale: went_under_price; list_watches gives the whole history, its changes and "
                   "backend", in_sale)
