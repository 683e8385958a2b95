// What a class list preview or upload answered: the rows to fix, by row number, and the students
// read from the file.
import type { ClassListAnswer } from '@shared/domain/classList';
import { DataTable } from '../components/DataTable';
import { tdClass } from '../components/ui';

const ERROR_COLUMNS = [{ label: 'Row' }, { label: 'What to fix' }] as const;
const ROW_COLUMNS = [
  { label: 'Row' },
  { label: 'Name' },
  { label: 'E-mail' },
  { label: 'Programme' },
] as const;

export function ClassListResult({ answer }: { answer: ClassListAnswer }) {
  return (
    <div className="flex flex-col gap-3">
      {answer.row_errors.length > 0 && (
        <DataTable region="Rows to fix" caption="Rows to fix" columns={ERROR_COLUMNS}>
          {answer.row_errors.map((e, i) => (
            <tr key={`${e.row}-${i}`}>
              <td className={tdClass}>{e.row}</td>
              <td className={tdClass}>{e.message}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {answer.rows.length > 0 && (
        <DataTable region="Students in the file" caption="Students in the file" columns={ROW_COLUMNS}>
          {answer.rows.map((r) => (
            <tr key={r.row}>
              <td className={tdClass}>{r.row}</td>
              <td className={tdClass}>{r.full_name}</td>
              <td className={`${tdClass} break-all`}>{r.email}</td>
              <td className={tdClass}>{r.programme}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}
