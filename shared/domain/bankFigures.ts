// The landing page's figures: what this instance's question bank holds, as students can reach it.
// The page is rendered at build time with a slot for each figure (figureSlots); the server fills
// the slots with the database's figures when it sends the page (fillFigureSlots), and the browser
// reads them back from the page's data-figures attribute to hydrate the same text (parseFigures).

export interface BankFigures {
  questions: number;
  programs: number;
  topics: number;
}

const NAMES = ['questions', 'programs', 'topics'] as const;
const LABELS: Record<(typeof NAMES)[number], [string, string]> = {
  questions: ['Question', 'Questions'],
  programs: ['Program', 'Programs'],
  topics: ['Topic', 'Topics'],
};

export interface FigureTile {
  name: string;
  value: string;
  label: string;
}

/** The attribute of the figures' section: the figures as the browser reads them back. */
export const FIGURES_ATTRIBUTE = 'data-figures';

export const serializeFigures = (f: BankFigures) => NAMES.map((name) => f[name]).join(',');

/** The figures in a data-figures attribute; null when it holds anything else. */
export function parseFigures(text: string | null | undefined): BankFigures | null {
  const parts = text?.split(',') ?? [];
  if (parts.length !== NAMES.length || !parts.every((p) => /^\d{1,9}$/.test(p))) return null;
  const [questions, programs, topics] = parts.map(Number);
  return { questions, programs, topics };
}

export function figureTiles(f: BankFigures): FigureTile[] {
  return NAMES.map((name) => ({
    name,
    value: f[name].toLocaleString('en'),
    label: LABELS[name][f[name] === 1 ? 0 : 1],
  }));
}

const slot = (what: string) => `{{figure:${what}}}`;

/** What the build renders in place of the figures, for the server to fill in. */
export const figureSlots = {
  attribute: slot('all'),
  tiles: NAMES.map((name) => ({ name, value: slot(name), label: slot(`${name}-label`) })),
};

/** The pre-rendered landing page with this instance's figures in its slots. */
export function fillFigureSlots(html: string, f: BankFigures): string {
  let filled = html.replace(figureSlots.attribute, serializeFigures(f));
  for (const tile of figureTiles(f)) {
    filled = filled.replace(slot(tile.name), tile.value).replace(slot(`${tile.name}-label`), tile.label);
  }
  return filled;
}
