import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Grid,
  Link,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Paper,
  TextField,
  Typography,
} from '@mui/material';
import { CreateMerchantBodySchema, isOpenRequirement, MERCHANT_COUNTRIES, type OppMerchantView } from '@podpot/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { env } from '@/config/env';
import { useCreateMerchant, useMerchant } from '@/features/merchants/api/merchant';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { applyServerFieldErrors, useDomainForm } from '@/lib/form';

type StatusColor = 'success' | 'warning' | 'error' | 'default' | 'info';
const GOOD = new Set(['live', 'verified', 'approved']);
const BAD = new Set(['suspended', 'terminated', 'blocked', 'disapproved', 'rejected']);
const colorOf = (status: string): StatusColor => (GOOD.has(status) ? 'success' : BAD.has(status) ? 'error' : 'warning');
/**
 * Bank account statuses in which the maker has something to do on the provider's page: not confirmed
 * yet, or refused. `pending` is the provider checking what the maker confirmed: nothing to do but wait.
 */
const BANK_TO_VERIFY = new Set(['new', 'disapproved']);

/** What the registration needs of the tip jar: its id and the contact e-mail the form proposes. */
export interface RegistrationTipjar {
  id: string;
  email: string;
}

/**
 * Registration with the payment provider (bank account and merchant). The maker registers here;
 * identity and bank account are verified on the provider's own pages (no IBAN passes through us),
 * which return to this page. The state is read fresh from the provider on every visit. A
 * registration whose bank account could not be added yet shows the form again to finish it.
 */
export function MerchantRegistration({ tipjar }: { tipjar: RegistrationTipjar }) {
  const { t } = useTranslation('tipjar');
  const merchant = useMerchant(tipjar.id);
  const queryClient = useQueryClient();

  // Coming back from the provider's pages: the tip jar's summary (menu alert) may be stale too.
  useEffect(() => {
    if (merchant.data) void queryClient.invalidateQueries({ queryKey: ['tipjars', 'slug'] });
  }, [merchant.data, queryClient]);

  return (
    <Paper sx={{ p: 3 }}>
      {/* Two columns from md up: how registering goes beside where it stands (and its form); one on a phone. */}
      <Grid container columnSpacing={4} rowSpacing={2}>
        <Grid size={{ xs: 12, md: 5 }} data-testid="registration-steps">
          <Typography sx={{ mb: 2 }}>{t('registration.intro')}</Typography>
          <List dense sx={{ listStyle: 'decimal', pl: 3, mb: 2 }}>
            {(['account', 'bank', 'identity', 'review'] as const).map((step) => (
              <ListItem key={step} sx={{ display: 'list-item' }}>
                <ListItemText primary={t(`registration.steps.${step}`)} />
              </ListItem>
            ))}
          </List>
          <Typography variant="body2">
            {t('registration.help')}{' '}
            <Link color="inherit" href={`mailto:${env.supportEmail}`}>
              {env.supportEmail}
            </Link>
          </Typography>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }} component="section" aria-labelledby="registration-state-title">
          <Typography id="registration-state-title" variant="h3" component="h2" gutterBottom>
            {t('registration.stateTitle')}
          </Typography>
          {merchant.isPending ? (
            <CircularProgress aria-label={t('registration.loading')} />
          ) : merchant.isError ? (
            <Alert
              severity="error"
              action={<Button onClick={() => void merchant.refetch()}>{t('registration.retry')}</Button>}
            >
              {t('registration.loadError')}
            </Alert>
          ) : merchant.data ? (
            <>
              <MerchantState
                merchant={merchant.data}
                refreshing={merchant.isFetching}
                onRefresh={() => void merchant.refetch()}
              />
              {!merchant.data.bankAccount && <RegisterForm tipjar={tipjar} resume />}
            </>
          ) : (
            <RegisterForm tipjar={tipjar} />
          )}
        </Grid>
      </Grid>
    </Paper>
  );
}

/** The provider stopped the merchant (suspended, blocked, terminated): no tips until it is resolved. */
export function MerchantStoppedAlert({ merchantStatus }: { merchantStatus: string }) {
  const { t } = useTranslation('tipjar');
  return (
    <Alert severity="error" sx={{ mb: 2 }} data-testid="merchant-stopped">
      {t('registration.stopped', {
        status: t(`registration.statuses.merchantStatus.${merchantStatus}`, { defaultValue: merchantStatus }),
      })}{' '}
      <Link color="inherit" href={`mailto:${env.supportEmail}`}>
        {env.supportEmail}
      </Link>
    </Alert>
  );
}

