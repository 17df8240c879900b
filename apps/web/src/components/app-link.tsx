import { Link as MuiLink, type LinkProps as MuiLinkProps } from '@mui/material';
import { forwardRef } from 'react';
import { Link as RouterLink, type LinkProps as RouterLinkProps } from 'react-router';
import { prefetchPath } from '@/lib/prefetch';
import { useLocalePath } from '@/lib/use-locale';

export type RouterLinkBaseProps = Omit<RouterLinkProps, 'to'> & { to: string };

/**
 * A router link to an UNPREFIXED app path: it adds the current locale prefix and prefetches the
 * target's code on hover/focus (when the connection allows). Use as `component` of MUI buttons.
 */
export const LocaleRouterLink = forwardRef<HTMLAnchorElement, RouterLinkBaseProps>(function LocaleRouterLink(
  { to, onMouseEnter, onFocus, ...props },
  ref,
) {
  const localePath = useLocalePath();
  const target = localePath(to);
  return (
    <RouterLink
      ref={ref}
      to={target}
      onMouseEnter={(event) => {
        prefetchPath(target.split(/[?#]/)[0] ?? target);
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        prefetchPath(target.split(/[?#]/)[0] ?? target);
        onFocus?.(event);
      }}
      {...props}
    />
  );
});

/** A MUI text link to an app path. */
export function AppLink({ to, ...props }: Omit<MuiLinkProps, 'href'> & { to: string }) {
  return <MuiLink component={LocaleRouterLink} to={to} {...props} />;
}
