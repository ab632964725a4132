import { useLayoutEffect, useRef, useState, useId } from 'react';
import { Dialog } from './dialog.js';

/**
 * A secret shown once: a read-only text area labelled `label` (its value and its text are the
 * secret), a Copy button, and the reminder that it will not be shown again.
 */
export function ShownOnce({ label, value }: { label: string; value: string }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const [copied, setCopied] = useState(false);
  // Both the text (what assistive technology and page text read) and the value (what is selected and copied).
  useLayoutEffect(() => {
    if (!ref.current) return;
    ref.current.textContent = value;
    ref.current.value = value;
  }, [value]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      ref.current?.select();
    }
  };
  return (
    <div className="shown-once">
      <label htmlFor={id}>{label}</label>
      <div className="copy-row">
        <textarea
          id={id}
          ref={ref}
          readOnly
          rows={Math.min(4, Math.ceil(value.length / 60))}
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" onClick={copy}>
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
    </div>
  );
}

/** A dialog showing secrets once (a key's secret, an agent's token, an invitation link), closed with Done. */
export function ShownOnceDialog({
  title,
  intro,
  values,
  onClose,
}: {
  title: string;
  intro: string;
  values: { label: string; value: string }[];
  onClose(): void;
}) {
  return (
    <Dialog title={title} onClose={onClose}>
      <p>{intro}</p>
      {values.map(({ label, value }) => (
        <ShownOnce key={label} label={label} value={value} />
      ))}
      <div className="actions">
        <button type="button" className="primary" onClick={onClose}>
          Done
        </button>
      </div>
    </Dialog>
  );
}
