// A labelled multi-line field with its error underneath, tied together for screen readers.
import { useId, type TextareaHTMLAttributes } from 'react';
import { FieldFrame, INPUT_CLASS, noteProps } from './TextField';

interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
}

export function TextArea({ label, error, className = '', ...rest }: TextAreaProps) {
  const id = useId();
  return (
    <FieldFrame label={label} controlId={id} error={error} className={className}>
      <textarea id={id} {...noteProps(id, error)} className={INPUT_CLASS} {...rest} />
    </FieldFrame>
  );
}
