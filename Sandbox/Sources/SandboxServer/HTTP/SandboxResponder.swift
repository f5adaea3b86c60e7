import Hummingbird
import Logging

/// The sandbox's HTTP face: Hummingbird's router, with a route collection per resource of Duffel's API and the
/// request pipeline Duffel has in front of its endpoints as middleware.
///
/// The middleware runs in this order on the way in, and in reverse on the way out:
///
/// 1. ``RequestIDMiddleware``: every answer's `x-request-id`. The health check (``HealthRoutes``) stands here,
///    behind nothing else.
/// 2. ``FaultDecisionMiddleware``: which faults strike the request; on the way out, a truncated body.
/// 3. ``ServerTimingMiddleware`` and 4. ``GzipMiddleware``: the answer as it is written out.
/// 5. ``FaultMiddleware``: an unreadable fault header refused, latency, a dropped connection; on the way out,
///    a late answer and a malformed body.
/// 6. ``RequestLogMiddleware``.
/// 7. ``AfterHandlingFaultMiddleware``: `after=`, an error in place of an answer already made.
/// 8. ``RateCountingMiddleware``: the request counted, and the `ratelimit-*` headers.
/// 9. ``ErrorEnvelopeMiddleware``: every failure from here in, Duffel's 404 for a route that does not exist
///    included, in Duffel's error envelope.
/// 10. ``InjectedErrorMiddleware``: an injected error, token or no token.
/// 11. ``AuthenticationMiddleware``, 12. ``DuffelVersionMiddleware``, 13. ``RateLimitMiddleware``: Duffel's
///    checks, in Duffel's order.
///
/// Hummingbird runs the whole chain for a request no route takes too, so an unknown path or method is checked
/// like any other request before it is answered 404.
enum SandboxResponder {
    /// The largest request body read.
    static let maximumBodyBytes = 1 << 20

    /// The router for `api`, with these checks in front of it.
    static func router(
        api: SandboxAPI, tokenPolicy: TokenPolicy, limiter: RateLimiter, faults: FaultInjector, logger: Logger
    ) -> Router<SandboxRequestContext> {
        let router = Router(context: SandboxRequestContext.self)
        router.add(middleware: RequestIDMiddleware())
        router.addRoutes(HealthRoutes().endpoints, atPath: HealthRoutes.path)

        router.add(middleware: FaultDecisionMiddleware(faults: faults))
        router.add(middleware: ServerTimingMiddleware())
        router.add(middleware: GzipMiddleware(answers: api.answers))
        router.add(middleware: FaultMiddleware())
        router.add(middleware: RequestLogMiddleware(logger: logger))
        router.add(middleware: AfterHandlingFaultMiddleware(now: api.now))
        router.add(middleware: RateCountingMiddleware(limiter: limiter, now: api.now))
        router.add(middleware: ErrorEnvelopeMiddleware(logger: logger))
        router.add(middleware: InjectedErrorMiddleware())
        router.add(middleware: AuthenticationMiddleware(tokenPolicy: tokenPolicy))
        router.add(middleware: DuffelVersionMiddleware())
        router.add(middleware: RateLimitMiddleware(now: api.now))

        router.addRoutes(PlaceRoutes(api: api).endpoints, atPath: "/places")
        router.addRoutes(OfferRequestRoutes(api: api).endpoints, atPath: "/air/offer_requests")
        router.addRoutes(BatchOfferRequestRoutes(api: api).endpoints, atPath: "/air/batch_offer_requests")
        router.addRoutes(OfferRoutes(api: api).endpoints, atPath: "/air/offers")
        router.addRoutes(SeatMapRoutes(api: api).endpoints, atPath: "/air/seat_maps")
        router.addRoutes(OrderRoutes(api: api).endpoints, atPath: "/air/orders")
        router.addRoutes(PaymentRoutes(api: api).endpoints, atPath: "/air/payments")
        router.addRoutes(OrderCancellationRoutes(api: api).endpoints, atPath: "/air/order_cancellations")
        router.addRoutes(AirlineChangeRoutes(api: api).endpoints, atPath: "/air/airline_initiated_changes")
        router.addRoutes(OrderChangeRequestRoutes(api: api).endpoints, atPath: "/air/order_change_requests")
        router.addRoutes(OrderChangeOfferRoutes(api: api).endpoints, atPath: "/air/order_change_offers")
        router.addRoutes(OrderChangeRoutes(api: api).endpoints, atPath: "/air/order_changes")
        return router
    }
}
