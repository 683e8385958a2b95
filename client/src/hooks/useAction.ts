// The little of React Query's useMutation the signed-out pages use (pending, success, error,
// reset), around a plain async call: those pages load without React Query.
import { useCallback, useState } from 'react';

type ActionState<T> =
  | { status: 'idle' | 'pending'; data?: undefined; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown };

export function useAction<I, T>(run: (input: I) => Promise<T>) {
  const [state, setState] = useState<ActionState<T>>({ status: 'idle' });
  const mutateAsync = useCallback(
    async (input: I) => {
      setState({ status: 'pending' });
      try {
        const data = await run(input);
        setState({ status: 'success', data });
        return data;
      } catch (error) {
        setState({ status: 'error', error });
        throw error;
      }
    },
    [run],
  );
  return {
    ...state,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    mutateAsync,
    mutate: (input: I) => void mutateAsync(input).catch(() => {}),
    reset: () => setState({ status: 'idle' }),
  };
}
