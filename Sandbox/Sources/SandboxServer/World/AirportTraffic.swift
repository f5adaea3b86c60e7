/// How busy an airport is, which decides how far its nonstops plausibly go and how many flights a route has.
///
/// Fixtures' reference data ranks suggestions by annual passengers but does not publish the figure, so the
/// sandbox keeps its own rounded figures for the airports that anchor long-haul networks, and guesses the
/// rest from the name. Should `AirportRecord` grow a traffic figure, this table can give way to it.
enum AirportTraffic {
    /// Approximate annual passengers in millions (recent years, rounded): enough to tell a world hub from a
    /// regional field, not a statistic to quote.
    static let passengersMillions: [String: Double] = [
        // Americas
        "ATL": 105, "DFW": 82, "DEN": 78, "LAX": 75, "ORD": 74, "JFK": 62, "LAS": 58, "MCO": 57, "CLT": 53,
        "MIA": 52, "SFO": 50, "SEA": 50, "EWR": 49, "PHX": 48, "IAH": 46, "BOS": 41, "MSP": 37, "FLL": 35,
        "LGA": 33, "DTW": 32, "PHL": 30, "SLC": 26, "BWI": 27, "DCA": 25, "IAD": 25, "SAN": 25, "TPA": 24,
        "BNA": 23, "AUS": 22, "MDW": 22, "HNL": 21, "PDX": 19, "DAL": 16, "STL": 15, "RDU": 14, "MSY": 13,
        "SMF": 13, "HOU": 13, "SJC": 12, "MCI": 12, "OAK": 11, "PVD": 4,
        "YYZ": 45, "YVR": 25, "YUL": 21, "YYC": 18, "MEX": 48, "CUN": 30, "PTY": 17, "BOG": 40, "LIM": 25,
        "SCL": 26, "GRU": 43, "GIG": 15, "BSB": 14, "EZE": 12, "AEP": 14,
        // Europe
        "LHR": 79, "IST": 76, "CDG": 67, "AMS": 62, "MAD": 60, "FRA": 59, "BCN": 55, "FCO": 49, "LGW": 41,
        "MUC": 41, "SAW": 41, "AYT": 38, "DUB": 33, "LIS": 33, "ORY": 32, "PMI": 31, "ZRH": 31, "CPH": 30,
        "VIE": 30, "MAN": 28, "OSL": 28, "ATH": 28, "MXP": 28, "STN": 28, "ARN": 25, "BER": 25, "AGP": 22,
        "BRU": 22, "WAW": 21, "DUS": 20, "HEL": 18, "BUD": 17, "GVA": 17, "ALC": 16, "BGY": 16, "LTN": 16,
        "OPO": 15, "OTP": 15, "ESB": 15, "HAM": 14, "PRG": 14, "EDI": 14, "NCE": 14, "LPA": 14, "BHX": 12,
        "NAP": 12, "CTA": 12, "ADB": 12, "VCE": 11, "TFS": 11, "KRK": 10, "LIN": 10, "LYS": 10, "MRS": 10,
        "BLQ": 10, "FAO": 10, "BRS": 9, "VLC": 9, "HER": 9, "BSL": 9, "GLA": 8, "SVQ": 8, "BEG": 8, "KEF": 8,
        "RIX": 7, "SOF": 7, "GOT": 7, "SKG": 7, "EIN": 7, "BFS": 7, "CRL": 8, "LCA": 8, "MLA": 8, "BGO": 6,
        "VNO": 5, "LPL": 5, "NCL": 5, "LCY": 4, "BTS": 2.7, "SEN": 2,
        // Middle East and Africa
        "DXB": 87, "DOH": 45, "JED": 45, "RUH": 35, "AUH": 29, "CAI": 26, "TLV": 22, "JNB": 20, "KWI": 15,
        "MCT": 15, "SHJ": 15, "ADD": 12, "CPT": 11, "CMN": 10, "DMM": 10, "MED": 9, "AMM": 9, "BAH": 9,
        "NBO": 9, "RAK": 8, "HRG": 8, "BEY": 7, "LOS": 7, "SSH": 6, "MRU": 4, "ACC": 3, "DSS": 3, "RAI": 0.8,
        // Asia and Oceania
        "HND": 79, "DEL": 72, "CAN": 63, "ICN": 56, "SIN": 59, "PVG": 55, "SZX": 52, "BKK": 52, "BOM": 50,
        "CGK": 50, "PKX": 48, "KUL": 48, "PEK": 45, "MNL": 45, "CKG": 44, "KMG": 44, "SHA": 42, "XIY": 41,
        "HGH": 41, "SGN": 40, "HKG": 40, "SYD": 40, "BLR": 37, "MEL": 35, "TPE": 35, "NRT": 33, "KIX": 30,
        "DMK": 30, "HAN": 29, "CJU": 29, "FUK": 25, "HYD": 25, "GMP": 25, "DPS": 24, "CTS": 23, "MAA": 22,
        "BNE": 22, "OKA": 20, "AKL": 18, "HKT": 18, "PER": 15, "PUS": 15, "ITM": 15, "CMB": 10, "DAC": 10,
        "ALA": 10, "KHI": 9, "ADL": 8, "TAS": 8, "IKA": 8, "CHC": 6, "KTM": 6,
    ]

    /// The figure for `code`, or a guess from the airport's name: a field that calls itself international
    /// has scheduled service; anything else is treated as small.
    static func estimate(code: String, name: String) -> Double {
        if let known = passengersMillions[code] { return known }
        let lower = name.lowercased()
        return lower.contains("international") || lower.contains("intl") ? 2.5 : 0.5
    }
}
