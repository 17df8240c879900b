import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The brand mark: a pot with a coin, plus the name. Max height 50, max width 100 (spec §9). */
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
      <rect x="4" y="8" width="28" height="6" rx="3" fill="#4E8381" />
      <path d="M6 16h24l-3 26a4 4 0 0 1-4 4H13a4 4 0 0 1-4-4z" fill="#f28a3d" />
      <circle cx="18" cy="29" r="6" fill="#FBBD51" />
      <text x="36" y="33" fontSize="15" fontWeight="700" fill="currentColor" fontFamily="system-ui, sans-serif">
        {t('brand')}
      </text>
    </Box>
  );
}
