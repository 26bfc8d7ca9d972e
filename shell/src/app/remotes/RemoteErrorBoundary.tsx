import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RemoteUnavailable } from './RemoteUnavailable.tsx';

interface Props {
  title: string;
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`${this.props.title} failed to load`, error, info.componentStack);
  }

  override render() {
    if (this.state.failed) return <RemoteUnavailable title={this.props.title} onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}
