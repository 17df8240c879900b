import { Box, Container, LinearProgress } from '@mui/material';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { PublicSideMenu } from '@/components/public-side-menu';
import { TopBar } from '@/components/top-bar';

/**
 * Plain default layout: top bar, the public side menu (from the right) and the page. The home page (the
 * landing page, src/home) lays out its own full-width bands, so it gets no container.
 */
export default function DefaultLayout() {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation();
  const isHome = useMatches().some((match) => (match.handle as { routeId?: string } | undefined)?.routeId === 'home');
  const page = (
    <Suspense fallback={<LinearProgress aria-label={t('loading')} />}>
      <Outlet />
    </Suspense>
  );
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <TopBar
        onToggleSidebar={() => setOpen((v) => !v)}
        sidebarOpen={open}
        sidebarId="public-menu"
        togglePosition="end"
      />
      <PublicSideMenu id="public-menu" open={open} onClose={() => setOpen(false)} />
      {isHome ? (
        <Box component="main" sx={{ flexGrow: 1 }}>
          {page}
        </Box>
      ) : (
        <Container component="main" maxWidth="lg" sx={{ py: 4, flexGrow: 1 }}>
          {page}
        </Container>
      )}
    </Box>
  );
}
