// Decides how to read an upload from its name AND its first bytes: a renamed image or a
// document saved as ".xlsx" gets a clear answer instead of a parser error.
import { isUtf8 } from 'node:buffer';
import path from 'node:path';
import { ACCEPTED_EXTENSIONS } from '../../../shared/domain/questionFormat';

export type SheetFormat = 'xlsx' | 'xls' | 'csv';

export class NotASpreadsheetError extends Error {}

/** A text CSV in an encoding other than UTF-8 (or UTF-16 with its BOM). */
export class WrongEncodingError extends Error {}

const UTF16_BOMS = [Buffer.from([0xff, 0xfe]), Buffer.from([0xfe, 0xff])];

/** Excel's "Unicode text" is UTF-16 with a byte-order mark; the parser reads it as it is. */
function isUtf16(bytes: Buffer): boolean {
  return UTF16_BOMS.some((bom) => bytes.subarray(0, 2).equals(bom));
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
// OLE2 compound file: the container of Excel 97-2003 workbooks.
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const KNOWN_BINARIES: Array<[Buffer, string]> = [
  [Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'a PNG image'],
  [Buffer.from([0xff, 0xd8, 0xff]), 'a JPEG image'],
  [Buffer.from('GIF8'), 'a GIF image'],
  [Buffer.from('%PDF'), 'a PDF document'],
];

export function extensionOf(fileName: string): string {
  return path.extname(fileName).toLowerCase();
}

function describeBinary(bytes: Buffer): string {
  for (const [magic, what] of KNOWN_BINARIES) {
    if (bytes.subarray(0, magic.length).equals(magic)) return what;
  }
  return 'not a spreadsheet';
}

function looksLikeText(bytes: Buffer): boolean {
  // NUL bytes never occur in a UTF-8 or ANSI CSV; they mark binary data (or UTF-16, which we
  // ask to be saved as UTF-8 CSV).
  return !bytes.subarray(0, 64 * 1024).includes(0);
}

export function detectFormat(bytes: Buffer, fileName: string): SheetFormat {
  const ext = extensionOf(fileName);
  if (!(ACCEPTED_EXTENSIONS as readonly string[]).includes(ext)) {
    throw new NotASpreadsheetError(
      `"${fileName}" is not an accepted file type: upload an .xlsx, .xls or .csv file.`,
    );
  }
  const isZip = bytes.subarray(0, 4).equals(ZIP_MAGIC);
  const isOle = bytes.subarray(0, 8).equals(OLE_MAGIC);
  if (ext === '.csv') {
    const utf16 = isUtf16(bytes);
    if (isZip || isOle || (!utf16 && !looksLikeText(bytes))) {
      throw new NotASpreadsheetError(
        `"${fileName}" is named .csv but is not a text CSV file (it is ${isZip || isOle ? 'an Excel workbook: name it .xlsx or .xls' : describeBinary(bytes)}).`,
      );
    }
    // Excel on Windows saves plain "CSV" in the ANSI code page: accents and Ghanaian letters (ɛ, ɔ)
    // would come out wrong, so such a file is refused with the way to save it right.
    if (!utf16 && !isUtf8(bytes)) {
      throw new WrongEncodingError(
        `"${fileName}" is not saved as UTF-8 text, so its accented letters would come out wrong. In Excel choose File > Save As > "CSV UTF-8 (Comma delimited) (*.csv)" and upload that file.`,
      );
    }
    return 'csv';
  }
  // Excel itself opens a workbook whose extension says the other Excel format, so we do too.
  if (isZip) return 'xlsx';
  if (isOle) return 'xls';
  throw new NotASpreadsheetError(
    `"${fileName}" is not an Excel workbook (it is ${describeBinary(bytes)}). Upload the template saved as .xlsx, .xls or .csv.`,
  );
}
