// Kysely's view of the database. Timestamps are ISO-8601 UTC strings; booleans are 0/1 integers
// (portable between SQLite and PostgreSQL through Kysely).
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export type QuizType = 'mock' | 'practice';
/**
 * What a session was built from: one set, a weak topic's questions, one result's misses, the
 * programme's exam-day draw, or the student's own choice of topics and pool (migration 0017).
 */
export type SessionOrigin = 'set' | 'topic' | 'mistakes' | 'exam_day' | 'custom';
export type AnswerLetter = 'A' | 'B' | 'C' | 'D';

export interface UserTable {
  id: Generated<number>;
  full_name: string;
  email: string; // stored lower-cased; unique
  password_hash: string;
  date_of_birth: string | null; // YYYY-MM-DD
  gender: 'Male' | 'Female' | null;
  region_of_institution: string | null;
  program_of_study: string | null;
  school: string | null;
  bio: string;
  avatar: string | null;
  is_active: Generated<number>;
  is_staff: Generated<number>;
  is_superuser: Generated<number>;
  email_verified_at: string | null;
  last_login: string | null;
  created_at: string;
  /** How many never-reviewed cards enter the student's review queue a day (migration 0014). */
  review_new_per_day: Generated<number>;
  /** A student's school, or a school staff account's (migration 0018). */
  school_id: Generated<number | null>;
  /** Null for students and platform admins; school staff act only on their own school. */
  staff_role: Generated<StaffRole | null>;
}

export type StaffRole = 'school_admin' | 'tutor';

/** A school (migration 0018); its students and staff point at it. */
export interface SchoolTable {
  id: Generated<number>;
  name: string;
  region: string | null;
  /** Typed at registration to join the school; null when the school gives none. */
  join_code: string | null;
  created_at: string;
}
export type School = Selectable<SchoolTable>;

/** Stored states of an invitation; a pending one past expires_at reads as 'expired'. */
export type InvitationState = 'pending' | 'accepted' | 'withdrawn';

/** A class-list invitation to one school (migration 0019). */
export interface InvitationTable {
  id: Generated<number>;
  school_id: number;
  email: string; // lower-cased
  full_name: string;
  program_of_study: string;
  token_hash: string;
  expires_at: string;
  state: Generated<InvitationState>;
  invited_by: number | null;
  /** The account the invitation created. */
  user_id: number | null;
  /** When the last link was mailed; null when the mail was held back (recipient at the hourly cap). */
  sent_at: string | null;
  accepted_at: string | null;
  withdrawn_at: string | null;
  created_at: string;
}
export type Invitation = Selectable<InvitationTable>;

export type ClassMockRelease = 'at_close' | 'manual';

/** A mock set scheduled for a school, or one programme of it (migration 0020). */
export interface ClassMockTable {
  id: Generated<number>;
  school_id: number;
  mock_exam_set_id: number;
  /** Null: every student of the school; else those whose programme reads the same. */
  program_of_study: string | null;
  opens_at: string;
  closes_at: string;
  release: ClassMockRelease;
  released_at: string | null;
  created_by: number | null;
  created_at: string;
}
export type ClassMock = Selectable<ClassMockTable>;

export interface EmailVerificationTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** A registration of an unverified address, kept until a verification link is opened. */
export interface PendingRegistrationTable {
  id: Generated<number>;
  user_id: number;
  full_name: string;
  password_hash: string;
  date_of_birth: string | null;
  gender: 'Male' | 'Female' | null;
  region_of_institution: string | null;
  program_of_study: string | null;
  school: string | null;
  school_id: Generated<number | null>;
  created_at: string;
}
export type PendingRegistration = Selectable<PendingRegistrationTable>;

