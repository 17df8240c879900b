import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { Alert, Avatar, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { type PublicTipjar, type RecurringTip, type TipStatus, UNPAID_TIP_STATUSES } from '@podpot/domain';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleRouterLink } from '@/components/app-link';
import { Page } from '@/components/page';
import { PageTitle } from '@/components/page-title';
import { routePath } from '@/config/paths';
import { SupporterFeedCard } from '@/features/bonus/components/supporter-feed-card';
import { isSettling, useMyRecurringTip } from '@/features/recurring-tips/api/get-my-recurring-tips';
import { useFormat } from '@/lib/format';
import { clearTipDraft } from '@/lib/tip-draft';
import { useThankedTipjar } from '@/storefront/api/get-thanked-tipjar';
import { useTipOutcome } from '@/storefront/api/get-tip-outcome';
import { ThankYouShare } from '@/storefront/thank-you-share';

/** No tip in the address (e.g. opened from a link): a plain thank-you. */
function GenericThanks() {
  const { t } = useTranslation('thankyou');
  return (
    <Page title={t('title')}>
      <Paper sx={{ p: 3 }}>
        <Typography gutterBottom>{t('generic')}</Typography>
        <Button component={LocaleRouterLink} to={routePath('home')} variant="contained" sx={{ mt: 1 }}>
          {t('home')}
        </Button>
      </Paper>
    </Page>
  );
}

function Waiting({ slow }: { slow: boolean }) {
  const { t } = useTranslation('thankyou');
  return (
    <Page title={t('waiting.title')}>
      <Paper sx={{ p: 3, display: 'flex', gap: 2, alignItems: 'center' }} role="status" aria-live="polite">
        <CircularProgress size={32} aria-hidden="true" />
        <Typography>{t(slow ? 'waiting.slow' : 'waiting.text')}</Typography>
      </Paper>
    </Page>
  );
}

/** The podcast thanked: its artwork (or initial) and name, as on its storefront. */
function Podcast({ tipjar, name }: { tipjar: PublicTipjar | null | undefined; name: string }) {
  const { t } = useTranslation('thankyou');
  const image = tipjar?.artworkUrl ?? tipjar?.imageUrl ?? undefined;
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2 }} data-testid="thanks-podcast">
      <Avatar
        src={image}
        alt={t('artworkAlt', { name })}
        variant="rounded"
        sx={{ width: 64, height: 64, bgcolor: 'primary.main', fontSize: '1.6rem' }}
      >
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Typography sx={{ fontWeight: 600, fontSize: '1.1rem' }} dir="auto">
        {name}
      </Typography>
    </Box>
  );
}

/** A sub-heading of the thank-you card ("What happens next", "Tell other listeners"). */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 3 }}>
      <Typography id={id} variant="h3" component="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * The thank-you card of a paid one-off or monthly tip: the podcast, one heading with the amount (our
 * record of it), the maker's own thanks, what happens next, sharing, and the page's actions.
 */
function ThanksCard(props: {
  kind: 'once' | 'monthly';
  tipjar: PublicTipjar | null | undefined;
  name: string;
  slug: string;
  heading: string;
  next: ReactNode;
  /** One-off: the offer to give monthly instead, before sharing. */
  offer?: { title: string; body: ReactNode };
  /** Monthly: the private supporter feed's card (nothing when the tip jar offers no feed to this tip). */
  feed?: ReactNode;
}) {
  const { t } = useTranslation('thankyou');
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto' }}>
      <PageTitle title={t('title')} />
      <Paper sx={{ p: { xs: 2, sm: 4 } }} data-testid="tip-outcome" data-status="completed" data-kind={props.kind}>
        <Podcast tipjar={props.tipjar} name={props.name} />
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
          <CheckCircleIcon color="success" sx={{ fontSize: 32, mt: 0.25 }} aria-hidden="true" />
          <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' }, lineHeight: 1.3 }}>
            {props.heading}
          </Typography>
        </Box>
        {props.tipjar?.thankYouMessage && (
          <Box
            component="figure"
            sx={{ m: 0, mt: 2, pl: 2, borderLeft: 4, borderColor: 'primary.main' }}
            data-testid="thanks-message"
          >
            <Typography component="blockquote" dir="auto" sx={{ fontStyle: 'italic', whiteSpace: 'pre-line', m: 0 }}>
              {props.tipjar.thankYouMessage}
            </Typography>
            <Typography component="figcaption" color="text.secondary" sx={{ fontSize: '0.875rem', mt: 0.5 }}>
              {t('messageFrom', { name: props.name })}
            </Typography>
          </Box>
        )}
        <Section id="thanks-next" title={t('next.title')}>
          <Box data-testid="thanks-next">{props.next}</Box>
        </Section>
        {props.feed && <Box sx={{ mt: 3 }}>{props.feed}</Box>}
        {props.offer && (
          <Section id="thanks-offer" title={props.offer.title}>
            {props.offer.body}
          </Section>
        )}
        <ThankYouShare slug={props.slug} name={props.name} />
        <Box sx={{ display: 'flex', gap: 1, mt: 3, flexWrap: 'wrap' }}>
          <Button component={LocaleRouterLink} to={routePath('storefront', { tipjarslug: props.slug })} color="inherit">
            {t('backTo', { name: props.name })}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}

