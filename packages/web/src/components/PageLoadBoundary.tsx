import { Component, type ReactNode } from 'react';
import { messages } from '@filmlist/shared/messages';
import { LoadFailure } from './LoadFailure';

interface PageLoadBoundaryProps {
  children: ReactNode;
  /** the page's address: going to another page clears the failure */
  resetKey: string;
}

/**
 * A page whose code could not be fetched (the connection dropped between two
 * pages) or that failed to render says so, with Try again, instead of leaving
 * a blank screen. Try again loads the page afresh: a failed dynamic import is
 * not tried again by the browser within the same page load.
 */
export class PageLoadBoundary extends Component<PageLoadBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('A page failed to load', error);
  }

  override componentDidUpdate(previous: PageLoadBoundaryProps): void {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return <LoadFailure message={messages.pageLoadFailed} onRetry={() => window.location.reload()} retrying={false} />;
  }
}
