import '@/features/api-tokens/i18n';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Paper,
  TextField,
  Typography,
} from '@mui/material';
import {
  API_TOKEN_EXPIRY_DAYS,
  API_TOKEN_SCOPES,
  type ApiToken,
  type ApiTokenScope,
  CreateApiTokenBodySchema,
  type CreatedApiToken,
} from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '@/features/api-tokens/api/api-tokens';
import { CreatedToken } from '@/features/api-tokens/components/created-token';
import { errorText, type Say } from '@/lib/api-error-text';
import { applyServerFieldErrors, useDomainForm } from '@/lib/form';
import { useFormat } from '@/lib/format';
import { notifySuccess } from '@/lib/notifications';

const NameSchema = CreateApiTokenBodySchema.pick({ name: true });

/** A scope's catalog key (a `:` in a key would name a namespace to i18next). */
const SCOPE_KEY = {
  'tips:read': 'tipsRead',
  'supporters:read': 'supportersRead',
  'tipjar:manage': 'tipjarManage',
} as const satisfies Record<ApiTokenScope, string>;

/**
 * A tip jar's personal API tokens (decision 096), for an integration (Zapier, Make, a Discord bot)
 * without the password: the list (name, scopes, first characters, made, last used; revoke behind a
 * confirmation), the form to make one, and the new token shown once with a copy button.
 */
