import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutline';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import HeadphonesIcon from '@mui/icons-material/Headphones';
import HistoryIcon from '@mui/icons-material/History';
import HomeIcon from '@mui/icons-material/Home';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import PodcastsIcon from '@mui/icons-material/Podcasts';
import ReceiptIcon from '@mui/icons-material/Receipt';
import SettingsIcon from '@mui/icons-material/Settings';
import ShareIcon from '@mui/icons-material/Share';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import WebhookIcon from '@mui/icons-material/Webhook';
import { Box, LinearProgress } from '@mui/material';
import { isRegistrationComplete } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { Outlet, useParams } from 'react-router';
import type { BackofficeOutletContext } from '@/app/routes/backoffice/use-backoffice-tipjar';
import { ErrorPage } from '@/components/error-page';
import { type SidebarEntry, SidebarShell } from '@/components/sidebar-shell';
import { type RouteId, routePath } from '@/config/paths';
import { RegistrationAlertIcon } from '@/features/merchants/components/registration-alert-icon';
import { CheckoutBlock } from '@/features/paymentmethods/components/checkout-block';
import { useTipjarBySlug } from '@/features/tipjars/api/get-tipjar-by-slug';
import { BackofficeSelector } from '@/features/tipjars/components/backoffice-selector';
import { TipjarDialogs } from '@/features/tipjars/components/tipjar-dialogs';
import { errorStatus } from '@/lib/api-client';

/** Backoffice layout (docs/product.md §2): loads the tip jar by slug and shows its menu, welcome and payment dialogs. */
export default function BackofficeLayout() {
  const { t } = useTranslation(['common', 'backoffice']);
  const { tipjarslug } = useParams();
  const query = useTipjarBySlug(tipjarslug);
  const tipjar = query.data;

  const registrationIncomplete = tipjar ? !isRegistrationComplete(tipjar.oppMerchant) : false;
  // The menu of one tip jar: [label key, route, icon]; every link carries its slug.
  const tipjarMenu: [string, RouteId, React.ReactNode][] = [
    ['dashboard', 'backofficeDashboard', <DashboardIcon key="icon" />],
    ['tips', 'backofficeTips', <VolunteerActivismIcon key="icon" />],
    ['recurringtips', 'backofficeRecurringtips', <EventRepeatIcon key="icon" />],
    ['episodes', 'backofficeEpisodes', <PodcastsIcon key="icon" />],
    ['bonus', 'backofficeBonus', <HeadphonesIcon key="icon" />],
    [
      'registration',
      'backofficeRegistration',
      registrationIncomplete ? (
        <RegistrationAlertIcon key="icon" label={t('backofficeMenu.registrationIncomplete')} />
      ) : (
        <HowToRegIcon key="icon" />
      ),
    ],
    ['invoices', 'backofficeInvoices', <ReceiptIcon key="icon" />],
    ['settlements', 'backofficeSettlements', <AccountBalanceIcon key="icon" />],
    ['share', 'backofficeShare', <ShareIcon key="icon" />],
    ['webhooks', 'backofficeWebhooks', <WebhookIcon key="icon" />],
    ['settings', 'backofficeSettings', <SettingsIcon key="icon" />],
    ['history', 'backofficeHistory', <HistoryIcon key="icon" />],
  ];
  const entries: SidebarEntry[] = [
    ...(tipjar
      ? tipjarMenu.map(([key, id, icon]) => ({
          key,
          label: t(`backofficeMenu.${key}` as 'backofficeMenu.dashboard'),
          to: routePath(id, { tipjarslug: tipjar.slug }),
          icon,
          exact: id === 'backofficeDashboard',
        }))
      : []),
    { key: 'home', label: t('backofficeMenu.home'), to: routePath('home'), icon: <HomeIcon />, exact: true },
    { key: 'order', label: t('backofficeMenu.orderAnother'), to: routePath('order'), icon: <AddCircleOutlineIcon /> },
  ];

  let content: React.ReactNode;
  if (!tipjarslug) content = <Outlet />;
  else if (query.isPending) content = <LinearProgress aria-label={t('loading')} />;
  else if (query.isError) {
    // Not found, or not this user's to manage (the API answers both alike): the 404 page.
    const status = errorStatus(query.error) ?? 500;
    content = <ErrorPage status={status} message={status === 404 ? undefined : t('backoffice:loadError')} />;
  } else if (tipjar) {
    content = (
      <>
        <Outlet
          context={
            {
              tipjar,
              refresh: () => void query.refetch(),
              refreshing: query.isFetching,
            } satisfies BackofficeOutletContext
          }
        />
        <TipjarDialogs
          tipjar={tipjar}
          checkout={CheckoutBlock}
          onRefresh={() => void query.refetch()}
          refreshing={query.isFetching}
        />
      </>
    );
  }

  return (
    <SidebarShell
      entries={entries}
      navLabel={t('backofficeMenu.label')}
      header={
        <Box sx={{ px: 2, pt: 2 }}>
          <BackofficeSelector current={tipjar} />
        </Box>
      }
    >
      {content}
    </SidebarShell>
  );
}
