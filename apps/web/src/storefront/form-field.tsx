import type { ReactNode } from 'react';
import type { Translate } from '@/storefront/strings';

/** From this share of a text limit on, the field counts the characters left (aria-live, so it is heard). */
const COUNTER_FROM = 0.8;

/** "12 characters left" once a text is near its limit (the API's limit, packages/domain tip-rules). */
export function Counter({ length, max, t }: { length: number; max: number; t: Translate }) {
  if (length < max * COUNTER_FROM) return null;
  return (
    <p className="sf-help sf-counter" aria-live="polite" data-testid="char-counter">
      {t('storefront:fields.charsLeft', { count: Math.max(0, max - length), max })}
    </p>
  );
}

/** A text field with its label, helper or error text (the error replaces the helper, as MUI does). */
export function Field(props: {
  id: string;
  label: string;
  help: string;
  error?: string;
  required?: boolean;
  children: (a11y: { id: string; 'aria-describedby': string; 'aria-invalid': boolean }) => ReactNode;
  adornment?: string;
  /** Below the helper: e.g. the characters left near a text's limit. */
  after?: ReactNode;
}) {
  const helpId = `${props.id}-helper-text`;
  return (
    <div className={`sf-field${props.error ? ' sf-invalid' : ''}`}>
      <label htmlFor={props.id}>
        {props.label}
        {props.required && <span aria-hidden="true"> *</span>}
      </label>
      <div className="sf-input">
        {props.adornment && <span aria-hidden="true">{props.adornment}</span>}
        {props.children({ id: props.id, 'aria-describedby': helpId, 'aria-invalid': Boolean(props.error) })}
      </div>
      <p id={helpId} className="sf-help">
        {props.error ?? props.help}
      </p>
      {props.after}
    </div>
  );
}
