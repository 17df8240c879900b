import type { ComponentType } from 'react';

/**
 * A monthly tip's private supporter feed card (issue 40) as the recurring tip's page sees it. Features
 * may not import each other, so RecurringTipDetail takes it as a `supporterFeed` prop and the page
 * passes features/bonus' SupporterFeedCard (like the checkout block, lib/checkout-slot.ts).
 */
export interface SupporterFeedSlotProps {
  recurringTipId: string;
  /** The manage link's token (?token=), or null when signed in. */
  token: string | null;
  tipjar: { name: string; slug: string };
}

export type SupporterFeedComponent = ComponentType<SupporterFeedSlotProps>;
