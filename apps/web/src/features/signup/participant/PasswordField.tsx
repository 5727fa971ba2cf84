// A labelled password field with its message below: the message is an alert (read out when it appears after a
// submit), and the field points at it and at any hint list (aria-describedby) and says it is invalid.
import type { ReactNode } from 'react';
import classes from './DemoPassword.module.css';

interface PasswordFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The translated message, shown once a submit was attempted. */
  error?: string;
  describedBy?: string;
  children?: ReactNode;
}

export function PasswordField({ id, name, label, value, onChange, error, describedBy, children }: PasswordFieldProps) {
  const errorId = `${id}-error`;
  const described = [error ? errorId : '', describedBy ?? ''].filter(Boolean).join(' ');
  return (
    <div className={classes.field}>
      <label className={classes.label} htmlFor={id}>
        {label}
        <span className={classes.required} aria-hidden="true"> *</span>
      </label>
      <input
        id={id}
        name={name}
        className={classes.input}
        type="password"
        autoComplete="new-password"
        required
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {error ? (
        <p id={errorId} className={classes.error} role="alert">
          {error}
        </p>
      ) : null}
      {children}
    </div>
  );
}
