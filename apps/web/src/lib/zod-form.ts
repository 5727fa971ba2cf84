// A small form hook on top of the contracts' zod schemas (the same schema the server checks). Issues become
// translation keys (spec section 5: required, invalid e-mail, minimum length...), translated at render time so
// a language switch re-translates visible messages. Errors show after the first submit, then follow every change.
import { useId, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

export interface ValidationMessage {
  key: string;
  values?: Record<string, string | number>;
}

type Issue = z.core.$ZodIssue;

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** The message of one issue; custom refinements carry their translation key as the message. */
export function issueToMessage(issue: Issue, value: unknown): ValidationMessage {
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

export function useZodForm<F extends string, Out>(schema: z.ZodType<Out>, initialValues: Record<F, string>) {
  const { t } = useTranslation();
  const formId = useId();
  const [values, setValues] = useState(initialValues);
  const [attempted, setAttempted] = useState(false);
  // Errors are derived, not stored: they always match the values on screen once a submit was attempted.
  const validation = useMemo(() => validateWith(schema, values), [schema, values]);
  const errors: FieldErrors<F> = attempted && !validation.ok ? validation.errors : {};

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
      onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(field, event.currentTarget.value),
      error: message ? t(message.key, message.values) : undefined,
      'aria-invalid': message ? true : undefined,
      'aria-describedby': describedBy || undefined,
    };
  };

  const handleSubmit = (onValid: (data: Out) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setAttempted(true);
    if (!validation.ok) {
      // Move focus to the first invalid field so keyboard and screen-reader users land on the problem.
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    onValid(validation.data);
  };

  const reset = () => {
    setValues(initialValues);
    setAttempted(false);
  };

  return { values, errors, setValue, setValues: setValues_, inputProps, handleSubmit, reset };
}
