import { Component, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** A new path starts afresh: the error belonged to the page that was left. */
  resetKey: string;
}

/** Whatever a page throws while rendering, the visitor gets a Chinese message and a way on, never a white screen. */
export class PageErrorBoundary extends Component<Props, { failedAt: string | null }> {
  override state = { failedAt: null as string | null };

  static getDerivedStateFromError() {
    return { failedAt: '' };
  }

  override componentDidCatch(error: unknown) {
    console.error('[shell] 页面渲染出错', error);
    this.setState({ failedAt: this.props.resetKey });
  }

  override render() {
    const { failedAt } = this.state;
    if (failedAt === null || (failedAt !== '' && failedAt !== this.props.resetKey)) return this.props.children;
    return (
      <div className="redirect-loop" role="alert">
        <p>页面暂时无法显示，请刷新重试或返回首页。</p>
        <a href="/">返回首页</a>
      </div>
    );
  }
}
