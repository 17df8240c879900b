import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatCents } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { LocaleRouterLink } from '@/components/app-link';
import { Page } from '@/components/page';
import { routePath } from '@/config/paths';
import { useMyRecurringTips } from '@/features/recurring-tips/api/get-my-recurring-tips';
import {
  MandateStatusChip,
  RecurringTipStatusChip,
  useFailureReason,
} from '@/features/recurring-tips/components/recurring-tips-table';
import { formatDate } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';

/** 'Mijn maandelijkse fooien': every own monthly tip, newest first, each with a link to manage it. */
export function RecurringTipList() {
  const { t } = useTranslation(['recurringtips', 'common']);
  const locale = useLocale();
  const reasonText = useFailureReason();
  const query = useMyRecurringTips();
  const rows = query.data?.data ?? [];
  return (
    <Page title={t('account.title')} subtitle={t('account.intro')}>
      <Paper>
        {query.isPending && <LinearProgress aria-label={t('common:loading')} />}
        {query.isError && <Alert severity="error">{t('account.loadError')}</Alert>}
        {query.isSuccess && rows.length === 0 && (
          <Box sx={{ p: 3 }}>
            <Typography>{t('account.empty')}</Typography>
          </Box>
        )}
        {rows.length > 0 && (
          <TableContainer>
            <Table aria-label={t('account.listLabel')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('columns.tipjar')}</TableCell>
                  <TableCell>{t('columns.amount')}</TableCell>
                  <TableCell>{t('columns.status')}</TableCell>
                  <TableCell>{t('columns.nextCharge')}</TableCell>
                  <TableCell>{t('columns.failure')}</TableCell>
                  <TableCell align="right">{t('columns.details')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((tip) => (
                  <TableRow key={tip.id} data-testid="my-recurringtip-row">
                    <TableCell>{tip.tipjar.name}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {t('perMonth', { amount: formatCents(tip.amount, locale) })}
                      {tip.nextAmount !== null && (
                        <Typography variant="body2" color="text.secondary" component="div">
                          {t('nextAmount', { amount: formatCents(tip.nextAmount, locale) })}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                        <RecurringTipStatusChip status={tip.status} />
                        <MandateStatusChip status={tip.mandate.status} />
                      </Box>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {tip.nextChargeAt && tip.status === 'active' ? formatDate(tip.nextChargeAt, locale) : '—'}
                    </TableCell>
                    <TableCell>{tip.lastFailureReason ? reasonText(tip.lastFailureReason) : '—'}</TableCell>
                    <TableCell align="right">
                      <Button
                        component={LocaleRouterLink}
                        to={routePath('accountRecurringtips', { recurringtipid: tip.id })}
                        size="small"
                        variant="outlined"
                        color="inherit"
                        aria-label={t('account.manageLabel', { name: tip.tipjar.name })}
                      >
                        {t('account.manage')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Paper>
    </Page>
  );
}
