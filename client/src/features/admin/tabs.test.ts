import { describe, expect, it } from 'vitest';
import { bankQuestionIdOf, tabFor, tabsFor } from './tabs';

describe('tabFor (the tab follows the path)', () => {
  it.each([
    ['/admin', '', 'overview'],
    ['/admin/', '', 'overview'],
    ['/admin/users', '', 'users'],
    ['/admin/users/', '', 'users'],
    ['/admin/enrol', '', 'enrol'],
    ['/admin/questions', '', 'upload'],
    ['/admin/settings', '', 'settings'],
    ['/admin/account', '', 'account'],
    ['/admin/question-bank', '', 'bank'],
    ['/admin/question-bank/42', '', 'bank'],
    ['/admin/question-bank/abc', '', 'overview'],
    ['/admin/review', '', 'review'],
    ['/admin/review/new', '', 'review'],
    ['/admin/review/7', '', 'review'],
    ['/admin/review/x', '', 'overview'],
    ['/admin/anything-else', '', 'overview'],
    ['/admin', '?tab=content', 'content'],
    ['/admin', '?tab=results', 'results'],
    ['/admin', '?tab=items', 'items'],
    ['/admin', '?tab=class&school=x', 'class'],
    ['/admin', '?tab=schools', 'schools'],
    ['/admin', '?tab=class-mocks', 'class-mocks'],
    ['/admin', '?tab=bogus', 'overview'],
    // A path names its tab; the query only picks among the tabs without a path.
    ['/admin/users', '?tab=content', 'users'],
  ])('%s%s -> %s', (path, search, tab) => {
    expect(tabFor(path, search)).toBe(tab);
  });
});

describe('bankQuestionIdOf', () => {
  it.each([
    ['/admin/question-bank/42', 42],
    ['/admin/question-bank/42/', 42],
    ['/admin/question-bank', null],
    ['/admin/question-bank/x1', null],
    ['/admin/users/42', null],
  ])('%s -> %s', (path, id) => {
    expect(bankQuestionIdOf(path)).toBe(id);
  });
});

describe('tabsFor', () => {
  it('leaves the platform admin’s Schools and Settings out for school staff', () => {
    const ids = (platform: boolean) => tabsFor(platform).map((t) => t.id);
    expect(ids(true)).toEqual(expect.arrayContaining(['schools', 'settings', 'users', 'results']));
    expect(ids(false)).not.toContain('schools');
    expect(ids(false)).not.toContain('settings');
    expect(ids(false)).toEqual(expect.arrayContaining(['overview', 'users', 'results', 'items', 'class']));
  });
});
