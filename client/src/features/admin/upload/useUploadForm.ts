// State of the upload form: the choices, a dry-run preview of exactly these choices, then the
// upload itself; messages clear themselves (success 8 s, errors 10 s).
import { useState } from 'react';
import { ACCEPTED_EXTENSIONS, MAX_FILE_BYTES } from '@shared/domain/questionFormat';
import { trpc } from '../../../lib/trpc';
import { useCascade } from '../hooks/useCascade';
import { useTimedMessage } from '../hooks/useTimedMessage';
import type { UploadAnswer } from '../types';
import type { Content } from '../types';
import { sendUpload, type UploadFailure } from './sendUpload';
import { suggestTitle } from './suggestTitle';

type QuizType = 'practice' | 'mock';
/** Where the questions go: a new set, or a set that exists (made in Content Management or before). */
export type Target = 'new' | 'existing';

/** An upload needs a file of an accepted type, a program, a paper and, for practice, a topic. */
function validated(
  file: File | null,
  quizType: QuizType,
  pick: ReturnType<typeof useCascade>,
  existingSet: string | null,
  title: string,
): { file: File } | { problem: string } {
  if (!file) return { problem: 'Please choose a file to upload.' };
  const name = file.name.toLowerCase();
  if (!ACCEPTED_EXTENSIONS.some((ext) => name.endsWith(ext)))
    return { problem: 'Please choose an .xlsx, .xls or .csv file.' };
  // Checked here too so a too-large file is not sent over a slow mobile connection first.
  if (file.size > MAX_FILE_BYTES)
    return { problem: `The file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB, the upload limit.` };
  if (!pick.programId) return { problem: 'Please select a program.' };
  if (!pick.paperId) return { problem: 'Please select a paper.' };
  if (quizType === 'practice' && !pick.topicId)
    return { problem: 'Please select a topic for practice questions.' };
  if (existingSet === '') return { problem: 'Please select the set to add the questions to.' };
  if (existingSet === null && !title.trim()) return { problem: 'Please give the new set a title.' };
  return { file };
}

export function useUploadForm(content: Content | undefined) {
  const utils = trpc.useUtils();
  const pick = useCascade();
  const [quizType, setQuizTypeState] = useState<QuizType>('practice');
  const [file, setFileState] = useState<File | null>(null);
  // null until the admin types one: the field shows the suggestion for the chosen topic or paper.
  const [typedTitle, setTitleState] = useState<string | null>(null);
  const [timeLimit, setTimeLimitState] = useState('');
  const [target, setTargetState] = useState<Target>('new');
  const [setId, setSetIdState] = useState('');
  // Bumped to empty the file input, which React cannot set.
  const [fileInputKey, setFileInputKey] = useState(0);
  const [busy, setBusy] = useState<'preview' | 'upload' | null>(null);
  /** The last answer for the current choices: a preview, or the failing rows. */
  const [answer, setAnswer] = useState<Partial<UploadAnswer> | null>(null);
  const [success, showSuccess] = useTimedMessage<string>(8_000);
  const [failure, showFailure] = useTimedMessage<UploadFailure>(10_000);

  /** Any change of the choices makes an earlier preview stale. */
  const changed =
    <T>(set: (v: T) => void) =>
    (value: T) => {
      set(value);
      setAnswer(null);
    };

  function reset() {
    setQuizTypeState('practice');
    pick.reset();
    setFileState(null);
    setTitleState(null);
    setTimeLimitState('');
    setTargetState('new');
    setSetIdState('');
    setFileInputKey((k) => k + 1);
    setAnswer(null);
  }

  const parentId = quizType === 'practice' ? pick.topicId : pick.paperId;
  const title = typedTitle ?? (content ? suggestTitle(content, quizType, parentId) : '');

  async function run(dryRun: boolean) {
    const existing = target === 'existing';
    const checked = validated(file, quizType, pick, existing ? setId : null, title);
    if ('problem' in checked) return showFailure({ message: checked.problem, issues: [], hint: null });
    showSuccess(null);
    showFailure(null);
    setBusy(dryRun ? 'preview' : 'upload');
    const outcome = await sendUpload(
      {
        file: checked.file,
        quiz_type: quizType,
        program_id: pick.programId,
        paper_id: pick.paperId,
        topic_id: pick.topicId,
        set_id: existing ? setId : '',
        title: existing ? '' : title,
        time_limit_minutes: existing ? '' : timeLimit,
      },
      dryRun,
    );
    setBusy(null);
    if (!outcome.ok) {
      setAnswer(outcome.answer);
      return showFailure(outcome.failure);
    }
    if (dryRun) return setAnswer(outcome.answer);
    showSuccess(outcome.message);
    reset();
    await Promise.all([utils.admin.content.invalidate(), utils.admin.stats.invalidate()]);
  }

  /** Opens the form on a set that exists (the link from Content Management). */
  function openOn(
    type: QuizType,
    place: { programId: number; paperId: number; topicId: number | null },
    id: number,
  ) {
    setQuizTypeState(type);
    pick.setProgram(String(place.programId));
    pick.setPaper(String(place.paperId));
    pick.setTopic(place.topicId === null ? '' : String(place.topicId));
    setTargetState('existing');
    setSetIdState(String(id));
    setAnswer(null);
  }

  // A set belongs to the topic or paper chosen: a change above it clears the choice.
  const clearingSet =
    <T>(set: (v: T) => void) =>
    (value: T) => {
      set(value);
      setSetIdState('');
      setAnswer(null);
    };

  return {
    pick: {
      ...pick,
      setProgram: clearingSet(pick.setProgram),
      setPaper: clearingSet(pick.setPaper),
      setTopic: clearingSet(pick.setTopic),
    },
    target,
    setTarget: changed(setTargetState),
    setId,
    setSetId: changed(setSetIdState),
    openOn,
    quizType,
    setQuizType: clearingSet((t: QuizType) => {
      setQuizTypeState(t);
      pick.setTopic('');
    }),
    file,
    setFile: changed(setFileState),
    title,
    setTitle: changed((v: string) => setTitleState(v)),
    timeLimit,
    setTimeLimit: changed(setTimeLimitState),
    fileInputKey,
    busy,
    answer,
    /** Upload is offered only after a clean dry run of exactly these choices. */
    previewed: Boolean(answer?.success && answer.dry_run),
    success,
    failure,
    preview: () => run(true),
    upload: () => run(false),
  };
}

export type UploadForm = ReturnType<typeof useUploadForm>;
