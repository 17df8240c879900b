import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import HistoryIcon from '@mui/icons-material/History';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptIcon from '@mui/icons-material/Receipt';
import SavingsIcon from '@mui/icons-material/Savings';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { type SidebarEntry, SidebarShell } from '@/components/sidebar-shell';
import { routePath } from '@/config/paths';
import { BackofficeSelector } from '@/features/tipjars/components/backoffice-selector';

/** Admin layout (docs/product.md §2): sidebar with the admin menu, top bar and notifications. */
export default function AdminLayout() {
  const { t } = useTranslation();
  const entries: SidebarEntry[] = [
    { key: 'dashboard', to: routePath('adminDashboard'), icon: <DashboardIcon />, exact: true },
    { key: 'tipjars', to: routePath('adminTipjars'), icon: <SavingsIcon /> },
    { key: 'tips', to: routePath('adminTips'), icon: <VolunteerActivismIcon /> },
    { key: 'recurringtips', to: routePath('adminRecurringtips'), icon: <EventRepeatIcon /> },
    { key: 'invoices', to: routePath('adminInvoices'), icon: <ReceiptIcon /> },
    { key: 'settlements', to: routePath('adminSettlements'), icon: <AccountBalanceIcon /> },
    { key: 'money', to: routePath('adminMoney'), icon: <FactCheckIcon /> },
    { key: 'paymentmethods', to: routePath('adminPaymentmethods'), icon: <CreditCardIcon /> },
    { key: 'users', to: routePath('adminUsers'), icon: <PeopleIcon /> },
    { key: 'audit', to: routePath('adminAudit'), icon: <HistoryIcon /> },
    { key: 'faq', to: routePath('adminFaqitems'), icon: <HelpOutlineIcon /> },
  ].map((entry) => ({ ...entry, label: t(`adminMenu.${entry.key}` as 'adminMenu.dashboard') }));
  return (
    <SidebarShell
      entries={entries}
      navLabel={t('adminMenu.label')}
      header={
        <Box sx={{ px: 2, pt: 2 }}>
          <BackofficeSelector />
        </Box>
      }
    >
      <Outlet />
    </SidebarShell>
  );
}
