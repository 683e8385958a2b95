// Quiz Results filters: type, then program -> paper -> set; a change resets every lower choice.
import { useState } from 'react';
import type { ResultsFilterInput } from '../types';

export type TypeFilter = 'all' | 'mock' | 'practice';

export function useResultsFilter() {
  const [type, setTypeState] = useState<TypeFilter>('all');
  const [programId, setProgramId] = useState('');
  const [paperId, setPaperId] = useState('');
  const [setId, setSetId] = useState('');

  const input: ResultsFilterInput = {
    ...(type !== 'all' && { quiz_type: type }),
    ...(programId && { program_id: Number(programId) }),
    ...(paperId && { paper_id: Number(paperId) }),
    ...(setId && { set_id: Number(setId) }),
  };

  return {
    type,
    programId,
    paperId,
    setId,
    input,
    active: Object.keys(input).length > 0,
    setType(value: TypeFilter) {
      setTypeState(value);
      setProgramId('');
      setPaperId('');
      setSetId('');
    },
    setProgram(value: string) {
      setProgramId(value);
      setPaperId('');
      setSetId('');
    },
    setPaper(value: string) {
      setPaperId(value);
      setSetId('');
    },
    setSet: setSetId,
  };
}

export type ResultsFilter = ReturnType<typeof useResultsFilter>;
