import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutline';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import HomeIcon from '@mui/icons-material/Home';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import ReceiptIcon from '@mui/icons-material/Receipt';
import SettingsIcon from '@mui/icons-material/Settings';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import { Box, LinearProgress } from '@mui/material';
import { isRegistrationComplete } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { Outlet, useParams } from 'react-router';
import type { BackofficeOutletContext } from '@/app/routes/backoffice/use-backoffice-tipjar';
import { ErrorPage } from '@/components/error-page';
import { type SidebarEntry, SidebarShell } from '@/components/sidebar-shell';
import { routePath } from '@/config/paths';
import { RegistrationAlertIcon } from '@/features/merchants/components/registration-alert-icon';
import { CheckoutBlock } from '@/features/paymentmethods/components/checkout-block';
import { useTipjarBySlug } from '@/features/tipjars/api/get-tipjar-by-slug';
import { BackofficeSelector } from '@/features/tipjars/components/backoffice-selector';
import { TipjarDialogs } from '@/features/tipjars/components/tipjar-dialogs';
import { isApiError } from '@/lib/api-client';

/** Backoffice layout (spec §2): loads the tip jar by slug and shows its menu, welcome and payment dialogs. */
export default function BackofficeLayout() {
  const { t } = useTranslation(['common', 'backoffice']);
  const { tipjarslug } = useParams();
  const query = useTipjarBySlug(tipjarslug);
  const tipjar = query.data;

  const base = tipjar ? routePath('backofficeDashboard', { tipjarslug: tipjar.slug }) : routePath('backofficeIndex');
  const registrationIncomplete = tipjar ? !isRegistrationComplete(tipjar.oppMerchant) : false;
  const entries: SidebarEntry[] = tipjar
    ? [
        { key: 'dashboard', label: t('backofficeMenu.dashboard'), to: base, icon: <DashboardIcon />, exact: true },
        { key: 'tips', label: t('backofficeMenu.tips'), to: `${base}/tips`, icon: <VolunteerActivismIcon /> },
        {
          key: 'recurringtips',
          label: t('backofficeMenu.recurringtips'),
          to: `${base}/recurringtips`,
          icon: <EventRepeatIcon />,
        },
        {
          key: 'registration',
          label: t('backofficeMenu.registration'),
          to: `${base}/registration`,
          icon: registrationIncomplete ? (
            <RegistrationAlertIcon label={t('backofficeMenu.registrationIncomplete')} />
          ) : (
            <HowToRegIcon />
          ),
        },
        { key: 'invoices', label: t('backofficeMenu.invoices'), to: `${base}/invoices`, icon: <ReceiptIcon /> },
        {
          key: 'settlements',
          label: t('backofficeMenu.settlements'),
          to: `${base}/settlements`,
          icon: <AccountBalanceIcon />,
        },
        { key: 'settings', label: t('backofficeMenu.settings'), to: `${base}/settings`, icon: <SettingsIcon /> },
        { key: 'home', label: t('backofficeMenu.home'), to: '/', icon: <HomeIcon />, exact: true },
        {
          key: 'order',
          label: t('backofficeMenu.orderAnother'),
          to: routePath('order'),
          icon: <AddCircleOutlineIcon />,
        },
      ]
    : [
        { key: 'home', label: t('backofficeMenu.home'), to: '/', icon: <HomeIcon />, exact: true },
        {
          key: 'order',
          label: t('backofficeMenu.orderAnother'),
          to: routePath('order'),
          icon: <AddCircleOutlineIcon />,
        },
      ];

  let content: React.ReactNode;
  if (!tipjarslug) content = <Outlet />;
  else if (query.isPending) content = <LinearProgress aria-label={t('loading')} />;
  else if (query.isError) {
    const error = query.error as unknown;
    const status = isApiError(error) ? error.status || 500 : ((error as { status?: number }).status ?? 500);
    content = <ErrorPage status={status} message={status === 404 ? undefined : t('backoffice:loadError')} />;
  } else if (tipjar) {
    content = (
      <>
        <Outlet context={{ tipjar } satisfies BackofficeOutletContext} />
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
