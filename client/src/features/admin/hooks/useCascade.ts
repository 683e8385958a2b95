// Program -> paper -> topic choices where changing a higher choice clears the lower ones.
import { useState } from 'react';

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
