import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { PageTitle } from '@/components/page-title';

/**
 * THE page header of the app: the title (h1, also the document title '%s - Podpot'), an optional
 * subtitle under it (what the page is for), and the page's actions on the right, wrapping under the
 * title on a phone. Every page has the same spacing below it.
 */
export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <Box data-testid="page-header" sx={{ mb: 2 }}>
      <PageTitle title={title} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        {/* dir="auto": a title may be a name users typed (a tip jar's), in a right-to-left script. */}
        <Typography variant="h1" sx={{ flexGrow: 1 }} dir="auto">
          {title}
        </Typography>
        {actions}
      </Box>
      {subtitle && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {subtitle}
        </Typography>
      )}
    </Box>
  );
}

/** A page: its {@link PageHeader}, then the content. */
export function Page({
  title,
  subtitle,
  actions,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box>
      <PageHeader title={title} subtitle={subtitle} actions={actions} />
      {children}
    </Box>
  );
}
