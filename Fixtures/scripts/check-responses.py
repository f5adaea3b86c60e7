#!/usr/bin/env python3
"""Checks the recorded Duffel v2 responses in Sources/FixtureServices/Responses/ for consistency.

Independent of generate-responses.py: it re-derives every invariant from the files themselves and the
airport data, so a hand edit that breaks one is caught. Checks:
  - ids carry the prefix Duffel gives their kind of object (orq_, off_, sli_, seg_, pas_, ord_, ore_,
    arp_, cit_, arl_, arc_, ase_) and each object id is unique where it should be;
  - amounts are decimal strings with two places, base + tax = total, one currency per object;
  - airports agree with airports.csv (name, country, time zone, coordinates, city membership);
  - segment local times, converted with the airports' time zones, differ by exactly the segment's
    ISO 8601 duration; slices span first departure to last arrival; connections leave from where the
    previous flight landed, at least 45 minutes later; distances are great-circle kilometres;
  - offers expire 30 minutes after they were created, passengers match the offer request, every
    segment lists every passenger with baggages, conditions are null or well formed;
  - list pages, the single offer, the order and its cancellation agree with the search they came from;
  - error files use Duffel's envelope with the expected status, type and code.
Prints "N passed, N failed" and exits non-zero on any failure.

Usage: python3 Fixtures/scripts/check-responses.py
"""

from __future__ import annotations

import csv
import json
import math
import re
import sys
from datetime import datetime, timedelta, timezone
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

FIXTURES = Path(__file__).resolve().parent.parent
RESPONSES = FIXTURES / "Sources" / "FixtureServices" / "Responses"
DATA = FIXTURES / "Sources" / "AirportData" / "Data"

EXPECTED_FILES = {
    "offer-request-one-way.json", "offer-request-round-trip.json", "offer-request-empty.json",
    "offers-page-1.json", "offers-page-2.json", "offer.json", "order.json", "orders-by-reference.json",
    "order-cancellation-quote.json", "order-cancellation-confirmed.json",
    "places-lon.json", "places-new-york.json", "places-jfk.json", "places-paris-cdg.json",
    "error-airline.json", "error-api.json", "error-authentication.json", "error-invalid-request.json",
    "error-invalid-state.json", "error-rate-limit.json", "error-validation.json",
    "error-offer-no-longer-available.json", "error-price-changed.json", "error-not-found.json",
    "seat-maps.json", "seat-maps-round-trip.json",
}

EXPECTED_ERRORS = {
    "error-airline.json": (None, "airline_error", None),
    "error-api.json": (504, "api_error", None),
    "error-authentication.json": (401, "authentication_error", None),
    "error-invalid-request.json": (400, "invalid_request_error", None),
    "error-invalid-state.json": (None, "invalid_state_error", None),
    "error-rate-limit.json": (429, "rate_limit_error", None),
    "error-validation.json": (422, "validation_error", None),
    "error-offer-no-longer-available.json": (422, None, "offer_no_longer_available"),
    "error-price-changed.json": (422, None, "price_changed"),
    "error-not-found.json": (404, None, None),
}
ERROR_TYPES = {
    "airline_error", "api_error", "authentication_error", "invalid_request_error", "invalid_state_error",
    "rate_limit_error", "validation_error",
}
ERROR_STATUSES = {400, 401, 403, 404, 406, 422, 429, 500, 502, 503, 504}

AMOUNT = re.compile(r"^\d+\.\d{2}$")
LOCAL_TIME = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$")
UTC_TIME = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$")
DURATION = re.compile(r"^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?)?$")
GENERATED_ID = re.compile(r"^(orq|off|sli|seg|pas|ord|ore|arl|arc|ase|ser|sto)_[0-9A-Za-z]{22}$")
MINIMUM_CONNECTION = timedelta(minutes=45)


class Checker:
    def __init__(self) -> None:
        self.passed = 0
        self.failures: list[str] = []

    def expect(self, condition: bool, where: str, message: str) -> bool:
        if condition:
            self.passed += 1
        else:
            self.failures.append(f"{where}: {message}")
        return condition


