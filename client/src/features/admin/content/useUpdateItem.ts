// Rename, describe, re-time, deactivate or reactivate any content item, or turn a set's
// shuffling on or off (admin.update*).
import { useMutation } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc';
import type { Item, ItemPatch } from './items';

export function useUpdateItem(item: Item) {
  const utils = trpc.useUtils();
  const admin = utils.client.admin;
  return useMutation({
    mutationFn: async (patch: ItemPatch): Promise<void> => {
      const { id } = item;
      const {
        name,
        description,
        time_limit_minutes,
        is_active,
        shuffle,
        exam_day_questions,
        exam_day_minutes,
      } = patch;
      switch (item.kind) {
        case 'program':
          await admin.updateProgram.mutate({
            id,
            name,
            description,
            is_active,
            exam_day_questions,
            exam_day_minutes,
          });
          return;
        case 'paper':
          await admin.updatePaper.mutate({ id, name, description, is_active });
          return;
        case 'topic':
          await admin.updateTopic.mutate({ id, name, description, is_active });
          return;
        case 'practiceSet':
          await admin.updatePracticeSet.mutate({ id, title: name, is_active, shuffle });
          return;
        case 'mockSet':
          await admin.updateMockExamSet.mutate({
            id,
            title: name,
            description,
            time_limit_minutes,
            is_active,
            shuffle,
          });
          return;
      }
    },
    onSuccess: () => Promise.all([utils.admin.content.invalidate(), utils.admin.stats.invalidate()]),
  });
}
