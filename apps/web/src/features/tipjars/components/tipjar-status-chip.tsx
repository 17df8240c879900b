import { Chip, type ChipProps } from '@mui/material';
import { TIPJAR_STATUS_COLOR, type TipjarStatus } from '@podpot/domain';
import { useTranslation } from 'react-i18next';

/** The tip jar status badge: docs/product.md §4 colour and label. */
export function TipjarStatusChip({ status, size }: { status: TipjarStatus; size?: ChipProps['size'] }) {
  const { t } = useTranslation('common');
  return (
    <Chip
      size={size}
      color={TIPJAR_STATUS_COLOR[status]}
      label={t(`tipjarStatus.${status}`)}
      data-testid="tipjar-status"
      data-status={status}
    />
  );
}
