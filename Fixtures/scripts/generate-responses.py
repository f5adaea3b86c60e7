#!/usr/bin/env python3
"""Writes the recorded Duffel API v2 responses in Sources/FixtureServices/Responses/.

There is no network access to Duffel here, so the responses are built, not recorded: every flight is
given as (carrier, number, origin, local departure, block time), and everything that follows from it
is computed, so that the files agree with each other and with the world:
  - airports come from Sources/AirportData/Data/airports.csv and cities.csv (names, time zones, coordinates);
  - arrival times are computed from the departure, the block time and both airports' IANA time zones;
  - slice durations span first departure to last arrival in UTC; distances are great-circle kilometres;
  - prices are built per passenger as base + tax, and totals are their sums;
  - ids carry Duffel's prefixes and are derived from stable seeds, so re-running changes nothing.

Run it from anywhere; then run check-responses.py, which re-derives the invariants independently:
  python3 Fixtures/scripts/generate-responses.py
  python3 Fixtures/scripts/check-responses.py
"""

from __future__ import annotations

import base64
import csv
import hashlib
import json
import math
import sys
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone
from decimal import Decimal

from seat_maps import seat_maps
from pathlib import Path
from zoneinfo import ZoneInfo

FIXTURES = Path(__file__).resolve().parent.parent
DATA = FIXTURES / "Sources" / "AirportData" / "Data"
OUT = FIXTURES / "Sources" / "FixtureServices" / "Responses"

# "Today" for the recordings: searches happen on this morning, flights leave about a month later.
SEARCHED_AT = datetime(2026, 11, 22, 10, 15, 4, 231000, tzinfo=timezone.utc)
OUTBOUND = date(2026, 12, 18)
RETURN = date(2026, 12, 28)
OFFER_LIFETIME = timedelta(minutes=30)
CURRENCY = "GBP"
DOCS = "https://duffel.com/docs/api/overview/errors"
CENT = Decimal("0.01")

# ---------------------------------------------------------------------------------------------
# Reference data


def load_airports() -> dict[str, dict]:
    with (DATA / "airports.csv").open(encoding="utf-8", newline="") as file:
        return {row["iata"]: row for row in csv.DictReader(file)}


def load_cities() -> dict[str, dict]:
    with (DATA / "cities.csv").open(encoding="utf-8", newline="") as file:
        return {row["iata"]: {**row, "airports": row["airports"].split()} for row in csv.DictReader(file)}


AIRPORTS = load_airports()
CITIES = load_cities()
CITY_OF_AIRPORT = {code: city for city, row in CITIES.items() for code in row["airports"]}

AIRLINES = {
    "ZZ": "Duffel Airways",
    "BA": "British Airways",
    "VS": "Virgin Atlantic",
    "AA": "American Airlines",
    "DL": "Delta Air Lines",
    "B6": "JetBlue",
    "EI": "Aer Lingus",
    "FI": "Icelandair",
    "KL": "KLM",
}

AIRCRAFT = {
    "789": "Boeing 787-9",
    "351": "Airbus A350-1000",
    "772": "Boeing 777-200",
    "77W": "Boeing 777-300ER",
    "339": "Airbus A330-900neo",
    "333": "Airbus A330-300",
    "32Q": "Airbus A321neo",
    "320": "Airbus A320",
    "7M8": "Boeing 737 MAX 8",
    "752": "Boeing 757-200",
    "E75": "Embraer 175",
}

# ---------------------------------------------------------------------------------------------
# Ids and formatting

BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def base62(seed: str, length: int) -> str:
    number = int.from_bytes(hashlib.sha256(seed.encode()).digest(), "big")
    characters = []
    for _ in range(length):
        number, remainder = divmod(number, 62)
        characters.append(BASE62[remainder])
    return "".join(characters)


def duffel_id(prefix: str, seed: str) -> str:
    """Duffel's shape: a prefix, then 22 characters that start with zeros (they sort by creation)."""
    return f"{prefix}_0000B{base62(prefix + ':' + seed, 17)}"


def request_id(seed: str) -> str:
    return base62("request:" + seed, 20)


def booking_reference(seed: str) -> str:
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
    number = int.from_bytes(hashlib.sha256(("pnr:" + seed).encode()).digest(), "big")
    return "".join(alphabet[(number >> (5 * index)) % len(alphabet)] for index in range(6))


