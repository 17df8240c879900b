import type { DeletionKind, User } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { DeleteOrArchiveDialog } from '@/components/delete-or-archive-dialog';
import { useDeleteUser, useUserDeletion } from '@/features/users/api/users';

/**
 * Confirms deleting a user. It first asks the API what DELETE will do and says so: a user with
 * payment records (monthly tips, orders) is archived — no longer able to sign in, their monthly tips
 * cancelled, their records kept (docs/money-rules.md §9) — and only one without any is deleted. While the user
 * alone administers a tip jar it cannot be done: the text names the tip jars. `user` null: closed.
 */
export function DeleteUserDialog({
  user,
  onClose,
  onDone,
}: {
  user: Pick<User, 'id' | 'email'> | null;
  onClose: () => void;
  /** After a successful delete or archive (e.g. leave the user's page). */
  onDone?: (deletion: DeletionKind) => void;
}) {
  const { t } = useTranslation(['admin', 'common']);
  const preview = useUserDeletion(user?.id);
  const remove = useDeleteUser();
  const name = user?.email ?? '';
  const soleAdminOf = preview.data?.soleAdminOf ?? [];
  const count = preview.data?.monthlyTipsToCancel ?? 0;
  const deletion = soleAdminOf.length > 0 ? undefined : preview.data?.deletion;
  let text: string;
  if (preview.isError) text = t('common:deletion.unknown');
  else if (!preview.data) text = t('common:deletion.checking');
  else if (soleAdminOf.length > 0) {
    text = t('users.deletion.soleAdmin', { name, tipjars: soleAdminOf.map((tipjar) => tipjar.name).join(', ') });
  } else if (deletion === 'delete') text = t('users.deletion.delete', { name });
  else text = count > 0 ? t('users.deletion.archiveMonthly', { name, count }) : t('users.deletion.archive', { name });

  return (
    <DeleteOrArchiveDialog
      id={user?.id ?? null}
      text={text}
      deletion={deletion}
      remove={remove}
      doneMessage={(done) => t(done === 'archive' ? 'common:toasts.userArchived' : 'common:toasts.userDeleted')}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
