// Draws the app's PNG icons (home screen, install prompt, splash) from the SVGs in client/icons
// with Chromium: `npx tsx scripts/make-icons.ts`. The PNGs are committed; run this after changing
// an SVG. A maskable icon keeps its mark inside the middle 80%, which every mask shape shows.
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser } from '../e2e/browser';

const ICONS = [
  { svg: 'any.svg', png: 'icon-192.png', size: 192 },
  { svg: 'any.svg', png: 'icon-512.png', size: 512 },
  { svg: 'maskable.svg', png: 'icon-maskable-512.png', size: 512 },
  { svg: 'any.svg', png: 'apple-touch-icon.png', size: 180 },
];

const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  for (const { svg, png, size } of ICONS) {
    const markup = fs.readFileSync(path.join('client/icons', svg), 'utf8');
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<style>html,body{margin:0}svg{display:block;width:${size}px;height:${size}px}</style>${markup}`,
    );
    await page.screenshot({ path: path.join('client/public', png), omitBackground: true });
    console.log(`client/public/${png} (${size} px)`);
  }
} finally {
  await browser.close();
}
