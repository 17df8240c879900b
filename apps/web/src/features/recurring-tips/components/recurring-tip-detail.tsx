import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Grid,
  InputAdornment,
  LinearProgress,
  Paper,
  TextField,
  Typography,
} from '@mui/material';
import {
  CHARGE_RETRY_DAYS,
  formatCents,
  formatEuroAmount,
  MAX_CHARGE_ATTEMPTS,
  MAX_TIP_CENTS,
  MIN_TIP_CENTS,
  type PaymentChoice,
  parseEuroToCents,
  type RecurringTip,
  TipAmountSchema,
} from '@podpot/domain';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FactList } from '@/components/fact-list';
import { LinkAlert } from '@/components/link-alert';
import { Page } from '@/components/page';
import { routePath } from '@/config/paths';
import { useMyRecurringTip } from '@/features/recurring-tips/api/get-my-recurring-tips';
import { useRetryMandate, useUpdateRecurringTip } from '@/features/recurring-tips/api/update-recurring-tip';
import {
  ChargesTable,
  MandateStatusChip,
  RecurringTipStatusChip,
  useFailureReason,
} from '@/features/recurring-tips/components/recurring-tips-table';
import { isApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-errors';
import type { CheckoutComponent } from '@/lib/checkout-slot';
import { formatDate, formatDay, paymentMethodName } from '@/lib/format';
import { notifySuccess } from '@/lib/notifications';
import type { SupporterFeedComponent } from '@/lib/supporter-feed-slot';
import { clearTipDraft, readTipDraft } from '@/lib/tip-draft';
import { useLocale } from '@/lib/use-locale';
import { useDetailText, usePeriodText } from './per-period';

/**
 * `checkout`: the checkout block, for setting up the payment again (lib/checkout-slot.ts);
 * `supporterFeed`: the private supporter feed's card (lib/supporter-feed-slot.ts), when the page has it.
 */
type Props = { id: string; token: string | null; checkout: CheckoutComponent; supporterFeed?: SupporterFeedComponent };

/**
 * One own monthly tip (signed in, or through the manage link's token): where it stands, its payments,
 * and the self-service — change the amount (from next month), pause, resume, cancel (final), and set
 * the payment up again when the mandate is not valid. Also where the provider sends the tipper back
 * after a mandate retry (a new monthly tip's first payment returns to the thank-you page): it polls
 * until the provider's notification has settled the mandate.
 */
export function RecurringTipDetail({ id, token, checkout, supporterFeed }: Props) {
  const { t } = useTranslation(['recurringtips', 'common']);
  const query = useMyRecurringTip(id, token);
  const tip = query.data;

  if (query.isPending) {
    return (
      <Page title={t('account.title')}>
        <LinearProgress aria-label={t('common:loading')} />
      </Page>
    );
  }
  if (!tip) {
    const missing = isApiError(query.error) && [401, 403, 404].includes(query.error.status);
    return (
      <Page title={t('account.title')}>
        <Alert severity="error" data-testid="recurringtip-error">
          {t(missing ? 'detail.notFound' : 'detail.loadError')}
        </Alert>
        {!token && (
          <Box sx={{ mt: 2 }}>
            <AppLink color="inherit" to={routePath('accountRecurringtips')}>
              {t('account.back')}
            </AppLink>
          </Box>
        )}
      </Page>
    );
  }
  return <Loaded tip={tip} token={token} checkout={checkout} supporterFeed={supporterFeed} />;
}

function Loaded({ tip, token, checkout, supporterFeed: SupporterFeed }: { tip: RecurringTip } & Omit<Props, 'id'>) {
  const { t } = useTranslation(['recurringtips', 'yearlytips', 'common']);
  const d = useDetailText(tip);
  const period = usePeriodText();
  const locale = useLocale();
  const reasonText = useFailureReason();
  const cancelled = tip.status === 'cancelled';
  const needsMandate = !cancelled && (tip.mandate.status === 'invalid' || tip.mandate.status === 'revoked');

  // Back from the provider with the payment confirmed: the storefront's saved form is done with.
  const wasPending = useRef(tip.mandate.status === 'pending');
  const [justStarted, setJustStarted] = useState(false);
  useEffect(() => {
    if (tip.mandate.status === 'pending') wasPending.current = true;
    if (tip.mandate.status !== 'valid') return;
    if (wasPending.current) setJustStarted(true);
    wasPending.current = false;
    if (readTipDraft(tip.tipjar.slug)?.frequency === 'monthly') clearTipDraft(tip.tipjar.slug);
  }, [tip.mandate.status, tip.tipjar.slug]);

  const facts: [string, ReactNode][] = [
    [
      t('columns.status'),
      <Box key="status" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <RecurringTipStatusChip status={tip.status} />
        <MandateStatusChip status={tip.mandate.status} />
      </Box>,
    ],
    [
      tip.interval === 'year' ? t('yearlytips:interval.year') : t('columns.amount'),
      <span key="amount">
        {period.amount(tip, formatCents(tip.amount, locale))}
        {/* A pending change means nothing once the monthly tip is cancelled: no month is charged any more. */}
        {tip.nextAmount !== null && !cancelled && (
          <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
            {period.next(tip, formatCents(tip.nextAmount, locale))}
          </Typography>
        )}
      </span>,
    ],
    [t('dialog.chargeDay'), period.chargeDay(tip, locale)],
    [
      t('detail.nextCharge'),
      tip.nextChargeAt && tip.status === 'active' ? formatDate(tip.nextChargeAt, locale) : t('detail.noNextCharge'),
    ],
    [t('columns.mandate'), paymentMethodName(tip.mandate.paymentMethod)],
  ];

  return (
    <Page title={d('title', { name: tip.tipjar.name })}>
      {token ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {d('tokenNotice')}
        </Alert>
      ) : (
        <Box sx={{ mb: 2 }}>
          <AppLink color="inherit" to={routePath('accountRecurringtips')}>
            {t('account.back')}
          </AppLink>
        </Box>
      )}

      <Box role="status" aria-live="polite" sx={{ mb: 2, display: 'grid', gap: 1 }} data-testid="recurringtip-outcome">
        {!cancelled && tip.mandate.status === 'pending' && (
          <Alert severity="info" icon={<CircularProgress size={20} aria-hidden="true" />}>
            {t('detail.waiting')}
          </Alert>
        )}
        {!cancelled && tip.mandate.status === 'held' && <Alert severity="warning">{t('detail.held')}</Alert>}
        {justStarted && tip.status === 'active' && <Alert severity="success">{d('started')}</Alert>}
        {cancelled && <Alert severity="info">{d('cancelled')}</Alert>}
        {tip.status === 'paused' && <Alert severity="warning">{t('detail.paused')}</Alert>}
        {!cancelled && tip.lastFailureReason && (
          <Alert severity={needsMandate ? 'error' : 'warning'}>
            {t('detail.failed', { reason: reasonText(tip.lastFailureReason) })}
            {!needsMandate && tip.failedAttempts > 0 && (
              <>
                {' '}
                {d('failedAttempts', {
                  count: tip.failedAttempts,
                  days: CHARGE_RETRY_DAYS,
                  max: MAX_CHARGE_ATTEMPTS,
                })}
              </>
            )}
          </Alert>
        )}
      </Box>

      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Paper component="section" aria-labelledby="recurringtip-summary" sx={{ p: 3, height: '100%' }}>
            <Typography id="recurringtip-summary" variant="h2" sx={{ fontSize: '1.3rem', mb: 2 }}>
              {tip.tipjar.name}
            </Typography>
            <FactList facts={facts} />
          </Paper>
        </Grid>
        {!cancelled && (
          <Grid size={{ xs: 12, md: 6 }}>
            <Paper component="section" aria-labelledby="recurringtip-manage" sx={{ p: 3, height: '100%' }}>
              <Typography id="recurringtip-manage" variant="h2" sx={{ fontSize: '1.3rem', mb: 1 }}>
                {t('detail.manageTitle')}
              </Typography>
              <ManageActions tip={tip} token={token} />
            </Paper>
          </Grid>
        )}
        {needsMandate && (
          <Grid size={12}>
            <RetryMandate tip={tip} token={token} checkout={checkout} />
          </Grid>
        )}
        {SupporterFeed && (
          <Grid size={12}>
            <SupporterFeed recurringTipId={tip.id} token={token} tipjar={tip.tipjar} />
          </Grid>
        )}
        <Grid size={12}>
          <Paper component="section" aria-labelledby="recurringtip-history" sx={{ p: 3 }}>
            <Typography id="recurringtip-history" variant="h2" sx={{ fontSize: '1.3rem', mb: 1 }}>
              {t('history.title')}
            </Typography>
            <ChargesTable charges={tip.charges} interval={tip.interval} />
          </Paper>
        </Grid>
      </Grid>
    </Page>
  );
}

