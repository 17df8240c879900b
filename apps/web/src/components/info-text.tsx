import { Box, Typography } from '@mui/material';

/**
 * Catalog texts keep paragraphs apart with a blank line; lines starting with "- " after a paragraph's
 * first line are a list under it.
 */
export function InfoText({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n\s*\n/).map((paragraph) => {
        const [first = '', ...rest] = paragraph.split('\n');
        const items = rest.filter((line) => line.startsWith('- ')).map((line) => line.slice(2));
        return (
          <Box key={paragraph.slice(0, 40)} sx={{ mb: 2, maxWidth: '75ch' }}>
            <Typography>{items.length > 0 ? first : paragraph}</Typography>
            {items.length > 0 && (
              <Box component="ul" sx={{ mt: 1, mb: 0, pl: 3 }}>
                {items.map((item) => (
                  <Typography component="li" key={item.slice(0, 40)} sx={{ mb: 0.5 }}>
                    {item}
                  </Typography>
                ))}
              </Box>
            )}
          </Box>
        );
      })}
    </>
  );
}
