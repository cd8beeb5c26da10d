// The end of a paginated list: reads the next page when it scrolls into view (infinite
// scroll), and offers the same as a button for keyboard and screen-reader users.
import { useEffect, useRef } from 'react';
import { Button } from './Button.tsx';
import './loadMore.css';

export function LoadMore(props: {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => Promise<unknown>;
  label: string;
}) {
  const { hasMore, loading, onLoadMore, label } = props;
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void onLoadMore();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, onLoadMore]);

  if (!hasMore) return null;
  return (
    <div ref={sentinel} className="ui-load-more">
      <Button onClick={() => void onLoadMore()} disabled={loading}>
        {loading ? 'Loading…' : label}
      </Button>
    </div>
  );
}
