// The name (or title) and description inputs most add forms share.
import { TextField } from '../../../components/TextField';

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
      <TextField label={nameLabel} value={name} maxLength={200} onChange={(e) => onName(e.target.value)} />
      {onDescription && (
        <TextField
          label="Description (optional)"
          value={description ?? ''}
          maxLength={2000}
          onChange={(e) => onDescription(e.target.value)}
        />
      )}
    </>
  );
}
