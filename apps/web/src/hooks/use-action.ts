import { useCallback, useState } from 'react';

type Handlers<TResult> = {
  onSuccess?: (result: TResult) => void;
  onError?: (error: unknown) => void;
};

type ActionState = { status: 'idle' | 'pending' | 'success' | 'error'; error: unknown };

/**
 * One asynchronous action with its pending, success and error state. The signed-out screens use
 * it instead of the query library, which only the signed-in shell loads (the login page stays
 * small); its shape follows `useMutation`, so the screens read the same either way.
 */
export function useAction<TVariables, TResult>(
  action: (variables: TVariables) => Promise<TResult>,
) {
  const [state, setState] = useState<ActionState>({ status: 'idle', error: null });
  const mutate = useCallback(
    (variables: TVariables, handlers: Handlers<TResult> = {}) => {
      setState({ status: 'pending', error: null });
      action(variables).then(
        (result) => {
          setState({ status: 'success', error: null });
          handlers.onSuccess?.(result);
        },
        (error: unknown) => {
          setState({ status: 'error', error });
          handlers.onError?.(error);
        },
      );
    },
    [action],
  );

  return {
    mutate,
    error: state.error,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
  };
}
