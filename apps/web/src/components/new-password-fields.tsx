import { TextField, type TextFieldProps } from '@mui/material';

/**
 * The fields that set a new password, in every form that sets one (register, the password reset, the
 * own password, a tipper's registration in the storefront, ordering a Podpot, an admin creating a
 * user): the password (required, `autocomplete="new-password"`) and, with `repeat`, the same once
 * more. `field` and `repeat.field` are the form's props of each (`useDomainForm`'s `field(name, { helperText })`,
 * the hint as helper text); the form checks the strength (its `newPassword` option) and the repeat.
 */
export function NewPasswordFields({
  label,
  field,
  repeat,
}: {
  label: string;
  field: TextFieldProps;
  repeat?: { label: string; field: TextFieldProps };
}) {
  return (
    <>
      <TextField label={label} type="password" autoComplete="new-password" required {...field} />
      {repeat && (
        <TextField label={repeat.label} type="password" autoComplete="new-password" required {...repeat.field} />
      )}
    </>
  );
}
