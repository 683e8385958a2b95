// A whole number of minutes (1 to 600, as the server allows): a mock's time limit, an exam day's.
import { TextField } from '../../../components/TextField';

export function MinutesField({
  label = 'Time limit (minutes)',
  value,
  onChange,
}: {
  label?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={label}
      type="number"
      min={1}
      max={600}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
