import { Box } from '@mui/material';
import type { Tip } from '@podpot/domain';
import { useTranslation } from 'react-i18next';

/**
 * The tipper's name as the maker may see it: an anonymous (monthly) tip never shows one. Shared by the
 * tips and monthly-tips features, which may not import each other.
 */
export function TipName({ tip }: { tip: Pick<Tip, 'privacy' | 'displayName'> }) {
  const { t } = useTranslation('tips');
  if (tip.privacy === 'ANONYMOUS' || !tip.displayName) {
    return (
      <Box component="span" sx={{ fontStyle: 'italic', color: 'text.secondary' }}>
        {t('anonymous')}
      </Box>
    );
  }
  return <>{tip.displayName}</>;
}
