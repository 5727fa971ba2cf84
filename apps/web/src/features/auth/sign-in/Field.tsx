// A labelled text field with its message below, tied to it for screen readers (aria-invalid, aria-describedby).
import { useId, type InputHTMLAttributes } from 'react';
import classes from './sign-in.module.css';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | null;
  /** Another element that describes the field (the second step's lead). */
  describedBy?: string;
}

export function Field({ label, error, describedBy, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const described = [describedBy, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={classes.field}>
      <label htmlFor={id}>{label}</label>
      <input id={id} className={classes.input} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {error ? (
        <p id={errorId} className={classes.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