def timestamp(moment: datetime) -> str:
    """UTC with milliseconds and a Z, as Duffel writes created_at and expires_at."""
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def timestamp_seconds(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def local_time(moment: datetime) -> str:
    """Local to the airport, without an offset, as Duffel writes departing_at and arriving_at."""
    return moment.strftime("%Y-%m-%dT%H:%M:%S")


def iso_duration(delta: timedelta) -> str:
    minutes = int(delta.total_seconds() // 60)
    if minutes <= 0 or delta.total_seconds() % 60:
        raise ValueError(f"duration {delta} is not a positive whole number of minutes")
    days, minutes = divmod(minutes, 24 * 60)
    hours, minutes = divmod(minutes, 60)
    text = "P" + (f"{days}D" if days else "")
    if hours or minutes:
        text += "T" + (f"{hours}H" if hours else "") + (f"{minutes}M" if minutes else "")
    return text


def money(value: Decimal) -> str:
    return str(value.quantize(CENT))


def great_circle_km(a: dict, b: dict) -> float:
    phi1, phi2 = math.radians(float(a["latitude"])), math.radians(float(b["latitude"]))
    d_phi = phi2 - phi1
    d_lambda = math.radians(float(b["longitude"]) - float(a["longitude"]))
    h = math.sin(d_phi / 2) ** 2 + math.cos(phi1) * math.cos(phi2) * math.sin(d_lambda / 2) ** 2
    return 2 * 6371.0088 * math.asin(math.sqrt(h))


# ---------------------------------------------------------------------------------------------
# Places


def city_object(code: str) -> dict:
    city = CITIES[code]
    return {
        "id": f"cit_{code.lower()}_{city['country'].lower()}",
        "name": city["name"],
        "iata_code": code,
        "iata_country_code": city["country"],
    }


def airport_object(code: str) -> dict:
    airport = AIRPORTS[code]
    city_code = CITY_OF_AIRPORT.get(code)
    return {
        "id": f"arp_{code.lower()}_{airport['country'].lower()}",
        "iata_code": code,
        "icao_code": airport["icao"] or None,
        "name": airport["name"],
        "city_name": airport["city"],
        "iata_city_code": city_code,
        "iata_country_code": airport["country"],
        "latitude": float(airport["latitude"]),
        "longitude": float(airport["longitude"]),
        "time_zone": airport["time_zone"],
        "city": city_object(city_code) if city_code else None,
    }


def airport_place(code: str) -> dict:
    return {"type": "airport", **airport_object(code), "airports": None}


def city_place(code: str) -> dict:
    city = CITIES[code]
    return {
        "type": "city",
        **city_object(code),
        "icao_code": None,
        "city_name": city["name"],
        "iata_city_code": code,
        "latitude": None,
        "longitude": None,
        "time_zone": None,
        "city": None,
        "airports": [airport_object(airport) for airport in city_airports_in_order(code)],
    }


# The order AirportDirectory gives a city's airports (busiest first); AirportDataTests checks that the
# place fixtures list them so.
CITY_AIRPORT_ORDER = {
    "LON": ["LHR", "LGW", "STN", "LTN", "LCY", "SEN"],
    "NYC": ["JFK", "LGA", "EWR"],
    "PAR": ["CDG", "ORY"],
}


def city_airports_in_order(code: str) -> list[str]:
    ordered = CITY_AIRPORT_ORDER.get(code, sorted(CITIES[code]["airports"]))
    if sorted(ordered) != sorted(CITIES[code]["airports"]):
        raise ValueError(f"CITY_AIRPORT_ORDER[{code}] does not list the airports of cities.csv")
    return ordered


def suggestions(places: list[str]) -> dict:
    """`places` lists codes as AirportDirectory.suggestions gives them; a city is marked with a leading '@'."""
    return {"data": [city_place(code[1:]) if code.startswith("@") else airport_place(code) for code in places]}


# ---------------------------------------------------------------------------------------------
# Flights and offers


@dataclass
class Leg:
    carrier: str
    number: str
    origin: str
    destination: str
    departs: str  # local "YYYY-MM-DD HH:MM" at the origin
    block_minutes: int
    aircraft: str
    origin_terminal: str | None = None
    destination_terminal: str | None = None
    operated_by: tuple[str, str] | None = None  # (carrier, number) when a codeshare

    def departure(self) -> datetime:
        return datetime.strptime(self.departs, "%Y-%m-%d %H:%M").replace(tzinfo=ZoneInfo(AIRPORTS[self.origin]["time_zone"]))

    def arrival(self) -> datetime:
        arrival_utc = self.departure().astimezone(timezone.utc) + timedelta(minutes=self.block_minutes)
        return arrival_utc.astimezone(ZoneInfo(AIRPORTS[self.destination]["time_zone"]))


@dataclass
class Fare:
    """Per-passenger prices and what the fare allows; a child pays `child_share` of the adult base."""
    brand: str
    adult_base: str
    adult_tax: str
    child_tax: str = "0.00"
    child_share: str = "0.75"
    checked_bags: int = 1
    carry_on: int = 1
    change_penalty: str | None = None  # None: not allowed
    refund_penalty: str | None = None
    change_unknown: bool = False  # the airline did not say: the condition is null
    refund_unknown: bool = False
    cabin_marketing_name: str = "Economy"
    fare_basis: str = "OLNNGB0Z"
    emissions_kg_per_passenger: int = 500


@dataclass
class Passenger:
    id: str
    age: int | None  # None: an adult, sent by type


@dataclass
class Itinerary:
    owner: str
    fare: Fare
    slices: list[list[Leg]]
    seed: str
    holdable: bool = False
    extra_bag_price: str | None = None
    priced: dict = field(default_factory=dict)


def condition(penalty: str | None, unknown: bool) -> dict | None:
    if unknown:
        return None
    if penalty is None:
        return {"allowed": False, "penalty_amount": None, "penalty_currency": None}
    return {"allowed": True, "penalty_amount": penalty, "penalty_currency": CURRENCY}


def airline(code: str) -> dict:
    return {
        "id": duffel_id("arl", code),
        "iata_code": code,
        "name": AIRLINES[code],
        "logo_symbol_url": None,
        "logo_lockup_url": None,
        "conditions_of_carriage_url": None,
    }


def passenger_entry(passenger: Passenger) -> dict:
    return {
        "id": passenger.id,
        "type": "adult" if passenger.age is None else None,
        "age": passenger.age,
        "given_name": None,
        "family_name": None,
        "loyalty_programme_accounts": [],
        "fare_type": None,
    }


def price(fare: Fare, passengers: list[Passenger]) -> tuple[Decimal, Decimal]:
    base = Decimal(0)
    tax = Decimal(0)
    for passenger in passengers:
        if passenger.age is None or passenger.age >= 12:
            base += Decimal(fare.adult_base)
            tax += Decimal(fare.adult_tax)
        else:
            base += (Decimal(fare.adult_base) * Decimal(fare.child_share)).quantize(CENT)
            tax += Decimal(fare.child_tax)
    return base, tax


def segment(leg: Leg, fare: Fare, passengers: list[Passenger], seed: str) -> dict:
    baggages = []
    if fare.checked_bags:
        baggages.append({"type": "checked", "quantity": fare.checked_bags})
    if fare.carry_on:
        baggages.append({"type": "carry_on", "quantity": fare.carry_on})
    operating_carrier, operating_number = leg.operated_by or (leg.carrier, leg.number)
    return {
        "id": duffel_id("seg", seed),
        "origin": airport_object(leg.origin),
        "destination": airport_object(leg.destination),
        "origin_terminal": leg.origin_terminal,
        "destination_terminal": leg.destination_terminal,
        "departing_at": local_time(leg.departure()),
        "arriving_at": local_time(leg.arrival()),
        "duration": iso_duration(timedelta(minutes=leg.block_minutes)),
        "distance": f"{great_circle_km(AIRPORTS[leg.origin], AIRPORTS[leg.destination]):.1f}",
        "marketing_carrier": airline(leg.carrier),
        "marketing_carrier_flight_number": leg.number,
        "operating_carrier": airline(operating_carrier),
        "operating_carrier_flight_number": operating_number,
        "aircraft": {"id": duffel_id("arc", leg.aircraft), "iata_code": leg.aircraft, "name": AIRCRAFT[leg.aircraft]},
        "stops": [],
        "media": [],
        "passengers": [
            {
                "passenger_id": passenger.id,
                "cabin_class": "economy",
                "cabin_class_marketing_name": fare.cabin_marketing_name,
                "fare_basis_code": fare.fare_basis,
                "baggages": [dict(bag) for bag in baggages],
            }
            for passenger in passengers
        ],
    }


def offer_slice(legs: list[Leg], fare: Fare, passengers: list[Passenger], seed: str) -> dict:
    first, last = legs[0], legs[-1]
    return {
        "id": duffel_id("sli", seed),
        "origin_type": "airport",
        "origin": airport_place(first.origin),
        "destination_type": "airport",
        "destination": airport_place(last.destination),
        "duration": iso_duration(last.arrival().astimezone(timezone.utc) - first.departure().astimezone(timezone.utc)),
        "fare_brand_name": fare.brand,
        "comparison_key": base62("comparison:" + "|".join(f"{leg.carrier}{leg.number}" for leg in legs), 12),
        "conditions": {
            "change_before_departure": condition(fare.change_penalty, fare.change_unknown),
            "refund_before_departure": condition(fare.refund_penalty, fare.refund_unknown),
        },
        "segments": [segment(leg, fare, passengers, f"{seed}:{index}") for index, leg in enumerate(legs)],
    }


def offer(itinerary: Itinerary, passengers: list[Passenger], created: datetime, with_services: bool = False) -> dict:
    fare = itinerary.fare
    base, tax = price(fare, passengers)
    expires = created + OFFER_LIFETIME
    offer_id = duffel_id("off", itinerary.seed)
    if itinerary.holdable:
        requirements = {
            "requires_instant_payment": False,
            "payment_required_by": timestamp_seconds(created + timedelta(days=3)),
            "price_guarantee_expires_at": timestamp_seconds(created + timedelta(days=2)),
        }
    else:
        requirements = {"requires_instant_payment": True, "payment_required_by": None, "price_guarantee_expires_at": None}
    result = {
        "id": offer_id,
        "live_mode": False,
        "created_at": timestamp(created),
        "updated_at": timestamp(created),
        "expires_at": timestamp(expires),
        "total_amount": money(base + tax),
        "total_currency": CURRENCY,
        "base_amount": money(base),
        "base_currency": CURRENCY,
        "tax_amount": money(tax),
        "tax_currency": CURRENCY,
        "total_emissions_kg": str(fare.emissions_kg_per_passenger * len(passengers)),
        "owner": airline(itinerary.owner),
        "passengers": [passenger_entry(passenger) for passenger in passengers],
        "passenger_identity_documents_required": False,
        "supported_passenger_identity_document_types": ["passport"],
        "supported_loyalty_programmes": [],
        "private_fares": [],
        "conditions": {
            "change_before_departure": condition(fare.change_penalty, fare.change_unknown),
            "refund_before_departure": condition(fare.refund_penalty, fare.refund_unknown),
        },
        "payment_requirements": requirements,
        "slices": [
            offer_slice(legs, fare, passengers, f"{itinerary.seed}:slice{index}")
            for index, legs in enumerate(itinerary.slices)
        ],
    }
    if with_services:
        result["available_services"] = [
            {
                "id": duffel_id("ase", f"{itinerary.seed}:bag:{passenger.id}"),
                "type": "baggage",
                "maximum_quantity": 1,
                "passenger_ids": [passenger.id],
                "segment_ids": [seg["id"] for slice_ in result["slices"] for seg in slice_["segments"]],
                "total_amount": itinerary.extra_bag_price or "20.00",
                "total_currency": CURRENCY,
                "metadata": {
                    "type": "checked",
                    "maximum_weight_kg": 23,
                    "maximum_length_cm": None,
                    "maximum_height_cm": None,
                    "maximum_depth_cm": None,
                },
            }
            for passenger in passengers
        ]
    return result


def offer_request(seed: str, legs_by_slice: list[tuple[str, str, date]], passengers: list[Passenger],
                  itineraries: list[Itinerary], created: datetime) -> dict:
    offers = [offer(itinerary, passengers, created) for itinerary in itineraries]
    offers.sort(key=lambda item: (Decimal(item["total_amount"]), item["id"]))
    return {
        "data": {
            "id": duffel_id("orq", seed),
            "live_mode": False,
            "created_at": timestamp(created),
            "cabin_class": "economy",
            "client_key": None,
            "slices": [
                {
                    "origin_type": "airport",
                    "origin": airport_place(origin),
                    "destination_type": "airport",
                    "destination": airport_place(destination),
                    "departure_date": departure.isoformat(),
                    "departure_time": None,
                    "arrival_time": None,
                }
                for origin, destination, departure in legs_by_slice
            ],
            "passengers": [passenger_entry(passenger) for passenger in passengers],
            "offers": offers,
        }
    }


# ---------------------------------------------------------------------------------------------
# The journeys

D = OUTBOUND.isoformat()
R = RETURN.isoformat()

# One-way LHR -> JFK. Direct flights, then one or two connections through DUB, KEF, AMS and BOS.
ZZ117 = Leg("ZZ", "117", "LHR", "JFK", f"{D} 08:25", 485, "789", "3", "4")
ZZ121 = Leg("ZZ", "121", "LHR", "JFK", f"{D} 17:40", 490, "789", "3", "4")
BA117 = Leg("BA", "117", "LHR", "JFK", f"{D} 08:20", 475, "351", "5", "8")
BA177 = Leg("BA", "177", "LHR", "JFK", f"{D} 11:40", 480, "772", "5", "8")
VS3 = Leg("VS", "3", "LHR", "JFK", f"{D} 11:05", 485, "351", "3", "4")
AA101 = Leg("AA", "101", "LHR", "JFK", f"{D} 09:45", 490, "77W", "3", "8")
DL4 = Leg("DL", "4", "LHR", "JFK", f"{D} 16:10", 495, "339", "3", "4")
B620 = Leg("B6", "20", "LHR", "JFK", f"{D} 18:25", 490, "32Q", "4", "5")
EI155 = Leg("EI", "155", "LHR", "DUB", f"{D} 06:40", 80, "320", "2", "2")
EI105 = Leg("EI", "105", "DUB", "JFK", f"{D} 11:05", 455, "333", "2", "5")
FI451 = Leg("FI", "451", "LHR", "KEF", f"{D} 13:10", 180, "7M8", "2", None)
FI615 = Leg("FI", "615", "KEF", "JFK", f"{D} 17:10", 355, "752", None, "7")
KL1000 = Leg("KL", "1000", "LHR", "AMS", f"{D} 07:15", 75, "E75", "4", None)
KL641 = Leg("KL", "641", "AMS", "JFK", f"{D} 12:30", 500, "772", None, "4")
BA213 = Leg("BA", "213", "LHR", "BOS", f"{D} 09:25", 455, "772", "5", "E")
BA4417 = Leg("BA", "4417", "BOS", "JFK", f"{D} 14:05", 85, "E75", "B", "8", operated_by=("AA", "2071"))
ZZ221 = Leg("ZZ", "221", "LHR", "DUB", f"{D} 07:00", 85, "320", "3", "2")
ZZ813 = Leg("ZZ", "813", "DUB", "BOS", f"{D} 10:40", 410, "789", "2", "E")
ZZ402 = Leg("ZZ", "402", "BOS", "JFK", f"{D} 14:45", 85, "E75", "C", "4")
DL9463 = Leg("DL", "9463", "LHR", "AMS", f"{D} 11:00", 75, "E75", "4", None, operated_by=("KL", "1008"))
DL173 = Leg("DL", "173", "AMS", "BOS", f"{D} 15:40", 455, "339", None, "E")
DL5732 = Leg("DL", "5732", "BOS", "JFK", f"{D} 19:30", 85, "E75", "A", "4")

# Returns JFK -> LHR, overnight.
ZZ118 = Leg("ZZ", "118", "JFK", "LHR", f"{R} 19:30", 415, "789", "4", "3")
BA112 = Leg("BA", "112", "JFK", "LHR", f"{R} 18:30", 420, "351", "8", "5")
VS4 = Leg("VS", "4", "JFK", "LHR", f"{R} 19:15", 420, "351", "4", "3")
DL3 = Leg("DL", "3", "JFK", "LHR", f"{R} 21:45", 425, "339", "4", "3")
EI104 = Leg("EI", "104", "JFK", "DUB", f"{R} 18:05", 395, "333", "5", "2")
EI154 = Leg("EI", "154", "DUB", "LHR", "2026-12-29 07:30", 80, "320", "2", "2")
FI614 = Leg("FI", "614", "JFK", "KEF", f"{R} 20:35", 330, "752", "7", None)
FI450 = Leg("FI", "450", "KEF", "LHR", "2026-12-29 08:10", 185, "7M8", None, "2")

ZZ_BASIC = Fare("Basic", "223.88", "188.62", checked_bags=1, change_penalty="40.00", refund_penalty="40.00",
                fare_basis="ZZBASIC1", emissions_kg_per_passenger=480)
ZZ_LIGHT = Fare("Light", "201.28", "188.62", checked_bags=0, change_penalty="40.00", refund_penalty=None,
                fare_basis="ZZLIGHT1", emissions_kg_per_passenger=482)
ZZ_SAVER = Fare("Basic", "129.48", "168.52", checked_bags=1, change_penalty="40.00", refund_penalty="40.00",
                fare_basis="ZZCONX2", emissions_kg_per_passenger=611)

ONE_WAY = [
    Itinerary("ZZ", ZZ_BASIC, [[ZZ117]], "ow:zz117", holdable=True, extra_bag_price="20.00"),
    Itinerary("ZZ", ZZ_LIGHT, [[ZZ121]], "ow:zz121", holdable=True),
    Itinerary("BA", Fare("Economy Standard", "287.42", "211.35", change_penalty="75.00", refund_penalty=None,
                         fare_basis="OLNNGB1S", emissions_kg_per_passenger=472), [[BA117]], "ow:ba117"),
    Itinerary("BA", Fare("Economy Basic", "259.85", "211.35", checked_bags=0, change_penalty="75.00",
                         fare_basis="OLNNGB0B", emissions_kg_per_passenger=505), [[BA177]], "ow:ba177"),
    Itinerary("VS", Fare("Economy Classic", "253.40", "209.80", change_penalty="0.00", refund_penalty="150.00",
                         fare_basis="TLX0CL", emissions_kg_per_passenger=468), [[VS3]], "ow:vs3"),
    Itinerary("AA", Fare("Main Cabin", "248.80", "207.11", change_penalty="0.00", cabin_marketing_name="Main Cabin",
                         fare_basis="OKN0C9B1", emissions_kg_per_passenger=512), [[AA101]], "ow:aa101"),
    Itinerary("DL", Fare("Main Cabin", "232.60", "206.90", change_penalty="0.00", refund_unknown=True,
                         cabin_marketing_name="Main Cabin", fare_basis="VH7OA0MN", emissions_kg_per_passenger=498),
              [[DL4]], "ow:dl4"),
    Itinerary("B6", Fare("Blue Basic", "192.60", "196.40", checked_bags=0, cabin_marketing_name="Core",
                         fare_basis="LL7AUEN1", emissions_kg_per_passenger=430), [[B620]], "ow:b620"),
    Itinerary("EI", Fare("Saver", "184.34", "172.06", change_penalty="75.00", fare_basis="ZLSAVER",
                         emissions_kg_per_passenger=540), [[EI155, EI105]], "ow:ei155"),
    Itinerary("FI", Fare("Economy Light", "170.60", "148.30", checked_bags=0, change_penalty="60.00",
                         fare_basis="OLOWGB", emissions_kg_per_passenger=455), [[FI451, FI615]], "ow:fi451"),
    Itinerary("KL", Fare("Economy Standard", "206.71", "165.44", change_penalty="70.00", refund_penalty="200.00",
                         fare_basis="VSRGB", emissions_kg_per_passenger=560), [[KL1000, KL641]], "ow:kl1000"),
    Itinerary("BA", Fare("Economy Basic", "197.20", "205.10", checked_bags=0, change_penalty="75.00",
                         fare_basis="OLNNGB0B", emissions_kg_per_passenger=590), [[BA213, BA4417]], "ow:ba213"),
    Itinerary("ZZ", ZZ_SAVER, [[ZZ221, ZZ813, ZZ402]], "ow:zz221", holdable=True),
    Itinerary("DL", Fare("Basic Economy", "174.45", "170.25", checked_bags=0, cabin_marketing_name="Main Basic",
                         fare_basis="XAVNA0BC", emissions_kg_per_passenger=640), [[DL9463, DL173, DL5732]], "ow:dl9463"),
]

ROUND_TRIP = [
    Itinerary("ZZ", Fare("Basic", "398.20", "281.40", child_tax="88.50", change_penalty="40.00",
                         refund_penalty="40.00", fare_basis="ZZBASIC1", emissions_kg_per_passenger=930),
              [[ZZ117], [ZZ118]], "rt:zz", holdable=True),
    Itinerary("BA", Fare("Economy Standard", "512.64", "303.85", child_tax="108.10", change_penalty="75.00",
                         fare_basis="OLNNGB1S", emissions_kg_per_passenger=915), [[BA117], [BA112]], "rt:ba"),
    Itinerary("VS", Fare("Economy Classic", "468.30", "301.95", child_tax="106.20", change_penalty="0.00",
                         refund_penalty="150.00", fare_basis="TLX0CL", emissions_kg_per_passenger=905),
              [[VS3], [VS4]], "rt:vs"),
    Itinerary("DL", Fare("Main Cabin", "441.10", "299.40", child_tax="103.65", change_penalty="0.00",
                         refund_unknown=True, cabin_marketing_name="Main Cabin", fare_basis="VH7OA0MN",
                         emissions_kg_per_passenger=960), [[DL4], [DL3]], "rt:dl"),
    Itinerary("EI", Fare("Saver", "356.90", "262.18", child_tax="76.43", change_penalty="75.00", fare_basis="ZLSAVER",
                         emissions_kg_per_passenger=1050), [[EI155, EI105], [EI104, EI154]], "rt:ei"),
    Itinerary("FI", Fare("Economy Light", "318.75", "231.60", child_tax="61.85", checked_bags=0,
                         change_penalty="60.00", fare_basis="OLOWGB", emissions_kg_per_passenger=890),
              [[FI451, FI615], [FI614, FI450]], "rt:fi"),
]

# ---------------------------------------------------------------------------------------------
# Orders, cancellations, errors

TRAVELLER = {
    "title": "ms",
    "gender": "f",
    "given_name": "Imogen",
    "family_name": "Fairweather",
    "born_on": "1990-04-12",
    "email": "imogen.fairweather@example.com",
    "phone_number": "+442079460123",
}


def order_from(offer_data: dict, created: datetime, seed: str) -> dict:
    passengers = [
        {
            "id": passenger["id"],
            "type": "adult",
            **TRAVELLER,
            "infant_passenger_id": None,
            "loyalty_programme_accounts": [],
        }
        for passenger in offer_data["passengers"]
    ]
    slices = []
    for slice_index, offer_slice_data in enumerate(offer_data["slices"]):
        segments = []
        for segment_index, offer_segment in enumerate(offer_slice_data["segments"]):
            segments.append({
                **offer_segment,
                "id": duffel_id("seg", f"{seed}:{slice_index}:{segment_index}"),
                "passengers": [{**entry, "seat": None} for entry in offer_segment["passengers"]],
            })
        slices.append({
            **offer_slice_data,
            "id": duffel_id("sli", f"{seed}:{slice_index}"),
            "changeable": True,
            "segments": segments,
        })
    slices = [{key: value for key, value in item.items() if key != "comparison_key"} for item in slices]
    return {
        "id": duffel_id("ord", seed),
        "type": "instant",
        "live_mode": False,
        "created_at": timestamp(created),
        "synced_at": timestamp(created),
        "cancelled_at": None,
        "cancellation": None,
        "booking_reference": booking_reference(seed),
        "offer_id": offer_data["id"],
        "owner": offer_data["owner"],
        "total_amount": offer_data["total_amount"],
        "total_currency": offer_data["total_currency"],
        "base_amount": offer_data["base_amount"],
        "base_currency": offer_data["base_currency"],
        "tax_amount": offer_data["tax_amount"],
        "tax_currency": offer_data["tax_currency"],
        "passengers": passengers,
        "slices": slices,
        "conditions": offer_data["conditions"],
        "services": [],
        "documents": [
            {
                "type": "electronic_ticket",
                "unique_identifier": "0" + str(int(hashlib.sha256(f"ticket:{seed}:{passenger['id']}".encode()).hexdigest(), 16))[:12],
                "passenger_ids": [passenger["id"]],
            }
            for passenger in passengers
        ],
        "payment_status": {
            "awaiting_payment": False,
            "payment_required_by": None,
            "price_guarantee_expires_at": None,
            "paid_at": timestamp(created),
        },
        "available_actions": ["cancel", "change", "update"],
        "airline_initiated_changes": [],
        "changes": [],
        "content": "managed",
        "metadata": None,
        "users": [],
        "void_window_ends_at": None,
    }


def cancellation(order: dict, created: datetime, confirmed: datetime | None, seed: str) -> dict:
    refund = order["conditions"]["refund_before_departure"]
    if not refund or not refund["allowed"]:
        raise ValueError("the recorded order must be refundable to record a cancellation quote")
    refund_amount = Decimal(order["total_amount"]) - Decimal(refund["penalty_amount"])
    return {
        "data": {
            "id": duffel_id("ore", seed),
            "order_id": order["id"],
            "live_mode": False,
            "created_at": timestamp(created),
            "expires_at": timestamp(created + timedelta(minutes=30)),
            "confirmed_at": timestamp(confirmed) if confirmed else None,
            "refund_amount": money(refund_amount),
            "refund_currency": order["total_currency"],
            "refund_to": "balance",
            "airline_credits": [],
        }
    }


def error(status: int, seed: str, errors: list[dict]) -> dict:
    return {
        "meta": {"status": status, "request_id": request_id(seed)},
        "errors": [{**item, "documentation_url": DOCS, "source": item.get("source")} for item in errors],
    }


ERRORS = {
    "error-airline.json": error(502, "airline", [{
        "type": "airline_error", "code": "airline_internal", "title": "Airline error",
        "message": "The airline responded with an unexpected error. Try again later, or contact support with the request_id.",
    }]),
    "error-api.json": error(504, "api", [{
        "type": "api_error", "code": "gateway_timeout_error", "title": "Gateway timeout",
        "message": "The airlines did not answer within the supplier timeout. Try the search again later.",
    }]),
    "error-authentication.json": error(401, "authentication", [{
        "type": "authentication_error", "code": "access_token_not_found", "title": "Access token not found",
        "message": "The access token used is not recognised. Check DUFFEL_ACCESS_TOKEN, or create a new token.",
    }]),
    "error-invalid-request.json": error(400, "invalid-request", [{
        "type": "invalid_request_error", "code": "unsupported_version", "title": "Unsupported API version",
        "message": "The Duffel-Version header is missing or names a version that is not supported. Send 'Duffel-Version: v2'.",
    }]),
    "error-invalid-state.json": error(422, "invalid-state", [{
        "type": "invalid_state_error", "code": "already_cancelled", "title": "Order already cancelled",
        "message": "This order has already been cancelled, so it cannot be cancelled again.",
    }]),
    "error-rate-limit.json": error(429, "rate-limit", [{
        "type": "rate_limit_error", "code": "rate_limit_exceeded", "title": "Rate limit exceeded",
        "message": "Too many requests in a short time. Wait until the time in the ratelimit-reset header, then retry.",
    }]),
    "error-validation.json": error(422, "validation", [
        {
            "type": "validation_error", "code": "invalid_phone_number", "title": "Invalid phone number",
            "message": "The phone number must be in E.164 format, such as +442080160509.",
            "source": {"field": "phone_number", "pointer": "/data/passengers/0/phone_number"},
        },
        {
            "type": "validation_error", "code": "invalid_date", "title": "Invalid date",
            "message": "born_on must be a date in the past, written YYYY-MM-DD.",
            "source": {"field": "born_on", "pointer": "/data/passengers/0/born_on"},
        },
    ]),
    "error-offer-no-longer-available.json": error(422, "offer-no-longer-available", [{
        "type": "airline_error", "code": "offer_no_longer_available", "title": "Offer no longer available",
        "message": "The selected offer is no longer available. Search again and choose another offer.",
    }]),
    "error-price-changed.json": error(422, "price-changed", [{
        "type": "airline_error", "code": "price_changed", "title": "Price has changed",
        "message": "The price of the selected offer has changed. Get the offer again and confirm its new total_amount.",
    }]),
    "error-not-found.json": error(404, "not-found", [{
        "type": "invalid_request_error", "code": "not_found", "title": "Not found",
        "message": "The resource you are trying to access does not exist. Check its id.",
    }]),
}

# ---------------------------------------------------------------------------------------------


def build() -> dict[str, dict]:
    files: dict[str, dict] = {}

    adult = Passenger(duffel_id("pas", "ow:adult"), None)
    one_way = offer_request("one-way", [("LHR", "JFK", OUTBOUND)], [adult], ONE_WAY, SEARCHED_AT)
    files["offer-request-one-way.json"] = one_way

    family_created = SEARCHED_AT + timedelta(minutes=2, seconds=17, milliseconds=508)
    family = [
        Passenger(duffel_id("pas", "rt:adult1"), None),
        Passenger(duffel_id("pas", "rt:adult2"), None),
        Passenger(duffel_id("pas", "rt:child"), 8),
    ]
    files["offer-request-round-trip.json"] = offer_request(
        "round-trip", [("LHR", "JFK", OUTBOUND), ("JFK", "LHR", RETURN)], family, ROUND_TRIP, family_created
    )

    empty_created = SEARCHED_AT + timedelta(minutes=4, seconds=2, milliseconds=77)
    files["offer-request-empty.json"] = offer_request(
        "empty", [("PVD", "RAI", OUTBOUND)], [Passenger(duffel_id("pas", "empty:adult"), None)], [], empty_created
    )

    offers = one_way["data"]["offers"]
    page_size = 7
    cursor = base64.b64encode(f"offers:{offers[page_size - 1]['id']}".encode()).decode()
    files["offers-page-1.json"] = {"data": offers[:page_size], "meta": {"limit": page_size, "after": cursor, "before": None}}
    files["offers-page-2.json"] = {"data": offers[page_size:], "meta": {"limit": page_size, "after": None, "before": None}}

    zz117 = next(itinerary for itinerary in ONE_WAY if itinerary.seed == "ow:zz117")
    single = offer(zz117, [adult], SEARCHED_AT, with_services=True)
    files["offer.json"] = {"data": single}

    files["seat-maps.json"] = seat_maps(duffel_id, single, "seats:zz117")
    family_offer = files["offer-request-round-trip.json"]["data"]["offers"][0]
    files["seat-maps-round-trip.json"] = seat_maps(duffel_id, family_offer, "seats:round-trip")

    ordered_at = SEARCHED_AT + timedelta(minutes=9, seconds=46, milliseconds=887)
    order = order_from(single, ordered_at, "order:zz117")
    files["order.json"] = {"data": order}
    files["orders-by-reference.json"] = {"data": [order], "meta": {"limit": 50, "after": None, "before": None}}

    quoted_at = SEARCHED_AT + timedelta(minutes=47, seconds=9, milliseconds=171)
    confirmed_at = quoted_at + timedelta(seconds=48, milliseconds=575)
    files["order-cancellation-quote.json"] = cancellation(order, quoted_at, None, "cancel:zz117")
    files["order-cancellation-confirmed.json"] = cancellation(order, quoted_at, confirmed_at, "cancel:zz117")

    files["places-lon.json"] = suggestions(["@LON", "LHR", "LGW", "STN", "LTN", "LCY", "SEN", "LGB", "LDB", "YXU"])
    files["places-new-york.json"] = suggestions(["@NYC", "JFK", "LGA", "EWR", "SWF", "ISP"])
    files["places-jfk.json"] = suggestions(["JFK"])
    files["places-paris-cdg.json"] = suggestions(["CDG"])

    files.update(ERRORS)
    return files


def main() -> int:
    check_only = "--check" in sys.argv[1:]
    files = build()
    stale = []
    for name, content in sorted(files.items()):
        text = json.dumps(content, indent=2, ensure_ascii=False) + "\n"
        path = OUT / name
        if check_only:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(name)
        else:
            OUT.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8", newline="\n")
    if check_only:
        if stale:
            print("stale, run scripts/generate-responses.py: " + ", ".join(stale), file=sys.stderr)
            return 1
        print(f"{len(files)} response files are up to date")
    else:
        print(f"wrote {len(files)} files to {OUT.relative_to(FIXTURES)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
