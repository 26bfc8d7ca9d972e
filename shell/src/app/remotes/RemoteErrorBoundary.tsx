import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RemoteUnavailable } from './RemoteUnavailable.tsx';
import { versionSkewOf } from './versionSkew.ts';

interface Props {
  title: string;
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  failed: boolean;
  error?: unknown;
}

export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`${this.props.title} failed to load`, error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return (
        <RemoteUnavailable
          title={this.props.title}
          onRetry={this.props.onRetry}
          skew={versionSkewOf(this.state.error)}
        />
      );
    }
    return this.props.children;
  }
}