function Completed({ slug, amount }: { slug: string | null; amount: number | undefined }) {
  const { t } = useTranslation('thankyou');
  const format = useFormat();
  const tipjar = useThankedTipjar(slug).data;
  useEffect(() => {
    // Paid: the next visit starts with an empty form.
    if (slug) clearTipDraft(slug);
  }, [slug]);
  if (!slug || amount === undefined) {
    return (
      <Page title={t('completed.title')}>
        <Paper sx={{ p: 3 }} data-testid="tip-outcome" data-status="completed">
          <Typography>{t('completed.headingGeneric')}</Typography>
          <Typography sx={{ mt: 1 }}>{t('completed.receipt')}</Typography>
        </Paper>
      </Page>
    );
  }
  const name = tipjar?.name ?? slug;
  const money = format.money(amount);
  // "Make it monthly": the storefront's form opens on "Every month" with this amount filled in.
  const monthly = `${routePath('storefront', { tipjarslug: slug })}?frequency=monthly&amount=${amount}`;
  return (
    <ThanksCard
      kind="once"
      tipjar={tipjar}
      name={name}
      slug={slug}
      heading={t('completed.heading', { amount: money, name })}
      next={<Typography>{t('completed.receipt')}</Typography>}
      offer={{
        title: t('completed.monthlyTitle'),
        body: (
          <Box data-testid="make-monthly">
            <Typography sx={{ mb: 1.5 }}>{t('completed.monthlyOffer', { amount: money, name })}</Typography>
            <Button component={LocaleRouterLink} to={monthly} variant="contained">
              {t('completed.makeMonthly', { amount: money })}
            </Button>
          </Box>
        ),
      }}
    />
  );
}

function Unpaid({ status, slug }: { status: TipStatus; slug: string | null }) {
  const { t } = useTranslation('thankyou');
  const reason = status === 'cancelled' ? 'cancelled' : status === 'expired' ? 'expired' : 'failed';
  return (
    <Page title={t('unpaid.title')}>
      <Paper sx={{ p: 3 }} data-testid="tip-outcome" data-status={status}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <ErrorOutlineIcon color="warning" sx={{ fontSize: 40 }} aria-hidden="true" />
          <Box>
            <Typography variant="h2" gutterBottom sx={{ fontSize: { xs: '1.4rem', sm: '1.6rem' } }}>
              {t(`unpaid.${reason}`)}
            </Typography>
            <Typography>{t('unpaid.noMoney')}</Typography>
          </Box>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, mt: 3, flexWrap: 'wrap' }}>
          {slug && (
            // The storefront refills the form from the draft it saved before paying.
            <Button component={LocaleRouterLink} to={routePath('storefront', { tipjarslug: slug })} variant="contained">
              {t('unpaid.tryAgain')}
            </Button>
          )}
          <Button component={LocaleRouterLink} to={routePath('home')} color="inherit">
            {t('home')}
          </Button>
        </Box>
      </Paper>
    </Page>
  );
}

