extension APIErrorCode {
    /// The change offer, or the order change made from it, expired or no longer fits the order (another change
    /// moved its slices): ask for new change offers.
    public static let orderChangeOfferNoLongerAvailable = APIErrorCode(rawValue: "order_change_offer_no_longer_available")
}
