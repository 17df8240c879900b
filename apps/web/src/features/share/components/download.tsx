import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import type { ReactNode } from 'react';

/** A download link: saved under the name the API gives it (the browser shows a file of another origin instead). */
export function Download({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button variant="outlined" startIcon={<DownloadIcon />} href={href} download>
      {children}
    </Button>
  );
}
