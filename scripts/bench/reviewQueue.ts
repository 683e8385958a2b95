// The bench's review queue row (review.next and review.dueCount under 50 ms at
// p99 for a student with 5,000 answers, in a database of 300 students). fillDeck writes, beside
// the fixture, 50 practice sets of 100 questions and one student's 50 graded sessions over the
// past 100 days, 5,000 answers, 40% of them wrong; each miss is a card whose history ts-fsrs
// itself wrote (one to four reviews, so states and due dates spread as a real deck's do). Every
// other student gets a smaller deck, so the index is shared as it would be. reviewQueue then asks
// for the count and the next card, one request at a time, as the student's phone does.
import { createEmptyCard, Rating, type Card, type Grade } from 'ts-fsrs';
import type { DB } from '../../db/client';
import type { AnswerLetter, NewQuestion, ReviewCardTable } from '../../db/schema';
import { scheduler, stateOf } from '../../server/services/reviewDeck';
import type { Insertable } from 'kysely';
import { measure, rotating, type Measurement, type Target } from './cannon';
import { keyOf, type Fixture, type Student } from './fixtures';
import { each, trpcQuery } from './requests';
import { skipped, type Available } from './scenarios';

export interface DeckSize {
  sessions: number;
  perSession: number;
  /** Cards of every other student. */
  otherCards: number;
}
export const FULL_DECK: DeckSize = { sessions: 50, perSession: 100, otherCards: 200 };

export interface Deck {
  student: Student;
  answers: number;
  cards: number;
  due: number;
}

/** SQLite binds at most 32,766 values a statement; 500 rows of 15 columns stay well under. */
const CHUNK = 500;
const DAY = 86_400_000;
const WRONG: Record<AnswerLetter, AnswerLetter> = { A: 'B', B: 'C', C: 'D', D: 'A' };
const HISTORY: Grade[] = [Rating.Good, Rating.Again, Rating.Good, Rating.Easy];

async function inChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** A card ts-fsrs has reviewed `reviews` times since `added`, each review when it fell due. */
function cardWithHistory(added: Date, reviews: number, now: Date): Card {
  let card = createEmptyCard(added);
  for (let r = 0; r < reviews && card.due < now; r++) {
    card = scheduler.next(card, card.due, HISTORY[r % HISTORY.length]).card;
  }
  return card;
}

function cardRow(userId: number, questionId: number, card: Card): Insertable<ReviewCardTable> {
  return { user_id: userId, question_id: questionId, ...stateOf(card) };
}

interface BenchSet {
  id: number;
  questionIds: number[];
}

async function insertSets(db: DB, fixture: Fixture, size: DeckSize, now: Date): Promise<BenchSet[]> {
  const sets: BenchSet[] = [];
  for (let s = 0; s < size.sessions; s++) {
    const { id } = await db
      .insertInto('practice_sets')
      .values({ topic_id: fixture.topicId, title: `Review bench ${s + 1}`, created_at: now.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows: NewQuestion[] = Array.from({ length: size.perSession }, (_, j) => {
      const i = s * size.perSession + j + 1;
      const text = `Review question ${i}: which nursing action comes first in case ${i}?`;
      return {
        practice_set_id: id,
        mock_exam_set_id: null,
        position: j + 1,
        question_text: text,
        option_a: `Assess first (${i})`,
        option_b: `Give the drug (${i})`,
        option_c: `Call the doctor (${i})`,
        option_d: `Wait and see (${i})`,
        correct_answer: keyOf(i),
        explanation: `Assessment comes first in case ${i}.`,
        text_key: text.toLowerCase(),
        created_at: now.toISOString(),
      };
    });
    const ids = await db.insertInto('questions').values(rows).returning('id').execute();
    sets.push({ id, questionIds: ids.map((r) => r.id) });
  }
  return sets;
}

/** Writes the deck student's history and every student's cards; answers what was written. */
export async function fillDeck(db: DB, fixture: Fixture, size: DeckSize = FULL_DECK): Promise<Deck> {
  const now = new Date();
  const student = fixture.students[0];
  const sets = await insertSets(db, fixture, size, now);
  const all = sets.flatMap((set) => set.questionIds);
  const keys = new Map(
    (await db.selectFrom('questions').select(['id', 'correct_answer']).where('id', 'in', all).execute()).map(
      (q) => [q.id, q.correct_answer],
    ),
  );
  const cards: Insertable<ReviewCardTable>[] = [];
  for (const [s, { id: setId, questionIds: ids }] of sets.entries()) {
    const at = new Date(now.getTime() - (size.sessions - s) * 2 * DAY);
    const session = await db
      .insertInto('quiz_sessions')
      .values({
        user_id: student.id,
        quiz_type: 'practice',
        quiz_id: setId,
        quiz_name: `Review bench ${s + 1}`,
        question_ids: JSON.stringify(ids),
        started_at: at.toISOString(),
        deadline_at: null,
        submitted_at: at.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Two answers in five wrong: the misses become cards.
    const answers = ids.map((id, j) => ({
      session_id: session.id,
      question_id: id,
      selected_answer: j % 5 < 2 ? WRONG[keys.get(id)!] : keys.get(id)!,
      saved_at: at.toISOString(),
    }));
    await inChunks(answers, (c) => db.insertInto('session_answers').values(c).execute());
    const correct = answers.filter((a) => a.selected_answer === keys.get(a.question_id)).length;
    await db
      .insertInto('quiz_results')
      .values({
        session_id: session.id,
        user_id: student.id,
        correct_answers: correct,
        total_questions: ids.length,
        score: correct,
        percentage: Math.round((correct / ids.length) * 100),
        time_spent_minutes: 60,
        created_at: at.toISOString(),
      })
      .execute();
    for (const [j, a] of answers.entries()) {
      if (a.selected_answer !== keys.get(a.question_id)) {
        cards.push(cardRow(student.id, a.question_id, cardWithHistory(at, j % 5, now)));
      }
    }
  }
  for (const [n, other] of fixture.students.slice(1).entries()) {
    for (let c = 0; c < size.otherCards; c++) {
      const questionId = all[(n * 7919 + c * 31) % all.length];
      const added = new Date(now.getTime() - ((n + c) % 90) * DAY);
      cards.push(cardRow(other.id, questionId, cardWithHistory(added, c % 4, now)));
    }
  }
  // Distinct (student, question) pairs only: the stride can meet a question twice.
  const seen = new Set<string>();
  const unique = cards.filter((c) => {
    const k = `${c.user_id}:${c.question_id}`;
    return seen.has(k) ? false : (seen.add(k), true);
  });
  await inChunks(unique, (c) => db.insertInto('review_cards').values(c).execute());
  const mine = unique.filter((c) => c.user_id === student.id);
  return {
    student,
    answers: size.sessions * size.perSession,
    cards: mine.length,
    due: mine.filter((c) => c.due <= now.toISOString()).length,
  };
}

export async function reviewQueue(
  target: Target,
  av: Available,
  deck: Deck,
  opts: { duration?: number } = {},
): Promise<Measurement> {
  const name = `review queue (review.next + review.dueCount), ${deck.answers.toLocaleString('en')} answers, ${deck.cards.toLocaleString('en')} cards, ${deck.due.toLocaleString('en')} due (one student)`;
  if (!av.procedures.has('review.next')) return skipped(name, 'missing review.next');
  const call = rotating(['review.next', 'review.dueCount']);
  return measure(
    name,
    target,
    each(() => trpcQuery(call(), undefined, deck.student.access)),
    {
      ...opts,
      connections: 1,
    },
  );
}
