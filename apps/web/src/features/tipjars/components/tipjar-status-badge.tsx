import { Chip } from '@mui/material';
import { TIPJAR_STATUS_COLOR, type TipjarStatus } from '@podpot/domain';
import { useTranslation } from 'react-i18next';

/** Status badge with the docs/product.md §4 colour and label. */
export function TipjarStatusBadge({ status }: { status: TipjarStatus }) {
  const { t } = useTranslation('common');
  return <Chip size="small" color={TIPJAR_STATUS_COLOR[status]} label={t(`tipjarStatus.${status}`)} />;
}
