import { Box, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '@/lib/page-title';

/** Placeholder of a tip jar's public page; the tipping form arrives with the tips issue. */
export default function StorefrontPage() {
  const { t } = useTranslation('storefront');
  const { tipjarslug = '' } = useParams();
  usePageTitle(tipjarslug);
  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h1" gutterBottom>
        {tipjarslug}
      </Typography>
      <Box>
        <Typography>{t('comingSoon')}</Typography>
      </Box>
    </Paper>
  );
}
