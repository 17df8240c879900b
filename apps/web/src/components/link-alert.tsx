import { Alert, type AlertProps, Button } from '@mui/material';
import { LocaleRouterLink } from '@/components/app-link';

type Props = AlertProps & {
  /** An unprefixed app path; the current locale is added. */
  to: string;
  /** The text of the link button. */
  linkText: string;
};

/** An alert whose one action is a link to another page of the app ("Go to registration", "Log in to raise it"). */
export function LinkAlert({ to, linkText, children, ...alertProps }: Props) {
  return (
    <Alert
      action={
        <Button component={LocaleRouterLink} to={to} color="inherit">
          {linkText}
        </Button>
      }
      {...alertProps}
    >
      {children}
    </Alert>
  );
}
