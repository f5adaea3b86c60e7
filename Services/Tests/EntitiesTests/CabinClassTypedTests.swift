import Entities
import Testing

/// A cabin typed by a traveller (the change screen's question, `flights change --cabin`).
@Suite("Cabins as travellers type them")
struct CabinClassTypedTests {
    @Test("names, Duffel's names and their starts, in any case; nothing else", arguments: [
        ("economy", CabinClass.economy), ("Eco", .economy), ("premium", .premiumEconomy), ("premium_economy", .premiumEconomy),
        ("PREMIUM ECONOMY", .premiumEconomy), (" business ", .business), ("f", .first),
        ("", nil), ("  ", nil), ("coach", nil), ("economy plus", nil),
    ] as [(String, CabinClass?)])
    func typed(text: String, cabin: CabinClass?) {
        #expect(CabinClass(typed: text) == cabin)
    }
}
