/**
 * The storefront keeps the tip a listener is paying for in sessionStorage (per tab, keyed by tip jar
 * slug) when it sends them to the payment provider. When the payment is cancelled, expired or failed,
 * the thank-you page's "try again" returns to the storefront, which refills the form from it; a
 * completed tip clears it. Shared by the storefront and thank-you features, hence here.
 */
export interface TipDraft {
  amount: number;
  displayName: string;
  message: string;
  privacy: 'NAME_AND_AMOUNT' | 'NAME_ONLY' | 'ANONYMOUS';
  email: string;
  paymentmethod: string;
  paymentissuer: string;
  /** 'monthly' or 'yearly' starts a recurring tip (POST tipjars/{id}/recurringtips) instead of a one-off tip. */
  frequency: 'once' | 'monthly' | 'yearly';
}

const keyOf = (slug: string) => `podpot:tip-draft:${slug}`;

export function saveTipDraft(slug: string, draft: TipDraft): void {
  try {
    sessionStorage.setItem(keyOf(slug), JSON.stringify(draft));
  } catch {
    // Storage full or unavailable: the form simply starts empty after a failed payment.
  }
}

export function readTipDraft(slug: string): Partial<TipDraft> | null {
  try {
    const raw = sessionStorage.getItem(keyOf(slug));
    const value: unknown = raw ? JSON.parse(raw) : null;
    return value && typeof value === 'object' ? (value as Partial<TipDraft>) : null;
  } catch {
    return null;
  }
}

export function clearTipDraft(slug: string): void {
  try {
    sessionStorage.removeItem(keyOf(slug));
  } catch {
    // Nothing to clear.
  }
}
