import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from './icons';
import './form.css';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  testId: string;
  /** Rendered inside the input row on the right (SMS button, captcha image, ...). */
  addon?: ReactNode;
  /** Rendered inside the input row on the left (country dialing code). */
  lead?: ReactNode;
  required?: boolean;
}

/** A labelled input with its inline error (`<testId>-error`). Values are handed over untrimmed; forms trim. */
export function TextField({
  label,
  value,
  onChange,
  error,
  testId,
  addon,
  lead,
  required,
  ...rest
}: FieldProps) {
  const id = useId();
  const errId = `${id}-err`;
  return (
    <div className={`field ${error ? 'field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {required && <span className="field__req">*</span>}
        {label}
      </label>
      <div className="field__row">
        {lead}
        <input
          id={id}
          className="field__input"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errId : undefined}
          data-testid={testId}
          {...rest}
        />
        {addon}
      </div>
      {error && (
        <p id={errId} className="field__error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Password input with a show/hide toggle. */
export function PasswordField(props: FieldProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      addon={
        <>
          <button
            type="button"
            className="icon-button field__eye"
            aria-label={shown ? t('hidePassword') : t('showPassword')}
            aria-pressed={shown}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? <EyeOffIcon /> : <EyeIcon />}
          </button>
          {props.addon}
        </>
      }
    />
  );
}

interface CheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  testId: string;
  error?: string | null;
}

export function Checkbox({ checked, onChange, children, testId, error }: CheckboxProps) {
  return (
    <div className="check">
      <label className="check__label">
        <input
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          data-testid={testId}
          aria-invalid={error ? true : undefined}
        />
        <span>{children}</span>
      </label>
      {error && (
        <p className="field__error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

interface TabsProps<T extends string> {
  items: readonly { id: T; label: ReactNode }[];
  value: T;
  onChange: (id: T) => void;
  testId: string;
  label: string;
}

/** Segmented tabs; each tab is `<testId>-<id>` with aria-selected. */
export function Tabs<T extends string>({ items, value, onChange, testId, label }: TabsProps<T>) {
  if (items.length < 2) return null;
  return (
    <div className="tabs" role="tablist" aria-label={label} data-testid={testId}>
      {items.map((it) => (
        <button
          key={it.id}
          type="button"
          role="tab"
          aria-selected={it.id === value}
          className={`tabs__tab ${it.id === value ? 'is-active' : ''}`}
          data-testid={`${testId}-${it.id}`}
          onClick={() => onChange(it.id)}
        >
          {it.label}
        </button>
      ))}
    </div>
  );
}

/** A form-level error line (server answers). */
export function FormError({ message, testId }: { message: string | null; testId: string }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert" data-testid={testId}>
      {message}
    </p>
  );
}
