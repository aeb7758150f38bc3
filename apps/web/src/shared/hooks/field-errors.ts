import { useState } from 'react';

export type TFieldErrors = Record<string, string | null | undefined>;

/**
 * A form's inline errors; `edit(name, set)` wraps a field's setter so typing drops that field's
 * message and the form-level one (a stale message next to a corrected value misleads).
 */
export function useFieldErrors() {
  const [errors, setErrors] = useState<TFieldErrors>({});
  const edit =
    <T>(name: string, set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setErrors((e) => (e[name] || e.form ? { ...e, [name]: null, form: null } : e));
    };
  return { errors, setErrors, edit };
}
