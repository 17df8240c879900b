import {
  type FieldError as DomainFieldError,
  issueToFieldError,
  type PasswordContext,
  type PasswordStrength,
  type PasswordStrengthBody,
  type ValidationKey,
} from '@podpot/domain';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import {
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError, api } from '@/lib/api-client';

export { createValidationScheduler, VALIDATION_DELAY_MS, type ValidationScheduler } from '@/lib/validation-timing';

import { createValidationScheduler } from '@/lib/validation-timing';

/* ---------- zod (domain schemas) → react-hook-form ---------- */

/** RHF keeps a string message; we keep the validation key and its params in it. */
function encode(error: DomainFieldError): FieldError {
  return { type: error.key, message: JSON.stringify(error) };
}

export function decodeFieldError(
  error: { type?: unknown; message?: unknown } | undefined,
): DomainFieldError | undefined {
  if (!error) return undefined;
  if (typeof error.message === 'string' && error.message.startsWith('{')) {
    try {
      return JSON.parse(error.message) as DomainFieldError;
    } catch {
      // fall through
    }
  }
  return { key: (typeof error.type === 'string' ? error.type : 'invalid') as ValidationKey };
}

function setPath(target: Record<string, unknown>, path: readonly PropertyKey[], value: unknown): void {
  let node = target;
  path.forEach((segment, index) => {
    const key = String(segment);
    if (index === path.length - 1) {
      if (node[key] === undefined) node[key] = value;
      return;
    }
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  });
}

/**
 * A field that sets a new password: once the schema accepts it, the domain's strength rule checks it
 * too (the API applies the same rule on submit). `owner`: what the password must not contain besides
 * the brand — the e-mail and names typed in the form, or the signed-in user's.
 */
export interface NewPasswordField<T extends FieldValues> {
  name: Path<T>;
  owner?: (values: T) => Omit<PasswordContext, 'brand'>;
}

async function newPasswordError<T extends FieldValues>(field: NewPasswordField<T>, values: T) {
  const password: unknown = get(values, field.name);
  if (typeof password !== 'string' || !password) return null;
  const owner = field.owner?.(values) ?? {};
  // Past PasswordSchema's length the schema already said no; the API bounds what it is asked.
  if (password.length > 200) return null;
  const body: PasswordStrengthBody = { password };
  for (const key of ['email', 'firstName', 'lastName'] as const) {
    const value = owner[key]?.trim();
    if (value) body[key] = value.slice(0, key === 'email' ? 254 : 100);
  }
  try {
    // The API judges it (decision 082): the dictionaries (megabytes) never load in a browser.
    const verdict = await api.post<PasswordStrength>('users/password-strength', body, { silent: true });
    return verdict.ok || !verdict.key ? null : { key: verdict.key as ValidationKey };
  } catch {
    return null; // Offline or rate limited: the API still checks on submit.
  }
}

/** A resolver for a DOMAIN zod schema that reports each issue as a validation key (domain `issueToFieldError`). */
export function domainResolver<T extends FieldValues>(
  schema: z.ZodType,
  newPassword?: () => NewPasswordField<T> | undefined,
): Resolver<T> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    const errors: Record<string, unknown> = {};
    for (const issue of result.error?.issues ?? []) {
      setPath(errors, issue.path.length ? issue.path : ['root'], encode(issueToFieldError(issue)));
    }
    // Only while that field is validated (its own input, or submit) and the schema found nothing in it.
    const password = newPassword?.();
    if (
      password &&
      ((options?.names as readonly string[] | undefined)?.includes(password.name) ?? true) &&
      !get(errors, password.name)
    ) {
      const weak = await newPasswordError(password, values);
      if (weak) setPath(errors, password.name.split('.'), encode(weak));
    }
    if (Object.keys(errors).length === 0 && result.success) return { values: result.data as T, errors: {} };
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}

/** The wrappers whose inner schema decides a field's length (optional, default, …). */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/**
 * The most characters the domain schema takes at `path` (`'name'`, `'address.city'`): a text field's
 * `maxLength`, so the form stops where the API would refuse instead of saying so after a long text.
 * Undefined for anything but a string with a maximum.
 */
