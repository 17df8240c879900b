import { Alert, Box, Button, Chip, Paper, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { connectMerchant, disconnectMerchant, merchantQuery, useMerchant } from '@/features/merchants/api/merchant';
import { isApiError } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notifications';

/**
 * The tip jar's payment-provider merchant, for platform admins: its state, linking an existing
 * merchant of our partner account, and unlinking it (the provider keeps the merchant).
 */
export function MerchantSection({ tipjarId }: { tipjarId: string }) {
  const { t } = useTranslation(['admin-tipjars', 'common']);
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
          <Chip size="small" label={merchant.data.type} />
          <Chip size="small" label={`${merchant.data.complianceStatus} / ${merchant.data.merchantStatus}`} />
          <Button color="error" onClick={() => setConfirming(true)}>
            {t('merchant.disconnect')}
          </Button>
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