/** A new sign-in address, applied when the link mailed to it is opened. */
export interface EmailChangeTable {
  id: Generated<number>;
  user_id: number;
  new_email: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface PasswordResetTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface RefreshTokenTable {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  token_hash: string;
  expires_at: string;
  rotated_at: string | null; // set when exchanged for a newer one; a second use means theft
  revoked_at: string | null;
  created_at: string;
}

export interface ProgramTable {
  id: Generated<number>;
  name: string;
  description: string;
  is_active: Generated<number>;
  created_at: string;
  // The exam-day simulation's size (migration 0016).
  exam_day_questions: Generated<number>;
  exam_day_minutes: Generated<number>;
  /** Null: national content, seen by every school; else that school's own (migration 0018). */
  school_id: Generated<number | null>;
}

export interface PaperTable {
  id: Generated<number>;
  program_id: number;
  name: string;
  description: string;
  is_active: Generated<number>;
  created_at: string;
}

export interface TopicTable {
  id: Generated<number>;
  paper_id: number;
  name: string;
  description: string;
  is_active: Generated<number>;
  created_at: string;
}

export interface PracticeSetTable {
  id: Generated<number>;
  topic_id: number;
  title: string;
  is_active: Generated<number>;
  created_at: string;
  // 1: each session gets its own question and option order (migration 0007; off by default).
  shuffle: Generated<number>;
  /** Null: national content, seen by every school; else that school's own (migration 0018). */
  school_id: Generated<number | null>;
}

export interface MockExamSetTable {
  id: Generated<number>;
  paper_id: number;
  title: string;
  description: string;
  time_limit_minutes: number;
  is_active: Generated<number>;
  created_at: string;
  // 1: each session gets its own question and option order (migration 0007; on by default).
  shuffle: Generated<number>;
  // Null: a fixed mock. A number: each attempt draws that many questions (migration 0016).
  draw_count: Generated<number | null>;
  /** Null: national content, seen by every school; else that school's own (migration 0018). */
  school_id: Generated<number | null>;
}

/** A drawn mock's count per topic; a drawn mock without rows spreads as the bank is. */
export interface MockBlueprintTopicTable {
  mock_exam_set_id: number;
  topic_id: number;
  question_count: number;
}

export interface QuestionTable {
  id: Generated<number>;
  practice_set_id: number | null;
  mock_exam_set_id: number | null;
  position: number;
  question_text: string;
  option_a: string;
  option_b: string;
  option_c: string;
  option_d: string;
  correct_answer: AnswerLetter;
  explanation: string;
  // Normalised question text, to report re-uploads of a question already in the bank.
  text_key: string;
  created_at: string;
  // 0 once deactivated or replaced: no new session is served it.
  is_active: Generated<number>;
  // The newer version an edit or a move wrote; this row stays as it was, for the sessions that hold it.
  replaced_by_id: number | null;
  // A topic of the question's paper; null for an untagged mock question (migration 0016).
  topic_id: Generated<number | null>;
  /** Null: national content, seen by every school; else that school's own (migration 0018). */
  school_id: Generated<number | null>;
  /** Why each option is wrong, shown to a student who chose it (null: none; migration 0021). */
  rationale_a: Generated<string | null>;
  rationale_b: Generated<string | null>;
  rationale_c: Generated<string | null>;
  rationale_d: Generated<string | null>;
}

// 'topic': a question's topic changed in place, without a new version. 'publish': a reviewed
// draft became a new live question (migration 0021).
export type QuestionEditAction = 'edit' | 'move' | 'deactivate' | 'reactivate' | 'topic' | 'publish';

export type DraftStatus = 'draft' | 'submitted' | 'changes_requested' | 'approved';

/**
 * A question being written or reviewed (migration 0021). Students' queries never read this table:
 * approval copies the draft into `questions`.
 */
export interface QuestionDraftTable
  extends Pick<
    QuestionTable,
    | 'practice_set_id'
    | 'mock_exam_set_id'
    | 'question_text'
    | 'option_a'
    | 'option_b'
    | 'option_c'
    | 'option_d'
    | 'correct_answer'
    | 'explanation'
    | 'rationale_a'
    | 'rationale_b'
    | 'rationale_c'
    | 'rationale_d'
  > {
  id: Generated<number>;
  school_id: number | null;
  author_id: number | null;
  status: DraftStatus;
  topic_id: number | null;
  /** The live question this draft edits; null for a new question. */
  base_question_id: number | null;
  /** The live question approval wrote. */
  published_question_id: number | null;
  approved_by_id: number | null;
  created_at: string;
  updated_at: string;
}

export type DraftCommentKind = 'comment' | 'submitted' | 'changes_requested' | 'approved';

/** One entry of a draft's thread: a comment, or a decision with its comment. */
export interface QuestionDraftCommentTable {
  id: Generated<number>;
  draft_id: number;
  user_id: number | null;
  kind: DraftCommentKind;
  body: string;
  created_at: string;
}

/** Who changed a question, when, and what (question bank, migration 0006). */
export interface QuestionEditTable {
  id: Generated<number>;
  question_id: number;
  previous_question_id: number | null;
  admin_user_id: number | null;
  action: QuestionEditAction;
  changes: string; // JSON: { field: { old, new } }
  edited_at: string;
  /** The reviewed draft this change published (migration 0021). */
  draft_id: Generated<number | null>;
}

export interface QuizSessionTable {
  id: Generated<number>;
  user_id: number;
  quiz_type: QuizType;
  quiz_id: number;
  quiz_name: string;
  question_ids: string; // JSON array: the order the student sees
  started_at: string;
  deadline_at: string | null; // mock only
  submitted_at: string | null;
  // JSON { "<question id>": "CADB" } (shown A is canonical C ...); null: options in canonical order.
  option_orders: string | null;
  // Migration 0008. A 'topic' or 'mistakes' session has quiz_id 0 (no set) and origin_id the
  // topic or the result it was built from; an 'exam_day' session (a mock) quiz_id 0 and the programme.
  origin: Generated<SessionOrigin>;
  origin_id: number | null;
  // Migration 0011: the phone's UUID of an attempt taken offline (unique); null when online.
  client_id: Generated<string | null>;
  // Migration 0020: the class mock this attempt was taken for; null for every other session.
  class_mock_id: Generated<number | null>;
}

/** A question the student flagged in a session (migration 0007). */
export interface SessionFlagTable {
  session_id: number;
  question_id: number;
  flagged_at: string;
}

export interface SessionAnswerTable {
  session_id: number;
  question_id: number;
  selected_answer: AnswerLetter;
  saved_at: string;
}

/**
 * Per student and question: times asked in a graded session, times right, and whether the latest
 * graded attempt was right (0/1). Written as sessions are graded (migration 0008).
 */
export interface QuestionTallyTable {
  user_id: number;
  question_id: number;
  asked: number;
  correct: number;
  last_correct: number;
}

export interface QuizResultTable {
  id: Generated<number>;
  session_id: number;
  user_id: number;
  correct_answers: number;
  total_questions: number;
  score: number;
  percentage: number;
  time_spent_minutes: number;
  created_at: string;
  /** 1 until the session's tallies and review cards are written (migration 0013). */
  learning_pending: Generated<number>;
}

/** A student's spaced-review card: ts-fsrs's Card, dates as ISO strings (migration 0009). */
export interface ReviewCardTable {
  id: Generated<number>;
  user_id: number;
  question_id: number;
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: number; // ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning
  last_review: string | null;
  /** 1 while the question is deactivated: out of the queue, schedule kept. */
  suspended: Generated<number>;
  /** When the student first answered the card in the deck; null for a new card (migration 0014). */
  introduced_at: Generated<string | null>;
}

/** A question the student marked "not sure" in a session; it becomes a card at grading. */
export interface NotSureMarkTable {
  session_id: number;
  question_id: number;
  marked_at: string;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  created_at: string;
  sent_at: string | null;
  error: string | null;
}

export interface NotificationTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  body: string;
  link: string | null;
  read_at: string | null;
  created_at: string;
}

