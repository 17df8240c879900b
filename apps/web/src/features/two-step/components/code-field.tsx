import { TextField, type TextFieldProps } from '@mui/material';

type CodeFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'autoComplete' | 'slotProps'> & {
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** A recovery code (`xxxxx-xxxxx`) instead of the app's: no number pad, no capitals, nothing to autofill. */
  acceptsRecoveryCode?: boolean;
};

/**
 * The one field for a two-step login code (decision 036): the /login and storefront second step, the
 * setup's confirmation, new recovery codes and turning it off. Phones show their number pad
 * (`inputmode="numeric"`) and offer the app's code here (`autocomplete="one-time-code"`).
 */
export function CodeField({ value, onChange, acceptsRecoveryCode = false, ...props }: CodeFieldProps) {
  return (
    <TextField
      {...props}
      autoComplete={acceptsRecoveryCode ? 'off' : 'one-time-code'}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        htmlInput: acceptsRecoveryCode ? { autoCapitalize: 'none', spellCheck: false } : { inputMode: 'numeric' },
      }}
    />
  );
}
