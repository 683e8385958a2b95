// The topics a question may take: "Untagged" and the topics of its paper, for the topic filter and
// the topic a question is given.
import { UNTAGGED } from '@shared/schemas/questionBank';
import type { Option } from '../components/Select';
import { topicOptions } from '../lib/catalog';
import type { Content } from '../types';

export const UNTAGGED_LABEL = 'Untagged';

export function topicChoices(content: Content | undefined, paperId: string): Option[] {
  return [{ value: UNTAGGED, label: UNTAGGED_LABEL }, ...(content ? topicOptions(content, paperId) : [])];
}

/** The setTopic input's topic for a choice: null for "Untagged". */
export const topicIdOf = (choice: string): number | null => (choice === UNTAGGED ? null : Number(choice));
