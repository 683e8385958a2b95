// Inputs of the exam officer's reports (admin.reports.*): the results export, item analysis of a
// set, and the class view by topic.
import { z } from 'zod';
import { resultsFilterInput } from './admin';
import { optionalText } from './fields';
import { quizRefInput } from './quiz';

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The Quiz Results tab's filters, and the file type to write them to. */
export const exportResultsInput = z.object({
  format: z.enum(EXPORT_FORMATS, { error: 'Choose xlsx or csv.' }),
  filter: resultsFilterInput,
});

/** One set: mock or practice, and its id. */
export const itemAnalysisInput = quizRefInput;

/** A blank choice of a select means "every school" or "every program of study". */
const profileChoice = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  optionalText(200).optional(),
);

export const classViewInput = z
  .object({ school: profileChoice, program_of_study: profileChoice })
  .default({});
export type ClassViewFilter = z.infer<typeof classViewInput>;
