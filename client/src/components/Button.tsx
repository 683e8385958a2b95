// The app's buttons: one look per purpose, a visible focus ring on every one.
import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

// A filled button that cannot be used yet turns solid grey with dark text (over 6:1 either theme),
// not a paler copy of its colour: white on half-transparent teal or red is about 2:1, which a
// phone's screen in sunlight washes out.
const DISABLED_FILLED =
  'disabled:bg-slate-200 disabled:text-slate-600 dark:disabled:bg-slate-700 dark:disabled:text-slate-300';

const VARIANTS: Record<Variant, string> = {
  primary: `bg-brand-700 text-white hover:bg-brand-800 ${DISABLED_FILLED}`,
  secondary:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:opacity-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700',
  danger: `bg-red-600 text-white hover:bg-red-700 ${DISABLED_FILLED}`,
  ghost: 'text-slate-700 hover:bg-slate-100 disabled:opacity-50 dark:text-slate-200 dark:hover:bg-slate-700',
};

export const FOCUS_RING =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-500';

// min-h-11: every button is at least 44 px tall, a finger's tap target on a phone (WCAG 2.5.5).
// No colour transition: a button that becomes usable would otherwise show its label for a moment
// on colours half-way between the two looks, at too little contrast to read.
export function buttonClass(variant: Variant = 'primary', extra = '') {
  return `inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-medium disabled:cursor-not-allowed ${FOCUS_RING} ${VARIANTS[variant]} ${extra}`;
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
}

export function Button({ variant = 'primary', className = '', type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, className)} {...rest} />;
}

interface SubmitButtonProps extends ButtonProps {
  /** A submit of this form is running: the button is disabled and says `busy`. */
  pending: boolean;
  busy: string;
}

export function SubmitButton({ pending, busy, disabled, children, ...rest }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={pending || disabled} {...rest}>
      {pending ? busy : children}
    </Button>
  );
}
