import { TextField, type TextFieldProps } from '@mui/material';

type CodeFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'autoComplete' | 'slotProps'> & {
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** The second step of a login also takes a recovery code (`xxxxx-xxxxx`): no number pad, no capitals. */
  acceptsRecoveryCode?: boolean;
};

/**
 * The one field for a two-step login code (decision 036): the /login and storefront second step, the
 * setup's confirmation, new recovery codes and turning it off. Phones and password managers offer the
 * app's code here (`one-time-code`).
 */
export function CodeField({ value, onChange, acceptsRecoveryCode = false, ...props }: CodeFieldProps) {
  return (
    <TextField
      {...props}
      autoComplete="one-time-code"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        htmlInput: acceptsRecoveryCode ? { autoCapitalize: 'none', spellCheck: false } : { inputMode: 'numeric' },
      }}
    />
  );
}
