import { Component, type ReactNode } from 'react';

/**
 * Catches an error thrown by one island in the browser and shows the
 * application error message in its place; the rest of the page, which is plain
 * HTML, keeps working.
 */
export class IslandBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn('An interactive part of this page failed:', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="island-error" role="alert">
        <p className="island-error__title">Unexpected Application Error!</p>
        <p>This part of the page could not start. Reloading the page may help.</p>
      </div>
    );
  }
}
