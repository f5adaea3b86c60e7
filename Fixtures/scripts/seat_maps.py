"""Seat maps for recorded offers, in Duffel v2's `GET /air/seat_maps?offer_id=` shape (used by generate-responses.py).

One map per segment: a wide-body economy cabin laid out 3-3-3 (two aisles), an exit row at the front whose seats
cost more (extra legroom), two front rows at a smaller price, the rest free; some seats taken (no services); a galley
and lavatories at the back; wings over the middle rows. Every free or priced seat has one service per passenger who
may take it: children are never offered exit-row seats, infants without a seat get none.
"""
from decimal import Decimal

COLUMNS = [["A", "B", "C"], ["D", "E", "F"], ["G", "H", "K"]]
FIRST_ROW = 30
LAST_ROW = 41
TAKEN = {"30C", "31A", "31B", "32E", "33D", "33E", "33F", "35H", "36A", "38K", "39B", "40E", "41A"}
RESTRICTED = {"41K"}
EXIT_PRICE = Decimal("45.00")
FRONT_PRICE = Decimal("18.00")


def _element(duffel_id, seed: str, kind: str, **fields) -> dict:
    element = {"type": kind, "id": duffel_id("ele", seed), "designator": None, "name": None,
               "disclosures": None, "available_services": None}
    element.update(fields)
    return element


def _filler_row(duffel_id, seed: str, kinds: list[str]) -> dict:
    sections = []
    for index, kind in enumerate(kinds):
        sections.append({"id": duffel_id("sec", f"{seed}:{index}"),
                         "elements": [_element(duffel_id, f"{seed}:{index}", kind)]})
    return {"id": duffel_id("row", seed), "sections": sections}


def _seat(duffel_id, seed: str, designator: str, row: int, passengers: list[dict], currency: str) -> dict:
    if designator in RESTRICTED:
        return _element(duffel_id, f"{seed}:{designator}", "restricted_seat_general", designator=designator)
    exit_row = row == FIRST_ROW
    price = EXIT_PRICE if exit_row else FRONT_PRICE if row < FIRST_ROW + 3 else Decimal("0.00")
    services = []
    if designator not in TAKEN:
        for passenger in passengers:
            if passenger.get("type") == "infant_without_seat":
                continue
            if exit_row and passenger.get("age") is not None and passenger["age"] < 16:
                continue
            services.append({"id": duffel_id("ase", f"{seed}:{designator}:{passenger['id']}"),
                             "passenger_id": passenger["id"], "total_amount": f"{price:.2f}",
                             "total_currency": currency})
    return _element(
        duffel_id, f"{seed}:{designator}", "seat", designator=designator,
        name="Extra legroom exit row seat" if exit_row else None,
        disclosures=["Do not seat children in exit row seats"] if exit_row else [],
        available_services=services)


def seat_map(duffel_id, seed: str, segment: dict, slice_id: str, passengers: list[dict], currency: str) -> dict:
    rows = [_filler_row(duffel_id, f"{seed}:exit", ["exit_row", "empty", "exit_row"])]
    for row in range(FIRST_ROW, LAST_ROW + 1):
        sections = []
        for index, letters in enumerate(COLUMNS):
            sections.append({"id": duffel_id("sec", f"{seed}:{row}:{index}"), "elements": [
                _seat(duffel_id, seed, f"{row}{letter}", row, passengers, currency) for letter in letters]})
        rows.append({"id": duffel_id("row", f"{seed}:{row}"), "sections": sections})
    rows.append(_filler_row(duffel_id, f"{seed}:back", ["lavatory", "galley", "lavatory"]))
    return {
        "id": duffel_id("sea", seed), "slice_id": slice_id, "segment_id": segment["id"],
        "cabins": [{"deck": 0, "cabin_class": "economy", "aisles": 2,
                    "wings": {"first_row_index": 4, "last_row_index": 8}, "rows": rows}],
    }


def seat_maps(duffel_id, offer: dict, seed: str) -> dict:
    maps = []
    for slice_ in offer["slices"]:
        for segment in slice_["segments"]:
            maps.append(seat_map(duffel_id, f"{seed}:{segment['id']}", segment, slice_["id"], offer["passengers"],
                                 offer["total_currency"]))
    return {"data": maps}