export interface BackupTable {
  id: Generated<number>;
  file_path: string;
  size_bytes: number;
  created_at: string;
}

/** Written by rate-limiter-flexible's stores (db/rateLimitStore.ts), not by the app's queries. */
export interface RateLimitTable {
  key: string;
  points: number;
  /** ms since 1970 */
  expire: number | null;
}

export interface Database {
  users: UserTable;
  schools: SchoolTable;
  invitations: InvitationTable;
  class_mocks: ClassMockTable;
  email_verifications: EmailVerificationTable;
  password_resets: PasswordResetTable;
  pending_registrations: PendingRegistrationTable;
  email_changes: EmailChangeTable;
  refresh_tokens: RefreshTokenTable;
  programs: ProgramTable;
  papers: PaperTable;
  topics: TopicTable;
  mock_blueprint_topics: MockBlueprintTopicTable;
  practice_sets: PracticeSetTable;
  mock_exam_sets: MockExamSetTable;
  questions: QuestionTable;
  question_edits: QuestionEditTable;
  question_drafts: QuestionDraftTable;
  question_draft_comments: QuestionDraftCommentTable;
  quiz_sessions: QuizSessionTable;
  session_answers: SessionAnswerTable;
  session_flags: SessionFlagTable;
  quiz_results: QuizResultTable;
  review_cards: ReviewCardTable;
  not_sure_marks: NotSureMarkTable;
  question_tallies: QuestionTallyTable;
  mail_outbox: MailOutboxTable;
  notifications: NotificationTable;
  backups: BackupTable;
  rate_limits: RateLimitTable;
}

export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type Program = Selectable<ProgramTable>;
export type Paper = Selectable<PaperTable>;
export type Topic = Selectable<TopicTable>;
export type PracticeSet = Selectable<PracticeSetTable>;
export type MockExamSet = Selectable<MockExamSetTable>;
export type Question = Selectable<QuestionTable>;
export type NewQuestion = Insertable<QuestionTable>;
export type QuestionDraft = Selectable<QuestionDraftTable>;
export type QuizSession = Selectable<QuizSessionTable>;
export type QuizResult = Selectable<QuizResultTable>;
export type ReviewCard = Selectable<ReviewCardTable>;
