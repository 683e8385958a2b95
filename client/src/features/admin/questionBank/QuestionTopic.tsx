// The topic of one question: a mock question takes a topic of its paper or none ("Untagged"); a
// practice question takes its set's topic, which a move to another set changes.
import { useState } from 'react';
import { UNTAGGED } from '@shared/schemas/questionBank';
import { Button } from '../../../components/Button';
import { Select } from '../components/Select';
import type { BankQuestion, Content } from '../types';
import { TopicName } from './BankTable';
import { topicChoices, topicIdOf } from './topicChoices';

export function QuestionTopic({
  question: q,
  content,
  busy,
  onSet,
}: {
  question: BankQuestion;
  content: Content | undefined;
  busy: boolean;
  onSet: (topicId: number | null) => void;
}) {
  const current = q.topic_id === null ? UNTAGGED : String(q.topic_id);
  const [choice, setChoice] = useState(current);
  return (
    <section aria-labelledby="question-topic" className="flex flex-col gap-2">
      <h3 id="question-topic" className="text-base font-semibold">
        Topic
      </h3>
      {q.quiz_type === 'practice' ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <TopicName q={q} />: a practice question takes the topic of its set. Move it to a set of another
          topic to change it.
        </p>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="sm:min-w-80">
            <Select
              label="Topic of this question"
              value={choice}
              options={topicChoices(content, String(q.paper_id))}
              placeholder="Choose a topic"
              onChange={setChoice}
              disabled={!content}
            />
          </div>
          <Button
            variant="secondary"
            disabled={!choice || choice === current || busy}
            onClick={() => onSet(topicIdOf(choice))}
          >
            Save topic
          </Button>
        </div>
      )}
    </section>
  );
}
