import { FormControlLabel, Switch } from '@mui/material';
import type { Tip } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { useSetTipWall } from '@/features/tips/api/set-tip-wall';

/**
 * The maker's choice to show a tip's message on their page's supporter wall (decision 032): hidden until
 * they switch it on. The tipper's name and amount follow the tipper's own privacy choice, never this.
 * Nothing for a tip without a message.
 */
export function TipWallSwitch({
  tipjarId,
  tip,
  withLabel = false,
}: {
  tipjarId: string;
  tip: Tip;
  withLabel?: boolean;
}) {
  const { t } = useTranslation('tips');
  const setWall = useSetTipWall(tipjarId);
  if (!tip.message) return null;
  const name = tip.privacy === 'ANONYMOUS' || !tip.displayName ? t('anonymous') : tip.displayName;
  const toggle = (
    <Switch
      checked={tip.messageShown}
      disabled={setWall.isPending}
      onClick={(event) => event.stopPropagation()}
      onChange={(event) => setWall.mutate({ tipId: tip.id, messageShown: event.target.checked })}
      // In the list the switch names the tip; in the details its visible label does.
      slotProps={withLabel ? undefined : { input: { 'aria-label': t('wall.toggle', { name }) } }}
    />
  );
  if (!withLabel) return toggle;
  return <FormControlLabel control={toggle} label={t('wall.label')} />;
}
