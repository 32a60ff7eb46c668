import { useEffect, type RefObject } from 'react';

/** Once a refusal marks fields, focus goes to the first of them (in the form's order), as the Contribute form does. */
export function useFocusFirstInvalid(form: RefObject<HTMLElement | null>, errors: object) {
  useEffect(() => {
    if (Object.keys(errors).length > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, errors]);
}
