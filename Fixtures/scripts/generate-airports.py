#!/usr/bin/env python3
"""Builds the AirportData target's reference data from the `airportsdata` package.

Writes, deterministically (sorted rows, fixed float format, LF line ends):
  Sources/AirportData/Data/airports.csv       every airport with an IATA code
  Sources/AirportData/Data/cities.csv         IATA multi-airport city codes and their airports
  Sources/AirportData/Data/LICENSE-airportsdata   the data's licence, from the installed distribution
  Sources/AirportData/Generated/EmbeddedAirportData.swift   the two CSVs as raw string literals

Usage (from anywhere):
  pip install airportsdata==<PINNED_VERSION>
  python3 Fixtures/scripts/generate-airports.py            # regenerate
  python3 Fixtures/scripts/generate-airports.py --check    # fail if the committed files are stale

The CSVs are the reviewable data; the Swift file is what the library compiles, because SwiftPM's
`.embedInCode` turns a ~1 MB resource into a byte-array literal that takes minutes to type-check
(see Fixtures/README.md for the measurement).
"""

from __future__ import annotations

import argparse
import csv
import importlib.metadata
import io
import sys
import zoneinfo
from pathlib import Path

# The airportsdata release this data was generated from. Bump it deliberately, regenerate, and review the diff.
PINNED_VERSION = "20260905"

FIXTURES = Path(__file__).resolve().parent.parent
DATA_DIR = FIXTURES / "Sources" / "AirportData" / "Data"
GENERATED_SWIFT = FIXTURES / "Sources" / "AirportData" / "Generated" / "EmbeddedAirportData.swift"

# Time zone names that Foundation's `TimeZone(identifier:)` does not resolve, mapped to one it does.
# Empty for the pinned release: every zone it uses resolves (checked by AirportDataTests). A zone that
# Python's zoneinfo does not know is reported below and must be added here before the data is written.
TZ_FIXES: dict[str, str] = {}

# Corrections to airportsdata's IATA multi-airport-city list, which is a partial copy of IATA's: each
# entry is a fact a traveller would notice missing (London's six airports, Newark for New York, ...).
MAC_EXTRA_AIRPORTS: dict[str, list[str]] = {
    "LON": ["SEN"],  # London Southend belongs to IATA's LON
    "NYC": ["EWR"],  # Newark Liberty belongs to IATA's NYC
    "WAS": ["BWI"],  # Baltimore/Washington belongs to IATA's WAS
    "JNB": ["JNB"],  # the list names Lanseria but not O. R. Tambo itself
}
MAC_COUNTRY_FIXES: dict[str, str] = {
    "SLU": "LC",  # Saint Lucia is LC; the list says SL (Sierra Leone)
}

# Airports left out: they have an IATA code but no scheduled service and no reliable coordinates yet.
EXCLUDED_NAME_MARKERS = ("(under construction",)

