"""Duffel's official Python client (`duffel-api`) driven against `flights-sandbox`: the whole booking story, each
step asserted. Other teams point their code, most of it written with Duffel's own libraries, at the sandbox; this
proves that what the sandbox sends is what those libraries read.

    SANDBOX_URL=http://127.0.0.1:PORT python3 test_duffel_client.py

Run by `scripts/check-python-client`, which installs the client in a virtual environment and starts the sandbox.
"""
import datetime
import os
import sys
import traceback

from duffel_api import Duffel
from duffel_api.http_client import ApiError

URL = os.environ["SANDBOX_URL"]
TOKEN = os.environ.get("SANDBOX_TOKEN", "duffel_test_python_client")
client = Duffel(access_token=TOKEN, api_url=URL, api_version="v2")
departure = (datetime.date.today() + datetime.timedelta(days=60)).isoformat()
state = {}
failures = []


def step(name):
    def run(body):
        try:
            body()
            print(f"ok    {name}", flush=True)
        except Exception as error:  # every step is reported; the run fails at the end
            detail = error.message if isinstance(error, ApiError) else repr(error)
            print(f"FAIL  {name}: {detail}", flush=True)
            traceback.print_exc(limit=3, file=sys.stdout)
            failures.append(name)
        return body
    return run


def search(origin, destination, return_offers):
    builder = (client.offer_requests.create()
               .slices([{"origin": origin, "destination": destination, "departure_date": departure}])
               .passengers([{"type": "adult"}])
               .cabin_class("economy"))
    if return_offers:
        builder = builder.return_offers()
    return builder.execute()


def passenger(offer):
    return [{
        "id": offer.passengers[0].id, "title": "ms", "gender": "f", "given_name": "Ada", "family_name": "Lovelace",
        "born_on": "1985-12-10", "email": "ada@example.com", "phone_number": "+442080160508",
    }]


@step("offer request with offers (LHR → JFK)")
def _():
    request = search("LHR", "JFK", True)
    assert request.id.startswith("orq_"), request.id
    assert request.offers, "no offers returned"
    assert request.passengers[0].id.startswith("pas_")
    assert request.client_key is not None or hasattr(request, "client_key")
    state["request"] = request


@step("offer request without offers")
def _():
    request = search("LHR", "JFK", False)
    assert request.id.startswith("orq_")
    assert not request.offers, "offers came back though none were asked for"


@step("offers listed, page after page")
def _():
    request = state["request"]
    offers = list(client.offers.list(request.id, sort="total_amount", limit=5))
    assert len(offers) >= 5, len(offers)
    assert len({offer.id for offer in offers}) == len(offers), "a page repeated offers"
    totals = [float(offer.total_amount) for offer in offers]
    assert totals == sorted(totals), "not sorted by total_amount"
    state["offer_id"] = offers[0].id


@step("one offer")
def _():
    offer = client.offers.get(state["offer_id"])
    assert offer.id == state["offer_id"]
    assert offer.slices[0].segments[0].origin.iata_code == "LHR"
    assert float(offer.total_amount) > 0 and len(offer.total_currency) == 3
    state["offer"] = offer


@step("instant order")
def _():
    offer = state["offer"]
    order = (client.orders.create()
             .selected_offers([offer.id])
             .passengers(passenger(offer))
             .payments([{"type": "balance", "amount": offer.total_amount, "currency": offer.total_currency}])
             .execute())
    assert order.id.startswith("ord_"), order.id
    assert len(order.booking_reference) == 6, order.booking_reference
    assert order.total_amount == offer.total_amount
    state["order"] = order


@step("order read back")
def _():
    order = client.orders.get(state["order"].id)
    assert order.booking_reference == state["order"].booking_reference
    assert order.passengers[0].given_name == "Ada"


@step("orders listed")
def _():
    ids = [order.id for order in client.orders.list()]
    assert state["order"].id in ids, ids


@step("cancellation quoted, then confirmed")
def _():
    quote = client.order_cancellations.create(state["order"].id)
    assert quote.id.startswith("ore_"), quote.id
    assert quote.confirmed_at is None
    confirmed = client.order_cancellations.confirm(quote.id)
    assert confirmed.confirmed_at is not None
    assert client.orders.get(state["order"].id).cancelled_at is not None


@step("hold order (JFK → EWR holds only)")
def _():
    offer = search("JFK", "EWR", True).offers[0]
    assert offer.payment_requirements.requires_instant_payment is False
    order = (client.orders.create()
             .hold()
             .selected_offers([offer.id])
             .passengers(passenger(offer))
             .execute())
    assert order.payment_status.awaiting_payment is True
    state["hold"] = order


@step("held order paid")
def _():
    hold = client.orders.get(state["hold"].id)
    payment = client.payments.create().order(hold.id).payment(
        {"type": "balance", "amount": hold.total_amount, "currency": hold.total_currency}).execute()
    assert payment.id.startswith("pay_"), payment.id
    assert client.orders.get(hold.id).payment_status.awaiting_payment is False


print(f"{len(failures)} of 10 steps failed" if failures else "every step passed", flush=True)
sys.exit(1 if failures else 0)
