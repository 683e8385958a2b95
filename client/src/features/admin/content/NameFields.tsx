// The name (or title) and description inputs most add forms share.
import { Field } from '../components/Field';
import { inputClass } from '../components/ui';

export function NameFields({
  nameLabel,
  name,
  description,
  onName,
  onDescription,
}: {
  nameLabel: string;
  name: string;
  description?: string;
  onName: (v: string) => void;
  onDescription?: (v: string) => void;
}) {
  return (
    <>
      <Field label={nameLabel}>
        {(id) => (
          <input
            id={id}
            className={inputClass}
            value={name}
            maxLength={200}
            onChange={(e) => onName(e.target.value)}
          />
        )}
      </Field>
      {onDescription && (
        <Field label="Description (optional)">
          {(id) => (
            <input
              id={id}
              className={inputClass}
              value={description ?? ''}
              maxLength={2000}
              onChange={(e) => onDescription(e.target.value)}
            />
          )}
        </Field>
      )}
    </>
  );
}