/** The first payment of a new monthly tip, paid: its amount, the first debit's date (the API's), manage. */
function MonthlyCompleted({ tip }: { tip: RecurringTip }) {
  const { t } = useTranslation(['thankyou', 'yearlytips']);
  const format = useFormat();
  const tipjar = useThankedTipjar(tip.tipjar.slug).data;
  const first = tip.charges.at(-1);
  const yearly = tip.interval === 'year';
  useEffect(() => clearTipDraft(tip.tipjar.slug), [tip.tipjar.slug]);
  const money = format.money(tip.amount);
  return (
    <ThanksCard
      kind="monthly"
      tipjar={tipjar}
      name={tip.tipjar.name}
      slug={tip.tipjar.slug}
      heading={t(yearly ? 'yearlytips:thankyou.heading' : 'thankyou:monthly.heading', {
        amount: money,
        name: tip.tipjar.name,
      })}
      feed={<SupporterFeedCard recurringTipId={tip.id} token={null} tipjar={tip.tipjar} />}
      next={
        <>
          <Typography>
            {t(yearly ? 'yearlytips:thankyou.firstPaid' : 'thankyou:monthly.firstPaid', {
              amount: format.money(first?.amount ?? tip.amount),
            })}
          </Typography>
          {tip.nextChargeAt && tip.chargeDay !== null && (
            <Typography sx={{ mt: 1 }} data-testid="first-debit">
              {t(yearly ? 'yearlytips:thankyou.firstDebit' : 'thankyou:monthly.firstDebit', {
                date: format.day(tip.nextChargeAt),
                amount: format.money(tip.nextAmount ?? tip.amount),
                day: tip.chargeDay,
              })}
            </Typography>
          )}
          <Typography sx={{ mt: 1, mb: 1.5 }}>{t('thankyou:monthly.manageAnyTime')}</Typography>
          <Button
            component={LocaleRouterLink}
            to={routePath('accountRecurringtips', { recurringtipid: tip.id })}
            variant="contained"
          >
            {t('monthly.manage')}
          </Button>
        </>
      }
    />
  );
}

/**
 * Back from a new monthly tip's first payment (?recurringtip=): read as the signed-in tipper, asked
 * again while the provider's answer is on its way; paid → thanks, not paid → set it up from its page.
 */
function MonthlyThankYou({ id }: { id: string }) {
  const { t } = useTranslation('thankyou');
  const tip = useMyRecurringTip(id, null);
  const [startedAt] = useState(() => Date.now());
  if (tip.isError) {
    return (
      <Page title={t('title')}>
        <Alert severity="info" data-testid="tip-outcome" data-status="unknown">
          {t('monthly.unknown')}{' '}
          <LocaleRouterLink to={routePath('accountRecurringtips', { recurringtipid: id })}>
            {t('monthly.manage')}
          </LocaleRouterLink>
        </Alert>
      </Page>
    );
  }
  const data = tip.data;
  if (!data || isSettling(data)) return <Waiting slow={tip.dataUpdatedAt - startedAt > 60_000} />;
  if (data.mandate.status === 'valid') return <MonthlyCompleted tip={data} />;
  return (
    <Page title={t('unpaid.title')}>
      <Paper sx={{ p: 3 }} data-testid="tip-outcome" data-status="failed" data-kind="monthly">
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <ErrorOutlineIcon color="warning" sx={{ fontSize: 40 }} aria-hidden="true" />
          <Box>
            <Typography variant="h2" gutterBottom sx={{ fontSize: { xs: '1.4rem', sm: '1.6rem' } }}>
              {t('monthly.notPaid')}
            </Typography>
            <Typography>{t('monthly.notPaidText')}</Typography>
          </Box>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, mt: 3, flexWrap: 'wrap' }}>
          <Button
            component={LocaleRouterLink}
            to={routePath('accountRecurringtips', { recurringtipid: data.id })}
            variant="contained"
          >
            {t('monthly.setUp')}
          </Button>
        </Box>
      </Paper>
    </Page>
  );
}

/**
 * The thank-you page's content for the tip `tipId` (or the new monthly tip `recurringTipId`) of the
 * tip jar `slug`. Asks for the outcome until it is final (the provider's notification may come after
 * the browser), then thanks or offers to try again.
 */
export function ThankYou({
  tipId,
  recurringTipId = null,
  slug,
}: {
  tipId: string | null;
  recurringTipId?: string | null;
  slug: string | null;
}) {
  const { t } = useTranslation('thankyou');
  const outcome = useTipOutcome(recurringTipId ? null : tipId);
  const [startedAt] = useState(() => Date.now());

  if (recurringTipId) return <MonthlyThankYou id={recurringTipId} />;
  if (!tipId) return <GenericThanks />;
  if (outcome.isError) {
    return (
      <Page title={t('title')}>
        <Alert severity="warning">{t('unknown')}</Alert>
      </Page>
    );
  }
  const data = outcome.data;
  // After about a minute of asking, say that it takes longer (the receipt follows by e-mail).
  if (!data?.final) return <Waiting slow={outcome.dataUpdatedAt - startedAt > 60_000} />;
  if (data.status === 'completed') return <Completed slug={slug} amount={data.amount} />;
  if (UNPAID_TIP_STATUSES.includes(data.status)) return <Unpaid status={data.status} slug={slug} />;
  // Refunded or charged back: final, but not a payment to thank for.
  return (
    <Page title={t('title')}>
      <Alert severity="info" data-testid="tip-outcome" data-status={data.status}>
        {t('reversed')}
      </Alert>
    </Page>
  );
}
