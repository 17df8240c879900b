import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import { Box, List, ListItem, ListItemIcon, ListItemText, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { Page } from '@/components/page';
import { routePath } from '@/config/paths';
import { FeedField } from '@/features/feeds/components/feed-field';
import { CheckoutBlock } from '@/features/paymentmethods/components/checkout-block';
import { OrderForm } from '@/features/tipjars/components/order-form';
import { inlineSecondStep } from '@/features/two-step/components/login-second-step';

const BENEFITS = ['page', 'tips', 'recurring', 'payouts'] as const;

/** 'Ik ben podcast maker': what a Podpot gives a maker, and the #order section with the order form. */
export default function PodcastmakerPage() {
  const { t } = useTranslation('podcastmaker');
  return (
    <Page title={t('title')}>
      <Typography sx={{ mb: 2 }}>{t('intro')}</Typography>
      <List dense sx={{ mb: 3 }}>
        {BENEFITS.map((key) => (
          <ListItem key={key} disableGutters>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <CheckCircleOutlineIcon color="success" aria-hidden />
            </ListItemIcon>
            <ListItemText primary={t(`benefits.${key}`)} />
          </ListItem>
        ))}
      </List>
      <Paper
        component="section"
        id="order"
        aria-labelledby="order-title"
        sx={{ p: 3, scrollMarginTop: 80, maxWidth: 760 }}
      >
        <Typography id="order-title" variant="h2" gutterBottom>
          {t('order.title')}
        </Typography>
        <Typography>{t('order.intro')}</Typography>
        <OrderForm checkout={CheckoutBlock} feedField={FeedField} secondStep={inlineSecondStep} />
        <Box sx={{ mt: 2 }}>
          <AppLink color="inherit" to={routePath('support')}>
            {t('order.questions')}
          </AppLink>
        </Box>
      </Paper>
    </Page>
  );
}
