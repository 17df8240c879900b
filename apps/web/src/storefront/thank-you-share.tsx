import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IosShareIcon from '@mui/icons-material/IosShare';
import { Box, Button, Typography } from '@mui/material';
import { shareUrl } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '@/lib/notifications';
import { useLocale } from '@/lib/use-locale';

/** The share targets a listener is most likely to use from a phone, each an ordinary link. */
const TARGETS = [
  {
    id: 'whatsapp',
    name: 'WhatsApp',
    href: (url: string, text: string) => `https://wa.me/?text=${enc(`${text} ${url}`)}`,
  },
  {
    id: 'x',
    name: 'X',
    href: (url: string, text: string) => `https://x.com/intent/post?text=${enc(text)}&url=${enc(url)}`,
  },
  {
    id: 'facebook',
    name: 'Facebook',
    href: (url: string) => `https://www.facebook.com/sharer/sharer.php?u=${enc(url)}`,
  },
] as const;

function enc(text: string) {
  return encodeURIComponent(text);
}

/**
 * "Tell other listeners": the podcast's own page (the share feature's address, domain `shareUrl`, in
 * the page's language) through the phone's share sheet when there is one, a copy button and links.
 */
export function ThankYouShare({ slug, name }: { slug: string; name: string }) {
  const { t } = useTranslation('thankyou');
  const locale = useLocale();
  const url = shareUrl(window.location.origin, { slug }, locale);
  const text = t('share.text', { name });
  const canShare = typeof navigator.share === 'function';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notifySuccess(t('share.copied'));
    } catch {
      notifyError(t('share.copyFailed', { url }));
    }
  };
  return (
    <Box component="section" aria-labelledby="thanks-share" data-testid="thanks-share" sx={{ mt: 3 }}>
      <Typography id="thanks-share" variant="h3" component="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {t('share.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        {t('share.intro', { name })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {canShare && (
          <Button
            variant="outlined"
            startIcon={<IosShareIcon />}
            onClick={() => void navigator.share({ title: name, text, url }).catch(() => {})}
          >
            {t('share.native')}
          </Button>
        )}
        <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {t('share.copy')}
        </Button>
        {TARGETS.map((target) => (
          <Button
            key={target.id}
            variant="outlined"
            color="inherit"
            href={target.href(url, text)}
            target="_blank"
            rel="noopener"
            aria-label={t('share.via', { target: target.name })}
          >
            {target.name}
          </Button>
        ))}
      </Box>
    </Box>
  );
}
