import Entities
import FixtureServices
import Foundation
import Services
import Testing
@testable import Trips
import TerminalUI
@testable import FlightSummary
import TravelText

@MainActor
@Suite("FlightSummary through its runner")
struct FlightSummaryRunnerTests {
    private func harness(
        offer: Offer? = nil, offers: (any OfferService)? = nil, orders: FixtureOrderService = FixtureOrderService(),
        store: FixtureBookingStore = FixtureBookingStore(),
        now: Date = searchTime
    ) throws -> Harness {
        let offer = try offer ?? recordedOffer()
        return Harness(
            input: FlightSummaryInput(offerID: offer.id, offer: offer, search: oneWaySearch),
            offers: offers ?? FixtureOfferService(), orders: orders, store: store, now: now)
    }

    /// From the first prompt to the booking's final confirmation answered yes.
    private func book(_ h: Harness, option: String = "Book and pay") async {
        await h.enterDetails(imogenAnswers)
        #expect(await h.choose(startingWith: option))
        await h.send(.confirmed(true))
    }

    // MARK: The offer in full

    @Test func theOfferIsShownInFullAfterItsPriceIsChecked() async throws {
        let h = try harness()
        await h.appear()
        #expect(h.count("Your flight") == 1)
        #expect(h.text.contains("Duffel Airways · £412.50"))
        let summary = h.state.summary(try #require(h.state.offer))
        #expect(summary.title == "Duffel Airways · £412.50")
        let leg = try #require(summary.legs.first)
        #expect(leg.title == "Flight · London (LHR) → New York (JFK)")
        #expect(leg.detail == "Fri 18 Dec 2026 · 8h 05m · direct · Economy · Basic fare")
        guard case .segment(let segment)? = leg.items.first else {
            Issue.record("expected a segment")
            return
        }
        #expect(segment.title == "ZZ117 · Duffel Airways · Boeing 787-9 · 8h 05m")
        #expect(segment.rows.contains(KeyValueList.Row("Departs", "Fri 18 Dec 08:25 GMT · London Heathrow Airport (LHR), terminal 3")))
        #expect(segment.rows.contains(KeyValueList.Row("Arrives", "Fri 18 Dec 11:30 GMT-5 · John F Kennedy International Airport (JFK), terminal 4")))
        #expect(summary.bags == ["Passenger 1 (adult): 1 checked bag, 1 carry-on bag"])
        #expect(summary.conditions == [
            KeyValueList.Row("Refund before departure", "Allowed, fee £40.00"),
            KeyValueList.Row("Changes before departure", "Allowed, fee £40.00"),
        ])
        #expect(summary.price == [
            KeyValueList.Row("Passengers", "1 adult"), KeyValueList.Row("Base fare", "£223.88"),
            KeyValueList.Row("Taxes and fees", "£188.62"), KeyValueList.Row("Total", "£412.50"),
        ])
        #expect(summary.terms.first == KeyValueList.Row("Offer expires", "Sun 22 Nov 2026 10:45 GMT (in 25 min)"))
        #expect(summary.terms.contains(KeyValueList.Row("Payment", "Pay now, or hold it and pay by Wed 25 Nov 2026 10:15 GMT")))
        #expect(h.question?.prompt == "Book this offer? y yes · n no · Enter yes")
    }

    @Test func connectionsCodesharesAndGroupsAreShown() async throws {
        let offers = FixtureOfferService()
        let roundTrip = try await searchedOffers(offers, roundTrip: true)
        let withChanges = try #require(roundTrip.first { $0.slices.contains { $0.segments.count > 1 } })
        let h = try harness(offer: withChanges, offers: offers)
        await h.appear()
        #expect(h.count("Your flight") == 1)
        let summary = h.state.summary(try #require(h.state.offer))
        #expect(summary.legs.map { $0.title.components(separatedBy: " · ").first } == ["Outbound", "Return"])
        let layovers = summary.legs.flatMap(\.items).compactMap { item -> String? in
            if case .layover(let text) = item { text } else { nil }
        }
        #expect(!layovers.isEmpty)
        #expect(layovers.allSatisfy { $0.hasPrefix("Change in ") || $0.hasPrefix("Change airports") })
        #expect(summary.bags.count == 3)
        #expect(summary.bags[2].hasPrefix("Passenger 3 (child, 8)"))
        #expect(summary.price.first == KeyValueList.Row("Passengers", "2 adults, 1 child (8)"))
        #expect(summary.price.contains { $0.key == "Per passenger type" })
        #expect(summary.terms.contains(KeyValueList.Row("Payment", "Paid in full when booking")))

        let oneWay = try await searchedOffers(offers)
        let codeshare = try #require(oneWay.first { $0.slices.flatMap(\.segments).contains(where: \.isOperatedByAnotherCarrier) })
        let rows = SummaryFormat.legs(codeshare.slices).flatMap(\.items).flatMap { item -> [KeyValueList.Row] in
            if case .segment(let segment) = item { segment.rows } else { [] }
        }
        #expect(rows.contains { $0.key == "Operated by" })
    }

    // MARK: The first re-check

    @Test func anOfferExpiredOnTheClockThatTheAPICannotConfirmSaysSoAndGoesBack() async throws {
        let offers = FixtureOfferService()
        offers.replyOfferReads(with: .failure(.timedOut))
        let h = try harness(offers: offers, now: afterExpiry)
        await h.appear()
        #expect(h.errors.first?.contains("This offer expired at Sun 22 Nov 2026 10:45 GMT") == true)
        #expect(offers.offerReads.count == 1)
        #expect(h.question == .line("Press Enter to choose another offer. "))
        await h.send(.acknowledged)
        #expect(h.router.exits == [.availability])
    }

    @Test(arguments: [FixtureFile.errorNotFound, .errorOfferNoLongerAvailable])
    func aVanishedOfferSaysSoAndGoesBack(file: FixtureFile) async throws {
        let offers = FixtureOfferService()
        offers.replyOfferReads(with: .file(file))
        let h = try harness(offers: offers)
        await h.appear()
        #expect(h.errors.first?.contains("is no longer available") == true)
        #expect(h.count("Your flight") == 0)
        await h.send(.acknowledged)
        #expect(h.router.exits == [.availability])
    }

    @Test func aNewPriceShowsOldAndNewAndCanBeAccepted() async throws {
        let offer = try recordedOffer()
        let h = try harness(offers: ScriptedOfferService([.success(offer.repriced(by: 10))]))
        await h.appear()
        #expect(PriceChangeViewModel.between(offer, try #require(h.state.repricedOffer)) == PriceChangeViewModel(
            message: "The price changed from £412.50 to £422.50 (+£10.00).", oldTotal: "£412.50", newTotal: "£422.50"))
        #expect(h.notices("!") == ["The price changed from £412.50 to £422.50 (+£10.00)."])
        #expect(h.row("Was") == "£412.50" && h.row("Now") == "£422.50")
        #expect(h.question?.prompt == "Go on at the new total of £422.50? y yes · n no · Enter no")
        await h.send(.confirmed(true))
        #expect(h.state.offer?.totalAmount.formatted == "£422.50")
        #expect(h.state.step == .field(passenger: 0, field: .title))
    }

    @Test func aNewPriceCanBeDeclined() async throws {
        let offer = try recordedOffer()
        let h = try harness(offers: ScriptedOfferService([.success(offer.repriced(by: -5))]))
        await h.appear()
        #expect(h.notices("!").first == "The price changed from £412.50 to £407.50 (-£5.00).")
        await h.send(.confirmed(false))
        #expect(h.router.exits == [.availability])
    }

    @Test func anOfferThatCannotBeCheckedCanBeTriedAgain() async throws {
        let offers = FixtureOfferService()
        offers.replyOfferReads(with: .failure(.timedOut))
        let h = try harness(offers: offers)
        await h.appear()
        #expect(h.errors == ["The offer could not be checked: The flight service did not answer in time."])
        #expect(h.options == ["Try again", "Back to the offers"])
        await h.send(.chose(0))
        #expect(h.state.step == .continueToDetails)
        #expect(offers.offerReads.count == 2)
    }

    // MARK: Passenger details

    @Test func aWrongFieldIsAskedAgainAndTheOthersAreKept() async throws {
        let h = try harness()
        await h.appear()
        await h.send(.confirmed(true))
        await h.type(["ms", "Imogen", "Fairweather", "1990-04-12", "f"])
        await h.type(["imogen@example"])
        #expect(h.errors.last == "\"imogen@example\" does not look like an email address (name@example.com).")
        #expect(h.state.step == .field(passenger: 0, field: .email))
        #expect(h.state.drafts.first?.givenName == "Imogen")
        #expect(h.state.drafts.first?.bornOn == day("1990-04-12"))
        await h.type(["imogen@example.com", "+44 20 7946 0123"])
        #expect(h.state.step == .review)
        #expect(h.state.drafts.first?.phoneNumber == "+442079460123")
    }

    @Test func goingBackOffersWhatWasTypedAgain() async throws {
        let h = try harness()
        await h.appear()
        await h.send(.confirmed(true))
        await h.type(["mr", "Ada"])
        await h.send(.back)
        #expect(h.question == .line("Given names, as on the passport: ", default: "Ada"))
        await h.send(.back)
        #expect(h.question == .line("Title (mr, ms, mrs, miss, dr): ", default: "mr"))
        await h.type(["ms", "Ada", "Lovelace", "1990-12-10"])
        // The gender is guessed from the title, and offered as the default.
        #expect(h.question == .line("Gender, as on the passport (m or f): ", default: "f"))
    }

    @Test func aPassengerCanBeChangedFromTheReview() async throws {
        let h = try harness()
        await h.appear()
        await h.enterDetails(imogenAnswers)
        #expect(await h.choose(startingWith: "Change passenger 1 (Ms Imogen Fairweather)"))
        #expect(h.question == .line("Title (mr, ms, mrs, miss, dr): ", default: "ms"))
        await h.type(["ms", "Imogen", "Fairweather-Smith", "1990-04-12", "f", "imogen@example.com", "+442079460123"])
        #expect(h.state.step == .review)
        #expect(h.state.drafts.first?.familyName == "Fairweather-Smith")
        #expect(h.state.drafts.first?.givenName == "Imogen")
    }

    // MARK: Booking

    @Test func aBookingIsSavedPendingThenConfirmedBeforeTheReferenceIsShown() async throws {
        let h = try harness()
        await h.appear()
        await h.logWhenShown("Booked: booking reference ERDAH6", as: "show booking Booked: booking reference ERDAH6")
        await book(h)
        #expect(h.log.all == ["save pending", "save confirmed", "show booking Booked: booking reference ERDAH6"])
        #expect(h.notices("✓").last == "Booked: booking reference ERDAH6")
        #expect(h.row("Order") == "ord_0000BEw6DxwlZVHgf2ScDB")
        #expect(h.row("Kept in") == "memory")
        let booked = try #require(h.state.booked)
        #expect(h.state.bookingViewModel(booked.order, storeProblem: nil).itinerary
            == ["ZZ117  Fri 18 Dec 08:25 GMT LHR → Fri 18 Dec 11:30 GMT-5 JFK"])
        #expect(h.text.contains("Itinerary ─"))
        #expect(h.text.contains("\n  ZZ117 Fri 18 Dec 08:25 GMT LHR → Fri 18 Dec 11:30 GMT-5 JFK\n"))
        #expect(!h.text.contains("could not be saved on this machine"))
        #expect(h.orders.created.count == 1)
        #expect(h.question == .line("Press Enter to continue. "))
        await h.send(.acknowledged)
        #expect(h.router.exits == [.booked("ERDAH6"), .finished("ERDAH6")])
    }

    @Test func thePriceIsCheckedAgainRightBeforeBooking() async throws {
        let offer = try recordedOffer()
        let offers = ScriptedOfferService([.success(offer), .success(offer.repriced(by: 10))])
        let h = try harness(offers: offers)
        await h.appear()
        await book(h)
        #expect(offers.reads.count == 2)
        #expect(h.row("Now") == "£422.50")
        #expect(h.orders.created.isEmpty)
        #expect(h.question?.prompt == "Book at the new total of £422.50? y yes · n no · Enter no")
        await h.send(.confirmed(true))
        #expect(h.orders.created.first?.payments.first?.amount.formatted == "£422.50")
    }

    @Test func decliningTheNewPriceBeforeBookingReturnsToTheReviewAtTheNewPrice() async throws {
        let offer = try recordedOffer()
        let h = try harness(offers: ScriptedOfferService([.success(offer), .success(offer.repriced(by: 10))]))
        await h.appear()
        await book(h)
        await h.send(.confirmed(false))
        #expect(h.state.step == .review)
        #expect(h.options.first == "Book and pay £422.50 now")
        #expect(h.orders.created.isEmpty)
    }

    @Test func anOfferThatExpiresBeforeTheFinalCheckIsNotBooked() async throws {
        let offers = FixtureOfferService()
        let h = try harness(offers: offers)
        await h.appear()
        offers.replyOfferReads(with: .file(.errorOfferNoLongerAvailable))
        await book(h)
        #expect(h.orders.created.isEmpty)
        #expect(h.state.step == .leaving)
    }

    @Test func anInstantOnlyOfferCannotBeHeld() async throws {
        let offers = FixtureOfferService()
        let instantOnly = try #require(try await searchedOffers(offers).first { !$0.canBeHeld })
        let h = try harness(offer: instantOnly, offers: offers)
        await h.appear()
        await h.enterDetails(imogenAnswers)
        #expect(!h.options.contains { $0.hasPrefix("Hold") })
        #expect(await h.choose(startingWith: "Book and pay"))
        await h.send(.confirmed(true))
        let body = try #require(h.orders.created.first)
        #expect(body.type == .instant)
        #expect(body.payments == [Payment(amount: instantOnly.totalAmount)])
    }

    @Test func aHoldIsBookedWithoutPayment() async throws {
        let h = try harness()
        await h.appear()
        await h.enterDetails(imogenAnswers)
        #expect(h.options.contains("Hold it now and pay £412.50 by Wed 25 Nov 2026 10:15 GMT"))
        #expect(await h.choose(startingWith: "Hold"))
        #expect(h.question?.prompt == "Hold the booking for 1 passenger, £412.50 to pay later? y yes · n no · Enter no")
        await h.send(.confirmed(true))
        let body = try #require(h.orders.created.first)
        #expect(body.type == .hold)
        #expect(body.payments.isEmpty)
        #expect(h.notices("✓").last == "Held: booking reference ERDAH6")
        #expect(h.store.saves.last?.state == .awaitingPayment)
    }

    @Test func decliningTheFinalConfirmationBooksNothing() async throws {
        let h = try harness()
        await h.appear()
        await h.enterDetails(imogenAnswers)
        #expect(await h.choose(startingWith: "Book and pay"))
        await h.send(.confirmed(false))
        #expect(h.state.step == .review)
        #expect(h.orders.created.isEmpty)
        #expect(h.store.saves.isEmpty)
    }

    // MARK: Errors at booking

    @Test func offerNoLongerAvailableAtBookingGoesBackToTheOffers() async throws {
        let orders = FixtureOrderService()
        orders.replyCreates(with: .file(.errorOfferNoLongerAvailable))
        let h = try harness(orders: orders)
        await h.appear()
        await book(h)
        #expect(h.errors.last?.contains("no longer available") == true)
        #expect(h.store.saves.map(\.state) == [.pending, .failed])
        await h.send(.acknowledged)
        #expect(h.router.exits == [.availability])
    }

    @Test func priceChangedAtBookingShowsTheNewPriceAndBooksOnlyWhenConfirmed() async throws {
        let offer = try recordedOffer()
        let orders = FixtureOrderService()
        orders.replyCreates(with: .file(.errorPriceChanged))
        let offers = ScriptedOfferService([.success(offer), .success(offer), .success(offer.repriced(by: 10))])
        let h = try harness(offers: offers, orders: orders)
        await h.appear()
        await book(h)
        #expect(h.notices("!").last == "The price changed from £412.50 to £422.50 (+£10.00).")
        #expect(h.orders.created.count == 1)
        await h.send(.confirmed(true))
        #expect(h.orders.created.count == 2)
        #expect(h.orders.created.last?.payments.first?.amount.formatted == "£422.50")
        // The same booking key: the first order was refused, so nothing carries it yet.
        #expect(Set(h.orders.created.compactMap { $0.metadata?["flights_booking_key"] }) == ["key-1"])
        #expect(h.count("Booked: booking reference") == 1)
    }

    @Test func aValidationErrorAsksForTheFieldItNamesAndKeepsTheRest() async throws {
        let orders = FixtureOrderService()
        orders.replyCreates(with: .file(.errorValidation))
        let h = try harness(orders: orders)
        await h.appear()
        await book(h)
        #expect(h.errors.contains { $0.contains("E.164") })
        #expect(h.state.step == .field(passenger: 0, field: .phoneNumber))
        #expect(h.question == .line("Phone, with the country code (+44…): ", default: "+442079460123"))
        await h.type(["+44 20 7946 0999"])
        #expect(h.state.step == .review)
        #expect(h.state.drafts.first?.givenName == "Imogen")
        #expect(h.state.drafts.first?.phoneNumber == "+442079460999")
    }

    @Test(arguments: [FixtureFile.errorAuthentication, .errorRateLimit])
    func otherRefusalsAreExplainedAndLeadBackToTheReview(file: FixtureFile) async throws {
        let orders = FixtureOrderService()
        orders.replyCreates(with: .file(file))
        let h = try harness(orders: orders)
        await h.appear()
        await book(h)
        #expect(h.errors.last == "The booking was refused: \(file.error.message)")
        #expect(h.state.step == .review)
    }

    @Test func aTimeoutWhereTheOrderWasMadeShowsTheBookingOnce() async throws {
        let orders = FixtureOrderService()
        orders.replyCreates(with: .bookThenFail(.timedOut))
        let h = try harness(orders: orders)
        await h.appear()
        await h.logWhenShown("Booked: booking reference ERDAH6", as: "show booking Booked: booking reference ERDAH6")
        await book(h)
        #expect(h.notices("•").contains { $0.contains("the order was found") })
        #expect(h.notices("✓").last == "Booked: booking reference ERDAH6")
        #expect(orders.created.count == 1)
        #expect(orders.orders.count == 1)
        #expect(h.log.all == ["save pending", "save confirmed", "show booking Booked: booking reference ERDAH6"])
    }

    @Test func aTimeoutWithNoOrderKeepsItPendingAndRetriesOnlyWhenAsked() async throws {
        let orders = FixtureOrderService()
        orders.replyCreates(with: .failure(.timedOut))
        let h = try harness(orders: orders)
        await h.appear()
        await book(h)
        #expect(h.errors.last?.hasPrefix("The booking is not confirmed: no clear answer came") == true)
        #expect(try h.store.records().map(\.state) == [.pending])
        #expect(orders.created.count == 1)
        #expect(h.options == ["Try again (looks for the booking first, then books once)", "Back to the offers"])
        // Asked explicitly: look first, then send the same key again, once.
        await h.send(.chose(0))
        #expect(orders.created.count == 2)
        #expect(orders.created.map { $0.metadata?["flights_booking_key"] } == ["key-1", "key-1"])
        #expect(try h.store.records().map(\.state) == [.confirmed])
    }

    @Test func aLostAnswerThatCannotBeLookedUpSaysItMayBeBooked() async throws {
        let orders = FixtureOrderService()
        orders.replyCreates(with: .failure(.unexpectedStatus(code: 502, body: "Bad gateway")))
        orders.failReads(with: .cannotConnect("connection refused"))
        let h = try harness(orders: orders)
        await h.appear()
        await book(h)
        #expect(h.errors.last?.contains("it may or may not be booked") == true)
        #expect(h.state.step == .lostAnswer(.instant))
        await h.send(.chose(1))
        #expect(h.router.exits == [.availability])
        #expect(orders.created.count == 1)
    }

    @Test func aStoreThatCannotBeWrittenIsReportedAndTheReferenceStillShown() async throws {
        let store = FixtureBookingStore()
        store.failSaves(with: .io(path: "/home/ada/.local/share/flights/bookings.json", reason: "Permission denied"), after: 1)
        let h = try harness(store: store)
        await h.appear()
        await book(h)
        #expect(h.notices("✓").last == "Booked: booking reference ERDAH6")
        let warning = try #require(h.notices("!").last)
        #expect(warning.contains("/home/ada/.local/share/flights/bookings.json"))
        #expect(warning.contains("Permission denied"))
        #expect(warning.contains("ERDAH6"))
    }

    @Test func aBookingThatCannotBeWrittenFirstIsNotSentAndTheDetailsAreKept() async throws {
        let store = FixtureBookingStore()
        store.fail(with: .io(path: "/home/ada/.local/share/flights/bookings.json", reason: "Permission denied"))
        let h = try harness(store: store)
        await h.appear()
        await book(h)
        #expect(h.orders.created.isEmpty)
        #expect(h.count("Booked: booking reference") == 0)
        #expect(h.errors.last?.hasPrefix("Nothing was booked: The bookings file /home/ada/.local/share/flights/bookings.json") == true)
        #expect(h.state.step == .review)
        #expect(h.state.drafts.first?.familyName == "Fairweather")
    }

    // MARK: Unattended

    @Test func theScreenComesBackWhereItWas() async throws {
        let h = try harness()
        await h.appear()
        await h.send(.confirmed(true))
        await h.type(["ms", "Imogen"])
        let before = h.question
        await h.appear()
        #expect(h.question == before)
        #expect(h.question == .line("Family name, as on the passport: "))
        #expect(h.count("Your flight") == 2)
        #expect(h.count("Passenger 1 of 1 · Adult") == 2)
        #expect(h.state.drafts.first?.givenName == "Imogen")
    }
}