export function ApiTokensSection({ tipjarId }: { tipjarId: string }) {
  const { t } = useTranslation(['apitokens', 'common', 'errors', 'validation']);
  const tokens = useApiTokens(tipjarId);
  const create = useCreateApiToken(tipjarId);
  const revoke = useRevokeApiToken(tipjarId);
  const [scopes, setScopes] = useState<ApiTokenScope[]>(['tips:read']);
  const [scopesMissing, setScopesMissing] = useState(false);
  const [expiry, setExpiry] = useState<string>('never');
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [toRevoke, setToRevoke] = useState<ApiToken | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { form, field } = useDomainForm<{ name: string }>(NameSchema, { name: '' });
  // The API's reason in the page's language, else the catalogs' text (decision 083).
  const say: Say = (key, params) => String(t(key as never, params as never));

  const toggle = (scope: ApiTokenScope, on: boolean) => {
    setScopesMissing(false);
    setScopes((now) => (on ? [...now, scope] : now.filter((s) => s !== scope)));
  };

  const onCreate = form.handleSubmit(async ({ name }) => {
    setFailure(null);
    if (scopes.length === 0) return setScopesMissing(true);
    try {
      const made = await create.mutateAsync({
        name,
        scopes: API_TOKEN_SCOPES.filter((s) => scopes.includes(s)),
        ...(expiry === 'never' ? {} : { expiresInDays: Number(expiry) }),
      });
      setCreated(made);
      form.reset({ name: '' });
    } catch (error) {
      if (!applyServerFieldErrors(form, error, '')) setFailure(errorText(error, say));
    }
  });

  const onRevoke = async () => {
    if (!toRevoke) return;
    setFailure(null);
    try {
      await revoke.mutateAsync(toRevoke.id);
      notifySuccess(t('revoked', { name: toRevoke.name }));
    } catch (error) {
      setFailure(errorText(error, say));
    } finally {
      setToRevoke(null);
    }
  };

  return (
    <Paper sx={{ p: 3 }} component="section" aria-labelledby="api-tokens-title">
      <Typography id="api-tokens-title" variant="h3" component="h2" gutterBottom>
        {t('title')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('intro')}
      </Typography>
      <TokenList
        tokens={tokens.data?.data}
        loading={tokens.isPending}
        failed={tokens.isError}
        onRetry={() => void tokens.refetch()}
        onRevoke={setToRevoke}
      />
      {created && <CreatedToken created={created} onDone={() => setCreated(null)} />}
      {failure && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      )}
      <Box
        component="form"
        noValidate
        onSubmit={onCreate}
        aria-labelledby="api-tokens-new"
        sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'stretch', maxWidth: 480 }}
      >
        <Typography id="api-tokens-new" variant="subtitle1" component="h3">
          {t('new.title')}
        </Typography>
        <TextField
          label={t('new.name')}
          placeholder={t('new.nameHelp')}
          {...field('name')}
          // The settings form above has a `name` field of its own: ids must differ on one page.
          id="api-token-name"
        />
        <FormControl component="fieldset" error={scopesMissing}>
          <FormLabel component="legend">{t('new.scopes')}</FormLabel>
          <FormGroup>
            {API_TOKEN_SCOPES.map((scope) => (
              <FormControlLabel
                key={scope}
                control={
                  <Checkbox checked={scopes.includes(scope)} onChange={(e) => toggle(scope, e.target.checked)} />
                }
                label={
                  <span>
                    {t(`scopes.${SCOPE_KEY[scope]}`)}
                    <Box component="span" sx={{ display: 'block', typography: 'body2', color: 'text.secondary' }}>
                      {t(`scopeHelp.${SCOPE_KEY[scope]}`)}
                    </Box>
                  </span>
                }
              />
            ))}
          </FormGroup>
          {scopesMissing && <FormHelperText>{t('new.scopesMissing')}</FormHelperText>}
        </FormControl>
        <TextField select label={t('new.expiry')} value={expiry} onChange={(e) => setExpiry(e.target.value)}>
          <MenuItem value="never">{t('new.never')}</MenuItem>
          {API_TOKEN_EXPIRY_DAYS.map((days) => (
            <MenuItem key={days} value={String(days)}>
              {t('new.days', { count: days })}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" disabled={create.isPending} sx={{ alignSelf: 'flex-start' }}>
          {t('new.create')}
        </Button>
      </Box>
      <ConfirmDialog
        open={Boolean(toRevoke)}
        title={t('revokeTitle')}
        text={t('revokeText', { name: toRevoke?.name ?? '' })}
        confirmLabel={t('revoke')}
        loading={revoke.isPending}
        onClose={() => setToRevoke(null)}
        onConfirm={() => void onRevoke()}
      />
    </Paper>
  );
}

function TokenList({
  tokens,
  loading,
  failed,
  onRetry,
  onRevoke,
}: {
  tokens: ApiToken[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onRevoke: (token: ApiToken) => void;
}) {
  const { t } = useTranslation('apitokens');
  const format = useFormat();
  if (loading) return <CircularProgress size={24} aria-label={t('loading')} />;
  if (failed || !tokens) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('retry')}
          </Button>
        }
      >
        {t('loadFailed')}
      </Alert>
    );
  }
  if (tokens.length === 0) return <Typography color="text.secondary">{t('empty')}</Typography>;
  return (
    <List dense aria-labelledby="api-tokens-title">
      {tokens.map((token) => {
        const gone =
          token.revokedAt ?? (token.expiresAt && token.expiresAt < new Date().toISOString() ? token.expiresAt : null);
        const lines = [
          token.scopes.map((s) => t(`scopes.${SCOPE_KEY[s]}`)).join(' · '),
          t('made', { date: format.date(token.created), who: token.createdBy }),
          token.lastUsedAt ? t('lastUsed', { date: format.dateTime(token.lastUsedAt) }) : t('neverUsed'),
          token.revokedAt
            ? t('revokedAt', { date: format.date(token.revokedAt) })
            : token.expiresAt
              ? t(gone ? 'expired' : 'expires', { date: format.date(token.expiresAt) })
              : null,
        ].filter(Boolean);
        return (
          <ListItem key={token.id} sx={{ flexWrap: 'wrap', gap: 1 }}>
            <ListItemText
              primary={
                <>
                  {token.name}{' '}
                  <Box component="code" sx={{ fontSize: '0.85em' }}>
                    {token.prefix}…
                  </Box>
                </>
              }
              secondary={lines.join('\n')}
              slotProps={{ secondary: { sx: { whiteSpace: 'pre-line', overflowWrap: 'anywhere' } } }}
            />
            {!gone && (
              <Button
                color="error"
                size="small"
                onClick={() => onRevoke(token)}
                aria-label={t('revokeNamed', { name: token.name })}
              >
                {t('revoke')}
              </Button>
            )}
          </ListItem>
        );
      })}
    </List>
  );
}