# Approximate annual passengers in millions (rounded, recent pre-/post-pandemic years), for ranking
# suggestions only: airportsdata has no traffic figures, and a traveller typing "lon" expects
# Heathrow before Southend. Not a statistic to quote; unknown airports are simply left blank.
PASSENGERS_MILLIONS_TABLE = """
ATL 105 DXB 87 DFW 82 LHR 79 HND 79 DEN 78 IST 76 LAX 75 ORD 74 DEL 72 CDG 67 CAN 63 JFK 62 AMS 62 MAD 60
FRA 59 SIN 59 LAS 58 MCO 57 ICN 56 PVG 55 CGK 54 CLT 53 PEK 53 SZX 53 MIA 52 BKK 52 SEA 51 BOM 50 SFO 50
BCN 50 EWR 49 PHX 49 MEX 48 KUL 47 IAH 46 DOH 46 MNL 45 YYZ 45 CKG 45 SHA 42 JED 42 KMG 42 SAW 42 GRU 41
LGW 41 BOS 41 FCO 40 SVO 40 HKG 40 SGN 40 PKX 39 BOG 38 SYD 38 BLR 37 MUC 37 TPE 35 MSP 35 FLL 35 LIS 34
DUB 33 MEL 33 LGA 32 ORY 32 PMI 31 DTW 31 VIE 30 RUH 30 HAN 29 ZRH 29 PHL 29 STN 28 MAN 28 ATH 28 DMK 27
NRT 27 SLC 27 CPH 27 BWI 26 MXP 26 CAI 26 OSL 25 DCA 26 HYD 25 YVR 25 IAD 25 LIM 24 SAN 24 TPA 24 GMP 24
SCL 24 KIX 23 ARN 23 AGP 22 AUH 22 BRU 22 CGH 22 MDW 22 HNL 21 YUL 21 MAA 21 LED 20 CTS 20 CCU 20 JNB 18
GVA 18 YYC 18 DME 17 VKO 17 DAL 17 LTN 16 HEL 16 BGY 16 AEP 16 HOU 14 ITM 14 ESB 14 ADD 12 EZE 12 TFS 12
CPT 11 CRL 11 VCP 11 NGO 10 CNF 10 GIG 10 LIN 10 CMN 10 IKA 9 NBO 9 KEF 8 SDU 8 THR 8 BHD 6 TFN 6 CIA 6
HLP 6 TSA 6 LCY 5 BFS 5 YIA 5 BVA 5 UKB 3 DSS 3 YTZ 2 TRF 2 DWC 1 SEN 1 UVF 1 NKM 1 AVV 0.5 BMA 0.5 RKV 0.4
HLA 0.3 PVD 4 RAI 1 PRN 3 LDB 1 LGB 3 YXU 0.4 ISP 1 SWF 0.5 HPN 2 NCE 14 LYS 10 MRS 10 TLS 7 BOD 6 NTE 6
EDI 15 GLA 7 BHX 11 BRS 9 NCL 5 LPL 4 ABZ 2 BER 23 HAM 13 DUS 19 CGN 12 STR 9 WAW 18 KRK 10 PRG 14 BUD 15
OTP 14 SOF 7 BEG 8 ZAG 4 AYT 35 ADB 12 TLV 21 AMM 8 BAH 9 KWI 13 MCT 13 DMM 11 BEY 7 HKT 16 CNX 10 CEB 11
DPS 21 SUB 15 KHI 8 LHE 6 ISB 5 DAC 10 CMB 8 KTM 6 PNQ 9 AMD 12 GOI 8 COK 10 TRV 5 CTU 40 TFU 30 XIY 42
HGH 41 NKG 30 WUH 26 CSX 27 XMN 26 TAO 25 CGO 24 HAK 24 SYX 20 URC 23 TNA 16 HRB 20 SHE 20 DLC 17 TSN 21
FUK 23 OKA 21 PUS 16 CJU 29 MFM 9 BNE 23 PER 14 ADL 8 AKL 19 CHC 6 WLG 5 OOL 6 CNS 5 YEG 8 YOW 4 YHZ 4 YWG 4
ANC 5 AUS 22 BNA 23 STL 14 MCI 12 MSY 14 RDU 14 CLE 10 CMH 9 IND 9 PIT 9 CVG 8 PDX 16 SJC 11 OAK 11 SMF 13
SNA 11 BUR 6 ONT 6 SAT 11 ELP 4 ABQ 5 TUS 4 OGG 7 KOA 4 RSW 10 PBI 7 JAX 7 MEM 5 MKE 7 SJU 13 CUN 32 GDL 17
MTY 13 TIJ 13 SJD 7 PTY 18 SJO 6 SAL 4 GUA 3 HAV 4 MBJ 5 NAS 4 PUJ 9 SDQ 5 AUA 3 CUR 2 BGI 2 POS 2 UIO 5
GYE 4 MDE 13 CTG 7 CLO 6 CCS 4 BSB 15 SSA 8 REC 9 FOR 7 POA 6 CWB 6 FLN 4 BEL 4 MVD 2 ASU 1 VVI 3 LPB 2
COR 3 MDZ 2 BRC 2 LOS 6 ABV 3 ACC 3 DKR 0.1 ALG 9 TUN 5 RAK 9 TNG 2 HRG 9 SSH 7 DAR 3 EBB 2 KGL 1 LUN 2
HRE 1 DUR 6 MRU 4 SEZ 1 TNR 1 FAO 10 OPO 16 FNC 5 PDL 3 LPA 15 ACE 9 FUE 7 IBZ 9 VLC 10 ALC 17 SVQ 9 BIO 6
NAP 12 VCE 11 BLQ 10 CTA 12 PMO 8 BRI 7 CAG 5 FLR 3 PSA 5 TRN 4 GOA 1 HER 9 SKG 7 RHO 6 CFU 4 JTR 3 JMK 2
LCA 9 PFO 3 MLA 8 TIA 6 SPU 4 DBV 3 LJU 1 BTS 2 RIX 7 TLL 3 VNO 5 KUN 1 GOT 5 BGO 6 TRD 4 SVG 4 BLL 3 AAL 1
TKU 0.3 EIN 7 RTM 2 LUX 5 BSL 9 HAJ 5 NUE 4 LEJ 2 DRS 1 BRE 2 FMM 2 NYO 2 VST 0.2 GRO 2 REU 1
ORK 3 SNN 2 NOC 1
"""


