import type { DeletionKind, Tipjar } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { DeleteOrArchiveDialog } from '@/components/delete-or-archive-dialog';
import { useDeleteAdminTipjar, useTipjarDeletion } from '@/features/tipjars/api/tipjars';

/**
 * Confirms deleting a tip jar. It first asks the API what DELETE will do and says so: a tip jar with
 * payments is archived — hidden, no longer tippable, its monthly tips cancelled, its records kept
 * (docs/money-rules.md §9) — and only one without any is deleted. `tipjar` null: closed.
 */
export function DeleteTipjarDialog({
  tipjar,
  onClose,
  onDone,
}: {
  tipjar: Pick<Tipjar, 'id' | 'name'> | null;
  onClose: () => void;
  /** After a successful delete or archive (e.g. leave the tip jar's page). */
  onDone?: (deletion: DeletionKind) => void;
}) {
  const { t } = useTranslation(['admin-tipjars', 'common']);
  const preview = useTipjarDeletion(tipjar?.id);
  const remove = useDeleteAdminTipjar();
  const deletion = preview.data?.deletion;
  const name = tipjar?.name ?? '';
  const count = preview.data?.monthlyTipsToCancel ?? 0;
  let text: string;
  if (preview.isError) text = t('common:deletion.unknown');
  else if (!deletion) text = t('common:deletion.checking');
  else if (deletion === 'delete') text = t('deletion.delete', { name });
  else text = count > 0 ? t('deletion.archiveMonthly', { name, count }) : t('deletion.archive', { name });

  return (
    <DeleteOrArchiveDialog
      id={tipjar?.id ?? null}
      text={text}
      deletion={deletion}
      remove={remove}
      doneMessage={(done) => t(done === 'archive' ? 'common:toasts.tipjarArchived' : 'common:toasts.tipjarDeleted')}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
