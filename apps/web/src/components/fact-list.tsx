import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A definition list of label/value pairs, labels in one column (detail dialogs and summaries);
 * `stacked`: each label above its value, for a phone-wide list whose long labels would leave the
 * values a sliver.
 */
export function FactList({
  facts,
  stacked = false,
}: {
  facts: readonly (readonly [string, ReactNode])[];
  stacked?: boolean;
}) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: stacked ? '1fr' : 'max-content 1fr',
        columnGap: 3,
        rowGap: stacked ? 0.25 : 1,
        m: 0,
      }}
    >
      {facts.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {term}
          </Box>
          {/* dir="auto": a value a user typed in a right-to-left script reads in its own direction. */}
          <Box component="dd" dir="auto" sx={{ m: 0, wordBreak: 'break-word', ...(stacked && { mb: 1.25 }) }}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