def parse_passenger_table(table: str) -> dict[str, float]:
    tokens = table.split()
    if len(tokens) % 2:
        raise ValueError("PASSENGERS_MILLIONS_TABLE: every code needs a number after it")
    result: dict[str, float] = {}
    for code, value in zip(tokens[0::2], tokens[1::2]):
        if code in result:
            raise ValueError(f"PASSENGERS_MILLIONS_TABLE: {code} is listed twice")
        result[code] = float(value)
    return result


PASSENGERS_MILLIONS = parse_passenger_table(PASSENGERS_MILLIONS_TABLE)

AIRPORT_HEADER = [
    "iata", "icao", "name", "city", "subdivision", "country", "time_zone", "latitude", "longitude",
    "passengers_millions",
]
CITY_HEADER = ["iata", "name", "country", "airports"]

# Suffixes stripped from an airport's name to name its city when airportsdata leaves the city blank.
CITY_FALLBACK_SUFFIXES = (
    " International Airport", " Intl Airport", " Regional Airport", " Domestic Airport",
    " Municipal Airport", " Airport", " Airstrip", " Aerodrome", " Airfield", " Air Base",
    " Heliport", " Seaplane Base",
)


class GenerationError(Exception):
    """A problem that stops generation; the message says what to do."""


def format_coordinate(value: float) -> str:
    """Six decimals (about 0.1 m), trailing zeros dropped, and never a negative zero."""
    text = f"{value:.6f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def format_passengers(code: str) -> str:
    value = PASSENGERS_MILLIONS.get(code)
    if value is None:
        return ""
    return format_coordinate(float(value))


def city_name(airport: dict) -> str:
    if airport["city"].strip():
        return airport["city"].strip()
    name = airport["name"].strip()
    for suffix in CITY_FALLBACK_SUFFIXES:
        if name.endswith(suffix) and len(name) > len(suffix):
            return name[: -len(suffix)].strip()
    return name


def checked_time_zone(code: str, zone: str, problems: list[str]) -> str:
    zone = TZ_FIXES.get(zone, zone)
    if not zone:
        problems.append(f"{code}: no time zone; add the airport's IANA zone to TZ_FIXES or exclude it")
        return zone
    try:
        zoneinfo.ZoneInfo(zone)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        problems.append(f"{code}: time zone {zone!r} is unknown to zoneinfo; map it in TZ_FIXES")
    return zone


