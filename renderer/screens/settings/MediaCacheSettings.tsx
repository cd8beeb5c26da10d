// Settings › Media cache: how much the monitor's copies and proxies of assets take on this
// computer, the limit the cache keeps under (oldest media evicted first), and a way to empty
// it. Media being played or prepared stay.
import { Button } from '../../components/Button.tsx';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { AppError } from '../../../shared/appError.ts';
import { formatBytes } from '../../../shared/mediaTypes.ts';
import { MEDIA_CACHE_LIMITS, type MediaCacheUsage } from '../../../shared/preview/previewMedia.ts';
import { asAppError, invoke } from '../../client/clipdesk.ts';
import { ErrorDetails } from '../../components/ErrorDetails.tsx';

const GiB = 1024 ** 3;

export function MediaCacheSettings() {
  const [usage, setUsage] = useState<MediaCacheUsage | null>(null);
  const [limitGiB, setLimitGiB] = useState('');
  const [error, setError] = useState<AppError | undefined>();
  const [busy, setBusy] = useState(false);
  const fieldId = useId();

  function show(next: MediaCacheUsage) {
    setUsage(next);
    setLimitGiB(String(Math.round((next.limitBytes / GiB) * 100) / 100));
  }

  useEffect(() => {
    invoke('preview.cacheUsage').then(show, setError);
  }, []);

  async function run(work: () => Promise<MediaCacheUsage>) {
    setBusy(true);
    setError(undefined);
    try {
      show(await work());
    } catch (err) {
      setError(asAppError(err));
    } finally {
      setBusy(false);
    }
  }

  function save(event: FormEvent) {
    event.preventDefault();
    const limitBytes = Math.round(Number(limitGiB) * GiB);
    void run(() => invoke('preview.setCacheLimit', { limitBytes }));
  }

  return (
    <section aria-labelledby="media-cache-title" aria-busy={usage === null} className="settings-section">
      <h2 id="media-cache-title">Media cache</h2>
      <p className="settings-muted">
        The timeline’s monitor plays copies of your media kept on this computer (and lighter proxies of large videos),
        so it plays at once and offline. When the cache is full the media used longest ago go first.
      </p>
      <p role="status">
        {usage
          ? `${formatBytes(usage.usedBytes)} used of ${formatBytes(usage.limitBytes)}, ${usage.entries} media.`
          : 'Reading the cache…'}
      </p>
      <form className="settings-actions" onSubmit={save}>
        <label htmlFor={fieldId}>Limit (GiB)</label>
        <input
          id={fieldId}
          type="number"
          min={MEDIA_CACHE_LIMITS.minBytes / GiB}
          max={MEDIA_CACHE_LIMITS.maxBytes / GiB}
          step="0.25"
          value={limitGiB}
          onChange={(e) => setLimitGiB(e.target.value)}
        />
        <Button variant="primary" type="submit" disabled={busy || usage === null}>
          Save the limit
        </Button>
        <Button disabled={busy || usage === null} onClick={() => void run(() => invoke('preview.clearCache'))}>
          Empty the cache
        </Button>
      </form>
      {error && <ErrorDetails error={error} />}
    </section>
  );
}
