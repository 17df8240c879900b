import '@/features/webhooks/i18n';
import {
  Button,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  type CreateWebhookData,
  type FieldError,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX,
  type WebhookEvent,
} from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { validationMessage } from '@/lib/form';

/** A new endpoint: its address, a note, and the events it receives (decision 095). */
export function WebhookForm({
  onCreate,
  busy,
}: {
  onCreate: (data: CreateWebhookData) => Promise<void>;
  busy: boolean;
}) {
  const { t } = useTranslation(['webhooks', 'common']);
  const { t: tv } = useTranslation('validation');
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['tip.completed']);
  const [fields, setFields] = useState<Record<string, FieldError>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const message = (field: string) => {
    const error = fields[`data.${field}`];
    return error ? validationMessage(tv, error) : undefined;
  };
  const toggle = (event: WebhookEvent) =>
    setEvents((chosen) => (chosen.includes(event) ? chosen.filter((e) => e !== event) : [...chosen, event]));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFields({});
    setFailure(null);
    try {
      await onCreate({ url: url.trim(), events, ...(description.trim() ? { description: description.trim() } : {}) });
      setUrl('');
      setDescription('');
    } catch (error) {
      if (isApiError(error) && error.fields) setFields(error.fields);
      else setFailure(t('webhooks:failed'));
    }
  };

  const eventsError = message('events');
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-labelledby="webhook-new-title">
      <Typography id="webhook-new-title" variant="h3" component="h2">
        {t('webhooks:new.title')}
      </Typography>
      <TextField
        label={t('webhooks:new.url')}
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        required
        type="url"
        inputMode="url"
        error={Boolean(message('url'))}
        helperText={message('url') ?? t('webhooks:new.urlHelp')}
        slotProps={{ htmlInput: { maxLength: WEBHOOK_URL_MAX } }}
      />
      <TextField
        label={t('webhooks:new.description')}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={Boolean(message('description'))}
        helperText={message('description')}
        slotProps={{ htmlInput: { maxLength: WEBHOOK_DESCRIPTION_MAX } }}
      />
      <fieldset
        style={{ border: 0, margin: 0, padding: 0 }}
        aria-describedby={eventsError ? 'webhook-events-error' : undefined}
      >
        <Typography component="legend" variant="subtitle2">
          {t('webhooks:new.events')}
        </Typography>
        <FormGroup>
          {WEBHOOK_EVENTS.map((event) => (
            <FormControlLabel
              key={event}
              control={<Checkbox checked={events.includes(event)} onChange={() => toggle(event)} />}
              label={
                <span>
                  <code>{event}</code> —{' '}
                  {t(`webhooks:events.${event.replace('.', '_')}` as 'webhooks:events.tip_completed')}
                </span>
              }
            />
          ))}
        </FormGroup>
        {eventsError && (
          <FormHelperText id="webhook-events-error" error>
            {eventsError}
          </FormHelperText>
        )}
      </fieldset>
      {failure && <FormHelperText error>{failure}</FormHelperText>}
      <div>
        <Button type="submit" variant="contained" disabled={busy}>
          {t('webhooks:new.submit')}
        </Button>
      </div>
    </Stack>
  );
}