function MerchantState(props: { merchant: OppMerchantView; refreshing: boolean; onRefresh: () => void }) {
  const { t } = useTranslation('tipjar');
  const { merchant } = props;
  const label = (group: 'merchantStatus' | 'complianceStatus' | 'bankStatus', status: string) =>
    t(`registration.statuses.${group}.${status}`, { defaultValue: status });
  const bankToVerify =
    merchant.bankAccount && BANK_TO_VERIFY.has(merchant.bankAccount.status) && merchant.bankAccount.verificationUrl;
  // Everything the provider still asks for, each with its own link (or the overview of open steps).
  const openRequirements = merchant.requirements.filter(isOpenRequirement);

  return (
    <Box data-testid="registration-state">
      {!merchant.acceptsPayments ? (
        <MerchantStoppedAlert merchantStatus={merchant.merchantStatus} />
      ) : merchant.registrationComplete ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t('registration.complete')}
        </Alert>
      ) : (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('registration.inProgress')}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Chip
          color={colorOf(merchant.merchantStatus)}
          label={t('registration.merchant', { status: label('merchantStatus', merchant.merchantStatus) })}
        />
        <Chip
          color={colorOf(merchant.complianceStatus)}
          label={t('registration.compliance', { status: label('complianceStatus', merchant.complianceStatus) })}
        />
        {merchant.bankAccount && (
          <Chip
            color={colorOf(merchant.bankAccount.status)}
            label={t('registration.bank', { status: label('bankStatus', merchant.bankAccount.status) })}
          />
        )}
      </Box>
      {merchant.bankAccount?.iban && (
        <Typography sx={{ mb: 2 }}>{t('registration.iban', { iban: merchant.bankAccount.iban })}</Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {bankToVerify && (
          <Button variant="contained" color="secondary" href={merchant.bankAccount!.verificationUrl!}>
            {t('registration.verifyBank')}
          </Button>
        )}
        {!merchant.registrationComplete && merchant.overviewUrl && (
          <Button variant="outlined" href={merchant.overviewUrl}>
            {t('registration.overview')}
          </Button>
        )}
        <Button onClick={props.onRefresh} disabled={props.refreshing}>
          {t('registration.refresh')}
        </Button>
      </Box>
      {openRequirements.length > 0 && (
        <>
          <Typography variant="h3" component="h3" sx={{ mt: 3, mb: 1, fontSize: '1.1rem' }}>
            {t('registration.requirementsTitle')}
          </Typography>
          <List dense data-testid="registration-requirements">
            {openRequirements.map((r) => {
              const text = t(`registration.requirements.${r.type.replace(/\./g, '_')}`, {
                defaultValue: t('registration.requirementOther', { type: r.type }),
              });
              const href = r.redirectUrl ?? merchant.overviewUrl;
              return (
                <ListItem key={r.type}>
                  <ListItemText
                    primary={
                      href ? (
                        <Link color="inherit" href={href}>
                          {text}
                        </Link>
                      ) : (
                        text
                      )
                    }
                    secondary={label('complianceStatus', r.status)}
                  />
                </ListItem>
              );
            })}
          </List>
        </>
      )}
    </Box>
  );
}

type RegisterValues = {
  firstName: string;
  lastName: string;
  country: (typeof MERCHANT_COUNTRIES)[number];
  email: string;
};

/** The tip jar's own details the business registration needs, refused by the API when missing. */
const TIPJAR_FIELDS = ['data.companyName', 'data.cocNumber'];

function RegisterForm({ tipjar, resume = false }: { tipjar: RegistrationTipjar; resume?: boolean }) {
  const { t } = useTranslation('tipjar');
  const { user } = useAuth();
  const create = useCreateMerchant(tipjar.id);
  const { form, field } = useDomainForm<RegisterValues>(CreateMerchantBodySchema.shape.data, {
    firstName: user?.profile.firstName ?? '',
    lastName: user?.profile.lastName ?? '',
    country: 'nld',
    email: tipjar.email,
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
    } catch (error) {
      applyServerFieldErrors(form, error);
    }
  });
  const country = form.watch('country');
  const { errors } = form.formState;
  const needsTipjarDetails =
    create.error instanceof ApiError && Object.keys(create.error.fields ?? {}).some((f) => TIPJAR_FIELDS.includes(f));
  // A field error (ours, or the provider's words on a field) shows at its field instead.
  const otherFailure = create.isError && !needsTipjarDetails && Object.keys(errors).length === 0;
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('registration.formTitle')} sx={{ mt: 2 }}>
      <Alert severity={resume ? 'warning' : 'info'} sx={{ mb: 2 }}>
        {t(resume ? 'registration.unfinished' : 'registration.notRegistered')}
      </Alert>
      <Typography sx={{ mb: 1 }}>{t('registration.formIntro')}</Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <TextField
          label={t('registration.fields.firstName')}
          autoComplete="given-name"
          required
          {...field('firstName')}
        />
        <TextField
          label={t('registration.fields.lastName')}
          autoComplete="family-name"
          required
          {...field('lastName')}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <TextField
          select
          sx={{ maxWidth: { sm: 220 } }}
          label={t('registration.fields.country')}
          value={country}
          onChange={(event) => form.setValue('country', event.target.value as RegisterValues['country'])}
        >
          {MERCHANT_COUNTRIES.map((code) => (
            <MenuItem key={code} value={code}>
              {t(`registration.countries.${code}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('registration.fields.email')}
          type="email"
          autoComplete="email"
          {...field('email', { helperText: t('registration.emailHelp') })}
        />
      </Box>
      {needsTipjarDetails && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('registration.businessDetailsMissing')}
        </Alert>
      )}
      {otherFailure && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('registration.createError')}
        </Alert>
      )}
      <Button type="submit" variant="contained" color="secondary" sx={{ mt: 2 }} disabled={create.isPending}>
        {t(resume ? 'registration.finish' : 'registration.submit')}
      </Button>
    </Box>
  );
}
