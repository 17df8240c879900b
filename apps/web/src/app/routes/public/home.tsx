import { Box, Button, Grid, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LocaleRouterLink } from '@/components/app-link';
import { PageTitle } from '@/components/page-title';
import { routePath } from '@/config/paths';

export default function HomePage() {
  const { t } = useTranslation('home');
  const steps = ['one', 'two', 'three'] as const;
  return (
    <Box>
      <PageTitle title={t('title')} />
      <Box component="header" sx={{ textAlign: 'center', py: { xs: 4, md: 8 } }}>
        <Typography variant="h1" gutterBottom>
          {t('title')}
        </Typography>
        <Typography variant="h5" component="p" color="text.secondary">
          {t('tagline')}
        </Typography>
      </Box>

      <Box
        component="section"
        id="podcastluisteraar"
        aria-labelledby="listener-title"
        sx={{ py: 4, scrollMarginTop: 80 }}
      >
        <Typography id="listener-title" variant="h2" gutterBottom>
          {t('listener.title')}
        </Typography>
        <Typography sx={{ mb: 3 }}>{t('listener.text')}</Typography>
        <Grid container spacing={2}>
          {steps.map((step, index) => (
            <Grid key={step} size={{ xs: 12, md: 4 }}>
              <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
                <Typography variant="h3" component="h3" gutterBottom>
                  {index + 1}. {t(`listener.steps.${step}.title`)}
                </Typography>
                <Typography>{t(`listener.steps.${step}.text`)}</Typography>
              </Paper>
            </Grid>
          ))}
        </Grid>
      </Box>

      <Paper
        component="section"
        aria-labelledby="maker-title"
        sx={{ p: { xs: 3, md: 4 }, my: 4, bgcolor: 'accent.light' }}
      >
        <Typography id="maker-title" variant="h2" gutterBottom>
          {t('maker.title')}
        </Typography>
        <Typography sx={{ mb: 2 }}>{t('maker.text')}</Typography>
        <Button
          component={LocaleRouterLink}
          to={routePath('podcastmaker')}
          variant="contained"
          color="secondary"
          size="large"
        >
          {t('maker.cta')}
        </Button>
      </Paper>
    </Box>
  );
}
