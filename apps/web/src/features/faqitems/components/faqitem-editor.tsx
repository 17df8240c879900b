import { Box, Button, Checkbox, FormControlLabel, Paper, TextField } from '@mui/material';
import { type FaqItem, FaqItemDataSchema } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '@/components/page';
import { routePath } from '@/config/paths';
import { useSaveFaqitem } from '@/features/faqitems/api/faqitems';
import { applyServerFieldErrors, useDomainForm } from '@/lib/form';
import { notifySuccess } from '@/lib/notifications';
import { useLocalePath } from '@/lib/use-locale';

type FaqForm = Omit<FaqItem, 'id' | 'created' | 'updated'>;

export function FaqEditor({ item }: { item: FaqItem | undefined }) {
  const { t } = useTranslation(['admin', 'common']);
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const save = useSaveFaqitem(item?.id);
  const { form, field } = useDomainForm<FaqForm>(FaqItemDataSchema, {
    active: item?.active ?? true,
    priority: item?.priority ?? 0,
    question: { en: item?.question.en ?? '', nl: item?.question.nl ?? '' },
    answer: { en: item?.answer.en ?? '', nl: item?.answer.nl ?? '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      notifySuccess(t(item ? 'common:toasts.faqItemUpdated' : 'common:toasts.faqItemCreated'));
      navigate(localePath(routePath('adminFaqitems')));
    } catch (error) {
      applyServerFieldErrors(form, error);
    }
  });
  return (
    <Page title={t(item ? 'faqitems.editTitle' : 'faqitems.newTitle')}>
      <Paper sx={{ p: 3, maxWidth: 800 }}>
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          aria-label={t(item ? 'faqitems.editTitle' : 'faqitems.newTitle')}
        >
          <TextField label={t('faqitems.fields.questionNl')} required {...field('question.nl')} />
          <TextField label={t('faqitems.fields.answerNl')} required multiline minRows={3} {...field('answer.nl')} />
          <TextField label={t('faqitems.fields.questionEn')} required {...field('question.en')} />
          <TextField label={t('faqitems.fields.answerEn')} required multiline minRows={3} {...field('answer.en')} />
          <TextField
            label={t('faqitems.fields.priority')}
            type="number"
            sx={{ maxWidth: 240 }}
            {...field('priority', { number: true })}
          />
          <FormControlLabel
            control={<Checkbox defaultChecked={form.getValues('active')} {...form.register('active')} />}
            label={t('faqitems.fields.active')}
          />
          <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {t(item ? 'common:actions.save' : 'common:actions.create')}
            </Button>
            <Button onClick={() => navigate(localePath(routePath('adminFaqitems')))}>
              {t('common:actions.cancel')}
            </Button>
          </Box>
        </Box>
      </Paper>
    </Page>
  );
}
