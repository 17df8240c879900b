import '@/features/bonus/i18n';
import { useTranslation } from 'react-i18next';
import { sizeParts } from '@/features/bonus/rules';
import { useFormat } from '@/lib/format';

/** A number of bytes as people read it: '12.3 MB' / '12,3 MB', '200 MB', '512 kB'. */
export function useSizeText(): (bytes: number) => string {
  const { t } = useTranslation('bonus');
  const format = useFormat();
  return (bytes) => {
    const { value, unit } = sizeParts(bytes);
    return t(`size.${unit}`, { value: format.number(value) });
  };
}
