import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { ReactNode } from 'react';

/** Read out, not shown: the chart's heading above already says it. */
const HIDDEN = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** Below this width (px) of its own box a table tightens its cells and drops its `narrowHidden` columns. */
const NARROW_PX = 420;

/**
 * The figures of a chart as a table, for screen readers and anyone who wants the numbers: the first
 * column heads its row. `testId` lets the browser tests hold it against the API. On a phone it fits:
 * tighter cells, and the `narrowHidden` columns (by index) left out while its box is narrow.
 */
export function StatisticsTable({
  caption,
  columns,
  rows,
  testId,
  renderHead,
  narrowHidden = [],
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly string[])[];
  testId: string;
  /** How the first cell of row `i` shows (say, as a link); its text by default. */
  renderHead?: (text: string, i: number) => ReactNode;
  /** Columns (indexes) a narrow table leaves out: figures the other columns already make clear. */
  narrowHidden?: readonly number[];
}) {
  const narrow = {
    '& th, & td': { px: 1 },
    ...Object.fromEntries(narrowHidden.map((i) => [`& tr > :nth-child(${i + 1})`, { display: 'none' }])),
  };
  return (
    // Scrolls sideways on a phone; focusable so a keyboard can scroll it too.
    <Box
      tabIndex={0}
      role="group"
      aria-label={caption}
      sx={{ overflowX: 'auto', maxWidth: '100%', containerType: 'inline-size' }}
    >
      <Table
        size="small"
        data-testid={testId}
        sx={{ '& caption': HIDDEN, [`@container (max-width: ${NARROW_PX - 0.05}px)`]: narrow }}
      >
        <caption>{caption}</caption>
        <TableHead>
          <TableRow>
            {columns.map((column, i) => (
              <TableCell key={column} scope="col" align={i === 0 ? 'left' : 'right'}>
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, r) => (
            <TableRow key={row[0]}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <TableCell key="head" component="th" scope="row">
                    {renderHead ? renderHead(cell, r) : cell}
                  </TableCell>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns of a row are fixed
                  <TableCell key={i} align="right">
                    {cell}
                  </TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
