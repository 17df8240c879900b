import {
  Alert,
  Box,
  FormControl,
  FormControlLabel,
  FormLabel,
  LinearProgress,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { type FeedPreview, FeedUrlSchema, type PaymentChoice, SlugSchema, type TipjarType } from '@podpot/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AppLink } from '@/components/app-link';
import { InlineLogin } from '@/components/inline-login';
import { NewPasswordFields } from '@/components/new-password-fields';
import { isReservedSlug, routePath } from '@/config/paths';
import {
  createTipjar,
  isSlugFree,
  TIPJAR_PRICE_CENTS,
  testOrderEmail,
  testOrderPhoneNumber,
} from '@/features/tipjars/api/create-tipjar';
import {
  EMPTY_ORDER,
  LoggedInOrderSchema,
  LoggedOutOrderSchema,
  type OrderFormValues,
} from '@/features/tipjars/components/order-form-schema';
import { slugify } from '@/features/tipjars/rules';
import { isApiError, tokenStorage } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-errors';
import { login, useAuth } from '@/lib/auth';
import type { CheckoutComponent } from '@/lib/checkout-slot';
import type { FeedFieldComponent } from '@/lib/feed-slot';
import { applyServerFieldErrors, useDomainForm } from '@/lib/form';
import type { SecondStep } from '@/lib/second-step-slot';
import { useLocale, useLocalePath } from '@/lib/use-locale';

type SlugState = 'idle' | 'checking' | 'available' | 'taken' | 'reserved';

const mobileInvalid = { type: 'mobile', message: JSON.stringify({ key: 'mobile' }) };

/** What the form carries over when the maker logs in on it: everything typed, the feed and the payment choice. */
interface CarriedOrder {
  values: OrderFormValues;
  feedUrl: string;
  artwork: { id: string; url: string } | null;
  payment: PaymentChoice;
}

/**
 * The order form (docs/product.md §2 /podcastmaker#order and /order). Logged out it registers the maker
 * too; an address that already has an account logs in right here (`secondStep` for two-step login) and
 * the order goes on as that account, with everything typed so far.
 * `checkout`: the checkout block (lib/checkout-slot.ts); `feedField`: the feed field (lib/feed-slot.ts);
 * `sectionHeading`: the level of the form's section headings, one below the page's heading above the form.
 */
export function OrderForm({
  checkout,
  feedField,
  secondStep,
  sectionHeading = 'h3',
}: {
  checkout: CheckoutComponent;
  feedField?: FeedFieldComponent;
  secondStep?: SecondStep;
  sectionHeading?: 'h2' | 'h3';
}) {
  const { loggedIn, loading } = useAuth();
  const { t } = useTranslation('common');
  // Logging in swaps the form for the signed-in one (no account section); this carries what was typed.
  const carried = useRef<CarriedOrder | null>(null);
  if (loading) return <LinearProgress aria-label={t('loading')} />;
  return (
    <OrderFormFields
      key={loggedIn ? 'user' : 'anonymous'}
      loggedIn={loggedIn}
      checkout={checkout}
      feedField={feedField}
      secondStep={secondStep}
      sectionHeading={sectionHeading}
      carried={loggedIn ? carried.current : null}
      onCarry={(order) => {
        carried.current = order;
      }}
    />
  );
}

function OrderFormFields({
  loggedIn,
  checkout: CheckoutBlock,
  feedField: FeedField,
  secondStep,
  sectionHeading,
  carried,
  onCarry,
}: {
  loggedIn: boolean;
  checkout: CheckoutComponent;
  feedField?: FeedFieldComponent;
  secondStep?: SecondStep;
  sectionHeading: 'h2' | 'h3';
  carried: CarriedOrder | null;
  onCarry: (order: CarriedOrder) => void;
}) {
  const { t } = useTranslation(['podcastmaker', 'errors', 'validation']);
  const locale = useLocale();
  const localePath = useLocalePath();
  const location = useLocation();
  const navigate = useNavigate();
  const schema = loggedIn ? LoggedInOrderSchema : LoggedOutOrderSchema;
  const { user } = useAuth();
  const { form, field } = useDomainForm<OrderFormValues>(schema, carried?.values ?? EMPTY_ORDER, {
    newPassword: loggedIn ? undefined : { name: 'account.password', owner: (values) => values.account },
  });
  const values = useWatch({ control: form.control }) as OrderFormValues;
  const [payment, setPayment] = useState<PaymentChoice>(carried?.payment ?? { paymentmethod: '', paymentissuer: '' });
  const [slugState, setSlugState] = useState<SlugState>('idle');
  const [accountEmailTaken, setAccountEmailTaken] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [feedUrl, setFeedUrl] = useState(carried?.feedUrl ?? '');
  const [artwork, setArtwork] = useState<{ id: string; url: string } | null>(carried?.artwork ?? null);
  const carry = () => onCarry({ values: form.getValues(), feedUrl, artwork, payment });

  /* The feed fills the fields; the maker may change everything before ordering. */
  const onPrefill = useCallback(
    (preview: FeedPreview) => {
      const options = { shouldDirty: true, shouldValidate: true };
      if (preview.name) form.setValue('name', preview.name, options);
      if (preview.description) form.setValue('description', preview.description, options);
      if (preview.suggestedSlug) form.setValue('slug', preview.suggestedSlug, options);
      setArtwork(preview.artworkId && preview.artworkUrl ? { id: preview.artworkId, url: preview.artworkUrl } : null);
    },
    [form],
  );

  /* Suggest a slug from the name until the maker edits the slug (a carried slug is the maker's already). */
  const slugEdited = form.formState.dirtyFields.slug || carried !== null;
  useEffect(() => {
    if (!slugEdited) form.setValue('slug', slugify(values.name ?? ''));
  }, [values.name, slugEdited, form]);

  /* Live slug feedback: format (domain SlugSchema), reserved (route table), taken (API). */
  const slug = (values.slug ?? '').trim().toLowerCase();
  useEffect(() => {
    if (!SlugSchema.safeParse(slug).success) {
      setSlugState('idle');
      return;
    }
    if (isReservedSlug(slug)) {
      setSlugState('reserved');
      return;
    }
    setSlugState('checking');
    const controller = new AbortController();
    const timer = setTimeout(() => {
      isSlugFree(slug, controller.signal)
        .then((free) => setSlugState(free ? 'available' : 'taken'))
        .catch(() => {
          if (!controller.signal.aborted) setSlugState('idle');
        });
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [slug]);

  const valid = useMemo(() => schema.safeParse(values).success, [schema, values]);
  const slugBlocked = slugState === 'taken' || slugState === 'reserved';
  // The schema cannot see the password strength (an async check): its field error blocks checkout too.
  const passwordRefused = !loggedIn && Boolean(form.formState.errors.account?.password);
  const feedValid = !feedUrl.trim() || FeedUrlSchema.safeParse(feedUrl).success;
  const canPay =
    valid && feedValid && !slugBlocked && !accountEmailTaken && !passwordRefused && slugState !== 'checking';

  const checkAccountEmail = async () => {
    if (!(await form.trigger('account.email'))) return;
    try {
      // Shown as the field's message for as long as the address stays (a form error would be cleared by
      // the next validation), with the login right under it.
      setAccountEmailTaken(!(await testOrderEmail(form.getValues('account.email').trim())));
    } catch {
      // docs/product.md §8: the check fails without detail; the order call checks again.
    }
  };

  const checkPhone = async () => {
    if (!(await form.trigger('phoneNumber'))) return;
    try {
      if (!(await testOrderPhoneNumber(form.getValues('phoneNumber')))) form.setError('phoneNumber', mobileInvalid);
    } catch {
      // The order call checks again.
    }
  };

  const onSubmit = form.handleSubmit(async (data) => {
    if (!canPay || !payment.paymentmethod) return;
    setFailure(null);
    setSubmitting(true);
    const business = data.type === 'BUSINESS';
    try {
      const answer = await createTipjar({
        name: data.name,
        slug: data.slug,
        type: data.type,
        email: data.email,
        phoneNumber: data.phoneNumber,
        companyName: business ? data.companyName : undefined,
        cocNumber: business ? data.cocNumber : undefined,
        vatNumber: business && data.vatNumber ? data.vatNumber : undefined,
        description: data.description || undefined,
        rssUrl: feedUrl.trim() || undefined,
        artworkId: artwork?.id,
        payment,
        locale,
        account: loggedIn ? undefined : data.account,
      });
      // Registered in the same request: the answer's token is the new session.
      if (answer.access_token) tokenStorage.set(answer.access_token);
      const redirectUrl = answer.oppTransaction.redirectUrl;
      if (redirectUrl) {
        window.location.assign(redirectUrl);
        return;
      }
      // No checkout to go to: the backoffice's payment dialog lets the maker pay.
      window.location.assign(localePath(routePath('backofficeDashboard', { tipjarslug: answer.tipjar.slug })));
    } catch (error) {
      setSubmitting(false);
      if (isApiError(error)) {
        if (error.code === 'SLUG_TAKEN') return setSlugState('taken');
        if (error.code === 'SLUG_RESERVED') return setSlugState('reserved');
        if (error.code === 'EMAIL_TAKEN') return setAccountEmailTaken(true);
        if (error.code === 'PAYMENT_PROVIDER' && !loggedIn) {
          // The tip jar and account exist, only the payment did not start: sign in and pay from the backoffice.
          try {
            await login(data.account.email, data.account.password);
            navigate(localePath(routePath('backofficeDashboard', { tipjarslug: data.slug })));
            return;
          } catch {
            // Fall through to the message.
          }
        }
      }
      if (!applyServerFieldErrors(form, error)) setFailure(apiErrorText(error));
    }
  });

  const slugField = field('slug', { filled: values.slug, htmlInput: { autoCapitalize: 'none', spellCheck: false } });
  const slugHelper = slugField.error
    ? slugField.helperText
    : slugState === 'taken'
      ? t('podcastmaker:form.slugTaken')
      : slugState === 'reserved'
        ? t('podcastmaker:form.slugReserved')
        : slugState === 'checking'
          ? t('podcastmaker:form.slugChecking')
          : slugState === 'available'
            ? t('podcastmaker:form.slugAvailable', { url: `${window.location.host}/${slug}` })
            : t('podcastmaker:form.slugHint');
  const accountEmailField = field('account.email');
  const nameField = field('name', { filled: values.name });
  const descriptionField = field('description', {
    helperText: t('podcastmaker:form.optional'),
    filled: values.description,
  });
  const phoneField = field('phoneNumber', { helperText: t('podcastmaker:form.phoneHint') });
  const isBusiness = values.type === 'BUSINESS';

  const onPaymentChange = useCallback((choice: PaymentChoice) => setPayment(choice), []);

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('podcastmaker:form.label')}>
      {failure && <Alert severity="error">{failure}</Alert>}
      {carried && user && (
        <Alert severity="success" sx={{ mt: 2 }} data-testid="order-logged-in">
          {t('podcastmaker:form.loggedInAs', { email: user.email })}
        </Alert>
      )}

      <Typography variant="h3" component={sectionHeading} sx={{ mt: 2 }}>
        {t('podcastmaker:form.tipjarSection')}
      </Typography>
      {FeedField && <FeedField value={feedUrl} onChange={setFeedUrl} onPrefill={onPrefill} artworkUrl={artwork?.url} />}
      <TextField label={t('podcastmaker:form.name')} required {...nameField} />
      <TextField
        label={t('podcastmaker:form.slug')}
        required
        {...slugField}
        error={slugField.error || slugBlocked}
        helperText={slugHelper}
      />
      <TextField label={t('podcastmaker:form.description')} multiline minRows={2} {...descriptionField} />

      <FormControl component="fieldset" sx={{ mt: 2 }}>
        <FormLabel component="legend">{t('podcastmaker:form.type')}</FormLabel>
        <Controller
          control={form.control}
          name="type"
          render={({ field: typeField }) => (
            <RadioGroup
              row
              name={typeField.name}
              value={typeField.value}
              onChange={(event) => typeField.onChange(event.target.value as TipjarType)}
            >
              <FormControlLabel value="CONSUMER" control={<Radio />} label={t('podcastmaker:form.consumer')} />
              <FormControlLabel value="BUSINESS" control={<Radio />} label={t('podcastmaker:form.business')} />
            </RadioGroup>
          )}
        />
      </FormControl>
      {isBusiness && (
        <Box>
          <TextField label={t('podcastmaker:form.companyName')} required {...field('companyName')} />
          <Box sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
            <TextField
              label={t('podcastmaker:form.cocNumber')}
              required
              {...field('cocNumber', { helperText: t('podcastmaker:form.cocHint') })}
            />
            <TextField
              label={t('podcastmaker:form.vatNumber')}
              {...field('vatNumber', { helperText: t('podcastmaker:form.vatHint') })}
            />
          </Box>
        </Box>
      )}

      <Typography variant="h3" component={sectionHeading} sx={{ mt: 3 }}>
        {t('podcastmaker:form.contactSection')}
      </Typography>
      <TextField
        label={t('podcastmaker:form.email')}
        type="email"
        autoComplete="email"
        required
        {...field('email', { helperText: t('podcastmaker:form.emailHint') })}
      />
      <TextField
        label={t('podcastmaker:form.phoneNumber')}
        type="tel"
        autoComplete="tel"
        required
        {...phoneField}
        onBlur={(event) => {
          void phoneField.onBlur(event);
          void checkPhone();
        }}
      />

      {!loggedIn && (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 3 }}>
          <Typography variant="h3" component="legend">
            {t('podcastmaker:form.accountSection')}
          </Typography>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('podcastmaker:form.accountIntro')}{' '}
            <AppLink
              color="inherit"
              to={`${routePath('login')}?redirect=${encodeURIComponent(`${location.pathname}#order`)}`}
            >
              {t('podcastmaker:form.login')}
            </AppLink>
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
            <TextField
              label={t('podcastmaker:form.firstName')}
              autoComplete="given-name"
              required
              {...field('account.firstName')}
            />
            <TextField
              label={t('podcastmaker:form.lastName')}
              autoComplete="family-name"
              required
              {...field('account.lastName')}
            />
          </Box>
          <TextField
            label={t('podcastmaker:form.accountEmail')}
            type="email"
            autoComplete="username"
            required
            {...accountEmailField}
            error={accountEmailField.error || accountEmailTaken}
            helperText={accountEmailTaken ? t('validation:emailTaken') : accountEmailField.helperText}
            onChange={(event) => {
              setAccountEmailTaken(false);
              void accountEmailField.onChange(event);
            }}
            onBlur={(event) => {
              void accountEmailField.onBlur(event);
              void checkAccountEmail();
            }}
          />
          {accountEmailTaken ? (
            <Box data-testid="order-inline-login" sx={{ mt: 1 }}>
              <Alert severity="info">{t('podcastmaker:form.emailHasAccount')}</Alert>
              {secondStep && (
                <InlineLogin
                  nested
                  username={values.account?.email?.trim()}
                  secondStep={secondStep}
                  beforeLogin={carry}
                />
              )}
            </Box>
          ) : (
            <NewPasswordFields
              label={t('podcastmaker:form.password')}
              field={field('account.password', { helperText: t('podcastmaker:form.passwordHint') })}
            />
          )}
        </Box>
      )}

      <Box sx={{ mt: 3 }}>
        <CheckoutBlock
          amountCents={TIPJAR_PRICE_CENTS}
          value={payment}
          onChange={onPaymentChange}
          invalid={!canPay}
          loading={submitting}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('podcastmaker:form.afterPaying')}
        </Typography>
      </Box>
    </Box>
  );
}
