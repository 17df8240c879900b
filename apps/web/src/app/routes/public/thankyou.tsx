import { useSearchParams } from 'react-router';
import { ThankYou } from '@/storefront/thank-you';

const SLUG = /^[a-z0-9-]{1,60}$/;

/**
 * /thankyou?tip=…&slug=… (a one-off tip) or ?recurringtip=…&slug=… (a new monthly tip's first
 * payment): where the payment provider sends the tipper back.
 */
export default function ThankyouPage() {
  const [params] = useSearchParams();
  const rawSlug = params.get('slug')?.toLowerCase() ?? null;
  return (
    <ThankYou
      tipId={params.get('tip')}
      recurringTipId={params.get('recurringtip')}
      slug={rawSlug && SLUG.test(rawSlug) ? rawSlug : null}
    />
  );
}
