// A small form hook on top of the contracts' zod schemas (the same schema the server checks). Issues become
// translation keys (spec section 5: required, invalid e-mail, minimum length...), translated at render time so
// a language switch re-translates visible messages. Validates on submit, then live on every change.
import { useState, type ChangeEvent, type FormEvent } from 'react';
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
): { data: Out; errors: null } | { data: null; errors: FieldErrors<F> } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: null };
  const errors: FieldErrors<F> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as F;
    if (errors[field]) continue;
    errors[field] = issueToMessage(issue, values[field]);
  }
  return { data: null, errors };
}

export function useZodForm<F extends string, Out>(schema: z.ZodType<Out>, initialValues: Record<F, string>) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [attempted, setAttempted] = useState(false);

  const setValue = (field: F, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (attempted) setErrors(validateWith(schema, next).errors ?? {});
  };

  const inputProps = (field: F) => ({
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(field, event.currentTarget.value),
    error: errors[field] ? t(errors[field].key, errors[field].values) : undefined,
  });

  const handleSubmit = (onValid: (data: Out) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setAttempted(true);
    const result = validateWith(schema, values);
    if (result.errors) {
      setErrors(result.errors);
      // Move focus to the first invalid field so keyboard and screen-reader users land on the problem.
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    onValid(result.data);
  };

  const reset = () => {
    setValues(initialValues);
    setErrors({});
    setAttempted(false);
  };

  return { values, errors, setValue, inputProps, handleSubmit, reset };
}
