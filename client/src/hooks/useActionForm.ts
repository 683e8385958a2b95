// One way to write a form: its values in one state, its submit as a React action (useActionState
// gives the pending flag and the refusal the last submit ended with), and after a refusal the
// message and the field in error brought into view and focused (useRevealErrors).
//
// The submit handler dispatches the action; the form gets no `action` prop. A function `action`
// would make the pre-rendered sign-in and registration pages carry an inline replay script (which
// the Content-Security-Policy refuses) and lose method="post", and React would reset the form
// after each submit. Here nothing resets: after a refusal the student finds what they typed.
import {
  startTransition,
  useActionState,
  useEffect,
  useState,
  type ChangeEvent,
  type FormEvent,
} from 'react';
import { firstServerMessage } from '../lib/serverMessages';
import { useRevealErrors } from './useRevealErrors';
import { useTypedBeforeHydration } from './useTypedBeforeHydration';

/** Why a submit did not go through: a message above the fields, messages under fields, or both. */
export interface Refusal<K extends string = string> {
  message?: string;
  fields?: Partial<Record<K, string>>;
  /** The label of the field a message above the fields is about: it gets the focus. */
  focus?: string;
}

/** A failed call's refusal: the server's message about the first of `fields` it names, else its
 * own sentence, else `fallback` (lib/serverMessages); `focus` is the label of the field to focus. */
export function serverRefusal(err: unknown, fields: string[], fallback: string, focus?: string): Refusal {
  return { message: firstServerMessage(err, fields, fallback), focus };
}

/** What ties an input to one of the form's values. */
export interface FieldProps {
  name: string;
  value: string;
  error?: string;
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
}

/**
 * `run` gets the values when the form is submitted and returns a refusal, or nothing when it went
 * through (it navigates, or sets what the page shows next; `clear` empties the fields back to
 * `initial`). A submit while one runs is ignored.
 */
export function useActionForm<K extends string>(
  initial: Record<K, string>,
  run: (values: Record<K, string>, clear: () => void) => Promise<Refusal<K> | void>,
) {
  const [values, setValues] = useState(initial);
  const [refusal, dispatch, pending] = useActionState(
    async (_last: Refusal<K> | null, submitted: Record<K, string>) =>
      (await run(submitted, () => setValues(initial))) ?? null,
    null,
  );
  const { scopeRef, reveal } = useRevealErrors();
  useTypedBeforeHydration(scopeRef, (name, value) => {
    if (name in initial) setValues((v) => ({ ...v, [name]: value }));
  });
  // Hidden while the next submit runs, so that the same message again is announced again.
  const shown = pending ? null : refusal;
  useEffect(() => {
    if (shown) reveal(shown.focus);
  }, [shown, reveal]);

  const set = (key: K) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  return {
    values,
    setValues,
    set,
    pending,
    /** The message to show above the fields. */
    failure: shown?.message,
    /** The props that tie an input to the value `key`: name, value, its error, onChange. */
    field: (key: K, mask: (typed: string) => string = (typed) => typed): FieldProps => ({
      name: key,
      value: values[key],
      error: shown?.fields?.[key],
      onChange: (e) => set(key)(mask(e.target.value)),
    }),
    /** Spread on the <form>. */
    form: {
      ref: scopeRef,
      onSubmit(e: FormEvent) {
        e.preventDefault();
        if (!pending) startTransition(() => dispatch(values));
      },
    },
  };
}
