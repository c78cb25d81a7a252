import { Component, type ReactNode } from 'react';
import { CrashView } from './crash-view';

/** Catches anything outside the router (providers, the router itself). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? <CrashView /> : this.props.children;
  }
}
