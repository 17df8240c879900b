import { FormControl, InputLabel, MenuItem, Select } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { routePath } from '@/config/paths';
import { isAdmin, useAuth } from '@/lib/auth';
import { useLocalePath } from '@/lib/use-locale';

export interface SelectorOption {
  value: string;
  label: string;
  to: string;
}

/** docs/product.md §2: 'Admin' for admins, the current tip jar, and every tip jar the user administers. */
export function backofficeOptions(
  user: { role: string; tipjars: { slug: string; name: string }[] } | null,
  current: { slug: string; name: string } | undefined,
  adminLabel: string,
): SelectorOption[] {
  const options: SelectorOption[] = [];
  if (user && isAdmin(user as never))
    options.push({ value: 'admin', label: adminLabel, to: routePath('adminDashboard') });
  const tipjars = [...(current ? [current] : []), ...(user?.tipjars ?? [])];
  for (const tipjar of tipjars) {
    const value = `tipjar:${tipjar.slug}`;
    if (!options.some((option) => option.value === value)) {
      options.push({ value, label: tipjar.name, to: routePath('backofficeDashboard', { tipjarslug: tipjar.slug }) });
    }
  }
  return options;
}

export function BackofficeSelector({ current }: { current?: { slug: string; name: string } }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const options = backofficeOptions(user, current, t('backofficeSelector.admin'));
  const value = current ? `tipjar:${current.slug}` : isAdmin(user) ? 'admin' : '';
  return (
    <FormControl fullWidth size="small">
      <InputLabel id="backoffice-selector-label">{t('backofficeSelector.placeholder')}</InputLabel>
      <Select
        labelId="backoffice-selector-label"
        id="backoffice-selector"
        label={t('backofficeSelector.placeholder')}
        value={options.some((option) => option.value === value) ? value : ''}
        onChange={(event) => {
          const option = options.find((candidate) => candidate.value === event.target.value);
          if (option) navigate(localePath(option.to));
        }}
      >
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
