// Every admin tab at a laptop's 1280 px and a tablet's 768 px: at 1280 no table is cut
// or hides columns behind a sideways scroll; at 768 the page itself never scrolls sideways, and a
// table wider than the screen scrolls inside a labelled region a keyboard can reach.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { takeSet } from '../server/test/attempts';
import { makeCatalog, rpc } from '../server/test/fixtures';
import { signUpAndIn } from '../server/test/harness';
import { TABS } from '../client/src/features/admin/tabs';
import { expectTab, session, shot, signInAsAdmin, SUITE_OPTIONS, useAdminSession } from './adminSession';

useAdminSession();

/** Students with the longest names, addresses and schools a registrar is likely to meet. */
async function seedLongProfiles() {
  const { t } = session;
  const cat = await makeCatalog(t.db);
  for (const i of [1, 2, 3]) {
    const tokens = await signUpAndIn(t, {
      email: `akosua.owusu-ansah.${i}@presbyterian-nursing-training-college.example.com`,
      full_name: `Akosua Nhyira Owusu-Ansah Boatemaa ${i}`,
      school: 'Presbyterian Nursing and Midwifery Training College, Bompata',
    });
    await takeSet(rpc(t, tokens.access), { quiz_type: 'practice', quiz_id: cat.practiceSet.id }, 'ABCD');
  }
}

interface Overflow {
  page: number;
  /** Tables whose scroll box hides columns, with how many pixels. */
  hidden: { table: string; px: number; label: string | null; focusable: boolean }[];
}

/** How far the page and each table's scroll box overflow sideways. */
function overflowOf(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const scrollBox = (el: Element): HTMLElement => {
      for (let p = el.parentElement; p; p = p.parentElement) {
        if (/(auto|scroll)/.test(getComputedStyle(p).overflowX)) return p;
      }
      return document.documentElement;
    };
    const hidden = [...document.querySelectorAll('table')]
      .map((table) => {
        const box = scrollBox(table);
        return {
          table: table.getAttribute('aria-label') ?? table.querySelector('caption')?.textContent ?? '',
          px: box.scrollWidth - box.clientWidth,
          label: box.getAttribute('aria-label') ?? box.getAttribute('aria-labelledby'),
          focusable: box.tabIndex >= 0,
        };
      })
      .filter((t) => t.px > 0);
    return { page: document.documentElement.scrollWidth - window.innerWidth, hidden };
  });
}

/** Opens a tab by its address, as a bookmark would, and waits for its data. */
async function openTab(label: string, to: string) {
  const { page, t } = session;
  await page.goto(`${t.url}${to}`);
  await expectTab(label);
  await expect
    .poll(() => page.locator('[aria-busy="true"], [role="progressbar"]').count(), { timeout: 20_000 })
    .toBe(0);
}

describe('admin tabs at 1280 and 768 px', SUITE_OPTIONS, () => {
  it('cuts no table at 1280 and keeps every tab usable at 768', async () => {
    const { page, consoleErrors } = session;
    await seedLongProfiles();
    await signInAsAdmin();

    for (const { label, id, to } of TABS) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await openTab(label, to);
      await shot(`admin-${id}-1280`);
      expect(await overflowOf(page), `${label} at 1280 px`).toEqual({ page: 0, hidden: [] });

      await page.setViewportSize({ width: 768, height: 900 });
      const tablet = await overflowOf(page);
      expect(tablet.page, `${label} at 768 px: the page scrolls sideways`).toBeLessThanOrEqual(0);
      for (const box of tablet.hidden) {
        expect(box, `${label} at 768 px: a table scrolls in a box with no name or focus`).toMatchObject({
          label: expect.any(String),
          focusable: true,
        });
      }
      await shot(`admin-${id}-768`);
    }
    // The users table shows the long address and school in full at 1280 px.
    await page.setViewportSize({ width: 1280, height: 900 });
    await openTab('Users', '/admin/users');
    await expect
      .poll(() => page.getByRole('cell', { name: /presbyterian-nursing-training-college/ }).count())
      .toBe(3);
    expect(consoleErrors).toEqual([]);
  });
});
