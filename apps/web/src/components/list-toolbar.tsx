import { MenuItem, TextField } from '@mui/material';
import { type ReactNode, useEffect, useState } from 'react';
import type { TableState } from '@/components/data-table';

/** A search field that reports after the user stops typing. */
export function SearchField({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text), 300);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <TextField
      type="search"
      size="small"
      label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      fullWidth={false}
      margin="none"
      sx={{ minWidth: 240 }}
    />
  );
}

/** A status select for a table's toolbar: one option per status, plus "all" (value undefined). */
export function StatusFilter<S extends string>({
  value,
  statuses,
  onChange,
  label,
  allLabel,
  labelOf,
}: {
  value: S | undefined;
  statuses: readonly S[];
  onChange: (value: S | undefined) => void;
  label: string;
  allLabel: string;
  labelOf: (status: S) => string;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange((event.target.value || undefined) as S | undefined)}
      fullWidth={false}
      margin="none"
      sx={{ minWidth: 180 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{allLabel}</MenuItem>
      {statuses.map((status) => (
        <MenuItem key={status} value={status}>
          {labelOf(status)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A status select of a list's toolbar: the state key it sets, its labels, and the values to choose from. */
export type ListFilter<S> = {
  [K in keyof S]-?: NonNullable<S[K]> extends string
    ? {
        name: K;
        label: string;
        allLabel: string;
        statuses: readonly NonNullable<S[K]>[];
        labelOf: (status: NonNullable<S[K]>) => string;
      }
    : never;
}[keyof S];

/**
 * The toolbar above a list (DataTable's `toolbar`): the search field (with `searchLabel`), a status
 * select per `filters` entry, then the list's own controls (`children`). A new search or choice goes to
 * page 1 and keeps the rest of the state. An empty result with a filter on offers to clear it: the
 * table's `filtered` and `clearFilters`.
 */
export function ListToolbar<S extends TableState>({
  state,
  onState,
  searchLabel,
  filters = [],
  children,
}: {
  state: S;
  onState: (state: S) => void;
  searchLabel?: string;
  filters?: ListFilter<S>[];
  children?: ReactNode;
}) {
  const set = (patch: Partial<S>) => onState({ ...state, page: 1, ...patch });
  return (
    <>
      {searchLabel && (
        <SearchField
          label={searchLabel}
          value={state.search ?? ''}
          onChange={(search) => set({ search } as Partial<S>)}
        />
      )}
      {filters.map((filter) => (
        <StatusFilter
          key={String(filter.name)}
          label={filter.label}
          allLabel={filter.allLabel}
          value={state[filter.name] as string | undefined}
          statuses={filter.statuses as readonly string[]}
          labelOf={filter.labelOf as (status: string) => string}
          onChange={(value) => set({ [filter.name]: value } as Partial<S>)}
        />
      ))}
      {children}
    </>
  );
}
