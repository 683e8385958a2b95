// Content Management: programs, papers, topics, mock exam sets and practice sets, each with an
// add form and per-item edit and deactivate.
import { ErrorPanel } from '../../../components/ErrorPanel';
import { SkeletonGrid } from '../../../components/Skeleton';
import type { AdminData } from '../hooks/useAdminData';
import { AddMockSetForm } from './AddMockSetForm';
import { AddPaperForm } from './AddPaperForm';
import { AddPracticeSetForm } from './AddPracticeSetForm';
import { AddProgramForm } from './AddProgramForm';
import { AddTopicForm } from './AddTopicForm';
import { ContentSection } from './ContentSection';
import { itemsOf } from './items';

export function ContentTab({ content }: Pick<AdminData, 'content'>) {
  if (content.isPending) return <SkeletonGrid count={3} label="Loading content…" />;
  if (content.isError)
    return (
      <ErrorPanel retryLabel="Retry" message="Failed to load content." onRetry={() => content.refetch()} />
    );
  const items = itemsOf(content.data);
  return (
    // One section per row: beside each other, a set's title and description got too little room.
    <div className="flex flex-col gap-4">
      <ContentSection
        title="Programs"
        addLabel="Add program"
        items={items.program}
        emptyText="No programs yet."
        form={<AddProgramForm />}
      />
      <ContentSection
        title="Papers"
        addLabel="Add paper"
        items={items.paper}
        emptyText="No papers yet."
        form={<AddPaperForm content={content.data} />}
      />
      <ContentSection
        title="Topics"
        addLabel="Add topic"
        items={items.topic}
        emptyText="No topics yet."
        form={<AddTopicForm content={content.data} />}
      />
      <ContentSection
        title="Mock Exam Sets"
        addLabel="Add mock exam set"
        items={items.mockSet}
        emptyText="No mock exam sets yet."
        form={<AddMockSetForm content={content.data} />}
      />
      <ContentSection
        title="Practice Sets"
        addLabel="Add practice set"
        items={items.practiceSet}
        emptyText="No practice sets yet."
        form={<AddPracticeSetForm content={content.data} />}
      />
    </div>
  );
}
