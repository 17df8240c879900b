import { Stack, Typography } from '@mui/material';
import { type Locale, type ShareKit, widgetCsp, widgetFrameSnippet, widgetSnippet } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { CopyField } from './copy-field';

/**
 * The Share page's widget section (decision 094): the snippet a maker pastes (a link the loader turns into
 * a tip button with the form in an overlay), the variant without script (the form in a frame), and what
 * a host page's Content-Security-Policy needs. Every address is the platform's public one (the kit's).
 */
export function WidgetShare({ shareKit, locale, name }: { shareKit: ShareKit; locale: Locale; name: string }) {
  const { t } = useTranslation('widget');
  const kit = shareKit.kits[locale];
  const origin = new URL(kit.storefrontUrl).origin;
  return (
    <Stack spacing={2}>
      <CopyField
        label={t('share.script')}
        value={widgetSnippet({
          origin,
          slug: shareKit.slug,
          storefrontUrl: kit.storefrontUrl,
          text: t('share.linkText'),
        })}
      />
      <CopyField
        label={t('share.frame')}
        value={widgetFrameSnippet({ origin, slug: shareKit.slug, locale, title: t('share.frameTitle', { name }) })}
      />
      <Typography sx={{ color: 'text.secondary' }}>{t('share.cspText')}</Typography>
      <CopyField label={t('share.csp')} value={widgetCsp(origin)} />
    </Stack>
  );
}
