import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** Rendered instead of the children after a render error; `reset` re-renders them. */
  fallback: (props: { error: unknown; reset: () => void }) => ReactNode;
  onError?: (error: unknown, info: ErrorInfo) => void;
  /** Changing any of these (e.g. the location) clears the error. */
  resetKeys?: readonly unknown[];
}

interface State {
  error: unknown;
  hasError: boolean;
  keys: readonly unknown[] | undefined;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null, hasError: false, keys: this.props.resetKeys };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: State): Partial<State> | null {
    const changed =
      props.resetKeys?.length !== state.keys?.length || props.resetKeys?.some((key, i) => !Object.is(key, state.keys?.[i]));
    if (!changed) return null;
    return state.hasError ? { error: null, hasError: false, keys: props.resetKeys } : { keys: props.resetKeys };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  reset = (): void => {
    this.setState({ error: null, hasError: false });
  };

  override render(): ReactNode {
    if (this.state.hasError) return this.props.fallback({ error: this.state.error, reset: this.reset });
    return this.props.children;
  }
}
