import { formatCents } from '@podpot/domain';

/** Texts of the hosted checkout page, in the transaction's language. */
const TEXT = {
  en: {
    title: 'Test payment',
    intro: 'This is the payment simulator. No real money is involved.',
    amount: 'Amount',
    merchant: 'Paid to',
    method: 'Payment method',
    methodAny: 'Choose at the bank',
    choose: 'Choose the outcome of this payment',
    paid: 'Paid',
    cancelled: 'Cancelled',
    expired: 'Expired',
    failed: 'Failed',
    pending: 'Leave pending',
    done: 'This payment is already finished with status',
    back: 'Back to the shop',
    statuses: { completed: 'paid', cancelled: 'cancelled', expired: 'expired', failed: 'failed' } as Record<
      string,
      string
    >,
  },
  nl: {
    title: 'Testbetaling',
    intro: 'Dit is de betaalsimulator. Er wordt geen echt geld gebruikt.',
    amount: 'Bedrag',
    merchant: 'Betaald aan',
    method: 'Betaalmethode',
    methodAny: 'Kies bij de bank',
    choose: 'Kies de uitkomst van deze betaling',
    paid: 'Betaald',
    cancelled: 'Geannuleerd',
    expired: 'Verlopen',
    failed: 'Mislukt',
    pending: 'In behandeling laten',
    done: 'Deze betaling is al afgerond met status',
    back: 'Terug naar de winkel',
    statuses: { completed: 'betaald', cancelled: 'geannuleerd', expired: 'verlopen', failed: 'mislukt' } as Record<
      string,
      string
    >,
  },
} as const;

const METHOD_NAMES: Record<string, string> = { ideal: 'iDEAL', bcmc: 'Bancontact', sepa: 'SEPA' };

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

export interface CheckoutView {
  uid: string;
  locale: string;
  amount: number;
  merchantName: string;
  paymentMethod: string | null;
  status: string;
  returnUrl: string | null;
}

/** Small, accessible, dependency-free HTML: a summary and one button per outcome. */
export function renderCheckoutPage(view: CheckoutView): string {
  const lang = view.locale === 'nl' ? 'nl' : 'en';
  const t = TEXT[lang];
  const open = view.status === 'created' || view.status === 'pending';
  const method = view.paymentMethod ? (METHOD_NAMES[view.paymentMethod] ?? view.paymentMethod) : t.methodAny;
  const buttons = (['completed', 'cancelled', 'expired', 'failed', 'pending'] as const)
    .map((outcome) => {
      const label = outcome === 'completed' ? t.paid : t[outcome];
      return `<button type="submit" name="outcome" value="${outcome}" class="${outcome}">${escapeHtml(label)}</button>`;
    })
    .join('\n        ');
  const body = open
    ? `<form method="post" action="/sim/checkout/${escapeHtml(view.uid)}">
      <fieldset>
        <legend>${escapeHtml(t.choose)}</legend>
        ${buttons}
      </fieldset>
    </form>`
    : `<p role="status">${escapeHtml(t.done)} <strong>${escapeHtml(t.statuses[view.status] ?? view.status)}</strong>.</p>
    ${view.returnUrl ? `<p><a href="${escapeHtml(view.returnUrl)}">${escapeHtml(t.back)}</a></p>` : ''}`;
  return pageShell(
    lang,
    `${t.title} – ${view.merchantName}`,
    `<h1>${escapeHtml(t.title)}</h1>
    <p>${escapeHtml(t.intro)}</p>
    <dl>
      <dt>${escapeHtml(t.amount)}</dt><dd data-testid="amount">${escapeHtml(formatCents(view.amount, lang))}</dd>
      <dt>${escapeHtml(t.merchant)}</dt><dd>${escapeHtml(view.merchantName)}</dd>
      <dt>${escapeHtml(t.method)}</dt><dd>${escapeHtml(method)}</dd>
    </dl>
    ${body}`,
  );
}

/** Texts of the simulated verification (KYC) page, in the merchant's language. */
const VERIFY_TEXT = {
  en: {
    title: 'Verification',
    intro: 'This is the payment simulator: here a maker confirms bank account and identity. No real data is asked.',
    merchant: 'Merchant',
    outcome: 'Outcome',
    approve: 'Approve',
    disapprove: 'Refuse',
  },
  nl: {
    title: 'Verificatie',
    intro:
      'Dit is de betaalsimulator: hier bevestigt een maker bankrekening en identiteit. Er worden geen echte gegevens gevraagd.',
    merchant: 'Merchant',
    outcome: 'Uitkomst',
    approve: 'Goedkeuren',
    disapprove: 'Afwijzen',
  },
} as const;

/** The simulated KYC page: who is being verified, and two buttons, in the merchant's language (nl or en). */
export function renderVerifyPage(merchant: Record<string, unknown>): string {
  const lang = merchant.locale === 'nl' ? 'nl' : 'en';
  const t = VERIFY_TEXT[lang];
  const name = String(merchant.name ?? merchant.emailaddress ?? merchant.uid);
  const compliance = (merchant.compliance as { status?: string } | undefined)?.status ?? 'unknown';
  return pageShell(
    lang,
    `${t.title} – ${name}`,
    `<h1>${escapeHtml(t.title)}</h1>
    <p>${escapeHtml(t.intro)}</p>
    <p>${escapeHtml(t.merchant)}: <strong>${escapeHtml(name)}</strong> (${escapeHtml(String(merchant.uid))}) · ${escapeHtml(compliance)}</p>
    <form method="post" action="/sim/verify/${escapeHtml(String(merchant.uid))}">
      <fieldset>
        <legend>${escapeHtml(t.outcome)}</legend>
        <button type="submit" name="outcome" value="approve" class="approve">${escapeHtml(t.approve)}</button>
        <button type="submit" name="outcome" value="disapprove">${escapeHtml(t.disapprove)}</button>
      </fieldset>
    </form>`,
  );
}

/** The simulator's hosted pages share one small, dependency-free, accessible page frame. */
function pageShell(lang: string, title: string, main: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)}</title>
  <style>
    body { font-family: system-ui, sans-serif; margin: 0; background: #f6f6f6; color: #1a1a1a; }
    main { max-width: 28rem; margin: 2rem auto; background: #fff; padding: 1.5rem; border-radius: 8px; }
    dl { display: grid; grid-template-columns: auto 1fr; gap: .5rem 1rem; }
    dt { font-weight: 600; }
    fieldset { border: 0; padding: 0; display: grid; gap: .5rem; }
    legend { font-weight: 600; margin-bottom: .5rem; }
    button { font-size: 1rem; padding: .75rem; border-radius: 6px; border: 2px solid #1a1a1a; background: #fff; cursor: pointer; }
    button:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
    button.completed, button.approve { background: #1e6b2e; border-color: #1e6b2e; color: #fff; }
  </style>
</head>
<body>
  <main>
    ${main}
  </main>
</body>
</html>`;
}
