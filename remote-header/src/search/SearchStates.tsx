import { Button, Message, Placeholder } from 'semantic-ui-react';
import { Link } from 'react-router-dom';
import { aboutPath, searchPath } from '@wenrun/shared';
import { uiStore } from '@wenrun/shared/stores';
// Semantic's placeholder styles come with the results page (shared carries only the first-paint set).
import 'semantic-ui-css/components/placeholder.min.css';
import 'semantic-ui-css/components/message.min.css';

/** Common words of teacher training, offered when a search finds nothing. */
const SUGGESTED_KEYWORDS = ['班主任', '课堂教学', '心理健康'];

export function ResultsSkeleton() {
  return (
    <div className="search-skeleton" aria-hidden="true">
      {[0, 1, 2].map((row) => (
        <Placeholder key={row} fluid>
          <Placeholder.Header image>
            <Placeholder.Line />
            <Placeholder.Line />
          </Placeholder.Header>
          <Placeholder.Paragraph>
            <Placeholder.Line length="full" />
          </Placeholder.Paragraph>
        </Placeholder>
      ))}
    </div>
  );
}

export function NoResults({ keyword }: { keyword: string }) {
  return (
    <div className="search-empty">
      <svg className="search-empty__art" width="96" height="96" viewBox="0 0 96 96" aria-hidden="true">
        <circle cx="42" cy="42" r="26" fill="#eef3fa" stroke="#9db7d8" strokeWidth="4" />
        <path d="M61 61 82 82" stroke="#9db7d8" strokeWidth="8" strokeLinecap="round" />
        <path d="M33 42h18" stroke="#9db7d8" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <p className="search-empty__title">
        没有找到“<span className="search-page__keyword">{keyword}</span>”相关结果
      </p>
      <p>您可以试试：</p>
      <ul className="search-empty__tips">
        <li>检查文字是否有误，或去掉多余的符号和空格；</li>
        <li>
          换一个更短、更常用的词，例如
          {SUGGESTED_KEYWORDS.map((word) => (
            <Link key={word} to={searchPath(word)} className="search-empty__word">
              {word}
            </Link>
          ))}
          ；
        </li>
        <li>
          浏览我们的<Link to={aboutPath(3)}>精品课程</Link>和<Link to={aboutPath(2)}>研训体系</Link>；
        </li>
        <li>
          {/* A phrase of the sentence, drawn as its links are: Semantic's Button is a block of its own. */}
          <button type="button" className="search-empty__service" onClick={() => uiStore.setShowContactModal(true)}>
            联系在线客服
          </button>
          ，告诉我们您想找的内容。
        </li>
      </ul>
    </div>
  );
}

export function SearchFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Message negative className="search-failed" role="alert">
      <Message.Header>搜索没有完成</Message.Header>
      <p>{message}</p>
      <Button type="button" primary onClick={onRetry}>
        重试
      </Button>
    </Message>
  );
}
