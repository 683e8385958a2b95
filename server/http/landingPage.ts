// The landing page as the server sends it: the pre-rendered HTML with this instance's figures in
// the slots the build left (shared/domain/bankFigures.ts), so a visitor reads true figures before
// any script runs.
import fs from 'node:fs/promises';
import type { Response } from 'express';
import type { DB } from '../../db/client';
import { fillFigureSlots } from '../../shared/domain/bankFigures';
import { bankFigures } from '../services/bankFigures';

export async function sendLandingPage(res: Response, file: string, db: DB): Promise<void> {
  const [html, figures] = await Promise.all([fs.readFile(file, 'utf8'), bankFigures(db)]);
  res.type('html').send(fillFigureSlots(html, figures));
}
