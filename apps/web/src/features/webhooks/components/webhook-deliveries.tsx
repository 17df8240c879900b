import '@/features/webhooks/i18n';
import { Alert, Button, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import type { WebhookDelivery } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notifications';
import { useResendDelivery, useSendTestEvent, useWebhookDeliveries } from '../api/webhooks';

const STATUS_COLOR = { pending: 'warning', delivered: 'success', failed: 'error' } as const;

/** An endpoint's last deliveries, each with its tries and last answer, and "send again"; "send test event". */
export function WebhookDeliveries({ tipjarId, webhookId }: { tipjarId: string; webhookId: string }) {
  const { t } = useTranslation(['webhooks', 'common']);
  const format = useFormat();
  const deliveries = useWebhookDeliveries(tipjarId, webhookId);
  const test = useSendTestEvent(tipjarId, webhookId);
  const resend = useResendDelivery(tipjarId, webhookId);

  const onTest = async () => {
    try {
      await test.mutateAsync();
      notifySuccess(t('deliveries.testQueued'));
    } catch {
      notifyError(t('failed'));
    }
  };
  const onResend = async (delivery: WebhookDelivery) => {
    try {
      await resend.mutateAsync(delivery.id);
      notifySuccess(t('deliveries.resendQueued'));
    } catch {
      notifyError(t('failed'));
    }
  };

  const rows = deliveries.data?.data ?? [];
  return (
    <Stack spacing={1}>
      <div>
        <Button variant="outlined" size="small" onClick={onTest} disabled={test.isPending}>
          {t('deliveries.test')}
        </Button>
      </div>
      {deliveries.isPending && <LinearProgress aria-label={t('common:loading')} />}
      {deliveries.isError && <Alert severity="error">{t('deliveries.loadError')}</Alert>}
      {deliveries.isSuccess && rows.length === 0 && <Typography variant="body2">{t('deliveries.empty')}</Typography>}
      {rows.length > 0 && (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('deliveries.title')}>
          {rows.map((d) => (
            <Stack
              component="li"
              key={d.id}
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ flexWrap: 'wrap', alignItems: 'center', borderTop: 1, borderColor: 'divider', pt: 1 }}
            >
              <Chip size="small" color={STATUS_COLOR[d.status]} label={t(`deliveries.status.${d.status}`)} />
              <Typography variant="body2" component="span">
                <code>{d.type}</code>
              </Typography>
              <Typography variant="body2" component="span">
                {format.dateTime(d.created)}
              </Typography>
              <Typography variant="body2" component="span">
                {t('deliveries.attempts', { count: d.attempts })}
                {d.lastStatusCode !== null ? ` · HTTP ${d.lastStatusCode}` : ''}
                {d.lastError ? ` · ${d.lastError}` : ''}
              </Typography>
              <Typography variant="caption" component="span" sx={{ overflowWrap: 'anywhere' }}>
                {t('deliveries.eventId', { id: d.eventId })}
              </Typography>
              {d.status !== 'pending' && (
                <Button size="small" onClick={() => onResend(d)} disabled={resend.isPending}>
                  {t('deliveries.resend')}
                </Button>
              )}
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
