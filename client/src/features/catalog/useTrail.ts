// Breadcrumbs of a wizard step, named from catalog.trail (the ids are all the URL carries).
import type { Crumb } from '../../components/Breadcrumbs';
import { trpc } from '../../lib/trpc';
import { papersPath, practiceSetsPath, topicsPath, WIZARD_ROOT, type WizardMode } from './wizard';

interface TrailIds {
  programId?: number;
  paperId?: number;
  topicId?: number;
}

export function useTrail(mode: WizardMode, ids: TrailIds): Crumb[] {
  const trail = trpc.catalog.trail.useQuery(ids, { enabled: Boolean(ids.programId) }).data;
  const crumbs: Crumb[] = [{ label: WIZARD_ROOT[mode].label, to: WIZARD_ROOT[mode].path }];
  if (ids.programId)
    crumbs.push({ label: trail?.program?.name ?? 'Program', to: papersPath(mode, ids.programId) });
  if (ids.programId && ids.paperId) {
    crumbs.push({
      label: trail?.paper?.name ?? 'Paper',
      to: mode === 'practice' ? topicsPath(ids.programId, ids.paperId) : undefined,
    });
  }
  if (ids.programId && ids.paperId && ids.topicId) {
    crumbs.push({
      label: trail?.topic?.name ?? 'Topic',
      to: practiceSetsPath(ids.programId, ids.paperId, ids.topicId),
    });
  }
  return crumbs;
}
