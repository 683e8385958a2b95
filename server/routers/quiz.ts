// Taking a quiz, a mock's key and clock kept on the server: the rules live in the
// quizSessions service, this router only connects inputs to it.
import {
  examDayInput,
  flagInput,
  mistakesPracticeInput,
  quizRefInput,
  saveAnswerInput,
  sessionIdInput,
  submitInput,
  topicPracticeInput,
} from '../../shared/schemas/quiz';
import {
  flagQuestion,
  openMocks,
  quizInfo,
  resumeQuiz,
  saveAnswer,
  startQuiz,
  submitQuiz,
} from '../services/quizSessions';
import { startMistakesPractice, startTopicPractice } from '../services/learning/practiceLists';
import { examDayInfo, startExamDay } from '../services/examDay';
import { learnerProcedure } from './learnerProcedure';
import { authedProcedure, enforceRateLimits, router } from '../trpc';

export const quizRouter = router({
  info: authedProcedure.input(quizRefInput).query(({ ctx, input }) => quizInfo(ctx.db, ctx.user, input)),

  openMocks: authedProcedure.query(({ ctx }) => openMocks(ctx.db, ctx.user)),

  // A learner procedure: a drawn mock prefers the questions the student has not seen, which the
  // tallies of every graded session tell.
  start: learnerProcedure.input(quizRefInput).mutation(async ({ ctx, input }) => {
    await enforceRateLimits(ctx, [['quizStart', `user:${ctx.user.id}`]]);
    return startQuiz(ctx.db, ctx.user, input);
  }),

  resume: authedProcedure
    .input(sessionIdInput)
    .query(({ ctx, input }) => resumeQuiz(ctx.db, ctx.user, input.session_id)),

  saveAnswer: authedProcedure
    .meta({ access: 'user', bodyLane: 'answers' })
    .input(saveAnswerInput)
    .mutation(({ ctx, input }) => saveAnswer(ctx.db, ctx.user, input)),

  setFlag: authedProcedure
    .input(flagInput)
    .mutation(({ ctx, input }) => flagQuestion(ctx.db, ctx.user, input)),

  // The result with its id, without the per-question review: the result page loads that
  // from results.byId, so sending it here too would cost a phone the same questions twice.
  submit: authedProcedure
    // A whole 100-question answer sheet (about 50 bytes an answer) from a client without a queue.
    .meta({ access: 'user', maxBodyBytes: 64 * 1024, bodyLane: 'answers' })
    .input(submitInput)
    .mutation(({ ctx, input }) => submitQuiz(ctx.db, ctx.user, input)),

  // Practice sessions built from a list of questions (docs/learning.md): resumed, saved and
  // submitted through the procedures above like any practice session.
  startTopicPractice: learnerProcedure.input(topicPracticeInput).mutation(async ({ ctx, input }) => {
    await enforceRateLimits(ctx, [['quizStart', `user:${ctx.user.id}`]]);
    return startTopicPractice(ctx.db, ctx.user, input.topic_id);
  }),

  startMistakesPractice: authedProcedure.input(mistakesPracticeInput).mutation(async ({ ctx, input }) => {
    await enforceRateLimits(ctx, [['quizStart', `user:${ctx.user.id}`]]);
    return startMistakesPractice(ctx.db, ctx.user, input.result_id);
  }),

  // The exam-day simulation of a programme (docs/draws.md): a timed mock of no set, resumed
  // through quiz.resume and submitted through quiz.submit like any mock.
  examDayInfo: authedProcedure
    .input(examDayInput)
    .query(({ ctx, input }) => examDayInfo(ctx.db, ctx.user, input.program_id)),

  startExamDay: learnerProcedure.input(examDayInput).mutation(async ({ ctx, input }) => {
    await enforceRateLimits(ctx, [['quizStart', `user:${ctx.user.id}`]]);
    return startExamDay(ctx.db, ctx.user, input.program_id);
  }),
});
