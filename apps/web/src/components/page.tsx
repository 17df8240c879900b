import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { PageTitle } from '@/components/page-title';

/** A page heading that also sets the document title ('%s - Podpot'). */
export function Page({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Box>
      <PageTitle title={title} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h1" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Box>
  );
}
