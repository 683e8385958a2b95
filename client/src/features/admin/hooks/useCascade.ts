// Program -> paper -> topic choices where changing a higher choice clears the lower ones.
import { useState } from 'react';

/** How far down a form asks: a paper needs a program, a topic a program and a paper. */
export type Level = 'program' | 'paper' | 'topic';

export function useCascade() {
  const [programId, setProgramId] = useState('');
  const [paperId, setPaperId] = useState('');
  const [topicId, setTopicId] = useState('');
  return {
    programId,
    paperId,
    topicId,
    setProgram(value: string) {
      setProgramId(value);
      setPaperId('');
      setTopicId('');
    },
    setPaper(value: string) {
      setPaperId(value);
      setTopicId('');
    },
    setTopic: setTopicId,
    reset() {
      setProgramId('');
      setPaperId('');
      setTopicId('');
    },
  };
}

export type Cascade = ReturnType<typeof useCascade>;
