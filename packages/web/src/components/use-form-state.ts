import { useCallback, useState } from 'react';

/**
 * Values of a config form plus its error list. Any field change clears the errors
 * (spec section 5: "Form errors clear when any field changes").
 */
export function useFormState<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<string[]>([]);
  const set = useCallback(<K extends keyof T>(name: K, value: T[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => (e.length ? [] : e));
  }, []);
  /** An onChange handler for one field of the form. */
  const bind = useCallback(
    <K extends keyof T>(name: K) =>
      (value: string) =>
        set(name, value as T[K]),
    [set],
  );
  return { values, setValues, set, bind, errors, setErrors };
}
