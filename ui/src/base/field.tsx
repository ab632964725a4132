import { cloneElement, useId, type ReactElement, type ReactNode } from 'react';
import { failureOf } from '../api/client.js';

/**
 * A labelled form control with its error beside it: the label names the control, and the error
 * is tied to it with aria-describedby and aria-invalid.
 */
export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactElement<Record<string, unknown>>;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A failure not tied to one field, announced to screen readers. */
export function FormError({ error }: { error?: string | undefined }) {
  return error ? (
    <p className="form-error" role="alert">
      {error}
    </p>
  ) : null;
}

/** A form's errors: the one of a field and the rest (see errorsOf). */
export interface FormErrors {
  field?: string;
  fieldError?: string;
  formError?: string;
}

/** Splits a failure (read with failureOf) into the error of one field and the rest. */
export function errorsOf(error: unknown): FormErrors {
  if (error === null || error === undefined) return {};
  const failure = failureOf(error);
  return failure.field ? { field: failure.field, fieldError: failure.message } : { formError: failure.message };
}

/** The end of a filter form: Apply (submits it) and, when given, Clear. */
export function FilterActions({ onClear }: { onClear?: () => void }) {
  return (
    <div className="actions">
      <button type="submit" className="primary">
        Apply
      </button>
      {onClear && (
        <button type="button" onClick={onClear}>
          Clear
        </button>
      )}
    </div>
  );
}