def load_csv(name: str) -> list[dict]:
    with (DATA / name).open(encoding="utf-8", newline="") as file:
        return list(csv.DictReader(file))


AIRPORTS = {row["iata"]: row for row in load_csv("airports.csv")}
CITIES = {row["iata"]: {**row, "airports": row["airports"].split()} for row in load_csv("cities.csv")}
CITY_OF = {airport: code for code, row in CITIES.items() for airport in row["airports"]}


def parse_utc(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def parse_duration(text: str) -> timedelta | None:
    match = DURATION.match(text or "")
    if not match or text in ("P", "PT"):
        return None
    days, hours, minutes = (int(group) if group else 0 for group in match.groups())
    return timedelta(days=days, hours=hours, minutes=minutes)


def local_to_utc(text: str, zone: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=ZoneInfo(zone)).astimezone(timezone.utc)


def great_circle_km(a: dict, b: dict) -> float:
    phi1, phi2 = math.radians(a["latitude"]), math.radians(b["latitude"])
    d_lambda = math.radians(b["longitude"] - a["longitude"])
    h = math.sin((phi2 - phi1) / 2) ** 2 + math.cos(phi1) * math.cos(phi2) * math.sin(d_lambda / 2) ** 2
    return 2 * 6371.0088 * math.asin(math.sqrt(h))


def check_airport(c: Checker, where: str, airport: dict, place: bool) -> None:
    code = airport.get("iata_code")
    reference = AIRPORTS.get(code)
    if not c.expect(reference is not None, where, f"airport {code} is not in airports.csv"):
        return
    country = reference["country"]
    c.expect(airport.get("id") == f"arp_{code.lower()}_{country.lower()}", where, f"{code} id {airport.get('id')}")
    c.expect(airport.get("name") == reference["name"], where, f"{code} name {airport.get('name')!r}")
    c.expect(airport.get("iata_country_code") == country, where, f"{code} country")
    c.expect(airport.get("time_zone") == reference["time_zone"], where, f"{code} time zone {airport.get('time_zone')}")
    c.expect(airport.get("city_name") == reference["city"], where, f"{code} city_name")
    c.expect(airport.get("icao_code") == (reference["icao"] or None), where, f"{code} icao_code")
    c.expect(abs(airport.get("latitude", 999) - float(reference["latitude"])) < 1e-6
             and abs(airport.get("longitude", 999) - float(reference["longitude"])) < 1e-6, where, f"{code} coordinates")
    city_code = CITY_OF.get(code)
    c.expect(airport.get("iata_city_code") == city_code, where, f"{code} iata_city_code {airport.get('iata_city_code')}")
    city = airport.get("city")
    if city_code:
        if c.expect(isinstance(city, dict), where, f"{code} belongs to {city_code} but has no city"):
            check_city(c, where, city)
            c.expect(city.get("iata_code") == city_code, where, f"{code} city {city.get('iata_code')}")
    else:
        c.expect(city is None, where, f"{code} belongs to no IATA city but names one")
    if place:
        c.expect(airport.get("type") == "airport", where, f"{code} place type {airport.get('type')}")
        c.expect(airport.get("airports") is None, where, f"{code}: an airport place lists airports")


def check_city(c: Checker, where: str, city: dict) -> None:
    code = city.get("iata_code")
    reference = CITIES.get(code)
    if c.expect(reference is not None, where, f"city {code} is not in cities.csv"):
        c.expect(city.get("id") == f"cit_{code.lower()}_{reference['country'].lower()}", where, f"city {code} id")
        c.expect(city.get("name") == reference["name"], where, f"city {code} name")
        c.expect(city.get("iata_country_code") == reference["country"], where, f"city {code} country")


def check_money(c: Checker, where: str, holder: dict, prefix: str = "") -> None:
    total, base, tax = (holder.get(f"{prefix}{name}_amount") for name in ("total", "base", "tax"))
    currencies = {holder.get(f"{prefix}{name}_currency") for name in ("total", "base", "tax")}
    for name, value in (("total", total), ("base", base), ("tax", tax)):
        c.expect(isinstance(value, str) and bool(AMOUNT.match(value)), where, f"{name}_amount {value!r} is not a decimal string")
    c.expect(len(currencies) == 1 and None not in currencies, where, f"currencies differ: {currencies}")
    try:
        c.expect(Decimal(base) + Decimal(tax) == Decimal(total), where, f"base {base} + tax {tax} != total {total}")
    except Exception:
        c.expect(False, where, "amounts do not parse")


def check_condition(c: Checker, where: str, value: object) -> None:
    if value is None:
        c.passed += 1
        return
    if not c.expect(isinstance(value, dict) and isinstance(value.get("allowed"), bool), where, f"condition {value}"):
        return
    if value["allowed"]:
        penalty = value.get("penalty_amount")
        c.expect(penalty is None or bool(AMOUNT.match(penalty)), where, f"penalty {penalty!r}")
        c.expect(penalty is None or value.get("penalty_currency") is not None, where, "penalty without currency")
    else:
        c.expect(value.get("penalty_amount") is None, where, "a refused change or refund states a penalty")


def check_offer(c: Checker, where: str, offer: dict, passenger_ids: list[str], request_slices: list[dict] | None) -> None:
    c.expect(offer.get("id", "").startswith("off_") and bool(GENERATED_ID.match(offer["id"])), where, f"offer id {offer.get('id')}")
    check_money(c, where, offer)
    created, expires = parse_utc(offer["created_at"]), parse_utc(offer["expires_at"])
    c.expect(timedelta(minutes=29) <= expires - created <= timedelta(minutes=31), where, "offer does not expire ~30 minutes after creation")
    c.expect(offer.get("live_mode") is False, where, "live_mode is not false")
    for key in ("created_at", "updated_at", "expires_at"):
        c.expect(bool(UTC_TIME.match(offer.get(key, ""))), where, f"{key} {offer.get(key)!r} is not UTC ISO 8601")
    owner = offer.get("owner", {})
    c.expect(owner.get("id", "").startswith("arl_") and len(owner.get("iata_code", "")) == 2, where, "owner")
    c.expect([p["id"] for p in offer.get("passengers", [])] == passenger_ids, where, "offer passengers differ from the request's")
    for passenger in offer.get("passengers", []):
        c.expect((passenger.get("type") == "adult") != (passenger.get("age") is not None), where,
                 f"passenger {passenger.get('id')} must have a type or an age, not both")
    for key in ("change_before_departure", "refund_before_departure"):
        check_condition(c, where, offer.get("conditions", {}).get(key, "missing"))
    requirements = offer.get("payment_requirements", {})
    if requirements.get("requires_instant_payment") is False:
        c.expect(requirements.get("payment_required_by") is not None, where, "hold offer without payment_required_by")
    else:
        c.expect(requirements.get("requires_instant_payment") is True, where, "requires_instant_payment is not a boolean")
    c.expect(str(offer.get("total_emissions_kg", "")).isdigit(), where, "total_emissions_kg")

    slices = offer.get("slices", [])
    if request_slices is not None:
        c.expect(len(slices) == len(request_slices), where, "slice count differs from the request")
    for index, slice_ in enumerate(slices):
        check_slice(c, f"{where} slice {index}", slice_, passenger_ids,
                    request_slices[index] if request_slices and index < len(request_slices) else None)
    for previous, following in zip(slices, slices[1:]):
        c.expect(parse_slice_end(previous) < parse_slice_start(following), f"{where}", "slices overlap in time")

    for service in offer.get("available_services") or []:
        c.expect(service.get("id", "").startswith("ase_"), where, "service id")
        c.expect(bool(AMOUNT.match(service.get("total_amount", ""))), where, "service amount")
        segment_ids = {seg["id"] for slice_ in slices for seg in slice_["segments"]}
        c.expect(set(service.get("segment_ids", [])) <= segment_ids, where, "service names unknown segments")
        c.expect(set(service.get("passenger_ids", [])) <= set(passenger_ids), where, "service names unknown passengers")


def parse_slice_start(slice_: dict) -> datetime:
    first = slice_["segments"][0]
    return local_to_utc(first["departing_at"], first["origin"]["time_zone"])


def parse_slice_end(slice_: dict) -> datetime:
    last = slice_["segments"][-1]
    return local_to_utc(last["arriving_at"], last["destination"]["time_zone"])


def check_slice(c: Checker, where: str, slice_: dict, passenger_ids: list[str], requested: dict | None) -> None:
    c.expect(slice_.get("id", "").startswith("sli_"), where, "slice id")
    check_airport(c, where, slice_["origin"], place=True)
    check_airport(c, where, slice_["destination"], place=True)
    segments = slice_.get("segments", [])
    if not c.expect(bool(segments), where, "no segments"):
        return
    c.expect(segments[0]["origin"]["iata_code"] == slice_["origin"]["iata_code"], where, "first segment does not leave from the slice origin")
    c.expect(segments[-1]["destination"]["iata_code"] == slice_["destination"]["iata_code"], where, "last segment does not reach the slice destination")
    if requested:
        c.expect(slice_["origin"]["iata_code"] == requested["origin"]["iata_code"]
                 and slice_["destination"]["iata_code"] == requested["destination"]["iata_code"], where, "slice route differs from the request")
        c.expect(segments[0]["departing_at"][:10] == requested["departure_date"], where, "first departure is not on the requested date")
    span = parse_slice_end(slice_) - parse_slice_start(slice_)
    c.expect(parse_duration(slice_.get("duration")) == span, where, f"slice duration {slice_.get('duration')} but flights span {span}")
    for key in ("change_before_departure", "refund_before_departure"):
        check_condition(c, where, (slice_.get("conditions") or {}).get(key))
    for index, segment in enumerate(segments):
        check_segment(c, f"{where} segment {index}", segment, passenger_ids)
    for previous, following in zip(segments, segments[1:]):
        c.expect(previous["destination"]["iata_code"] == following["origin"]["iata_code"], where, "a connection changes airport")
        landed = local_to_utc(previous["arriving_at"], previous["destination"]["time_zone"])
        leaves = local_to_utc(following["departing_at"], following["origin"]["time_zone"])
        c.expect(leaves - landed >= MINIMUM_CONNECTION, where, f"connection of {leaves - landed} at {following['origin']['iata_code']}")


def check_segment(c: Checker, where: str, segment: dict, passenger_ids: list[str]) -> None:
    c.expect(segment.get("id", "").startswith("seg_"), where, "segment id")
    check_airport(c, where, segment["origin"], place=False)
    check_airport(c, where, segment["destination"], place=False)
    for key in ("departing_at", "arriving_at"):
        c.expect(bool(LOCAL_TIME.match(segment.get(key, ""))), where, f"{key} {segment.get(key)!r} is not a local time without offset")
    departs = local_to_utc(segment["departing_at"], segment["origin"]["time_zone"])
    arrives = local_to_utc(segment["arriving_at"], segment["destination"]["time_zone"])
    duration = parse_duration(segment.get("duration"))
    c.expect(duration is not None and arrives - departs == duration, where,
             f"{segment['departing_at']} {segment['origin']['time_zone']} to {segment['arriving_at']} "
             f"{segment['destination']['time_zone']} is {arrives - departs}, not {segment.get('duration')}")
    expected_km = great_circle_km(segment["origin"], segment["destination"])
    c.expect(abs(float(segment.get("distance", 0)) - expected_km) <= max(1.0, expected_km * 0.01), where,
             f"distance {segment.get('distance')} km, great circle {expected_km:.1f} km")
    # Block time is cruise plus taxiing and climb: between the distance at 850 km/h plus 15 minutes and
    # 1.6 times that plus an hour, which admits a 1h25 Boston-New York hop and an 8h westbound Atlantic.
    if duration:
        cruise_hours = expected_km / 850
        hours = duration.total_seconds() / 3600
        c.expect(cruise_hours + 0.25 <= hours <= cruise_hours * 1.6 + 1, where,
                 f"{hours:.2f} h for {expected_km:.0f} km is implausible")
    for carrier in ("marketing_carrier", "operating_carrier"):
        c.expect(segment.get(carrier, {}).get("id", "").startswith("arl_"), where, f"{carrier} id")
    c.expect(str(segment.get("marketing_carrier_flight_number", "")).isdigit(), where, "flight number")
    aircraft = segment.get("aircraft")
    c.expect(aircraft is None or aircraft.get("id", "").startswith("arc_"), where, "aircraft id")
    c.expect(isinstance(segment.get("stops"), list), where, "stops is not a list")
    listed = [entry.get("passenger_id") for entry in segment.get("passengers", [])]
    c.expect(listed == passenger_ids, where, "segment passengers differ from the offer's")
    for entry in segment.get("passengers", []):
        c.expect(entry.get("cabin_class") in {"economy", "premium_economy", "business", "first"}, where, "cabin_class")
        for bag in entry.get("baggages", []):
            c.expect(bag.get("type") in {"checked", "carry_on"} and isinstance(bag.get("quantity"), int)
                     and bag["quantity"] >= 0, where, f"baggage {bag}")


def check_offer_request(c: Checker, name: str, document: dict, expect_offers: bool) -> dict:
    data = document["data"]
    c.expect(data.get("id", "").startswith("orq_") and bool(GENERATED_ID.match(data["id"])), name, "offer request id")
    passenger_ids = [p["id"] for p in data.get("passengers", [])]
    c.expect(all(GENERATED_ID.match(pid) and pid.startswith("pas_") for pid in passenger_ids), name, "passenger ids")
    c.expect(len(set(passenger_ids)) == len(passenger_ids), name, "duplicate passenger ids")
    for slice_ in data["slices"]:
        check_airport(c, name, slice_["origin"], place=True)
        check_airport(c, name, slice_["destination"], place=True)
    offers = data.get("offers", [])
    c.expect(bool(offers) == expect_offers, name, f"{len(offers)} offers")
    created = parse_utc(data["created_at"])
    for offer in offers:
        check_offer(c, f"{name} {offer['id']}", offer, passenger_ids, data["slices"])
        c.expect(parse_utc(offer["created_at"]) >= created, name, "an offer predates its request")
    ids = [offer["id"] for offer in offers]
    c.expect(len(set(ids)) == len(ids), name, "duplicate offer ids")
    segment_ids = [seg["id"] for offer in offers for slice_ in offer["slices"] for seg in slice_["segments"]]
    c.expect(len(set(segment_ids)) == len(segment_ids), name, "segment ids are reused across offers")
    return data


def check_error(c: Checker, name: str, document: dict) -> None:
    meta = document.get("meta", {})
    errors = document.get("errors", [])
    status, error_type, code = EXPECTED_ERRORS[name]
    c.expect(set(document) == {"meta", "errors"}, name, f"keys {sorted(document)}")
    c.expect(meta.get("status") in ERROR_STATUSES, name, f"status {meta.get('status')}")
    if status:
        c.expect(meta.get("status") == status, name, f"status {meta.get('status')}, expected {status}")
    c.expect(isinstance(meta.get("request_id"), str) and len(meta["request_id"]) >= 10, name, "request_id")
    if not c.expect(bool(errors), name, "no errors"):
        return
    for item in errors:
        c.expect(item.get("type") in ERROR_TYPES, name, f"type {item.get('type')}")
        for key in ("code", "title", "message", "documentation_url"):
            c.expect(isinstance(item.get(key), str) and bool(item[key]), name, f"{key} missing")
        if error_type:
            c.expect(item.get("type") == error_type, name, f"type {item.get('type')}, expected {error_type}")
        if code:
            c.expect(item.get("code") == code, name, f"code {item.get('code')}, expected {code}")
        if item.get("type") == "validation_error":
            source = item.get("source") or {}
            c.expect(bool(source.get("field")) and str(source.get("pointer", "")).startswith("/data/"), name, "validation error without source.field/pointer")


def check_places(c: Checker, name: str, document: dict) -> None:
    places = document.get("data", [])
    c.expect(bool(places), name, "no places")
    listed: list[str] = []
    for index, place in enumerate(places):
        if place.get("type") == "city":
            check_city(c, name, place)
            airports = place.get("airports") or []
            codes = [airport["iata_code"] for airport in airports]
            c.expect(sorted(codes) == sorted(CITIES.get(place["iata_code"], {}).get("airports", [])), name,
                     f"city {place['iata_code']} lists {codes}")
            for airport in airports:
                check_airport(c, name, airport, place=False)
            following = [p.get("iata_code") for p in places[index + 1:index + 1 + len(codes)]]
            c.expect(following == codes, name, f"city {place['iata_code']} is not followed by its airports")
        else:
            check_airport(c, name, place, place=True)
        listed.append(f"{place.get('type')}:{place.get('iata_code')}")
    c.expect(len(set(listed)) == len(listed), name, "a place is listed twice")


def main() -> int:
    c = Checker()
    present = {path.name for path in RESPONSES.glob("*.json")}
    c.expect(present == EXPECTED_FILES, "Responses/", f"missing {sorted(EXPECTED_FILES - present)}, unexpected {sorted(present - EXPECTED_FILES)}")
    documents = {}
    for name in sorted(present):
        try:
            documents[name] = json.loads((RESPONSES / name).read_text(encoding="utf-8"))
            c.passed += 1
        except json.JSONDecodeError as error:
            c.expect(False, name, f"not JSON: {error}")

    def doc(name: str) -> dict:
        return documents.get(name, {})

    one_way = check_offer_request(c, "offer-request-one-way.json", doc("offer-request-one-way.json"), True)
    round_trip = check_offer_request(c, "offer-request-round-trip.json", doc("offer-request-round-trip.json"), True)
    empty = check_offer_request(c, "offer-request-empty.json", doc("offer-request-empty.json"), False)

    offers = one_way.get("offers", [])
    c.expect(len(offers) >= 12, "offer-request-one-way.json", f"{len(offers)} offers, want at least 12")
    connections = {len(offer["slices"][0]["segments"]) - 1 for offer in offers}
    c.expect({0, 1, 2} <= connections, "offer-request-one-way.json", f"connections {sorted(connections)}")
    owners = {offer["owner"]["iata_code"] for offer in offers}
    c.expect("ZZ" in owners and len(owners) >= 5, "offer-request-one-way.json", f"owners {sorted(owners)}")
    c.expect([s["origin"]["iata_code"] + s["destination"]["iata_code"] for s in one_way["slices"]] == ["LHRJFK"],
             "offer-request-one-way.json", "route")
    c.expect([p.get("type") for p in one_way["passengers"]] == ["adult"], "offer-request-one-way.json", "passengers")

    c.expect([s["origin"]["iata_code"] + s["destination"]["iata_code"] for s in round_trip["slices"]] == ["LHRJFK", "JFKLHR"],
             "offer-request-round-trip.json", "route")
    kinds = [(p.get("type"), p.get("age")) for p in round_trip["passengers"]]
    c.expect(kinds == [("adult", None), ("adult", None), (None, 8)], "offer-request-round-trip.json", f"passengers {kinds}")
    c.expect(all(len(offer["slices"]) == 2 for offer in round_trip.get("offers", [])), "offer-request-round-trip.json", "two slices per offer")
    c.expect([s["origin"]["iata_code"] + s["destination"]["iata_code"] for s in empty["slices"]] == ["PVDRAI"],
             "offer-request-empty.json", "route")

    for request in (one_way, round_trip, empty):
        for slice_ in request["slices"]:
            c.expect("2026-12-15" <= slice_["departure_date"] <= "2026-12-31", "offer requests", f"departure {slice_['departure_date']}")

    page1, page2 = doc("offers-page-1.json"), doc("offers-page-2.json")
    c.expect(isinstance(page1.get("meta", {}).get("after"), str) and page1["meta"].get("before") is None, "offers-page-1.json", "meta.after")
    c.expect(page2.get("meta", {}).get("after", "missing") is None, "offers-page-2.json", "meta.after is not null")
    paged = page1.get("data", []) + page2.get("data", [])
    c.expect(len(page1.get("data", [])) == page1.get("meta", {}).get("limit"), "offers-page-1.json", "a full page holds limit offers")
    c.expect(paged == offers, "offers pages", "the two pages are not the search's offers in order")
    totals = [Decimal(offer["total_amount"]) for offer in paged]
    c.expect(totals == sorted(totals), "offers pages", "not sorted by total_amount")

    single = doc("offer.json").get("data", {})
    in_search = next((offer for offer in offers if offer["id"] == single.get("id")), None)
    if c.expect(in_search is not None, "offer.json", "the offer is not one of the one-way search's"):
        check_offer(c, "offer.json", single, [p["id"] for p in one_way["passengers"]], one_way["slices"])
        c.expect({k: v for k, v in single.items() if k != "available_services"} == in_search, "offer.json", "differs from the search's copy")
        c.expect(bool(single.get("available_services")), "offer.json", "no available_services")

    round_trip_offer = (doc("offer-request-round-trip.json").get("data", {}).get("offers") or [{}])[0]
    for name, seated in (("seat-maps.json", single), ("seat-maps-round-trip.json", round_trip_offer)):
        maps = doc(name).get("data", [])
        segments = [segment["id"] for slice_ in seated.get("slices", []) for segment in slice_["segments"]]
        c.expect([m.get("segment_id") for m in maps] == segments, name, "not one map per segment of its offer")
        passengers = {p["id"]: p for p in seated.get("passengers", [])}
        for m in maps:
            seats = [e for cabin in m.get("cabins", []) for row in cabin.get("rows", [])
                     for section in row.get("sections", []) for e in section.get("elements", []) if e["type"] == "seat"]
            c.expect(any(not e["available_services"] for e in seats), name, "no taken seat")
            services = [s for e in seats for s in e["available_services"] or []]
            c.expect(all(s["passenger_id"] in passengers for s in services), name, "a seat for a passenger not on the offer")
            c.expect(all(s["total_currency"] == seated.get("total_currency") for s in services), name, "seat currency")
            c.expect(len({s["id"] for s in services}) == len(services), name, "seat service ids repeat")
            c.expect(any(Decimal(s["total_amount"]) > 0 for s in services), name, "no priced seat")

    order = doc("order.json").get("data", {})
    where = "order.json"
    c.expect(order.get("id", "").startswith("ord_") and bool(GENERATED_ID.match(order["id"])), where, "order id")
    c.expect(bool(re.match(r"^[A-Z0-9]{6}$", order.get("booking_reference", ""))), where, "booking_reference")
    check_money(c, where, order)
    c.expect(order.get("offer_id") == single.get("id"), where, "offer_id")
    c.expect(order.get("total_amount") == single.get("total_amount"), where, "total differs from the offer's")
    c.expect([p["id"] for p in order.get("passengers", [])] == [p["id"] for p in single.get("passengers", [])], where, "passengers")
    for passenger in order.get("passengers", []):
        for key in ("title", "gender", "given_name", "family_name", "born_on", "email", "phone_number"):
            c.expect(bool(passenger.get(key)), where, f"passenger {key}")
        c.expect(bool(re.match(r"^\+[1-9]\d{6,14}$", passenger.get("phone_number", ""))), where, "phone number not E.164")
    order_passengers = [p["id"] for p in order.get("passengers", [])]
    for index, slice_ in enumerate(order.get("slices", [])):
        check_slice(c, f"{where} slice {index}", slice_, order_passengers, one_way["slices"][index] if index < len(one_way["slices"]) else None)
    documents_ = order.get("documents", [])
    c.expect(len(documents_) == len(order_passengers) and all(d.get("type") == "electronic_ticket" and re.match(r"^\d{13}$", d.get("unique_identifier", "")) for d in documents_), where, "documents")
    c.expect(sorted(pid for d in documents_ for pid in d.get("passenger_ids", [])) == sorted(order_passengers), where, "documents do not cover every passenger")
    status = order.get("payment_status", {})
    c.expect(order.get("type") == "instant" and status.get("awaiting_payment") is False and status.get("paid_at"), where, "an instant order must be paid")
    c.expect(set(order.get("available_actions", [])) <= {"cancel", "change", "update"} and "cancel" in order.get("available_actions", []), where, "available_actions")
    ordered_at = parse_utc(order["created_at"])
    c.expect(parse_utc(single["created_at"]) <= ordered_at <= parse_utc(single["expires_at"]), where, "booked outside the offer's lifetime")
    order_segment_ids = {seg["id"] for slice_ in order.get("slices", []) for seg in slice_["segments"]}
    offer_segment_ids = {seg["id"] for slice_ in single.get("slices", []) for seg in slice_["segments"]}
    c.expect(not (order_segment_ids & offer_segment_ids), where, "order segments reuse the offer's segment ids")

    listing = doc("orders-by-reference.json")
    c.expect(listing.get("data") == [order] and listing.get("meta", {}).get("after", "missing") is None, "orders-by-reference.json", "not a one-order list of order.json")

    quote = doc("order-cancellation-quote.json").get("data", {})
    confirmed = doc("order-cancellation-confirmed.json").get("data", {})
    for name, cancellation in (("order-cancellation-quote.json", quote), ("order-cancellation-confirmed.json", confirmed)):
        c.expect(cancellation.get("id", "").startswith("ore_") and cancellation.get("order_id") == order.get("id"), name, "ids")
        refund = (order.get("conditions") or {}).get("refund_before_departure") or {}
        penalty = Decimal(refund.get("penalty_amount") or "0")
        c.expect(Decimal(cancellation.get("refund_amount", "-1")) == Decimal(order["total_amount"]) - penalty, name,
                 "refund_amount is not the total less the refund penalty")
        c.expect(cancellation.get("refund_currency") == order.get("total_currency"), name, "refund currency")
        c.expect(parse_utc(cancellation["created_at"]) >= ordered_at and parse_utc(cancellation["expires_at"]) > parse_utc(cancellation["created_at"]), name, "times")
    c.expect(quote.get("confirmed_at") is None, "order-cancellation-quote.json", "a quote is not confirmed")
    if c.expect(confirmed.get("confirmed_at") is not None, "order-cancellation-confirmed.json", "not confirmed"):
        moment = parse_utc(confirmed["confirmed_at"])
        c.expect(parse_utc(confirmed["created_at"]) <= moment <= parse_utc(confirmed["expires_at"]), "order-cancellation-confirmed.json", "confirmed after the quote expired")
        c.expect({k: v for k, v in confirmed.items() if k != "confirmed_at"} == {k: v for k, v in quote.items() if k != "confirmed_at"},
                 "order-cancellation-confirmed.json", "differs from the quote in more than confirmed_at")

    for name in ("places-lon.json", "places-new-york.json", "places-jfk.json", "places-paris-cdg.json"):
        check_places(c, name, doc(name))
    c.expect([p["iata_code"] for p in doc("places-lon.json").get("data", [])][:7] == ["LON", "LHR", "LGW", "STN", "LTN", "LCY", "SEN"], "places-lon.json", "order")
    c.expect([p["iata_code"] for p in doc("places-new-york.json").get("data", [])][:4] == ["NYC", "JFK", "LGA", "EWR"], "places-new-york.json", "order")
    c.expect([p["iata_code"] for p in doc("places-jfk.json").get("data", [])][:1] == ["JFK"], "places-jfk.json", "order")
    c.expect([p["iata_code"] for p in doc("places-paris-cdg.json").get("data", [])][:1] == ["CDG"], "places-paris-cdg.json", "order")

    for name in EXPECTED_ERRORS:
        check_error(c, name, doc(name))

    for failure in c.failures:
        print(f"FAIL {failure}")
    print(f"{c.passed} passed, {len(c.failures)} failed")
    return 1 if c.failures else 0


if __name__ == "__main__":
    sys.exit(main())
