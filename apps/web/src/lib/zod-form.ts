// A small form hook on top of the contracts' zod schemas (the same schema the server checks). Issues become
// translation keys (spec section 5: required, invalid e-mail, minimum length...), translated at render time so
// a language switch re-translates visible messages. Errors show after the first submit, then follow every change.
// Errors the server finds (400 fields, a 409 about one field) show on their field until its value changes.
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { errorKeyToTranslationKey } from '@bq/domain/error-keys';
import { ApiError } from './api-client';

export interface ValidationMessage {
  key: string;
  values?: Record<string, string | number>;
}

type Issue = z.core.$ZodIssue;

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

// The contracts write their messages as API errorKeys ('error.validation.phone'), the same keys the server
// answers in a 400's fields; zod's own default messages are sentences and never match.
const ERROR_KEY_PATTERN = /^error\.[a-z0-9_]+(\.[a-z0-9_]+)*$/i;

/** An errorKey as a form message: translated like every errorKey (spec section 8), e.g. ERROR_VALIDATION_PHONE. */
export function errorKeyMessage(errorKey: string): ValidationMessage {
  return { key: errorKeyToTranslationKey(errorKey) ?? 'validation.invalid' };
}

/**
 * The message of one issue. A message that is an errorKey wins (the contract chose it); custom refinements carry
 * their translation key as the message; otherwise the issue's code decides.
 */
export function issueToMessage(issue: Issue, value: unknown): ValidationMessage {
  if (ERROR_KEY_PATTERN.test(issue.message)) return errorKeyMessage(issue.message);
  if (issue.code === 'custom') return { key: issue.message };
  if (isBlank(value)) return { key: 'validation.required' };
  switch (issue.code) {
    case 'invalid_format':
      return issue.format === 'email' ? { key: 'validation.email' } : { key: 'validation.invalid' };
    case 'too_small':
      return { key: 'validation.min_length', values: { min: Number(issue.minimum) } };
    case 'too_big':
      return { key: 'validation.max_length', values: { max: Number(issue.maximum) } };
    default:
      return { key: 'validation.invalid' };
  }
}

export type FieldErrors<F extends string> = Partial<Record<F, ValidationMessage>>;

/** First message per top-level field. */
export function validateWith<F extends string, Out>(
  schema: z.ZodType<Out>,
  values: Record<F, string>,
): { ok: true; data: Out; errors: null } | { ok: false; data: null; errors: FieldErrors<F> } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data, errors: null };
  const errors: FieldErrors<F> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as F;
    if (errors[field]) continue;
    errors[field] = issueToMessage(issue, values[field]);
  }
  return { ok: false, data: null, errors };
}

/**
 * The field errors of a failed API call: the 400's `fields` (path 'body.email', 'querystring.email' or 'email') that name one of
 * `fields`, plus `extra` (e.g. a 409 that concerns the e-mail). Empty for anything else.
 */
export function apiFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  extra: (error: ApiError) => FieldErrors<F> = () => ({}),
): FieldErrors<F> {
  if (!(error instanceof ApiError)) return {};
  const errors: FieldErrors<F> = {};
  for (const field of error.fields) {
    const name = field.path.replace(/^(body|querystring|params)\./, '').split('.')[0] as F;
    if (fields.includes(name) && !errors[name]) errors[name] = errorKeyMessage(field.errorKey);
  }
  return { ...errors, ...extra(error) };
}

interface ServerErrors<F extends string> {
  errors: FieldErrors<F>;
  /** The values the server judged; an error disappears once its field differs. */
  values: Record<F, string>;
}

export function useZodForm<F extends string, Out>(schema: z.ZodType<Out>, initialValues: Record<F, string>) {
  const { t } = useTranslation();
  const formId = useId();
  const [values, setValues] = useState(initialValues);
  const [attempted, setAttempted] = useState(false);
  const [server, setServer] = useState<ServerErrors<F> | null>(null);
  // Errors are derived, not stored: they always match the values on screen once a submit was attempted.
  const validation = useMemo(() => validateWith(schema, values), [schema, values]);
  const clientErrors: FieldErrors<F> = attempted && !validation.ok ? validation.errors : {};
  const errors: FieldErrors<F> = { ...clientErrors };
  if (server) {
    for (const field of Object.keys(server.errors) as F[]) {
      if (!errors[field] && server.values[field] === values[field]) errors[field] = server.errors[field];
    }
  }

  const setValues_ = (partial: Partial<Record<F, string>>) =>
    setValues((previous) => ({ ...previous, ...partial }));
  const setValue = (field: F, value: string) => setValues_({ [field]: value } as Partial<Record<F, string>>);

  /**
   * Props for a Mantine input. aria-invalid and aria-describedby are set here because PasswordInput does not set
   * them itself; the error element's id is Mantine's `${id}-error`. `describedBy` adds e.g. a hint list.
   */
  const inputProps = (field: F, options: { describedBy?: string } = {}) => {
    const id = `${formId}-${field}`;
    const message = errors[field];
    const describedBy = [message ? `${id}-error` : '', options.describedBy ?? ''].filter(Boolean).join(' ');
    return {
      id,
      name: field,
      value: values[field],
      // Structural, so the same props fit text inputs, native selects and text areas.
      onChange: (event: { currentTarget: { value: string } }) => setValue(field, event.currentTarget.value),
      error: message ? t(message.key, message.values) : undefined,
      'aria-invalid': message ? true : undefined,
      'aria-describedby': describedBy || undefined,
    };
  };

  /** Shows the server's verdict on the values as they are now (call it with the values that were submitted). */
  const setServerErrors = (serverErrors: FieldErrors<F>) => setServer({ errors: serverErrors, values });

  const handleSubmit = (onValid: (data: Out) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setAttempted(true);
    if (!validation.ok) {
      // Move focus to the first invalid field so keyboard and screen-reader users land on the problem.
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setServer(null);
    onValid(validation.data);
  };

  const reset = () => {
    setValues(initialValues);
    setAttempted(false);
    setServer(null);
  };

  return {
    values,
    errors,
    setValue,
    setValues: setValues_,
    inputProps,
    handleSubmit,
    reset,
    setServerErrors,
  };
}