/** Change the amount (from next month on), pause/resume, cancel with a confirm (cancelled is final). */
function ManageActions({ tip, token }: { tip: RecurringTip; token: string | null }) {
  const { t } = useTranslation(['recurringtips', 'validation', 'errors', 'common']);
  const d = useDetailText(tip);
  const period = usePeriodText();
  const locale = useLocale();
  const update = useUpdateRecurringTip(tip.id, token);
  const [amountText, setAmountText] = useState(formatEuroAmount(tip.nextAmount ?? tip.amount, locale));
  const [amountError, setAmountError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // A manage link may lower, pause, resume and cancel, but raising needs the tipper to log in (403).
  const [loginNeeded, setLoginNeeded] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const run = async (data: { amount?: number; status?: RecurringTip['status'] }, done: string) => {
    setFailure(null);
    setLoginNeeded(false);
    try {
      await update.mutateAsync(data);
      notifySuccess(done);
      return true;
    } catch (error) {
      if (isApiError(error) && error.code === 'LOGIN_REQUIRED') setLoginNeeded(true);
      else
        setFailure(
          isApiError(error) && (error.code || error.status === 0) ? apiErrorText(error) : t('detail.updateError'),
        );
      return false;
    }
  };

  const rangeText = t('validation:amountRange', {
    min: formatCents(MIN_TIP_CENTS, locale),
    max: formatCents(MAX_TIP_CENTS, locale),
  });
  const onAmount = async (event: FormEvent) => {
    event.preventDefault();
    const cents = parseEuroToCents(amountText);
    if (cents === null || !TipAmountSchema.safeParse(cents).success) {
      setAmountError(rangeText);
      return;
    }
    setAmountError(null);
    await run({ amount: cents }, d('amountDone'));
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {failure && <Alert severity="error">{failure}</Alert>}
      {loginNeeded && (
        // The signed-in page of this monthly tip: its route sends a visitor to log in first, then back.
        <LinkAlert
          severity="warning"
          data-testid="recurringtip-login-needed"
          to={routePath('accountRecurringtips', { recurringtipid: tip.id })}
          linkText={t('detail.loginToRaise')}
        >
          {d('raiseNeedsLogin')}
        </LinkAlert>
      )}
      <Box component="form" noValidate onSubmit={onAmount} aria-labelledby="recurringtip-amount-title">
        <Typography id="recurringtip-amount-title" variant="subtitle1" component="h3">
          {t('detail.amountTitle')}
        </Typography>
        {/* What a change does, said before it is typed (the API's rules: PUT user/me/recurringtips/{id}). */}
        <Typography id="recurringtip-amount-rules" variant="body2" sx={{ mb: 1 }} data-testid="amount-rules">
          {tip.nextChargeAt && tip.status === 'active'
            ? t('detail.amountWhen', { date: formatDay(tip.nextChargeAt, locale) })
            : t('detail.amountWhenNoDate')}
          {token && <> {d('amountByLink', { amount: formatCents(tip.amount, locale) })}</>}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            id="recurringtip-amount"
            label={period.amountLabel(tip)}
            value={amountText}
            onChange={(event) => {
              setAmountText(event.target.value);
              if (amountError) setAmountError(null);
            }}
            error={Boolean(amountError)}
            helperText={
              amountError ??
              period.amountHelp(tip, {
                min: formatCents(MIN_TIP_CENTS, locale),
                max: formatCents(MAX_TIP_CENTS, locale),
              })
            }
            autoComplete="off"
            sx={{ flex: '1 1 200px' }}
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">€</InputAdornment> },
              htmlInput: { inputMode: 'decimal' },
            }}
          />
          <Button type="submit" variant="outlined" color="inherit" disabled={update.isPending} sx={{ mt: 2 }}>
            {t('detail.amountSubmit')}
          </Button>
        </Box>
      </Box>
      {update.isPending && <LinearProgress aria-label={t('common:loading')} />}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {tip.status === 'active' ? (
          <Button
            variant="outlined"
            color="inherit"
            disabled={update.isPending}
            onClick={() => void run({ status: 'paused' }, d('pausedDone'))}
          >
            {t('detail.pause')}
          </Button>
        ) : (
          <Button
            variant="contained"
            disabled={update.isPending}
            onClick={() => void run({ status: 'active' }, d('resumedDone'))}
          >
            {t('detail.resume')}
          </Button>
        )}
        <Button color="error" disabled={update.isPending} onClick={() => setConfirming(true)}>
          {d('cancel')}
        </Button>
      </Box>
      <ConfirmDialog
        open={confirming}
        title={d('confirmTitle', { name: tip.tipjar.name })}
        text={d('confirmText', { name: tip.tipjar.name })}
        confirmLabel={d('confirmButton')}
        cancelLabel={t('detail.confirmKeep')}
        loading={update.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await run({ status: 'cancelled' }, d('cancelledDone'));
          setConfirming(false);
        }}
      />
    </Box>
  );
}

