import { Link, List, ListItem, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { InfoText } from '@/components/info-text';
import { Page } from '@/components/page';
import { env } from '@/config/env';
import { routePath } from '@/config/paths';

/** 'Informatie': the information hub. */
export default function SupportPage() {
  const { t } = useTranslation('info');
  const links = [
    { to: routePath('faq'), label: t('faq.title') },
    { to: routePath('about'), label: t('about.title') },
    { to: routePath('termsofuse'), label: t('termsofuse.title') },
    { to: routePath('privacy'), label: t('privacy.title') },
  ];
  return (
    <Page title={t('support.title')}>
      <InfoText text={t('support.body')} />
      <List aria-label={t('support.linksLabel')}>
        {links.map((link) => (
          <ListItem key={link.to} disableGutters>
            <AppLink to={link.to}>{link.label}</AppLink>
          </ListItem>
        ))}
      </List>
      <Typography variant="h2" sx={{ mt: 3 }} gutterBottom>
        {t('support.contactTitle')}
      </Typography>
      <Typography>
        {t('support.contactText')} <Link href={`mailto:${env.supportEmail}`}>{env.supportEmail}</Link>
      </Typography>
    </Page>
  );
}
