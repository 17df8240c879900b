import { describe, expect, it } from 'vitest';
import { toSettlement } from '../../src/modules/settlements/settlements.service.js';
import { OppClient } from '../../src/payments/opp-client.js';

/**
 * Settlements in the provider's recorded shape, read through the client (no simulator): the two
 * settlements of the list in jeffreyvanhees/laravel-online-payment-platform
 * tests/Feature/SettlementsTest.php, an SDK test modelled on OPP's documentation (docs/provider.md §5).
 * A paid settlement reports `amount_payable: 0` and what was paid out in `amount_paid`.
 */
const RECORDED = {
  object: 'list',
  data: [
    {
      uid: 'set_test123',
      status: 'current',
      period_start: 1640995200,
      period_end: 1641081599,
      total_amount: 150000,
      amount_paid: 0,
      amount_payable: 148500,
      total_number_of_transactions: 50,
      number_of_transactions: 45,
      number_of_refunds: 3,
      number_of_mandates: 2,
      total_volume: 150000,
      transaction_volume: 148000,
      refund_volume: -2000,
      mandate_volume: 4000,
      total_transaction_costs: -1500,
      payout_type: 'collective',
      livemode: false,
      object: 'settlement',
    },
    {
      uid: 'set_test456',
      status: 'paid',
      period_start: 1640908800,
      period_end: 1640995199,
      total_amount: 75000,
      amount_paid: 74250,
      amount_payable: 0,
      total_number_of_transactions: 25,
      number_of_transactions: 23,
      number_of_refunds: 1,
      number_of_mandates: 1,
      total_volume: 75000,
      transaction_volume: 74000,
      refund_volume: -1000,
      mandate_volume: 2000,
      total_transaction_costs: -750,
      payout_type: 'collective',
      livemode: false,
      object: 'settlement',
    },
  ],
  has_more: false,
  total_item_count: 2,
  items_per_page: 10,
  current_page: 1,
  last_page: 1,
};

function clientAnswering(json: unknown) {
  return new OppClient({
    baseUrl: 'https://api-sandbox.onlinebetaalplatform.nl/v1',
    apiKey: 'test',
    fetch: (async () => new Response(JSON.stringify(json), { status: 200 })) as typeof fetch,
  });
}

const TIPJAR = '00000000-0000-4000-8000-000000000001';

describe('settlements in the provider’s recorded shape', () => {
  it('a paid settlement pays out amount_paid (its amount_payable is 0), an open one what is payable', async () => {
    const { data } = await clientAnswering(RECORDED).listSettlements('mer_1');
    const [current, paid] = data.map((s) => toSettlement(TIPJAR, s));
    expect(current).toMatchObject({ status: 'CURRENT', gross: 150000, costs: 1500, net: 148500, fees: 0 });
    expect(paid).toMatchObject({ status: 'PAID', gross: 75000, costs: 750, net: 74250, fees: 0 });
  });

  it('takes the payout date from the object and never makes one up from the period', async () => {
    const { data } = await clientAnswering(RECORDED).listSettlements('mer_1');
    // The documented object names no payout date.
    expect(data.map((s) => toSettlement(TIPJAR, s).paidAt)).toEqual([null, null]);
    const dated = { ...RECORDED, data: [{ ...RECORDED.data[1], paid: 1641168000 }] };
    const [withDate] = (await clientAnswering(dated).listSettlements('mer_1')).data;
    expect(toSettlement(TIPJAR, withDate!).paidAt).toBe('2022-01-03T00:00:00.000Z');
  });

  it('a paid settlement without amount_paid falls back to what was payable', async () => {
    const { amount_paid: _dropped, ...withoutPaid } = { ...RECORDED.data[1], amount_payable: 74250 };
    const [s] = (await clientAnswering({ ...RECORDED, data: [withoutPaid] }).listSettlements('mer_1')).data;
    expect(toSettlement(TIPJAR, s!).net).toBe(74250);
  });
});
