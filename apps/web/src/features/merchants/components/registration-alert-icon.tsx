import ErrorIcon from '@mui/icons-material/Error';
import { keyframes } from '@mui/material/styles';

const pulse = keyframes`
  0% { transform: scale(1); opacity: 1; }
  50% { transform: scale(1.25); opacity: 0.6; }
  100% { transform: scale(1); opacity: 1; }
`;

/** The pulsing alert shown on 'Registratie' while registration is incomplete (docs/product.md §2, §4). */
export function RegistrationAlertIcon({ label }: { label: string }) {
  return (
    <ErrorIcon
      color="error"
      titleAccess={label}
      data-testid="registration-alert"
      sx={{
        animation: `${pulse} 1.5s ease-in-out infinite`,
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
    />
  );
}
