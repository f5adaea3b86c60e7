extension Offer {
    /// The offer `offerID` that `order` was booked from, as far as the order tells: its flights (with the segment ids
    /// the offer's seat maps name) and its passengers (with their ids and types), for drawing the offer's seat maps
    /// after booking, when the API no longer answers for an offer long expired. Its price is the order's; it sells
    /// nothing itself.
    public init(bookedAs order: Order, offerID: String) {
        let total = order.totalAmount ?? Money.zero(order.baseAmount?.currency ?? "GBP")
        self.init(
            id: offerID, totalAmount: total, baseAmount: order.baseAmount, taxAmount: order.taxAmount, owner: order.owner,
            passengers: order.passengers.map { OfferPassenger(id: $0.id, type: $0.type) }, slices: order.slices,
            conditions: order.conditions,
            paymentRequirements: PaymentRequirements(requiresInstantPayment: !order.paymentStatus.awaitingPayment),
            expiresAt: nil, createdAt: order.createdAt, liveMode: order.liveMode)
    }
}
