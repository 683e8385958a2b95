// Item analysis summed per topic of the set's questions: the share of first-attempt answers
// correct, weakest first, untagged questions last (the server orders them).
import { DataTable } from '../components/DataTable';
import { numberTdClass, tdClass } from '../components/ui';
import type { ItemAnalysis } from '../types';
import { ShareCell } from './TopicTable';

const COLUMNS = [{ label: 'Topic' }, { label: 'Correct' }, { label: 'Answers', numeric: true }];

export function SetTopicTable({ rows }: { rows: ItemAnalysis['topics'] }) {
  return (
    <DataTable
      region="Topics of the set"
      caption="Share correct by topic in this set, weakest first"
      columns={COLUMNS}
    >
      {rows.map((row) => (
        <tr key={row.topic_id ?? 'untagged'}>
          <th scope="row" className={`${tdClass} font-normal`}>
            {row.topic_name}
          </th>
          <ShareCell correct={row.correct} answers={row.asked} />
          <td className={numberTdClass}>{row.asked}</td>
        </tr>
      ))}
    </DataTable>
  );
}