export function maxLengthOf(schema: z.ZodType, path: string): number | undefined {
  const keys = path.split('.');
  let node = schema as unknown as { _zod?: { def: Record<string, unknown> }; maxLength?: number | null };
  for (;;) {
    const def = node._zod?.def;
    if (!def) return undefined;
    const type = def.type as string;
    if (WRAPPERS.has(type)) node = def.innerType as typeof node;
    // A transform after the text (`.transform`) or before it (`z.preprocess`): the text side counts.
    else if (type === 'pipe') {
      const input = def.in as typeof node;
      node = input._zod?.def.type === 'transform' ? (def.out as typeof node) : input;
    } else if (type === 'object') {
      const key = keys.shift();
      if (key === undefined) return undefined;
      node = (def.shape as Record<string, typeof node>)[key] ?? {};
    } else if (type === 'string') return keys.length === 0 ? (node.maxLength ?? undefined) : undefined;
    else return undefined;
  }
}

/** The text of a validation key. Phone keys show the value typed (docs/product.md §5). */
export function validationMessage(t: TFunction<'validation'>, error: DomainFieldError, value?: unknown): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (error.key === 'phone' || error.key === 'phoneGeneric') {
    return text ? t('phone', { value: text }) : t('phoneGeneric');
  }
  if (error.key === 'mobile') {
    return text ? t('mobile', { value: text }) : t('phoneGeneric');
  }
  return t(error.key, { ...error.params, value: text });
}

/** Puts the API's `fields` ("data.email" → "email") on the form. Returns true when any field matched. */
export function applyServerFieldErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError'>,
  error: unknown,
  prefix = 'data.',
): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  let matched = false;
  for (const [path, fieldError] of Object.entries(error.fields)) {
    const name = path.startsWith(prefix) ? path.slice(prefix.length) : path;
    form.setError(name as Path<T>, encode(fieldError));
    matched = true;
  }
  return matched;
}

function getError(errors: FieldErrors, name: string): FieldError | undefined {
  let node: unknown = errors;
  for (const part of name.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node as FieldError | undefined;
}

/**
 * react-hook-form driven by a domain schema with the validation timing of docs/product.md §5. `field(name)` gives
 * the props of a labelled MUI TextField (error state, translated helper text, and the schema's maximum length
 * as the input's `maxLength`; a caller's own `slotProps` given after it replace it).
 */
export function useDomainForm<T extends FieldValues>(
  schema: z.ZodType,
  defaultValues: DefaultValues<T>,
  options: { newPassword?: NewPasswordField<T> } = {},
) {
  const { t } = useTranslation('validation');
  const newPasswordRef = useRef(options.newPassword);
  newPasswordRef.current = options.newPassword;
  const form = useForm<T>({
    resolver: domainResolver<T>(schema, () => newPasswordRef.current),
    defaultValues,
    // Validation timing is ours (createValidationScheduler), submit validates everything.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const formRef = useRef(form);
  formRef.current = form;

  const scheduler = useMemo(
    () => createValidationScheduler((name) => void formRef.current.trigger(name as Path<T>)),
    [],
  );
  useEffect(() => () => scheduler.cancel(), [scheduler]);

  const onFieldEvent = useCallback(
    (name: string) => scheduler.schedule(name, Boolean(getError(formRef.current.formState.errors, name))),
    [scheduler],
  );

  /**
   * `htmlInput`: more attributes of the input, beside its maxLength. `filled`: the field's current value,
   * for a field the code fills itself (a slug from the name, a feed's prefill) — MUI cannot see such a
   * value in an uncontrolled field and would leave its label over the text.
   */
  const field = (
    name: Path<T>,
    fieldOptions: {
      helperText?: string;
      number?: boolean;
      htmlInput?: Record<string, unknown>;
      filled?: string;
    } = {},
  ) => {
    const registered = form.register(name, {
      onChange: () => onFieldEvent(name),
      onBlur: () => onFieldEvent(name),
      ...(fieldOptions.number ? { valueAsNumber: true as const } : {}),
    });
    const error = decodeFieldError(getError(form.formState.errors, name));
    const maxLength = maxLengthOf(schema, name);
    const htmlInput = { ...(maxLength ? { maxLength } : {}), ...fieldOptions.htmlInput };
    const slotProps = {
      ...(Object.keys(htmlInput).length > 0 ? { htmlInput } : {}),
      ...('filled' in fieldOptions ? { inputLabel: { shrink: fieldOptions.filled ? true : undefined } } : {}),
    };
    return {
      ...registered,
      ...(Object.keys(slotProps).length > 0 ? { slotProps } : {}),
      id: `field-${name.replace(/\./g, '-')}`,
      error: Boolean(error),
      helperText: error ? validationMessage(t, error, form.getValues(name)) : fieldOptions.helperText,
    };
  };

  return { form, field };
}
