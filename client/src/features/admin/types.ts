// Shapes of the admin procedures, read from the server's router so both sides cannot drift.
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/router';

type Outputs = inferRouterOutputs<AppRouter>['admin'];
type Inputs = inferRouterInputs<AppRouter>['admin'];

export type AdminUser = Outputs['users'][number];
export type AdminScope = Outputs['me'];
export type School = Outputs['schools']['list'][number];
export type UnmatchedSchool = Outputs['schools']['unmatched'][number];
export type AdminStats = Outputs['stats'];
export type AdminResult = Outputs['results'][number];
export type ResultsFilterInput = Inputs['results'];
export type Content = Outputs['content'];
export type Program = Content['programs'][number];
export type Paper = Content['papers'][number];
export type Topic = Content['topics'][number];
export type MockExamSet = Content['mockExamSets'][number];
export type PracticeSet = Content['practiceSets'][number];
export type SystemInfo = Outputs['system'];
export type MockBlueprint = Outputs['mockBlueprint'];
export type ExportFilter = NonNullable<Inputs['reports']['exportResults']['filter']>;
export type ItemAnalysis = Outputs['reports']['itemAnalysis'];
export type ItemRow = ItemAnalysis['questions'][number];
export type ClassView = Outputs['reports']['classView'];
export type TopicRow = ClassView['topics'][number];

/** The answer of a question upload or its dry run (REST and tRPC answer alike). */
export type UploadAnswer = inferRouterOutputs<AppRouter>['questions']['preview'];
export type RowError = NonNullable<UploadAnswer['row_errors']>[number];
export type PreviewRow = NonNullable<UploadAnswer['preview']>[number];

type QuestionOutputs = inferRouterOutputs<AppRouter>['questions'];
export type BankSearchInput = inferRouterInputs<AppRouter>['questions']['search'];
export type BankPage = QuestionOutputs['search'];
export type BankQuestion = BankPage['items'][number];
export type BankQuestionDetail = QuestionOutputs['byId'];
export type BankHistoryEntry = BankQuestionDetail['history'][number];
