import { Box, Button, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LocaleRouterLink } from '@/components/app-link';
import { Page } from '@/components/page';

/** 'Ik ben podcast maker' with the #order section; the order flow itself arrives later. */
export default function PodcastmakerPage() {
  const { t } = useTranslation('podcastmaker');
  return (
    <Page title={t('title')}>
      <Typography sx={{ mb: 4 }}>{t('intro')}</Typography>
      <Paper component="section" id="order" aria-labelledby="order-title" sx={{ p: 3, scrollMarginTop: 80 }}>
        <Typography id="order-title" variant="h2" gutterBottom>
          {t('order.title')}
        </Typography>
        <Typography>{t('order.comingSoon')}</Typography>
        <Box sx={{ mt: 2 }}>
          <Button component={LocaleRouterLink} to="/support" variant="outlined">
            {t('order.questions')}
          </Button>
        </Box>
      </Paper>
    </Page>
  );
}
