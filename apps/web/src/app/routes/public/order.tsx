import { Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page';
import { FeedField } from '@/features/feeds/components/feed-field';
import { CheckoutBlock } from '@/features/paymentmethods/components/checkout-block';
import { OrderForm } from '@/features/tipjars/components/order-form';
import { inlineSecondStep } from '@/features/two-step/components/login-second-step';
import { useAuth } from '@/lib/auth';

/** /order: order another Podpot (logged in or not; logged out the form registers the maker too). */
export default function OrderPage() {
  const { t } = useTranslation('podcastmaker');
  // "Another" only for someone who has an account (and so perhaps a Podpot); a stranger orders their first.
  const { loggedIn } = useAuth();
  return (
    <Page title={t(loggedIn ? 'order.pageTitle' : 'order.title')}>
      <Paper sx={{ p: 3, maxWidth: 760 }}>
        <Typography>{t('order.intro')}</Typography>
        <OrderForm checkout={CheckoutBlock} feedField={FeedField} secondStep={inlineSecondStep} sectionHeading="h2" />
      </Paper>
    </Page>
  );
}
