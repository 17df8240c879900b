import { Box, Container, LinearProgress } from '@mui/material';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PublicSideMenu } from '@/components/public-side-menu';
import { TopBar } from '@/components/top-bar';

/**
 * The layout of the app's storefront route: a storefront itself is its own page (src/storefront, decision
 * 021). Under `npm run dev` the route draws that page, top bar included (dev-storefront.tsx), so this
 * layout adds none there: one top bar, as in production.
 */
export default function StorefrontLayout() {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation();
  const page = (
    <Suspense fallback={<LinearProgress aria-label={t('loading')} />}>
      <Outlet />
    </Suspense>
  );
  if (import.meta.env.DEV) return page;
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'grey.50' }}>
      <TopBar
        onToggleSidebar={() => setOpen((v) => !v)}
        sidebarOpen={open}
        sidebarId="public-menu"
        togglePosition="end"
      />
      <PublicSideMenu id="public-menu" open={open} onClose={() => setOpen(false)} />
      <Container component="main" maxWidth="sm" sx={{ py: 4 }}>
        {page}
      </Container>
    </Box>
  );
}