def to_csv(header: list[str], rows: list[list[str]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n", quoting=csv.QUOTE_MINIMAL)
    writer.writerow(header)
    writer.writerows(rows)
    return buffer.getvalue()


def build(airportsdata) -> tuple[str, str, list[str]]:
    airports = airportsdata.load("IATA")
    macs = airportsdata.load_iata_macs()
    problems: list[str] = []
    notes: list[str] = []

    kept = {
        code: airport
        for code, airport in airports.items()
        if not any(marker in airport["name"] for marker in EXCLUDED_NAME_MARKERS)
    }
    notes.append(f"excluded {len(airports) - len(kept)} airport(s) under construction")
    blank_cities = sum(1 for airport in kept.values() if not airport["city"].strip())
    notes.append(f"{blank_cities} airport(s) had no city; named after the airport instead")

    airport_rows = []
    for code in sorted(kept):
        airport = kept[code]
        if len(code) != 3 or not code.isalnum() or not code.isupper():
            problems.append(f"{code!r}: not a 3-character IATA code")
        country = airport["country"].strip()
        if len(country) != 2:
            problems.append(f"{code}: country {country!r} is not ISO 3166-1 alpha-2")
        airport_rows.append([
            code,
            airport["icao"].strip(),
            airport["name"].strip(),
            city_name(airport),
            airport["subd"].strip(),
            country,
            checked_time_zone(code, airport["tz"].strip(), problems),
            format_coordinate(float(airport["lat"])),
            format_coordinate(float(airport["lon"])),
            format_passengers(code),
        ])

    city_rows = []
    for city_code in sorted(macs):
        mac = macs[city_code]
        members = set(mac["airports"]) | set(MAC_EXTRA_AIRPORTS.get(city_code, []))
        missing = sorted(code for code in members if code not in kept)
        if missing:
            problems.append(f"city {city_code}: airport(s) {missing} are not in the airport list")
        if city_code in kept and city_code not in members:
            notes.append(f"city {city_code} shares its code with airport {city_code} ({kept[city_code]['city']})")
        country = MAC_COUNTRY_FIXES.get(city_code, mac["country"])
        city_rows.append([city_code, mac["name"].strip(), country, " ".join(sorted(members))])
    for city_code in sorted(set(MAC_EXTRA_AIRPORTS) - set(macs)):
        problems.append(f"MAC_EXTRA_AIRPORTS names city {city_code}, which airportsdata no longer lists")

    unused_hints = sorted(set(PASSENGERS_MILLIONS) - set(kept))
    if unused_hints:
        notes.append(f"traffic hints for codes not in the data (ignored): {' '.join(unused_hints)}")

    if problems:
        raise GenerationError("\n".join(problems))
    return to_csv(AIRPORT_HEADER, airport_rows), to_csv(CITY_HEADER, city_rows), notes


def raw_string_literal(text: str) -> str:
    """A Swift multi-line raw string whose delimiter cannot occur in `text`."""
    hashes = "#"
    while f'"""{hashes}' in text or f"\\{hashes}" in text:
        hashes += "#"
    return f'{hashes}"""\n{text}"""{hashes}'


def swift_source(airports_csv: str, cities_csv: str, licence: str, version: str) -> str:
    return (
        "// Generated by Fixtures/scripts/generate-airports.py from airportsdata "
        f"{version} (MIT, see Data/LICENSE-airportsdata).\n"
        "// Do not edit: change the script and run it again.\n\n"
        "// Raw string literals, not `.embedInCode`: SwiftPM turns a resource into a byte-array\n"
        "// literal that takes minutes to type-check at this size, and a string literal is free.\n"
        "enum EmbeddedAirportData {\n"
        f'    static let version = "{version}"\n\n'
        "    static let licence = "
        + raw_string_literal(licence)
        + "\n\n    static let airportsCSV = "
        + raw_string_literal(airports_csv)
        + "\n\n    static let citiesCSV = "
        + raw_string_literal(cities_csv)
        + "\n}\n"
    )


def licence_text() -> str:
    distribution = importlib.metadata.distribution("airportsdata")
    for file in distribution.files or []:
        if file.name.upper().startswith("LICENSE"):
            return Path(distribution.locate_file(file)).read_text(encoding="utf-8")
    raise GenerationError(
        "the installed airportsdata distribution has no LICENSE file in its metadata; "
        "reinstall it with pip and run again"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="compare with the committed files instead of writing")
    args = parser.parse_args()

    try:
        import airportsdata
    except ImportError:
        print(f"airportsdata is not installed: pip install airportsdata=={PINNED_VERSION}", file=sys.stderr)
        return 2
    if airportsdata.__version__ != PINNED_VERSION:
        print(
            f"airportsdata {airportsdata.__version__} is installed but the data is pinned to {PINNED_VERSION}: "
            f"pip install airportsdata=={PINNED_VERSION}, or bump PINNED_VERSION and review the regenerated diff",
            file=sys.stderr,
        )
        return 2

    try:
        airports_csv, cities_csv, notes = build(airportsdata)
        licence = licence_text()
        outputs = {
            DATA_DIR / "airports.csv": airports_csv,
            DATA_DIR / "cities.csv": cities_csv,
            DATA_DIR / "LICENSE-airportsdata": licence,
            GENERATED_SWIFT: swift_source(airports_csv, cities_csv, licence, PINNED_VERSION),
        }
    except GenerationError as error:
        print(f"cannot generate the airport data:\n{error}", file=sys.stderr)
        return 1

    for note in notes:
        print(f"note: {note}")
    stale = []
    for path, text in outputs.items():
        relative = path.relative_to(FIXTURES)
        if args.check:
            current = path.read_text(encoding="utf-8") if path.exists() else None
            if current != text:
                stale.append(str(relative))
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8", newline="\n")
            print(f"wrote {relative} ({len(text.encode('utf-8'))} bytes)")
    if stale:
        print("stale, run scripts/generate-airports.py: " + ", ".join(stale), file=sys.stderr)
        return 1
    if args.check:
        print("airport data is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
