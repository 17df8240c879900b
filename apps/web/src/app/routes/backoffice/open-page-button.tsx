import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Button } from '@mui/material';
import { useBackofficeTipjar } from '@/app/routes/backoffice/use-backoffice-tipjar';
import { routePath } from '@/config/paths';
import { useLocalePath } from '@/lib/use-locale';

/** The next step of an empty backoffice list: the tip jar's own page, in a new tab, to share. */
export function OpenPageButton({ label }: { label: string }) {
  const tipjar = useBackofficeTipjar();
  const storefront = useLocalePath()(routePath('storefront', { tipjarslug: tipjar.slug }));
  return (
    <Button variant="contained" href={storefront} target="_blank" rel="noopener" endIcon={<OpenInNewIcon />}>
      {label}
    </Button>
  );
}
