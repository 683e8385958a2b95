// Mastery per program, paper and topic: the share of answers right and how many questions seen.
import { figuresText, type MasteryProgram } from './types';

function Bar({ percentage, label }: { percentage: number; label: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuenow={percentage}
      aria-valuemin={0}
      aria-valuemax={100}
      className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
    >
      <div className="h-full bg-brand-600" style={{ width: `${percentage}%` }} />
    </div>
  );
}

export function MasteryTree({ programs }: { programs: MasteryProgram[] }) {
  return (
    <div className="space-y-4">
      {programs.map((program) => (
        <div key={program.id}>
          <h3 className="font-semibold break-words">{program.name}</h3>
          <p className="text-sm text-slate-600 dark:text-slate-300">{figuresText(program)}</p>
          {program.papers.map((paper) => (
            <div key={paper.id} className="mt-3 border-l-2 border-slate-200 pl-3 dark:border-slate-700">
              <h4 className="font-medium break-words">{paper.name}</h4>
              <p className="text-sm text-slate-600 dark:text-slate-300">{figuresText(paper)}</p>
              <ul className="mt-2 space-y-2" aria-label={`Topics of ${paper.name}`}>
                {paper.topics.map((topic) => (
                  <li key={topic.id} data-testid="mastery-topic">
                    <p className="text-sm font-medium break-words">{topic.name}</p>
                    <p className="text-xs text-slate-600 dark:text-slate-300">{figuresText(topic)}</p>
                    <Bar
                      percentage={topic.percentage}
                      label={`${topic.name}: ${topic.percentage}% correct`}
                    />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
