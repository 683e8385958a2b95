// Catches a page that failed to load or render (typically its chunk on a dropped connection)
// and offers a reload, rather than leaving a blank screen.
import { Component, type ReactNode } from 'react';
import { Button } from './Button';

interface State {
  failed: boolean;
}

export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div
        role="alert"
        className="mx-auto mt-16 max-w-md rounded-xl border border-red-200 bg-red-50 p-6 text-center dark:border-red-800 dark:bg-red-950"
      >
        <p className="font-medium text-red-800 dark:text-red-200">
          This page could not be loaded. Check your connection and try again.
        </p>
        <Button className="mt-4" onClick={() => window.location.reload()}>
          Try again
        </Button>
      </div>
    );
  }
}
