import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { routePath } from '@/config/paths';
import { downloadMyData, useEraseAccount } from '@/features/privacy/api/privacy';
import { isApiError } from '@/lib/api-client';
import { logout } from '@/lib/auth';
import { notifySuccess } from '@/lib/notifications';
import { useLocalePath } from '@/lib/use-locale';

/** The account page's "Your data": download a copy of it, or erase the account (decision 037). */
export function PrivacySection() {
  const { t } = useTranslation('account');
  const [downloading, setDownloading] = useState(false);
  const [erasing, setErasing] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadMyData();
    } catch {
      // The API client has shown the failure.
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Paper component="section" aria-labelledby="privacy-title" sx={{ p: 3, height: '100%' }}>
      <Typography id="privacy-title" variant="h2" sx={{ fontSize: '1.3rem' }}>
        {t('privacy.title')}
      </Typography>
      <Typography sx={{ mt: 1 }}>{t('privacy.downloadText')}</Typography>
      <Button variant="outlined" sx={{ mt: 1 }} onClick={() => void download()} disabled={downloading}>
        {t('privacy.download')}
      </Button>
      <Typography sx={{ mt: 3 }}>{t('privacy.eraseText')}</Typography>
      <Button color="error" variant="outlined" sx={{ mt: 1 }} onClick={() => setErasing(true)}>
        {t('privacy.erase')}
      </Button>
      {erasing && <EraseDialog onClose={() => setErasing(false)} />}
    </Paper>
  );
}

function EraseDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['account', 'common']);
  const erase = useEraseAccount();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [wrongPassword, setWrongPassword] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const confirm = async () => {
    setWrongPassword(false);
    setRefusal(null);
    try {
      await erase.mutateAsync({ password });
      // On purpose: the account page's guard sends them home, not to the login form.
      logout({ onPurpose: true });
      queryClient.clear();
      notifySuccess(t('account:privacy.erased'));
      navigate(localePath(routePath('home')));
    } catch (error) {
      if (isApiError(error) && error.code === 'WRONG_PASSWORD') setWrongPassword(true);
      else if (isApiError(error) && error.code === 'SOLE_TIPJAR_ADMIN') setRefusal(t('account:privacy.soleAdmin'));
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="erase-title" aria-describedby="erase-text">
      <DialogTitle id="erase-title">{t('account:privacy.eraseTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="erase-text">{t('account:privacy.eraseConfirm')}</DialogContentText>
        {refusal && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {refusal}
          </Alert>
        )}
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (password) void confirm();
          }}
        >
          <TextField
            label={t('account:privacy.password')}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={wrongPassword}
            helperText={wrongPassword ? t('account:privacy.wrongPassword') : ' '}
            sx={{ mt: 2 }}
            fullWidth
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button
          color="error"
          variant="contained"
          onClick={() => void confirm()}
          disabled={!password || erase.isPending}
        >
          {t('account:privacy.eraseSubmit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
