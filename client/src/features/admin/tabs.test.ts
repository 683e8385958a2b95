import { describe, expect, it } from 'vitest';
import { tabFor } from './tabs';

describe('tabFor (SPEC 2: the tab follows the path)', () => {
  it.each([
    ['/admin', '', 'overview'],
    ['/admin/', '', 'overview'],
    ['/admin/users', '', 'users'],
    ['/admin/users/', '', 'users'],
    ['/admin/questions', '', 'upload'],
    ['/admin/settings', '', 'settings'],
    ['/admin/account', '', 'account'],
    ['/admin/anything-else', '', 'overview'],
    ['/admin', '?tab=content', 'content'],
    ['/admin', '?tab=results', 'results'],
    ['/admin', '?tab=items', 'items'],
    ['/admin', '?tab=class&school=x', 'class'],
    ['/admin', '?tab=bogus', 'overview'],
    // A path names its tab; the query only picks among the tabs without a path.
    ['/admin/users', '?tab=content', 'users'],
  ])('%s%s -> %s', (path, search, tab) => {
    expect(tabFor(path, search)).toBe(tab);
  });
});
