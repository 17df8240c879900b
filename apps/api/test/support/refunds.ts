import { awaitSimulatorDeliveries, simulatorOf } from '@podpot/opp-simulator';
import { followPendingRefunds } from '../../src/modules/refunds/refunds.follow.js';
import type { TestApp } from './test-app.js';

/**
 * Lets the provider's refunds take their course: notifications delivered, then the reconcile job's
 * follow-up of every refund not paid out yet (a `created-first` provider pays it out on that read,
 * decision 070), then the notifications that caused. In `instant` mode there is nothing left to follow.
 */
export async function refundsPaidOut(t: TestApp) {
  await awaitSimulatorDeliveries(t.ctx);
  await followPendingRefunds(t.ctx, t.ledger, { olderThan: new Date(Date.now() + 1000) });
  await awaitSimulatorDeliveries(t.ctx);
}

/** What the admin's refund answers under the simulator's refund mode: done, or accepted and not paid out yet. */
export function answeredStatus(t: TestApp): 'completed' | 'pending' {
  return simulatorOf(t.ctx).modes.refunds === 'instant' ? 'completed' : 'pending';
}
