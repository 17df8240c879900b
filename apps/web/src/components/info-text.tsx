import { Typography } from '@mui/material';

/** Catalog texts keep paragraphs apart with a blank line. */
export function InfoText({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n\s*\n/).map((paragraph) => (
        <Typography key={paragraph.slice(0, 40)} sx={{ mb: 2, maxWidth: '75ch' }}>
          {paragraph}
        </Typography>
      ))}
    </>
  );
}
