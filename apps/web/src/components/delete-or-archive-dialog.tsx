import type { DeletionKind } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notifySuccess } from '@/lib/notifications';

/**
 * Confirms a DELETE that the API turns into an archive when money records hang on the row (docs/money-rules.md
 * §9). The caller asked the API first and passes what it will be (`deletion`, undefined while
 * unknown or when it cannot be done — the button stays disabled) and the text saying so; the button
 * reads Delete or Archive, and the toast says which it was. `id` null: closed.
 */
export function DeleteOrArchiveDialog({
  id,
  text,
  deletion,
  remove,
  doneMessage,
  onClose,
  onDone,
}: {
  id: string | null;
  text: string;
  deletion: DeletionKind | undefined;
  remove: { mutateAsync: (id: string) => Promise<unknown>; isPending: boolean };
  doneMessage: (deletion: DeletionKind) => string;
  onClose: () => void;
  /** After a successful delete or archive (e.g. leave the page of what is gone). */
  onDone?: (deletion: DeletionKind) => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={id !== null}
      title={t('confirm.title')}
      text={text}
      confirmLabel={t(deletion === 'archive' ? 'actions.archive' : 'actions.delete')}
      loading={remove.isPending}
      disabled={!deletion}
      onClose={onClose}
      onConfirm={async () => {
        if (id === null || !deletion) return;
        try {
          await remove.mutateAsync(id);
          notifySuccess(doneMessage(deletion));
          onDone?.(deletion);
        } finally {
          onClose();
        }
      }}
    />
  );
}
