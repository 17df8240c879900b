import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Alert, LinearProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { InfoText } from '@/components/info-text';
import { Page } from '@/components/page';
import { usePublicFaqitems } from '@/features/faqitems/api/list-faqitems';
import { useLocale } from '@/lib/use-locale';

export default function FaqPage() {
  const { t } = useTranslation(['info', 'common']);
  const locale = useLocale();
  const query = usePublicFaqitems();
  const items = [...(query.data?.data ?? [])].filter((item) => item.active).sort((a, b) => b.priority - a.priority);
  return (
    <Page title={t('faq.title')}>
      {query.isPending && <LinearProgress aria-label={t('common:loading')} />}
      {query.isError && <Alert severity="error">{t('faq.loadError')}</Alert>}
      {query.isSuccess && items.length === 0 && <Typography>{t('faq.empty')}</Typography>}
      {items.map((item) => (
        <Accordion key={item.id} disableGutters>
          <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`faq-${item.id}`} id={`faq-${item.id}-q`}>
            <Typography fontWeight={600}>{item.question[locale]}</Typography>
          </AccordionSummary>
          <AccordionDetails id={`faq-${item.id}`}>
            <InfoText text={item.answer[locale]} />
          </AccordionDetails>
        </Accordion>
      ))}
    </Page>
  );
}
