import '@/features/webhooks/i18n';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Button,
  FormControlLabel,
  LinearProgress,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import type { CreateWebhookData, Webhook } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notifyError, notifySuccess } from '@/lib/notifications';
import { useCreateWebhook, useDeleteWebhook, useUpdateWebhook, useWebhooks } from '../api/webhooks';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookForm } from './webhook-form';

/**
 * A tip jar's webhook endpoints (decision 095): the list with each one's events, switch, delivery log,
 * secret roll and delete (confirmed); a new one; a secret shown once, right after it was made.
 */
export function WebhooksEditor({ tipjarId }: { tipjarId: string }) {
  const { t } = useTranslation(['webhooks', 'common']);
  const webhooks = useWebhooks(tipjarId);
  const create = useCreateWebhook(tipjarId);
  const update = useUpdateWebhook(tipjarId);
  const remove = useDeleteWebhook(tipjarId);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [toDelete, setToDelete] = useState<Webhook | null>(null);
  const [toRoll, setToRoll] = useState<Webhook | null>(null);

  const onCreate = async (data: CreateWebhookData) => {
    const made = await create.mutateAsync(data);
    if (made.secret) setSecret({ url: made.url, secret: made.secret });
    notifySuccess(t('created'));
  };
  const onToggle = async (webhook: Webhook) => {
    try {
      await update.mutateAsync({ webhookId: webhook.id, data: { enabled: !webhook.enabled } });
    } catch {
      notifyError(t('failed'));
    }
  };
  const onRoll = async () => {
    if (!toRoll) return;
    try {
      const rolled = await update.mutateAsync({ webhookId: toRoll.id, data: { rollSecret: true } });
      if (rolled.secret) setSecret({ url: rolled.url, secret: rolled.secret });
    } catch {
      notifyError(t('failed'));
    }
    setToRoll(null);
  };
  const onDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      notifySuccess(t('deleted'));
    } catch {
      notifyError(t('failed'));
    }
    setToDelete(null);
  };

  const list = webhooks.data?.data ?? [];
  const max = webhooks.data?.max ?? 5;
  return (
    <Stack spacing={3}>
      <Typography variant="body2">{t('intro')}</Typography>
      {secret && (
        <Alert severity="warning" onClose={() => setSecret(null)}>
          <Typography variant="body2" gutterBottom>
            {t('secret.once', { url: secret.url })}
          </Typography>
          <TextField
            label={t('secret.label')}
            value={secret.secret}
            fullWidth
            size="small"
            slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
            onFocus={(e) => e.target.select()}
          />
        </Alert>
      )}
      {webhooks.isPending && <LinearProgress aria-label={t('common:loading')} />}
      {webhooks.isError && <Alert severity="error">{t('loadError')}</Alert>}
      {webhooks.isSuccess && list.length === 0 && <Typography>{t('empty')}</Typography>}
      {list.map((webhook) => (
        <Accordion key={webhook.id} disableGutters slotProps={{ heading: { component: 'h2' } }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`webhook-${webhook.id}`}>
            <Stack sx={{ minWidth: 0 }}>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{webhook.url}</Typography>
              <Typography variant="body2" color="text.secondary">
                {webhook.enabled ? webhook.events.join(', ') : t('disabled')}
                {webhook.description ? ` · ${webhook.description}` : ''}
              </Typography>
            </Stack>
          </AccordionSummary>
          <AccordionDetails id={`webhook-${webhook.id}`}>
            <Stack spacing={2}>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
                <FormControlLabel
                  control={<Switch checked={webhook.enabled} onChange={() => onToggle(webhook)} />}
                  label={t('enabled')}
                />
                <Typography variant="body2">{t('secret.hint', { hint: webhook.secretHint })}</Typography>
                <Button size="small" onClick={() => setToRoll(webhook)}>
                  {t('secret.roll')}
                </Button>
                <Button size="small" color="error" onClick={() => setToDelete(webhook)}>
                  {t('delete')}
                </Button>
              </Stack>
              <Typography variant="h4" component="h3">
                {t('deliveries.title')}
              </Typography>
              <WebhookDeliveries tipjarId={tipjarId} webhookId={webhook.id} />
            </Stack>
          </AccordionDetails>
        </Accordion>
      ))}
      <Paper sx={{ p: 2 }}>
        {webhooks.isSuccess && list.length >= max ? (
          <Typography>{t('full', { max })}</Typography>
        ) : (
          <WebhookForm onCreate={onCreate} busy={create.isPending} />
        )}
      </Paper>
      <ConfirmDialog
        open={toDelete !== null}
        title={t('confirmDelete.title')}
        text={t('confirmDelete.text', { url: toDelete?.url ?? '' })}
        confirmLabel={t('delete')}
        onConfirm={onDelete}
        onClose={() => setToDelete(null)}
        loading={remove.isPending}
      />
      <ConfirmDialog
        open={toRoll !== null}
        title={t('confirmRoll.title')}
        text={t('confirmRoll.text')}
        confirmLabel={t('secret.roll')}
        onConfirm={onRoll}
        onClose={() => setToRoll(null)}
        loading={update.isPending}
      />
    </Stack>
  );
}
