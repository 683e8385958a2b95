// axe-core audits for the browser tests (labelled for screen readers). The
// script is evaluated through the DevTools protocol, so the app's strict CSP stays on.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

async function axeViolations(page: Page, options: object): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (opts) => {
    const axe = (
      window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: Violation[] }> } }
    ).axe;
    return (await axe.run(document, opts)).violations;
  }, options);
}

const described = (violations: Violation[]) =>
  violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

/** Serious and critical WCAG 2 A/AA violations on the page as it is now, one line each. */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  const violations = await axeViolations(page, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } });
  return described(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'));
}

/**
 * Every WCAG 2.2 A/AA violation on the page as it is now, whatever its impact, one line each;
 * label-content-name-mismatch (2.5.3: a control's name starts with its visible words, so voice
 * control finds it by what it says) included, though axe has counted it experimental.
 */
export async function wcag22Violations(page: Page): Promise<string[]> {
  return described(
    await axeViolations(page, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] },
      rules: { 'label-content-name-mismatch': { enabled: true } },
    }),
  );
}

/**
 * WCAG's contrast ratio of an element's text on its own background, both laid over white (the
 * card a button sits on), as the screen shows them now, mid-transition included.
 */
export function contrastOnWhite(element: Locator): Promise<number> {
  return element.evaluate((el) => {
    const style = getComputedStyle(el);
    const pixel = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const paint = (...colors: string[]) => {
      for (const color of ['#fff', ...colors]) {
        pixel.fillStyle = color;
        pixel.fillRect(0, 0, 1, 1);
      }
      const [r, g, b] = pixel.getImageData(0, 0, 1, 1).data;
      const linear = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    const background = paint(style.backgroundColor);
    const text = paint(style.backgroundColor, style.color);
    return (Math.max(background, text) + 0.05) / (Math.min(background, text) + 0.05);
  });
}
