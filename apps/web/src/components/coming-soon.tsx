import ConstructionIcon from '@mui/icons-material/Construction';
import { Box, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/page-title';

/** Placeholder of a page that later work fills in; it already sits in the right layout and route. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <Box>
      <Typography variant="h1" gutterBottom>
        {title}
      </Typography>
      <Paper variant="outlined" sx={{ p: 3, display: 'flex', gap: 2, alignItems: 'center' }}>
        <ConstructionIcon color="primary" aria-hidden />
        <Typography>{t('comingSoon')}</Typography>
      </Paper>
    </Box>
  );
}
