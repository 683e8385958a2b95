// The downloadable template: the seven headers, the optional topic and rationales, and one example
// row, as .csv or .xlsx. The example's topic cell is empty, so the template uploads into any paper
// as it is; its rationales say why each wrong option is wrong, the key's cell left empty.
import Papa from 'papaparse';
import { HEADERS, OPTIONAL_HEADERS } from '../../../shared/domain/questionFormat';

const HEADER_ROW = [...HEADERS, ...OPTIONAL_HEADERS];

const EXAMPLE = [
  'What is the normal resting respiratory rate of a healthy adult?',
  '6-10 breaths per minute',
  '12-20 breaths per minute',
  '24-30 breaths per minute',
  '30-40 breaths per minute',
  'B',
  'A healthy adult at rest breathes 12 to 20 times a minute; above 20 is tachypnoea.',
  '',
  'Fewer than 12 breaths a minute is bradypnoea, a sign to act on, not a normal rate.',
  '',
  'Above 20 breaths a minute is tachypnoea, as in fever, pain or hypoxia.',
  'Thirty or more breaths a minute is marked tachypnoea: escalate it at once.',
];

export type TemplateFormat = 'csv' | 'xlsx';

export async function templateFile(format: TemplateFormat): Promise<{
  body: Buffer;
  contentType: string;
  fileName: string;
}> {
  if (format === 'csv') {
    return {
      // The BOM makes Excel open the file as UTF-8.
      body: Buffer.from('\ufeff' + Papa.unparse([HEADER_ROW, EXAMPLE]) + '\r\n', 'utf8'),
      contentType: 'text/csv; charset=utf-8',
      fileName: 'question-template.csv',
    };
  }
  // Loaded on the first .xlsx download, not at start: SheetJS costs a process several MB of
  // resident memory (docs/performance.md), and the
  // spreadsheets themselves are read in the parser worker, which loads its own copy.
  const XLSX = await import('xlsx');
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([HEADER_ROW, EXAMPLE]), 'Questions');
  return {
    body: XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName: 'question-template.xlsx',
  };
}
