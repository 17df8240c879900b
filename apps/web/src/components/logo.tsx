import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LogoShapes } from '@/components/logo-shapes';

/** The brand mark: a pot with a coin, plus the name. Max height 50, max width 100 (docs/product.md §9). */
export function Logo() {
  const { t } = useTranslation();
  return (
    <Box
      component="svg"
      viewBox="0 0 100 50"
      role="img"
      aria-label={t('logo.alt')}
      sx={{ display: 'block', maxHeight: 50, maxWidth: 100, height: 40, width: 'auto' }}
    >
      <LogoShapes brand={t('brand')} />
    </Box>
  );
}
