import { Box, Container, LinearProgress } from '@mui/material';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PublicSideMenu } from '@/components/public-side-menu';
import { TopBar } from '@/components/top-bar';

/** Plain default layout: top bar, the public side menu (from the right) and the page. */
export default function DefaultLayout() {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <TopBar
        onToggleSidebar={() => setOpen((v) => !v)}
        sidebarOpen={open}
        sidebarId="public-menu"
        togglePosition="end"
      />
      <PublicSideMenu id="public-menu" open={open} onClose={() => setOpen(false)} />
      <Container component="main" maxWidth="lg" sx={{ py: 4, flexGrow: 1 }}>
        <Suspense fallback={<LinearProgress aria-label={t('loading')} />}>
          <Outlet />
        </Suspense>
      </Container>
    </Box>
  );
}
