// A school's name, region and join code: the add form, and the same fields to edit a row.
import { useState, type FormEvent } from 'react';
import { buttonClass } from '../../../components/Button';
import { TextField } from '../../../components/TextField';
import type { School } from '../types';

export interface SchoolFields {
  name: string;
  region: string;
  join_code: string;
}

export function SchoolForm({
  label,
  submitLabel,
  school,
  busy,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  school?: School;
  busy: boolean;
  /** Resolves true when saved (the add form then empties). */
  onSubmit: (fields: SchoolFields) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const blank = {
    name: school?.name ?? '',
    region: school?.region ?? '',
    join_code: school?.join_code ?? '',
  };
  const [fields, setFields] = useState<SchoolFields>(blank);
  const set = (key: keyof SchoolFields) => (e: { target: { value: string } }) =>
    setFields({ ...fields, [key]: e.target.value });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if ((await onSubmit(fields)) && !school) setFields(blank);
  };

  return (
    <form
      aria-label={label}
      onSubmit={submit}
      className="grid grid-cols-1 items-end gap-3 md:grid-cols-[2fr_1fr_1fr_auto]"
    >
      <TextField label="School name" value={fields.name} onChange={set('name')} required maxLength={200} />
      <TextField label="Region" value={fields.region} onChange={set('region')} maxLength={100} />
      <TextField
        label="Join code"
        value={fields.join_code}
        onChange={set('join_code')}
        hint="6-12 letters or digits; blank for none"
        maxLength={12}
      />
      <div className="flex gap-2 md:mb-5">
        <button type="submit" className={buttonClass('primary')} disabled={busy}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className={buttonClass('secondary')} onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