/** The mandate is not valid: a new first payment (checkout block → mandate/retry → the provider). */
function RetryMandate({ tip, token, checkout: CheckoutBlock }: { tip: RecurringTip } & Omit<Props, 'id'>) {
  const { t } = useTranslation(['recurringtips', 'errors']);
  const d = useDetailText(tip);
  const retry = useRetryMandate(tip.id, token);
  const [choice, setChoice] = useState<PaymentChoice>({ paymentmethod: '', paymentissuer: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const amount = tip.nextAmount ?? tip.amount;

  const onSubmit = async () => {
    setFailure(null);
    try {
      const answer = await retry.mutateAsync(choice);
      const redirectUrl = answer.mandate.oppTransaction?.redirectUrl;
      if (redirectUrl) {
        setLeaving(true);
        window.location.assign(redirectUrl);
      }
    } catch (error) {
      setFailure(apiErrorText(error));
    }
  };

  return (
    <Box component="section" aria-labelledby="recurringtip-retry" sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Typography id="recurringtip-retry" variant="h2" sx={{ fontSize: '1.3rem', mb: 1 }}>
          {t('detail.retryTitle')}
        </Typography>
        <Typography>{d('retryText')}</Typography>
      </Box>
      <CheckoutBlock
        title={t('detail.retryCheckout')}
        amountCents={amount}
        value={choice}
        onChange={setChoice}
        onSubmit={() => void onSubmit()}
        loading={retry.isPending || leaving}
        error={failure}
      />
    </Box>
  );
}
