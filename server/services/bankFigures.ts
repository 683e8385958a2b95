// This instance's figures for the landing page (shared/domain/bankFigures.ts): counted once and
// kept until the content changes, so the signed-out front page costs no query per visit.
import { readCacheOf, type DB } from '../../db/client';
import type { BankFigures } from '../../shared/domain/bankFigures';
import { CONTENT_TABLES, countBank } from '../queries/catalog';

export const bankFigures = (db: DB): Promise<BankFigures> =>
  readCacheOf(db).get('bank-figures', CONTENT_TABLES, () => countBank(db));
