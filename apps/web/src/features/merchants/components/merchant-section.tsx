import { Alert, Box, Button, Chip, Paper, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import {
  connectMerchant,
  disconnectMerchant,
  merchantQuery,
  migrateMerchant,
  useMerchant,
} from '@/features/merchants/api/merchant';
import { isApiError } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notifications';

/**
 * The tip jar's payment-provider merchant, for platform admins: its state, linking an existing
 * merchant of our partner account, migrating a consumer merchant to a business one (its CoC number),
 * and unlinking it (the provider keeps the merchant).
 */
export function MerchantSection({ tipjarId }: { tipjarId: string }) {
  const { t } = useTranslation(['admin-tipjars', 'common', 'tipjar']);
  const queryClient = useQueryClient();
  const merchant = useMerchant(tipjarId);
  const [merchantUid, setMerchantUid] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: merchantQuery(tipjarId).queryKey });
    void queryClient.invalidateQueries({ queryKey: ['tipjars'] });
  };
  const connect = useMutation({
    mutationFn: () => connectMerchant(tipjarId, merchantUid.trim()),
    onSuccess: () => {
      setError(null);
      setMerchantUid('');
      notifySuccess(t('merchant.connected'));
      refresh();
    },
    onError: (e) => setError(isApiError(e) && e.status === 404 ? t('merchant.unknown') : t('merchant.connectError')),
  });
  const [cocNumber, setCocNumber] = useState('');
  const [migrateError, setMigrateError] = useState<string | null>(null);
  const migrate = useMutation({
    mutationFn: () => migrateMerchant(tipjarId, cocNumber.trim()),
    onSuccess: () => {
      setMigrateError(null);
      setCocNumber('');
      notifySuccess(t('merchant.migrated'));
      refresh();
    },
    onError: (e) =>
      setMigrateError(isApiError(e) && e.status === 400 ? t('merchant.cocInvalid') : t('merchant.migrateError')),
  });
  const statusLabel = (group: 'merchantStatus' | 'complianceStatus', status: string) =>
    t(`tipjar:registration.statuses.${group}.${status}`, { defaultValue: status });
  const disconnect = useMutation({
    mutationFn: () => disconnectMerchant(tipjarId),
    onSuccess: () => {
      notifySuccess(t('merchant.disconnected'));
      refresh();
    },
  });

  return (
    <Paper sx={{ p: 3, mb: 3, maxWidth: 760 }} component="section" aria-labelledby="merchant-title">
      <Typography id="merchant-title" variant="h3" component="h2" gutterBottom>
        {t('merchant.title')}
      </Typography>
      {merchant.isPending ? null : merchant.data ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography sx={{ fontFamily: 'monospace' }}>{merchant.data.merchantUid}</Typography>
          <Chip size="small" label={t(`merchant.types.${merchant.data.type}`, { defaultValue: merchant.data.type })} />
          <Chip
            size="small"
            label={`${statusLabel('complianceStatus', merchant.data.complianceStatus)} / ${statusLabel('merchantStatus', merchant.data.merchantStatus)}`}
          />
          <Button color="error" onClick={() => setConfirming(true)}>
            {t('merchant.disconnect')}
          </Button>
          {merchant.data.type === 'consumer' && (
            <Box
              component="form"
              noValidate
              aria-label={t('merchant.migrate')}
              onSubmit={(event) => {
                event.preventDefault();
                migrate.mutate();
              }}
              sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', width: '100%', mt: 2 }}
            >
              <Typography sx={{ width: '100%' }}>{t('merchant.migrateText')}</Typography>
              <TextField
                size="small"
                label={t('merchant.cocNumber')}
                value={cocNumber}
                onChange={(event) => setCocNumber(event.target.value)}
                sx={{ maxWidth: 240, mt: 0 }}
                error={Boolean(migrateError)}
                helperText={migrateError ?? undefined}
              />
              <Button type="submit" variant="outlined" disabled={!cocNumber.trim() || migrate.isPending}>
                {t('merchant.migrate')}
              </Button>
            </Box>
          )}
        </Box>
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            connect.mutate();
          }}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
        >
          <Typography sx={{ width: '100%' }}>{t('fields.noMerchant')}</Typography>
          <TextField
            size="small"
            label={t('merchant.uid')}
            placeholder="mer_…"
            value={merchantUid}
            onChange={(event) => setMerchantUid(event.target.value)}
            sx={{ maxWidth: 320, mt: 0 }}
            error={Boolean(error)}
            helperText={error ?? undefined}
          />
          <Button type="submit" variant="outlined" disabled={!merchantUid.trim() || connect.isPending}>
            {t('merchant.connect')}
          </Button>
        </Box>
      )}
      {merchant.isError && <Alert severity="error">{t('merchant.loadError')}</Alert>}
      <ConfirmDialog
        open={confirming}
        title={t('common:confirm.title')}
        text={t('merchant.disconnectText')}
        confirmLabel={t('merchant.disconnect')}
        loading={disconnect.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          try {
            await disconnect.mutateAsync();
          } finally {
            setConfirming(false);
          }
        }}
      />
    </Paper>
  );
}
