// The student sidebar's entries and its active-link rule.
import type { LucideIcon } from 'lucide-react';
import BookOpen from 'lucide-react/icons/book-open';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import ChartColumn from 'lucide-react/icons/chart-column';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import Download from 'lucide-react/icons/download';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import ListChecks from 'lucide-react/icons/list-checks';
import Repeat from 'lucide-react/icons/repeat';
import User from 'lucide-react/icons/user';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
}

export const NAV_ITEMS: NavItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: LayoutDashboard },
  { label: 'Mock Exams', to: '/mock-exams', icon: ClipboardList },
  { label: 'Practice Tests', to: '/practice-tests', icon: BookOpen },
  { label: 'Class Mocks', to: '/class-mocks', icon: CalendarClock },
  { label: 'Create a Test', to: '/create-test', icon: ListChecks },
  { label: 'Results', to: '/results', icon: ChartColumn },
  { label: 'Review', to: '/review', icon: Repeat },
  { label: 'Downloads', to: '/downloads', icon: Download },
  { label: 'Profile', to: '/profile', icon: User },
];

/** Active on an exact match, or on a path below it, except for the root. */
export function isActive(to: string, pathname: string): boolean {
  if (pathname === to) return true;
  return to !== '/' && pathname.startsWith(`${to}/`);
}
