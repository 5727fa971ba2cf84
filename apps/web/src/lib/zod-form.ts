// A small form hook on top of the contracts' zod schemas (the same schema the server checks). Issues become
// translation keys (spec section 5: required, invalid e-mail, minimum length...), translated at render time so
// a language switch re-translates visible messages. Errors show after the first submit, then follow every change.
// Errors the server finds (400 fields, a 409 about one field) show on their field until its value changes.
// A form on a page that must stay light (the login page) may pass a loader instead of the schema: the schema, and
// zod with it, then loads once the user starts typing or submits (docs/decisions/0018-page-weight-and-accessibility.md).
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { errorKeyToTranslationKey } from '@bq/domain/error-keys';
import { ApiError } from './api-client';
import { showApiError } from './notify';

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

/** The schema itself, or a function that imports it (a lazy chunk). */
export type SchemaSource<Out> = z.ZodType<Out> | (() => Promise<z.ZodType<Out>>);

/** The schema of a source: at once when given, else loaded once on demand (`load()`); null until then. */
function useSchema<Out>(source: SchemaSource<Out>) {
  const [loaded, setLoaded] = useState<z.ZodType<Out> | null>(null);
  const loading = useRef<Promise<z.ZodType<Out>> | null>(null);
  const schema = typeof source === 'function' ? loaded : source;
  const load = (): Promise<z.ZodType<Out>> => {
    if (typeof source !== 'function') return Promise.resolve(source);
    loading.current ??= source().then(
      (value) => {
        setLoaded(() => value);
        return value;
      },
      (error: unknown) => {
        loading.current = null;
        throw error;
      },
    );
    return loading.current;
  };
  return { schema, load };
}

export function useZodForm<F extends string, Out>(
  source: SchemaSource<Out>,
  initialValues: Record<F, string>,
) {
  const { t } = useTranslation();
  const formId = useId();
  const [values, setValues] = useState(initialValues);
  const [attempted, setAttempted] = useState(false);
  const [server, setServer] = useState<ServerErrors<F> | null>(null);
  const { schema, load } = useSchema(source);
  // A lazy schema starts loading with the first change, so it is there by the time the form is submitted.
  const changed = values !== initialValues;
  useEffect(() => {
    if (changed) load().catch(() => undefined);
  }, [changed]); // eslint-disable-line react-hooks/exhaustive-deps -- load() is idempotent
  // Errors are derived, not stored: they always match the values on screen once a submit was attempted.
  const validation = useMemo(() => (schema ? validateWith(schema, values) : null), [schema, values]);
  const clientErrors: FieldErrors<F> = attempted && validation && !validation.ok ? validation.errors : {};
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

  const handleSubmit = (onValid: (data: Out) => void) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setAttempted(true);
    let result = validation;
    if (!result) {
      try {
        result = validateWith(await load(), values);
      } catch (error) {
        // The rules could not be loaded (connection lost, new version deployed): say so, send nothing.
        showApiError(error, { fallbackKey: 'error.chunk.text' });
        return;
      }
    }
    if (!result.ok) {
      // Move focus to the first invalid field so keyboard and screen-reader users land on the problem.
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setServer(null);
    onValid(result.data);
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
