// A pre-rendered form can be typed into on a slow line before React takes over: the
// text stays in the inputs but not in React's state, and a submit would send empty fields. Once
// hydrated, the form adopts what was typed and is marked ready (before-paint.js holds back a
// submit until then, so a tap too early does not reload the page and lose the text).
import { useEffect, type RefObject } from 'react';

export function useTypedBeforeHydration(
  formRef: RefObject<HTMLFormElement | null>,
  adopt: (name: string, value: string) => void,
) {
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const element of form.elements) {
      const field = element as HTMLInputElement | HTMLSelectElement;
      if (field.name && field.value && field.type !== 'checkbox') adopt(field.name, field.value);
    }
    form.dataset.ready = 'true';
    // Once, when the form first appears: later typing goes through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
